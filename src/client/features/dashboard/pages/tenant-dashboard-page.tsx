// /tenant-dashboard (doc 1 "Tenant dashboard"): a premium tenant's saved homes and saved searches, real counts
// (homes viewed comes from GET /api/property-interactions/summary; the spec's fixed 24 is a placeholder we do not
// show), quick actions and the subscription. Free tenants (and other account types) go to their own dashboard.

import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import {
  Bell,
  BellOff,
  Building2,
  Crown,
  Eye,
  Heart,
  Map as MapIcon,
  MessagesSquare,
  Search,
  Wrench,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { PLANS } from '../../../../domain/constants';
import type { TInteractionSummary } from '../../../../domain/listings';
import { formatPence } from '../../../../domain/money';
import { planBenefits } from '../../../../domain/plans';
import type { TSavedProperty, TSavedSearch } from '../../../../domain/properties';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { useBilling } from '../../payments/api';
import { formatBillingDate } from '../../payments/format';
import { useSavedProperties, useSavedSearches, useSaveProperty } from '../../properties/api';
import { ListingImage } from '../../properties/components/listing-image';
import { formatDate, rentPcm } from '../../properties/format';
import { DashboardLayout, DashboardSkeleton } from '../components/dashboard-layout';
import { type QuickAction, QuickActions } from '../components/quick-actions';
import { dashboardPathFor } from '../dashboard-path';
import { useDashboardUser } from '../use-dashboard-user';

const SUMMARY_KEY = ['/api/property-interactions/summary'] as const;
/** The dashboard shows the first three of each list; the rest are a link away. */
const PREVIEW_COUNT = 3;
const ALERT_FREQUENCY_LABELS: Record<TSavedSearch['alertFrequency'], string> = {
  instant: 'instant',
  daily: 'daily',
  weekly: 'weekly',
};

export default function TenantDashboardPage() {
  const { user, isPremiumTenant } = useDashboardUser();
  const navigate = useNavigate();
  const target = user ? dashboardPathFor(user) : null;
  const here = target === '/tenant-dashboard';
  const saved = useSavedProperties(here);
  const searches = useSavedSearches(here);
  const summary = useQuery<TInteractionSummary>({ queryKey: SUMMARY_KEY, staleTime: 0, enabled: here });

  // A free tenant is sent to the free dashboard; a landlord or contractor to theirs.
  useEffect(() => {
    if (target && target !== '/tenant-dashboard') navigate(target, { replace: true });
  }, [target, navigate]);

  if (!user || !here) return <DashboardSkeleton />;

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

  const activeSearches = searches.data?.filter((s) => s.emailAlerts).length;

  return (
    <DashboardLayout
      title={`Welcome back, ${user.firstName || 'User'}!`}
      subtitle="Your saved homes, searches and alerts in one place."
      badge={
        user.isPremium ? (
          <Badge variant="premium">Premium</Badge>
        ) : (
          <Badge variant="neutral">Free Account</Badge>
        )
      }
    >
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Your activity
        </h2>
        <ul className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
          <StatCard
            icon={Heart}
            label="Saved properties"
            value={saved.data?.length}
            loading={saved.isPending}
            failed={saved.isError}
          />
          <StatCard
            icon={Bell}
            label="Active searches"
            value={activeSearches}
            loading={searches.isPending}
            failed={searches.isError}
            note="Saved searches with email alerts on"
          />
          <StatCard
            icon={Eye}
            label="Homes viewed"
            value={summary.data?.viewed}
            loading={summary.isPending}
            failed={summary.isError}
            note="Different listings you have opened"
          />
          <StatCard
            icon={Crown}
            label="Account status"
            value={user.isPremium ? 'Premium' : 'Free'}
            loading={false}
            failed={false}
          />
        </ul>
      </section>

      <QuickActions actions={actions} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <SavedPropertiesCard query={saved} />
          <SavedSearchesCard query={searches} />
        </div>
        <TenantSubscriptionCard premium={user.isPremium} />
      </div>
    </DashboardLayout>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  loading,
  failed,
  note,
}: {
  icon: typeof Heart;
  label: string;
  value: number | string | undefined;
  loading: boolean;
  failed: boolean;
  note?: string;
}) {
  return (
    <li>
      <Card className="flex h-full items-center gap-4 p-5" data-testid="stat-card">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          {loading ? (
            <Skeleton className="mt-1 h-7 w-12" />
          ) : (
            <p className="text-2xl font-bold text-slate-900" data-testid="stat-value">
              {failed || value === undefined ? <span title="Could not be loaded">—</span> : value}
            </p>
          )}
          {note && <p className="text-xs text-slate-600">{note}</p>}
        </div>
      </Card>
    </li>
  );
}

function SectionCard({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string; srLabel: string };
  children: ReactNode;
}) {
  const id = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-3">
          <CardTitle id={id}>{title}</CardTitle>
          {link && (
            <Link
              to={link.to}
              className="shrink-0 rounded text-sm font-medium text-primary-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
            >
              {link.label}
              <span className="sr-only"> {link.srLabel}</span>
            </Link>
          )}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

type ListQuery<T> = UseQueryResult<T[]>;

function RowSkeletons() {
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        Loading…
      </span>
      <ul className="divide-y divide-slate-100">
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex gap-3 py-3">
            <Skeleton className="h-16 w-20 shrink-0" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SavedPropertiesCard({ query }: { query: ListQuery<TSavedProperty> }) {
  const list = query.data ?? [];
  return (
    <SectionCard
      title="Saved Properties"
      link={
        list.length > 0
          ? { to: '/properties?filter=saved', label: 'View all', srLabel: 'saved properties' }
          : undefined
      }
    >
      {query.isPending ? (
        <RowSkeletons />
      ) : query.isError ? (
        <ErrorPanel
          title="Failed to fetch saved properties"
          onRetry={() => query.refetch()}
          busy={query.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Heart className="h-10 w-10" aria-hidden />}
          title="No saved properties yet"
          action={<ButtonLink to="/properties">Search Properties</ButtonLink>}
        >
          Tap the heart on any home to keep it here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="saved-properties">
          {list.slice(0, PREVIEW_COUNT).map((property) => (
            <SavedPropertyRow key={property.id} property={property} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function SavedPropertyRow({ property }: { property: TSavedProperty }) {
  // The properties feature's own save/unsave: same toast, and every cached heart follows.
  const { state, saved, toggle } = useSaveProperty({
    propertyId: property.id,
    initiallySaved: true,
    signedIn: true,
  });
  return (
    <li
      className="flex flex-col gap-3 py-3 min-[420px]:flex-row min-[420px]:items-center"
      data-testid="saved-property"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <ListingImage
          src={property.thumbnailUrl}
          alt=""
          className="w-20 shrink-0 rounded-md sm:w-24"
          width={4}
          height={3}
        />
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900" title={property.title}>
            {property.title}
          </h3>
          {property.location && <p className="truncate text-sm text-slate-600">{property.location}</p>}
          <p className="text-sm font-semibold text-slate-900">{rentPcm(Math.round(property.price * 100))}</p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <ButtonLink to={`/properties/${property.id}`} variant="outline" size="sm">
          View Details<span className="sr-only"> of {property.title}</span>
        </ButtonLink>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={toggle}
          busy={state === 'pending'}
          // Removed: the row leaves with the refetch; a second click must not save it again.
          disabled={!saved}
        >
          Remove<span className="sr-only"> {property.title}</span>
        </Button>
      </div>
    </li>
  );
}

function priceText(pounds: number | null): string {
  return pounds === null ? 'Any' : formatPence(Math.round(pounds * 100));
}

function SavedSearchesCard({ query }: { query: ListQuery<TSavedSearch> }) {
  const list = query.data ?? [];
  return (
    <SectionCard
      title="Saved Searches"
      link={{ to: '/properties?view=searches', label: 'Manage', srLabel: 'saved searches' }}
    >
      {query.isPending ? (
        <RowSkeletons />
      ) : query.isError ? (
        <ErrorPanel
          title="Failed to fetch saved searches"
          onRetry={() => query.refetch()}
          busy={query.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Search className="h-10 w-10" aria-hidden />}
          title="No saved searches yet"
          action={<ButtonLink to="/properties">Search Properties</ButtonLink>}
        >
          Use ‘Save Search &amp; Get Alerts’ on the property list to hear about new homes first.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="saved-searches">
          {list.slice(0, PREVIEW_COUNT).map((search) => (
            <li
              key={search.id}
              className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center"
              data-testid="saved-search"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="min-w-0 break-words font-semibold text-slate-900">{search.name}</h3>
                  {search.emailAlerts ? (
                    <Badge variant="success">
                      <Bell className="h-3 w-3" aria-hidden /> Alerts on (
                      {ALERT_FREQUENCY_LABELS[search.alertFrequency]})
                    </Badge>
                  ) : (
                    <Badge variant="neutral">
                      <BellOff className="h-3 w-3" aria-hidden /> Alerts off
                    </Badge>
                  )}
                </div>
                <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-600">Location</dt>
                    <dd className="truncate font-medium text-slate-900">{search.location ?? 'Anywhere'}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Min price</dt>
                    <dd className="font-medium text-slate-900">{priceText(search.minPrice)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Max price</dt>
                    <dd className="font-medium text-slate-900">{priceText(search.maxPrice)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Last alert</dt>
                    <dd className="font-medium text-slate-900" data-testid="last-alert">
                      {formatDate(search.lastAlert) ?? 'Never'}
                    </dd>
                  </div>
                </dl>
              </div>
              <ButtonLink
                to={`/properties?search=${encodeURIComponent(search.id)}`}
                variant="outline"
                size="sm"
                className="shrink-0"
              >
                View Results<span className="sr-only"> for {search.name}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** Premium Active with when it renews (or ends), managed in Settings; a free account is pitched £1/month. */
function TenantSubscriptionCard({ premium }: { premium: boolean }) {
  const plan = PLANS.tenant;
  const billing = useBilling(premium);
  const price = `${formatPence(plan.pricePence)}/month`;
  const data = billing.data;

  let renewal: string | null = null;
  if (data) {
    const end = formatBillingDate(data.currentPeriodEnd);
    if (data.status === 'active' && !data.cancelAtPeriodEnd && end) renewal = `Renews on ${end} at ${price}.`;
    else if ((data.status === 'cancelling' || data.cancelAtPeriodEnd) && end)
      renewal = `Cancelled: your premium access lasts until ${end}.`;
    else if (data.status === 'past_due') renewal = 'Your last payment failed; we are trying your card again.';
    else if (data.premiumUntil)
      renewal = `Premium access granted until ${formatBillingDate(data.premiumUntil)}.`;
    else renewal = 'Your premium access is active.';
  }

  return (
    <section aria-labelledby="subscription-heading">
      <Card className={premium ? 'border-amber-300' : undefined}>
        <CardHeader>
          <CardTitle id="subscription-heading" className="flex items-center gap-2">
            <Crown className="h-5 w-5 text-accent-600" aria-hidden /> Subscription
          </CardTitle>
        </CardHeader>
        <CardContent>
          {premium ? (
            <>
              <Badge variant="premium">Premium Active</Badge>
              <p className="mt-2 font-semibold text-slate-900">{plan.name}</p>
              {billing.isPending ? (
                <Skeleton className="mt-2 h-4 w-3/4" />
              ) : (
                <p className="mt-1 text-sm text-slate-600" data-testid="renewal">
                  {renewal ?? 'Your premium access is active.'}
                </p>
              )}
              <ul className="mt-3 space-y-1 text-sm text-slate-700">
                {planBenefits('tenant').map((benefit) => (
                  <li key={benefit}>• {benefit}</li>
                ))}
              </ul>
              <ButtonLink to="/settings" variant="outline" className="mt-4 w-full">
                Manage subscription
              </ButtonLink>
            </>
          ) : (
            <>
              <Badge variant="neutral">Free Account</Badge>
              <p className="mt-3 text-sm text-slate-600">
                Get saved searches, property alerts and the community forum with {plan.name} for just {price}.
              </p>
              <ButtonLink to="/subscribe?plan=tenant" variant="primary" className="mt-4 w-full">
                Upgrade Now
              </ButtonLink>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
