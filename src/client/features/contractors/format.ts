// How contractor figures read on the page (doc 1 "Contractor detail"): only what a record backs (issue 28).
import type { TPublicTradeCheck } from '../../../domain/contractors';
import { fullName } from '../../../domain/names';
import {
  ratingBasis,
  responseTimeBasis,
  TRADE_CHECK_LABELS,
  type TradeResponseTime,
} from '../../../domain/trade-claims';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "October 2026" from a job's month, "2026-10". */
export function formatJobMonth(month: string): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : monthFormat.format(date);
}

/** "4.7" from 4.67; reviews show one decimal as on most trade sites. */
export function formatRating(rating: number | null): string {
  return rating === null ? '' : rating.toFixed(1);
}

export function reviewCountLabel(count: number): string {
  return count === 1 ? '1 review' : `${count.toLocaleString('en-GB')} reviews`;
}

/** The business name, or the person's name when the profile has none (doc 1 "Contractor detail" header). */
export function displayName(contractor: {
  businessName: string;
  firstName: string | null;
  lastName: string | null;
}): string {
  return (
    contractor.businessName.trim() || fullName(contractor.firstName, contractor.lastName) || 'Contractor'
  );
}

export const DEFAULT_ABOUT =
  'A vetted professional on Your Place. Request a quote to discuss your job, timings and price.';

/** doc 1 "Contractor detail": Services Offered falls back to '{specialty} Services'. */
export function servicesOffered(services: readonly string[], specialty: string): string[] {
  if (services.length) return [...services];
  return [/services$/i.test(specialty) ? specialty : `${specialty} Services`];
}

export interface QuickStat {
  key: 'experience' | 'jobs' | 'responseTime' | 'rating';
  label: string;
  value: string;
  /** Where the figure comes from, said beside it. */
  note?: string;
}

/**
 * Quick Stats: only figures somebody recorded (issue 28; docs/decisions/0049-claims-backed-by-records.md). Years
 * when the trade gave them (and said to be theirs), jobs from quote requests marked won on Your Place, a response
 * time measured from real replies to quote requests. Nothing, not a placeholder, where there is no record. The
 * rating says "No reviews yet" when there are none, which is itself the record, and otherwise what it rests on
 * (decision 0073: verified jobs first).
 */
export function quickStats(contractor: {
  experience: number | null;
  jobsCompleted: number;
  responseTime: TradeResponseTime | null;
  rating: number | null;
  reviewCount: number;
  verifiedReviewCount: number;
}): QuickStat[] {
  const stats: QuickStat[] = [];
  if (contractor.experience !== null)
    stats.push({
      key: 'experience',
      label: 'Experience',
      value:
        contractor.experience === 0
          ? 'Under a year'
          : `${contractor.experience} ${contractor.experience === 1 ? 'year' : 'years'}`,
      note: 'As stated by the trade',
    });
  if (contractor.jobsCompleted > 0)
    stats.push({
      key: 'jobs',
      label: 'Jobs won on Your Place',
      value: contractor.jobsCompleted.toLocaleString('en-GB'),
    });
  if (contractor.responseTime)
    stats.push({
      key: 'responseTime',
      label: 'Response time',
      value: contractor.responseTime.label,
      note: responseTimeBasis(contractor.responseTime),
    });
  const basis = ratingBasis(contractor);
  stats.push(
    contractor.reviewCount > 0 && contractor.rating !== null && basis
      ? { key: 'rating', label: 'Rating', value: `${formatRating(contractor.rating)} / 5`, note: basis }
      : { key: 'rating', label: 'Rating', value: 'No reviews yet' },
  );
  return stats;
}

/** "Insurance with Aviva" / "Gas Safe registration 123456": what a check was of. */
export function checkSummary(check: TPublicTradeCheck): string {
  const label = TRADE_CHECK_LABELS[check.kind];
  if (check.kind === 'insurance') return check.provider ? `${label} with ${check.provider}` : label;
  return check.registrationNumber ? `${label} ${check.registrationNumber}` : label;
}

/** A tel: link from a typed UK number ("0113 496 0000" → "tel:01134960000"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
