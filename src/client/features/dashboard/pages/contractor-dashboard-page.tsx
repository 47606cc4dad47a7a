// /contractor-dashboard (doc 1 "Contractor dashboard"). Leads and the business profile join in later work;
// no made-up figures meanwhile.
import { Building2, ClipboardList, UserRound, Wrench } from 'lucide-react';
import { PLANS } from '../../../../domain/constants';
import { Badge } from '../../../components/ui/badge';
import { DashboardLayout, DashboardSkeleton } from '../components/dashboard-layout';
import { ProfileCard } from '../components/profile-card';
import { type QuickAction, QuickActions } from '../components/quick-actions';
import { SubscriptionCard } from '../components/subscription-card';
import { useDashboardUser } from '../use-dashboard-user';

export default function ContractorDashboardPage() {
  const { user, isPremium } = useDashboardUser();
  if (!user) return <DashboardSkeleton />;

  const actions: QuickAction[] = [
    { to: '/profile', label: 'Edit Profile', description: 'Your details and photo', icon: UserRound },
    {
      to: '/contractors',
      label: 'Contractor Directory',
      description: 'See how other trades present themselves',
      icon: Wrench,
    },
    {
      to: '/properties',
      label: 'Browse Properties',
      description: 'Rental homes across the UK',
      icon: Building2,
    },
    {
      to: '/leads',
      label: 'Manage Leads',
      description: 'Jobs from landlords and tenants',
      icon: ClipboardList,
      locked: !isPremium,
    },
  ];

  return (
    <DashboardLayout
      title="Contractor Dashboard"
      subtitle={`Welcome back, ${user.firstName || 'User'}. Win work from landlords and tenants near you.`}
      badge={
        isPremium ? (
          <Badge variant="premium">{PLANS.contractor.name}</Badge>
        ) : (
          <Badge variant="neutral">Basic Plan</Badge>
        )
      }
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <QuickActions actions={actions} />
        </div>
        <div className="space-y-6">
          <ProfileCard user={user} />
          <SubscriptionCard user={user} plan="contractor" freeLabel="Basic Plan" />
        </div>
      </div>
    </DashboardLayout>
  );
}
