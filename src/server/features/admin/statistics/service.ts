// GET /api/admin/statistics (doc 2 §3 "Admin statistics", §9 revenue formula): real numbers for a range of London days.
import {
  ADMIN_TIME_ZONE,
  monthlyRevenuePence,
  STATISTICS_DEFAULT_DAYS,
  STATISTICS_MAX_DAYS,
  type TAdminStatistics,
  type TDayCount,
} from '../../../../domain/admin';
import { AppError } from '../../../../domain/errors';
import type { AppContext } from '../../../context';
import {
  contractorsByStatus,
  countUsers,
  listingsByStatus,
  pageViewsByDay,
  signupsByDay,
  topPages,
} from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;
const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: ADMIN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The London calendar day of an instant, as YYYY-MM-DD. */
export function londonDayOf(instant: Date): string {
  return londonDate.format(instant);
}

/** Calendar arithmetic on YYYY-MM-DD strings (UTC midnight, so no clock change gets in the way). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function fillDays(from: string, to: string, rows: Array<{ date: string; count: number }>): TDayCount[] {
  const byDay = new Map(rows.map((r) => [r.date, Number(r.count)]));
  const series: TDayCount[] = [];
  for (let day = from; day <= to; day = addDays(day, 1))
    series.push({ date: day, count: byDay.get(day) ?? 0 });
  return series;
}

export function resolveRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? (query.from ? addDays(query.from, STATISTICS_DEFAULT_DAYS - 1) : londonDayOf(now));
  const from = query.from ?? addDays(to, -(STATISTICS_DEFAULT_DAYS - 1));
  if (from > to) throw new AppError('VALIDATION_FAILED', 'The start date must be on or before the end date.');
  if (daysBetween(from, to) + 1 > STATISTICS_MAX_DAYS)
    throw new AppError('VALIDATION_FAILED', `Choose a range of at most ${STATISTICS_MAX_DAYS} days.`);
  return { from, to };
}

export async function getStatistics(
  ctx: AppContext,
  query: { from?: string; to?: string },
): Promise<TAdminStatistics> {
  const now = ctx.now();
  const { from, to } = resolveRange(query, now);
  // One after another: PGlite has one connection, and these are small aggregate queries.
  const totals = await countUsers(ctx.db, now);
  const signups = await signupsByDay(ctx.db, from, to);
  const views = await pageViewsByDay(ctx.db, from, to);
  const pages = await topPages(ctx.db, from, to);
  const listings = await listingsByStatus(ctx.db, from, to, now);
  const profiles = await contractorsByStatus(ctx.db, from, to, now);
  const counts = {
    premiumTenants: Number(totals.premiumTenants),
    subscribedLandlords: Number(totals.subscribedLandlords),
    subscribedContractors: Number(totals.subscribedContractors),
  };
  return {
    from,
    to,
    totalUsers: Number(totals.totalUsers),
    ...counts,
    newUsersThisMonth: Number(totals.newUsersThisMonth),
    monthlyRevenuePence: monthlyRevenuePence(counts),
    listings: {
      pending: Number(listings.pending),
      live: Number(listings.live),
      rejected: Number(listings.rejected),
    },
    contractors: { pending: Number(profiles.pending), live: Number(profiles.live) },
    signupsPerDay: fillDays(from, to, signups),
    pageViewsPerDay: fillDays(from, to, views),
    topPages: pages.map((p) => ({ path: p.path, count: Number(p.count) })),
  };
}
