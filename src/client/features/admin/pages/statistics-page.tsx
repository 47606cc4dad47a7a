// /admin/statistics (doc 2 "Admin area", §3 admin statistics, §9 revenue): totals, monthly revenue and charts for
// a chosen range of London days.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Building2, CreditCard, Hammer, Home, RefreshCw, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { STATISTICS_MAX_DAYS, type TAdminStatistics } from '../../../../domain/admin';
import { Button } from '../../../components/ui/button';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { Input, Label } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { adminGet, formatPounds, londonToday, shiftDay, useAuthLossCheck } from '../api';
import { AdminPageHeader } from '../components/admin-layout';
import { BarChart, CategoryChart, LineChart } from '../components/charts';

const PRESETS = [7, 30, 90] as const;

function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  accent,
}: {
  label: string;
  value: string;
  icon: typeof Users;
  hint?: string;
  accent?: boolean;
}) {
  return (
    <div
      className={cn(
        'rounded-xl border p-4 shadow-sm',
        accent ? 'border-primary-200 bg-primary-50' : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <Icon className="h-5 w-5 text-primary-700" aria-hidden />
      </div>
      <p className="mt-2 text-2xl font-bold text-slate-900">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
    </div>
  );
}

export default function StatisticsPage() {
  const today = londonToday();
  const [range, setRange] = useState({ from: shiftDay(today, -29), to: today });
  const [draft, setDraft] = useState(range);
  const [rangeError, setRangeError] = useState<string | null>(null);

  const stats = useQuery({
    queryKey: ['/api/admin/statistics', range.from, range.to],
    queryFn: () => adminGet<TAdminStatistics>('/api/admin/statistics', range),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  useAuthLossCheck(stats.error);

  const applyPreset = (days: number) => {
    const next = { from: shiftDay(today, -(days - 1)), to: today };
    setDraft(next);
    setRange(next);
    setRangeError(null);
  };
  const applyDraft = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to) return setRangeError('Choose both dates.');
    if (draft.from > draft.to) return setRangeError('The start date must be on or before the end date.');
    const days = (Date.parse(draft.to) - Date.parse(draft.from)) / 86_400_000 + 1;
    if (days > STATISTICS_MAX_DAYS)
      return setRangeError(`Choose a range of at most ${STATISTICS_MAX_DAYS} days.`);
    setRangeError(null);
    setRange(draft);
  };
  const activePreset = PRESETS.find(
    (days) => range.to === today && range.from === shiftDay(today, -(days - 1)),
  );

  const data = stats.data;
  return (
    <div>
      <AdminPageHeader
        title="Platform analytics"
        subtitle="Users, paying subscribers and activity, from the live data. Days are London days."
        actions={
          <Button variant="outline" size="sm" onClick={() => stats.refetch()} busy={stats.isFetching}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            Refresh
          </Button>
        }
      />

      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="sr-only">
          Totals
        </h2>
        {stats.isLoading ? (
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-6">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
        ) : stats.isError && !data ? (
          <Alert tone="error" title="Could not load the statistics">
            <p>{errorMessage(stats.error, 'Something went wrong. Please try again.')}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => stats.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : data ? (
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-6">
            <StatCard label="Total users" value={data.totalUsers.toLocaleString('en-GB')} icon={Users} />
            <StatCard
              label="Premium tenants"
              value={data.premiumTenants.toLocaleString('en-GB')}
              icon={Home}
              hint="£1 a month"
            />
            <StatCard
              label="Subscribed landlords"
              value={data.subscribedLandlords.toLocaleString('en-GB')}
              icon={Building2}
              hint="£20 a month"
            />
            <StatCard
              label="Subscribed contractors"
              value={data.subscribedContractors.toLocaleString('en-GB')}
              icon={Hammer}
              hint="£10 a month"
            />
            <StatCard
              label="New users this month"
              value={data.newUsersThisMonth.toLocaleString('en-GB')}
              icon={UserPlus}
            />
            <StatCard
              label="Monthly revenue"
              value={formatPounds(data.monthlyRevenuePence)}
              icon={CreditCard}
              hint="Tenants × £1 + landlords × £20 + contractors × £10"
              accent
            />
          </div>
        ) : null}
      </section>

      <section
        aria-labelledby="range-heading"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="range-heading" className="text-base font-semibold text-slate-900">
          Date range
        </h2>
        <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={applyDraft} noValidate>
          <div>
            <Label htmlFor="stats-from">From</Label>
            <Input
              id="stats-from"
              type="date"
              value={draft.from}
              max={today}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
          </div>
          <div>
            <Label htmlFor="stats-to">To</Label>
            <Input
              id="stats-to"
              type="date"
              value={draft.to}
              max={today}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </div>
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          <div className="flex gap-2" role="group" aria-label="Quick ranges">
            {PRESETS.map((days) => (
              <Button
                key={days}
                size="sm"
                variant={activePreset === days ? 'primary' : 'outline'}
                aria-pressed={activePreset === days}
                onClick={() => applyPreset(days)}
              >
                Last {days} days
              </Button>
            ))}
          </div>
        </form>
        {rangeError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {rangeError}
          </p>
        )}
      </section>

      {data && (
        <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-2" aria-busy={stats.isFetching}>
          <BarChart
            title={`Sign-ups per day, ${data.from} to ${data.to}`}
            xLabel="Day"
            yLabel="Sign-ups"
            unit="sign-ups"
            points={data.signupsPerDay.map((d) => ({ label: d.date, value: d.count }))}
          />
          <LineChart
            title={`Page views per day, ${data.from} to ${data.to}`}
            xLabel="Day"
            yLabel="Page views"
            unit="page views"
            points={data.pageViewsPerDay.map((d) => ({ label: d.date, value: d.count }))}
          />
          <CategoryChart
            title="Listings created in the range, by status now"
            yLabel="Listings"
            categories={[
              { label: 'Pending', value: data.listings.pending, color: '#b9680c' },
              { label: 'Live', value: data.listings.live, color: '#0f5f5c' },
              { label: 'Rejected', value: data.listings.rejected, color: '#b91c1c' },
            ]}
          />
          <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-base font-semibold text-slate-900">Top pages</h2>
            {data.topPages.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No page views in this range yet.</p>
            ) : (
              <table className="mt-3 w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-2 font-medium">
                      Page
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Views
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.topPages.map((page) => (
                    <tr key={page.path} className="border-b border-slate-100 last:border-0">
                      <td className="py-2 font-mono text-xs text-slate-800">{page.path}</td>
                      <td className="py-2 text-right tabular-nums">{page.count.toLocaleString('en-GB')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <p className="mt-4 text-sm text-slate-600">
              Contractor profiles created in the range: {data.contractors.live} live,{' '}
              {data.contractors.pending} awaiting review.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
