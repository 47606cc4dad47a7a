// /dashboard (doc 1 "Generic dashboard"): sends each person to their own dashboard, carrying `message`.
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { DashboardSkeleton } from '../components/dashboard-layout';
import { dashboardPathFor, withMessage } from '../dashboard-path';

export default function DashboardPage() {
  const { user, isLoading } = useAuth();
  const [params] = useSearchParams();
  if (isLoading) return <DashboardSkeleton />;
  const path = dashboardPathFor(user);
  return <Navigate to={user ? withMessage(path, params.get('message')) : path} replace />;
}
