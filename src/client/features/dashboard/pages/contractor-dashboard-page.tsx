// /contractor-dashboard (doc 1 "Contractor dashboard"): active leads, profile views, completed jobs and rating, all
// real figures from GET /api/contractor/dashboard (the spec's fixed 156, 23 and 4.8 are placeholders we do not
// show); quick actions; the three newest leads; the subscription card; and the business profile card with its
// review state.

import type { LucideIcon } from 'lucide-react';
import {
  BadgeCheck,
  Briefcase,
  Building2,
  ClipboardList,
  Eye,
  Hammer,
  Inbox,
  Pencil,
  Plus,
  Star,
  UserRound,
  Wrench,
} from 'lucide-react';
import { Link } from 'react-router';
import { PLANS } from '../../../../domain/constants';
import type { TContractorDashboard } from '../../../../domain/contractors';
import { formatPence } from '../../../../domain/money';
import { ratingBasis } from '../../../../domain/trade-claims';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { useContractorDashboard } from '../../contractors/api';
import { LeadStatusBadge } from '../../contractors/components/lead-status';
import { formatDate, formatRating } from '../../contractors/format';
import { DashboardLayout, DashboardSkeleton } from '../components/dashboard-layout';
import { type QuickAction, QuickActions } from '../components/quick-actions';
import { SubscriptionCard } from '../components/subscription-card';
import { useDashboardUser } from '../use-dashboard-user';

export default function ContractorDashboardPage() {
  const { user, isPremium } = useDashboardUser();
  const isContractor = user?.userType === 'contractor';
  const dashboard = useContractorDashboard(isContractor);
  if (!user) return <DashboardSkeleton />;
  if (!isContractor) {
    return (
      <DashboardLayout title="Contractor Dashboard">
        <Alert tone="info" title="This dashboard is for contractor accounts">
          <ButtonLink to="/dashboard" variant="link" size="sm">
            Go to your dashboard
          </ButtonLink>
        </Alert>
      </DashboardLayout>
    );
  }

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
    // An accepted job is finished whatever the plan (decision 0072): the tenant is waiting on it.
    {
      to: '/repairs',
      label: 'Repair Jobs',
      description: 'Repairs you were chosen for: visits, work done and their conversation',
      icon: Hammer,
    },
  ];

  const data = dashboard.data;
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
      {dashboard.isError ? (
        <Alert tone="error" title="Your figures could not be loaded">
          <Button variant="link" size="sm" onClick={() => dashboard.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <Stats data={data} />
          <ReviewsToAnswer data={data} />
        </>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <QuickActions actions={actions} />
          <RecentLeads data={data} loading={dashboard.isPending} premium={isPremium} />
        </div>
        <div className="space-y-6">
          <BusinessProfileCard data={data} loading={dashboard.isPending} />
          <SubscriptionCard user={user} plan="contractor" freeLabel="Basic Plan" />
          {!isPremium && (
            <p className="text-center text-sm text-slate-600">
              Basic plan: upgrade for {formatPence(PLANS.contractor.pricePence)}/month to manage leads and add
              a portfolio.
            </p>
          )}
        </div>
      </div>
    </DashboardLayout>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: string | undefined;
}) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 pt-5">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-slate-600">{label}</p>
          {value === undefined ? (
            <Skeleton className="mt-1 h-7 w-16" />
          ) : (
            <p
              className="text-2xl font-bold text-slate-900"
              data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
            >
              {value}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Stats({ data }: { data: TContractorDashboard | undefined }) {
  const stats = data?.stats;
  const rating =
    stats === undefined
      ? undefined
      : stats.rating === null
        ? 'No reviews yet'
        : `${formatRating(stats.rating)} / 5`;
  return (
    <section aria-label="Your figures" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard icon={Inbox} label="Active leads" value={stats?.activeLeads.toLocaleString('en-GB')} />
      <StatCard icon={Eye} label="Profile views" value={stats?.profileViews.toLocaleString('en-GB')} />
      <StatCard
        icon={Briefcase}
        label="Completed jobs"
        value={stats?.completedJobs.toLocaleString('en-GB')}
      />
      <StatCard icon={Star} label="Rating" value={rating} />
    </section>
  );
}

/** Reviews the trade has not replied to (decision 0073): each may have one public reply, from its page. */
function ReviewsToAnswer({ data }: { data: TContractorDashboard | undefined }) {
  const waiting = data?.stats.unansweredReviews ?? 0;
  const basis = data ? ratingBasis(data.stats) : null;
  if (!data?.profile || (!waiting && !basis)) return null;
  return (
    <p
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700"
      data-testid="review-summary"
    >
      {basis && <span>Your rating is {basis}.</span>}
      {waiting > 0 && (
        <ButtonLink to={`/contractors/${data.profile.id}#reviews`} variant="link" size="sm">
          {waiting === 1 ? 'Reply to 1 review' : `Reply to ${waiting} reviews`}
        </ButtonLink>
      )}
    </p>
  );
}

function RecentLeads({
  data,
  loading,
  premium,
}: {
  data: TContractorDashboard | undefined;
  loading: boolean;
  premium: boolean;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Recent Leads</CardTitle>
        {premium && (
          <ButtonLink to="/leads" variant="link" size="sm">
            View all
          </ButtonLink>
        )}
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-3" aria-hidden>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : !premium ? (
          <p className="text-sm text-slate-700">
            {data?.stats.activeLeads
              ? `You have ${data.stats.activeLeads} active ${data.stats.activeLeads === 1 ? 'lead' : 'leads'}. `
              : ''}
            Upgrade to {PLANS.contractor.name} to see and manage your leads.
          </p>
        ) : !data?.recentLeads.length ? (
          <p className="text-sm text-slate-600">
            No leads yet. Quote requests from landlords and tenants will appear here.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.recentLeads.map((lead) => (
              <li key={lead.id}>
                <Link
                  to={`/leads/${lead.id}`}
                  className="flex items-center gap-3 rounded-md px-2 py-3 hover:bg-slate-50"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{lead.jobTitle}</span>
                    <span className="block truncate text-sm text-slate-600">
                      {lead.location} · {lead.contactEmail} · {formatDate(lead.createdAt)}
                    </span>
                  </span>
                  <LeadStatusBadge status={lead.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const PROFILE_STATUS: Record<
  string,
  { label: string; variant: 'success' | 'warning' | 'danger' | 'neutral' }
> = {
  live: { label: 'Live', variant: 'success' },
  pending: { label: 'Waiting for review', variant: 'warning' },
  rejected: { label: 'Not approved', variant: 'danger' },
  withdrawn: { label: 'Withdrawn', variant: 'neutral' },
};

function BusinessProfileCard({
  data,
  loading,
}: {
  data: TContractorDashboard | undefined;
  loading: boolean;
}) {
  const profile = data?.profile;
  const latest = data?.latestSubmission;
  const status = profile ? PROFILE_STATUS[profile.status] : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Business Profile</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {loading ? (
          <Skeleton className="h-20" />
        ) : !profile ? (
          <>
            <p className="text-sm text-slate-700">
              Create your business profile so landlords and tenants can find you in the directory.
            </p>
            <ButtonLink to="/contractor-profile" className="w-full">
              <Plus className="h-4 w-4" aria-hidden />
              Create Profile
            </ButtonLink>
          </>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <p className="font-semibold text-slate-900">{profile.businessName}</p>
              {profile.verified && <BadgeCheck className="h-4 w-4 text-green-700" aria-label="Verified" />}
            </div>
            <p className="text-sm text-slate-600">{profile.specialty}</p>
            {status && <Badge variant={status.variant}>{status.label}</Badge>}
            {latest?.submissionStatus === 'pending' && profile.status === 'live' && (
              <p className="text-sm text-amber-900">Your latest changes are waiting for review.</p>
            )}
            {latest?.submissionStatus === 'rejected' && (
              <p className="text-sm text-red-800">
                Changes not approved{latest.adminNotes ? `: ${latest.adminNotes}` : '.'}
              </p>
            )}
            <div className="flex flex-col gap-2">
              <ButtonLink to="/contractor-profile" variant="outline" className="w-full">
                <Pencil className="h-4 w-4" aria-hidden />
                Edit Profile
              </ButtonLink>
              <ButtonLink to={`/contractors/${profile.id}`} variant="ghost" size="sm">
                View public profile
              </ButtonLink>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
