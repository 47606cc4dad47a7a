// /tenant-dashboard (doc 1 "Tenant dashboard"): a premium tenant's saved homes and saved searches, real counts
// (homes viewed comes from GET /api/property-interactions/summary; the spec's fixed 24 is a placeholder we do not
// show), quick actions and the subscription. Free tenants (and other account types) go to their own dashboard.

import { useQuery } from '@tanstack/react-query';
import {
  Bell,
  Building2,
  ClipboardCheck,
  ClipboardList,
  Crown,
  Eye,
  Hammer,
  Heart,
  KeyRound,
  Map as MapIcon,
  MessagesSquare,
  Wrench,
} from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { APPLICATION_PAGES } from '../../../../domain/applications';
import type { TInteractionSummary } from '../../../../domain/listings';
import { Badge } from '../../../components/ui/badge';
import { useSavedProperties, useSavedSearches } from '../../properties/api';
import { DashboardLayout, DashboardSkeleton } from '../components/dashboard-layout';
import { type QuickAction, QuickActions } from '../components/quick-actions';
import { StatCard } from '../components/tenant/cards';
import { SavedPropertiesCard } from '../components/tenant/saved-properties-card';
import { SavedSearchesCard } from '../components/tenant/saved-searches-card';
import { TenantSubscriptionCard } from '../components/tenant/subscription-card';
import { dashboardPathFor } from '../dashboard-path';
import { useDashboardUser } from '../use-dashboard-user';

const SUMMARY_KEY = ['/api/property-interactions/summary'] as const;

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
    {
      to: APPLICATION_PAGES.myApplications,
      label: 'My applications',
      description: 'Homes you applied for and what was decided',
      icon: ClipboardCheck,
    },
    {
      to: APPLICATION_PAGES.myHome,
      label: 'My home',
      description: 'Your tenancy, once you accept an offer',
      icon: KeyRound,
    },
    { to: '/contractors', label: 'Find Contractors', description: 'Vetted local tradespeople', icon: Wrench },
    {
      to: '/renter-profile',
      label: 'Renter Profile',
      description: 'Write it once, send it with every application',
      icon: ClipboardList,
    },
    {
      to: '/repairs',
      label: 'Repairs',
      description: 'Report a repair in your home and follow it',
      icon: Hammer,
    },
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
