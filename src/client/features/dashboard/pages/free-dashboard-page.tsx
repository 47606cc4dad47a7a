// /free-dashboard (doc 1 "Free dashboard"): what a free account has, the three plans, and what Premium adds.

import {
  Bell,
  Building2,
  ClipboardList,
  Crown,
  Heart,
  Info,
  Mail,
  MessagesSquare,
  Search,
  UserRound,
  Wrench,
} from 'lucide-react';
import { PLANS } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import {
  FEATURES,
  type Feature,
  isUserType,
  PLAN_AUDIENCE,
  PLAN_FEATURES,
  planBenefits,
  plansOfferedTo,
} from '../../../../domain/plans';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DashboardLayout, DashboardSkeleton } from '../components/dashboard-layout';
import { LockedFeature } from '../components/quick-actions';
import { useDashboardUser } from '../use-dashboard-user';

const STATUS_CARDS = [
  {
    icon: Search,
    title: 'Property Search',
    status: 'Basic',
    text: 'Search homes to rent across the UK by area, type and budget.',
  },
  {
    icon: Wrench,
    title: 'Contractor Directory',
    status: 'Basic',
    text: 'Find local tradespeople for repairs, maintenance and improvements.',
  },
  {
    icon: UserRound,
    title: 'Basic Profile',
    status: 'Active',
    text: 'Your name, contact details and account settings.',
  },
] as const;

const FEATURE_ICONS: Partial<Record<Feature, typeof Heart>> = {
  forum: MessagesSquare,
  saveHomes: Heart,
  savedSearches: Bell,
  contactLandlords: Mail,
  hireContractors: Wrench,
  listHomes: Building2,
};

export default function FreeDashboardPage() {
  const { user } = useDashboardUser();
  if (!user) return <DashboardSkeleton />;

  return (
    <DashboardLayout
      title={`Welcome, ${user.firstName || 'User'}!`}
      badge={<Badge variant="neutral">Free Account</Badge>}
      subtitle="Your free account is ready. Upgrade any time to unlock everything."
      actions={
        <ButtonLink to="/subscribe" variant="primary">
          Upgrade Now
        </ButtonLink>
      }
    >
      <section aria-labelledby="free-account-heading">
        <h2 id="free-account-heading" className="text-lg font-semibold text-slate-900">
          Your free account
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {STATUS_CARDS.map(({ icon: Icon, title, status, text }) => (
            <li key={title}>
              <Card className="h-full p-5">
                <div className="flex items-center justify-between gap-2">
                  <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <Badge variant={status === 'Active' ? 'success' : 'default'}>{status}</Badge>
                </div>
                <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-4">
          <ButtonLink to="/properties" variant="outline">
            <Building2 className="h-4 w-4" aria-hidden /> Search Properties
          </ButtonLink>
          <ButtonLink to="/contractors" variant="outline">
            <Wrench className="h-4 w-4" aria-hidden /> Find Contractors
          </ButtonLink>
          <ButtonLink to="/profile" variant="outline">
            <UserRound className="h-4 w-4" aria-hidden /> Edit Profile
          </ButtonLink>
          {user.userType === 'tenant' && (
            <ButtonLink to="/renter-profile" variant="outline">
              <ClipboardList className="h-4 w-4" aria-hidden /> Renter Profile
            </ButtonLink>
          )}
          <ButtonLink to="/about" variant="outline">
            <Info className="h-4 w-4" aria-hidden /> About Your Place
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="upgrade-heading">
        <h2 id="upgrade-heading" className="text-lg font-semibold text-slate-900">
          Upgrade your account
        </h2>
        <p className="mt-1 text-sm text-slate-600">Monthly plans, cancel anytime, no hidden fees.</p>
        <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3">
          {/* Only the plan this account can buy (issue 30: a tenant was offered Landlord Pro and Contractor Pro). */}
          {plansOfferedTo(user.userType).map((plan) => {
            const details = PLANS[plan];
            const audience = PLAN_AUDIENCE[plan];
            return (
              <li key={plan}>
                <Card className="flex h-full flex-col">
                  <CardHeader>
                    <CardDescription>{audience}</CardDescription>
                    <CardTitle>{details.name}</CardTitle>
                    <p className="text-2xl font-bold text-slate-900">
                      {formatPence(details.pricePence)}
                      <span className="text-sm font-medium text-slate-600">/month</span>
                    </p>
                  </CardHeader>
                  <CardContent className="flex flex-1 flex-col">
                    <ul className="flex-1 space-y-1 text-sm text-slate-700">
                      {planBenefits(plan).map((benefit) => (
                        <li key={benefit}>• {benefit}</li>
                      ))}
                    </ul>
                    <ButtonLink
                      to={`/subscribe?plan=${plan}`}
                      variant={plan === 'tenant' ? 'primary' : 'outline'}
                      className="mt-4"
                    >
                      Choose {details.name}
                    </ButtonLink>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="premium-heading">
        <h2 id="premium-heading" className="text-lg font-semibold text-slate-900">
          Premium features
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-3">
          {/* What this account's own plan adds, from the one table the server enforces (src/domain/plans.ts). */}
          {PLAN_FEATURES[isUserType(user.userType) ? user.userType : 'tenant'].map((feature) => (
            <li key={feature}>
              <LockedFeature
                icon={FEATURE_ICONS[feature] ?? Crown}
                label={FEATURES[feature].label}
                description={FEATURES[feature].benefit}
              />
            </li>
          ))}
        </ul>
      </section>
    </DashboardLayout>
  );
}
