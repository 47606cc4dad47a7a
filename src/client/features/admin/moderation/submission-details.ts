// How a content submission reads in the review panel (doc 2 §4 content submission): its title, its photos, and its
// fields in the form's order as words, side by side with the live values for an edit, each change marked.
import type { TAdminSubmission } from '../../../../domain/admin';

/** The fields of both kinds of submission, in the order their forms ask for them. */
export const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  businessName: 'Business name',
  description: 'Description',
  propertyType: 'Property type',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  area: 'Area (m²)',
  monthlyRent: 'Monthly rent',
  deposit: 'Deposit',
  holdingDeposit: 'Holding deposit',
  address: 'Address',
  postcode: 'Postcode',
  availableFrom: 'Available from',
  available: 'Available',
  amenities: 'Amenities',
  epcRating: 'EPC rating',
  councilTaxBand: 'Council tax band',
  furnished: 'Furnished',
  specialty: 'Specialty',
  services: 'Services',
  serviceAreas: 'Service areas',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  emergencyCallouts: 'Emergency call-outs',
  experienceYears: 'Years of experience',
  responseTime: 'Response time',
};
const FIELD_ORDER = Object.keys(FIELD_LABELS);
const POUNDS = new Set(['monthlyRent', 'deposit', 'holdingDeposit']);

/** One value in words: pounds for money, Yes/No, lists joined, "—" for nothing, underscores as spaces. */
export function formatSubmissionValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (POUNDS.has(key) && typeof value === 'number') return `£${value.toLocaleString('en-GB')}`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replaceAll('_', ' ');
}

/** A listing's title or a profile's business name; "Untitled" when it has none. */
export function submissionTitle(submission: Pick<TAdminSubmission, 'contentType' | 'contentData'>): string {
  const data = submission.contentData;
  const title = submission.contentType === 'property_listing' ? data.title : data.businessName;
  return typeof title === 'string' && title ? title : 'Untitled';
}

/** The photo URLs of a submission's data (proposed or live). */
export function submissionImages(data: Record<string, unknown> | null): string[] {
  const images = data?.images;
  return Array.isArray(images) ? images.filter((i): i is string => typeof i === 'string') : [];
}

export interface ComparisonRow {
  key: string;
  label: string;
  /** The live value, for an edit; null for a new submission. */
  now: string | null;
  next: string;
  /** An edit that changes this field. */
  changed: boolean;
}

/**
 * Every field of the proposal and of the live record (photos apart), in the form's order, not the stored order
 * (jsonb keeps keys sorted by length); fields no form knows come last, as they are.
 */
export function comparisonRows(
  proposed: Record<string, unknown>,
  current: Record<string, unknown> | null,
): ComparisonRow[] {
  const rank = (key: string) => (FIELD_ORDER.includes(key) ? FIELD_ORDER.indexOf(key) : FIELD_ORDER.length);
  const keys = [
    ...new Set([...Object.keys(proposed), ...Object.keys(current ?? {})].filter((key) => key !== 'images')),
  ].sort((a, b) => rank(a) - rank(b));
  return keys.map((key) => {
    const now = current ? formatSubmissionValue(key, current[key]) : null;
    const next = formatSubmissionValue(key, proposed[key]);
    return { key, label: FIELD_LABELS[key] ?? key, now, next, changed: current !== null && now !== next };
  });
}
