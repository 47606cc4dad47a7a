// /tenant-dashboard (doc 1 "Tenant dashboard"). Saved properties and saved searches join in later work;
// until then: profile, quick actions and subscription, and no made-up figures.
import { Building2, Map as MapIcon, MessagesSquare, Wrench } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { DashboardLayout, DashboardSkeleton } from '../components/dashboard-layout';
import { ProfileCard } from '../components/profile-card';
import { type QuickAction, QuickActions } from '../components/quick-actions';
import { SubscriptionCard } from '../components/subscription-card';
import { useDashboardUser } from '../use-dashboard-user';

export default function TenantDashboardPage() {
  const { user, isPremiumTenant } = useDashboardUser();
  if (!user) return <DashboardSkeleton />;

  const actions: QuickAction[] = [
    {
      to: '/properties',
      label: 'Search Properties',
      description: 'Homes to rent across the UK',
      icon: Building2,
    },
    { to: '/properties?view=map', label: 'Map View', description: 'See listings on the map', icon: MapIcon },
    { to: '/contractors', label: 'Find Contractors', description: 'Vetted local tradespeople', icon: Wrench },
    {
      to: '/forum',
      label: 'Community Forum',
      description: 'Ask other tenants and share advice',
      icon: MessagesSquare,
      locked: !isPremiumTenant,
    },
  ];

  return (
    <DashboardLayout
      title={`Welcome back, ${user.firstName || 'User'}!`}
      subtitle="Your tenant dashboard: find your next home and get help when you need it."
      badge={
        user.isPremium ? (
          <Badge variant="premium">Premium</Badge>
        ) : (
          <Badge variant="neutral">Free Account</Badge>
        )
      }
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <QuickActions actions={actions} />
        </div>
        <div className="space-y-6">
          <ProfileCard user={user} />
          <SubscriptionCard user={user} plan="tenant" />
        </div>
      </div>
    </DashboardLayout>
  );
}
