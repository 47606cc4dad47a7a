// /landlord-dashboard (doc 1 "Landlord dashboard"). The property list and the Add Property form come with the
// listing work; until then subscribed landlords see an honest empty state, others the upgrade.
import { Building2, Home, UserRound, Wrench } from 'lucide-react';
import { PLANS } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { Alert, EmptyState } from '../../../components/ui/feedback';
import { DashboardLayout, DashboardSkeleton } from '../components/dashboard-layout';
import { ProfileCard } from '../components/profile-card';
import { type QuickAction, QuickActions } from '../components/quick-actions';
import { SubscriptionCard } from '../components/subscription-card';
import { useDashboardUser } from '../use-dashboard-user';

const ACTIONS: QuickAction[] = [
  {
    to: '/properties',
    label: 'Browse Properties',
    description: 'See what else is listed near you',
    icon: Building2,
  },
  {
    to: '/contractors',
    label: 'Find Contractors',
    description: 'Trades for repairs and upkeep',
    icon: Wrench,
  },
  { to: '/profile', label: 'Edit Profile', description: 'Your details and photo', icon: UserRound },
];

export default function LandlordDashboardPage() {
  const { user } = useDashboardUser();
  if (!user) return <DashboardSkeleton />;
  const subscribed = user.isPremium;
  const plan = PLANS.landlord;

  return (
    <DashboardLayout
      title="My Property Portfolio"
      subtitle={`Welcome back, ${user.firstName || 'User'}. Manage your rental listings here.`}
      badge={subscribed ? <Badge variant="premium">{plan.name}</Badge> : undefined}
      actions={
        subscribed ? undefined : (
          <ButtonLink to="/subscribe?plan=landlord" variant="primary">
            Upgrade to Add Properties
          </ButtonLink>
        )
      }
    >
      {subscribed ? (
        <EmptyState icon={<Home className="h-10 w-10" aria-hidden />} title="No Properties Yet">
          <p>
            Adding properties from here is coming with the listing form. Once it arrives, your listings will
            appear on this page after our team has checked them.
          </p>
        </EmptyState>
      ) : (
        <Alert tone="warning" title="A subscription is needed to list properties">
          <p>
            {plan.name} ({formatPence(plan.pricePence)}/month) lets you list properties with photos, manage
            tenants and get premium placement. Every listing is checked by our team before it goes live.
          </p>
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <QuickActions actions={ACTIONS} />
        </div>
        <div className="space-y-6">
          <ProfileCard user={user} />
          <SubscriptionCard user={user} plan="landlord" />
        </div>
      </div>
    </DashboardLayout>
  );
}
