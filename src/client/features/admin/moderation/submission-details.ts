// How a content submission reads in the review panel (doc 2 §4 content submission): its title, its photos, and its
// fields in the form's order as words, side by side with the live values for an edit, each change marked.
import type { TAdminSubmission } from '../../../../domain/admin';
import { PROPERTY_TYPE_LABELS, PROPERTY_TYPES, type PropertyType } from '../../../../domain/constants';
import { dayInWords, furnishedLabel } from '../../properties/format';

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

/**
 * Choices stored as codes, as the forms and pages name them (issue 30: the review panel showed "house" and
 * "2027-01-05"); a code no table knows is shown as it is.
 */
const CHOICE_WORDS: Record<string, (value: string) => string | null> = {
  propertyType: (value) => (isPropertyType(value) ? PROPERTY_TYPE_LABELS[value] : null),
  furnished: (value) => furnishedLabel(value),
  availableFrom: dayInWords,
};

function isPropertyType(value: string): value is PropertyType {
  return (PROPERTY_TYPES as readonly string[]).includes(value);
}

/** One value in words: labels for codes, a date as words, pounds for money, Yes/No, lists joined, "—" for nothing. */
export function formatSubmissionValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const words =
    typeof value === 'string' ? Object.hasOwn(CHOICE_WORDS, key) && CHOICE_WORDS[key](value) : null;
  if (words) return words;
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
