// Business constants from the spec (doc 1 §9, doc 2 §9). Money is integer pence.
import { LIMITS } from './limits';

export const BRAND_NAME = 'Your Place';

export const USER_TYPES = ['tenant', 'landlord', 'contractor'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

/** Names and prices; what each plan includes is in src/domain/plans.ts. */
export const PLANS = {
  tenant: {
    name: 'Tenant Premium',
    pricePence: 100,
  },
  landlord: {
    name: 'Landlord Pro',
    pricePence: 2000,
  },
  contractor: {
    name: 'Contractor Pro',
    pricePence: 1000,
  },
} as const satisfies Record<UserType, { name: string; pricePence: number }>;

export const PROPERTY_TYPES = ['apartment', 'house', 'studio', 'room'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const FURNISHED_STATES = ['furnished', 'part_furnished', 'unfurnished'] as const;
export const EPC_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export const COUNCIL_TAX_BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const;

export const BUDGETS = [
  { key: '500-1000', label: '£500 - £1,000', minRent: 500, maxRent: 1000 },
  { key: '1000-1500', label: '£1,000 - £1,500', minRent: 1000, maxRent: 1500 },
  { key: '1500-2000', label: '£1,500 - £2,000', minRent: 1500, maxRent: 2000 },
  { key: '2000+', label: '£2,000+', minRent: 2000, maxRent: 10000 },
] as const;

/** How each property type reads on its own ("Apartment"), in cards, filters and the search panel. */
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  apartment: 'Apartment',
  house: 'House',
  studio: 'Studio',
  room: 'Room',
};

export const RENT_SLIDER = { min: 0, max: 5000, step: 50 } as const;
export const BEDROOM_OPTIONS = [
  { value: 0, label: 'Studio' },
  { value: 1, label: '1' },
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4+' },
] as const;

export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export const ALERT_FREQUENCY_LABELS = {
  instant: 'Instant (max 1 per hour)',
  daily: 'Daily digest',
  weekly: 'Weekly summary',
} as const;

export const SPECIALTIES = [
  'Plumbing & Heating',
  'Electrical Services',
  'Carpentry & Joinery',
  'General Building',
  'Painting & Decorating',
  'Roofing',
  'Landscaping',
  'Cleaning Services',
] as const;

export const SERVICE_AREAS = [
  'London',
  'Manchester',
  'Birmingham',
  'Leeds',
  'Glasgow',
  'Liverpool',
  'Bristol',
  'Sheffield',
  'Edinburgh',
  'Cardiff',
] as const;

export const LEAD_STATUSES = ['active', 'pending', 'won', 'lost', 'closed'] as const;
export const CONTACT_STATUSES = ['unread', 'read', 'replied'] as const;
export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const CONTENT_TYPES = ['property_listing', 'contractor_profile'] as const;

/**
 * A new password's least length (issue 30; NCSC and NIST SP 800-63B favour length over composition rules). Checked
 * when a password is chosen (registration, reset, change), never at sign-in: older, shorter passwords still work
 * until their owner changes them.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** A link confirming a new sign-in address works for a day. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Listing and portfolio photo uploads one account may make in any 24 hours: ten full listings (20 photos each), far
 * above what a landlord or contractor needs in a day, far below what fills a disk.
 */
export const PHOTO_UPLOADS_PER_DAY = LIMITS.photoUploadsPerUser.max;
/** An upload nothing refers to after this long is removed (the clean-up job). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
export const PROFILE_PHOTO_SIZE = 200;

export const NOTIFICATION_DEFAULTS = {
  email: true,
  propertyAlerts: true,
  marketingEmails: false,
  securityAlerts: true,
} as const;
export const NOTIFICATION_KEYS = ['email', 'propertyAlerts', 'marketingEmails', 'securityAlerts'] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];

/**
 * The switches Settings shows each account: only those that change an email this account can receive (issue 12).
 * `email` covers new messages (issue 13), moderation outcomes, new leads and the landlord's repair and compliance
 * reminders (decision 0074); `propertyAlerts` saved-search alerts and reductions of saved
 * homes (tenants save); `securityAlerts` password and email changes. We send no marketing emails, so that stored
 * preference has no switch. Accounts without a type (admins) get the security switch only.
 */
export function notificationKeysFor(userType: UserType | null): NotificationKey[] {
  if (userType === 'tenant') return ['email', 'propertyAlerts', 'securityAlerts'];
  if (userType === 'landlord' || userType === 'contractor') return ['email', 'securityAlerts'];
  return ['securityAlerts'];
}

export const SUPPORT_HOURS = [
  { days: 'Monday to Friday', hours: '9:00 to 18:00 GMT' },
  { days: 'Saturday', hours: '10:00 to 16:00 GMT' },
] as const;

export const TOAST_DURATION_MS = 5000;
export const MESSAGE_TOAST_MS = 3000;
/** Doc 1 §9 timings: a tooltip opens after 700 ms of hover, and at once for 300 ms after another one closed. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** OpenStreetMap's tiles, used unless MAP_TILE_URL names others (here, not in config.ts: the map loads without zod). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
