// How contractor figures read on the page, with the spec's defaults for empty fields (doc 1 "Contractor detail").
import { fullName } from '../../../domain/names';

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

/**
 * Quick Stats with the spec's defaults for what a profile does not say: experience '5+' years, jobs completed
 * '100+' (until jobs are marked won on Your Place), response time '< 2 hours'. The rating has no invented
 * default: with no reviews it says so.
 */
export function quickStats(contractor: {
  experience: number | null;
  jobsCompleted: number;
  responseTime: string | null;
  rating: number | null;
  reviewCount: number;
}) {
  return {
    experience: contractor.experience === null ? '5+ years' : `${contractor.experience} years`,
    jobsCompleted: contractor.jobsCompleted > 0 ? contractor.jobsCompleted.toLocaleString('en-GB') : '100+',
    responseTime: contractor.responseTime?.trim() || '< 2 hours',
    rating:
      contractor.reviewCount > 0 && contractor.rating !== null
        ? `${formatRating(contractor.rating)} / 5`
        : 'No reviews yet',
  };
}

/** A tel: link from a typed UK number ("0113 496 0000" → "tel:01134960000"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
