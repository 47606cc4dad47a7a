// Contracts for the admin area (doc 2 "Admin area", §3, §5 super-admin limits, §7 admin calls, §9 limits).
// Shared by the server routes and the admin pages; every request schema is strict.
import { z } from 'zod';
import { ZCurrentUser, ZEmail } from './accounts';
import {
  CONTACT_STATUSES,
  CONTENT_TYPES,
  MAX_PASSWORD_LENGTH,
  PLANS,
  PROPERTY_TYPES,
  SPECIALTIES,
  SUBMISSION_STATUSES,
  USER_TYPES,
} from './constants';
import { serviceAreaNames } from './contractors';
import { ZCalendarDay } from './date-schemas';
import { isSuperAdmin, STAFF_ROLES } from './identity';

const isoInstant = z.string().describe('ISO 8601 instant');
/** The counts of an admin list's page (an envelope, not the spec's bare list: decision 0025). */
const pageCounts = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

// ---- limits (doc 2 §5, §9) ----

export const PREMIUM_DAYS = { min: 1, max: 365, default: 30 } as const;
export const LIVE_HOURS = { min: 1, max: 168, default: 24 } as const;
export const LIVE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Images longer than this (as data URL characters) are scaled down in the browser before sending. */
export const LIVE_IMAGE_COMPRESS_CHARS = 2_000_000;
export const LIVE_IMAGE_MAX_SIDE = 800;
export const LIVE_IMAGE_JPEG_QUALITY = 0.8;
export const LIVE_IMAGES_MAX = 6;
/** create-live-content carries images as data URLs: its body may be this big. */
export const LIVE_CONTENT_BODY_LIMIT = 25 * 1024 * 1024;
export const RECENTLY_REVIEWED = 5;
export const LIVE_CONTENT_SHOWN = 3;
export const BULK_DELETE_MAX = 100;
export const STATISTICS_MAX_DAYS = 366;
export const STATISTICS_DEFAULT_DAYS = 30;
/** Days and months of the statistics are London days (doc: dates shown in Europe/London). */
export const ADMIN_TIME_ZONE = 'Europe/London';

export const ADMIN_MESSAGES = {
  loginFailed: 'Invalid username or password',
  notice: 'Authorized personnel only - Access is monitored and logged',
  rejectReason: 'Please give a reason for rejecting',
  confirmation: 'Confirmation Required',
  fileTooLarge: 'File Too Large',
  imageData: 'Images must be image data (a data: URL of a picture)',
  noUser: 'No user with that email',
  days: `Days must be a whole number from ${PREMIUM_DAYS.min} to ${PREMIUM_DAYS.max}`,
  hours: `Hours must be a whole number from ${LIVE_HOURS.min} to ${LIVE_HOURS.max}`,
} as const;

/** Doc 2 §9: monthly revenue = premium tenants × £1 + landlords × £20 + contractors × £10, in pence. */
export function monthlyRevenuePence(counts: {
  premiumTenants: number;
  subscribedLandlords: number;
  subscribedContractors: number;
}): number {
  return (
    counts.premiumTenants * PLANS.tenant.pricePence +
    counts.subscribedLandlords * PLANS.landlord.pricePence +
    counts.subscribedContractors * PLANS.contractor.pricePence
  );
}

const ZUuid = z.uuid({ error: 'Unknown id' });
const intFromQuery = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).catch(fallback).default(fallback);
const searchText = z.string().trim().max(200, 'Search must be at most 200 characters').optional();

// ---- session ----

/** POST /api/admin/login: the username is the admin's email. */
export const ZAdminLoginRequest = z.strictObject({
  username: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, ADMIN_MESSAGES.loginFailed),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD_LENGTH, ADMIN_MESSAGES.loginFailed),
});
export type TAdminLoginRequest = z.infer<typeof ZAdminLoginRequest>;

/** An admin action done: sign-in, deleting an account, a property or a contractor. */
export const ZAdminDone = z.object({ success: z.literal(true), message: z.string() });
export const ZAdminLoginReply = ZAdminDone;
export type TAdminLoginReply = z.output<typeof ZAdminLoginReply>;

/**
 * Who may delete a listing or contractor profile they do not own: the super admin only (doc 2 §4, Live Content).
 * One rule for every way in: DELETE /api/properties/{id} and the admin API's DELETE /api/admin/property/{id}.
 */
export function mayDeleteOthersContent(user: { role: string } | null | undefined): boolean {
  return isSuperAdmin(user);
}

export const ZAdminAuth = z.object({
  isAuthenticated: z.boolean(),
  role: z.enum(STAFF_ROLES).nullable(),
  email: z.string().nullable(),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      "What the operator must know about the site's configuration (test payments, mail not delivered); staff only",
    ),
});
export type TAdminAuth = z.output<typeof ZAdminAuth>;

// ---- statistics ----

const ZIsoDay = ZCalendarDay('Dates must be YYYY-MM-DD');

/** GET /api/admin/statistics?from=&to=: London days, inclusive; at most 366 days. */
export const ZStatisticsQuery = z.object({
  from: ZIsoDay.optional(),
  to: ZIsoDay.optional(),
});

const ZDayCount = z.object({
  date: z.string().describe('A London day, YYYY-MM-DD'),
  count: z.number().int(),
});
export type TDayCount = z.output<typeof ZDayCount>;

export const ZAdminStatistics = z.object({
  from: z.string(),
  to: z.string(),
  totalUsers: z.number().int(),
  premiumTenants: z.number().int(),
  subscribedLandlords: z.number().int(),
  subscribedContractors: z.number().int(),
  newUsersThisMonth: z.number().int(),
  monthlyRevenuePence: z.number().int(),
  listings: z
    .object({ pending: z.number().int(), live: z.number().int(), rejected: z.number().int() })
    .describe('Listings created in the range, by where they are now'),
  contractors: z
    .object({ pending: z.number().int(), live: z.number().int() })
    .describe('Contractor profiles created in the range, by where they are now'),
  signupsPerDay: z.array(ZDayCount),
  pageViewsPerDay: z.array(ZDayCount),
  topPages: z.array(z.object({ path: z.string(), count: z.number().int() })),
});
export type TAdminStatistics = z.output<typeof ZAdminStatistics>;

// ---- moderation ----

export const ZContentSubmissionsQuery = z.object({
  status: z
    .enum(SUBMISSION_STATUSES, { error: 'Status must be pending, approved or rejected' })
    .default('pending'),
  /** The last N reviewed, newest first (Recently Reviewed shows 5). */
  recent: z.coerce.number().int().min(1).max(50).optional(),
});

export const ZReviewRequest = z
  .strictObject({
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    adminNotes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').nullish(),
  })
  .superRefine((value, issue) => {
    if (value.status === 'rejected' && !value.adminNotes)
      issue.addIssue({ code: 'custom', path: ['adminNotes'], message: ADMIN_MESSAGES.rejectReason });
  });
export type TReviewRequest = z.infer<typeof ZReviewRequest>;

const ZSubmissionOwner = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type TSubmissionOwner = z.output<typeof ZSubmissionOwner>;

export const ZAdminSubmission = z
  .object({
    id: z.uuid(),
    contentType: z.enum(CONTENT_TYPES),
    contentData: z
      .record(z.string(), z.unknown())
      .describe('The proposed content: every field, photos as URLs'),
    targetId: z.uuid().nullable(),
    submissionStatus: z.enum(SUBMISSION_STATUSES),
    adminNotes: z.string().nullable(),
    createdAt: isoInstant,
    reviewedAt: isoInstant.nullable(),
    reviewedBy: z.uuid().nullable(),
    owner: ZSubmissionOwner.nullable(),
    current: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('For an edit of something already live: the live values, in the same shape as contentData'),
    ruleResults: z
      .array(
        z.object({
          ruleId: z.string(),
          name: z.string(),
          outcome: z.enum(['pass', 'refuse', 'warn', 'not_applicable']),
          messages: z.array(z.string()),
          law: z.object({ title: z.string(), url: z.string() }),
        }),
      )
      .nullable()
      .describe(
        "A listing: each rule of its nation's law, today, with its result and source; null otherwise",
      ),
    nation: z.string().nullable().describe('A listing: the nation whose law applies'),
  })
  .meta({ id: 'AdminSubmission' });
export type TAdminSubmission = z.output<typeof ZAdminSubmission>;

export const ZReviewReply = z.object({
  success: z.literal(true),
  message: z.string(),
  submission: ZAdminSubmission,
});
export type TReviewReply = z.output<typeof ZReviewReply>;

// ---- contact submissions ----

export const ZContactSubmissionsQuery = z.object({
  status: z.enum(CONTACT_STATUSES, { error: 'Status must be unread, read or replied' }).optional(),
  q: searchText,
  page: intFromQuery(1, 10_000, 1),
  limit: intFromQuery(1, 100, 20),
});

export const ZContactUpdateRequest = z
  .strictObject({
    status: z.enum(CONTACT_STATUSES, { error: 'Status must be unread, read or replied' }).optional(),
    adminNotes: z.string().trim().max(5000, 'Notes must be at most 5000 characters').nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.adminNotes !== undefined, { message: 'Nothing to update' });
export type TContactUpdateRequest = z.infer<typeof ZContactUpdateRequest>;

export const ZAdminContactSubmission = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    status: z.enum(CONTACT_STATUSES),
    adminNotes: z.string().nullable(),
    createdAt: isoInstant,
    updatedAt: isoInstant,
  })
  .meta({ id: 'AdminContactSubmission' });
export type TAdminContactSubmission = z.output<typeof ZAdminContactSubmission>;

/** GET /api/admin/contact-submissions (an envelope, not the spec's bare list: decision 0025). */
export const ZContactSubmissionsPage = z.object({
  submissions: z.array(ZAdminContactSubmission),
  ...pageCounts,
});
export type TContactSubmissionsPage = z.output<typeof ZContactSubmissionsPage>;

// ---- users (super admin) ----

export const ZAllUsersQuery = z.object({
  q: searchText,
  userType: z.enum(USER_TYPES, { error: 'Choose tenant, landlord or contractor' }).optional(),
  premium: z.enum(['true', 'false'], { error: 'premium must be true or false' }).optional(),
  page: intFromQuery(1, 10_000, 1),
  limit: intFromQuery(1, 100, 20),
});

export const ZAdminUser = ZCurrentUser.pick({
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  userType: true,
  role: true,
  premiumUntil: true,
  createdAt: true,
})
  .extend({
    isPremium: z.boolean().describe('Effective premium (src/domain/premium.ts), not the admin flag alone'),
    isDemo: z.boolean(),
  })
  .meta({ id: 'AdminUser' });
export type TAdminUser = z.output<typeof ZAdminUser>;

/** GET /api/admin/all-users (an envelope, not the spec's bare list: decision 0025). */
export const ZAllUsersPage = z.object({
  users: z.array(ZAdminUser),
  ...pageCounts,
});
export type TAllUsersPage = z.output<typeof ZAllUsersPage>;

/** The typed confirmation is checked first: without it nothing else matters. */
export const ZBulkDeleteRequest = z.strictObject({
  confirmation: z.literal('DELETE', { error: ADMIN_MESSAGES.confirmation }),
  userIds: z
    .array(ZUuid, { error: 'Choose the users to delete' })
    .min(1, 'Choose the users to delete')
    .max(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} users at a time`),
});

export const ZBulkDeleteReply = z.object({
  success: z.literal(true),
  deleted: z.number().int(),
  deletedIds: z.array(z.uuid()),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
  message: z.string(),
});
export type TBulkDeleteReply = z.output<typeof ZBulkDeleteReply>;

const ZDays = z
  .number({ error: ADMIN_MESSAGES.days })
  .int(ADMIN_MESSAGES.days)
  .min(PREMIUM_DAYS.min, ADMIN_MESSAGES.days)
  .max(PREMIUM_DAYS.max, ADMIN_MESSAGES.days);

export const ZGrantTrialRequest = z.strictObject({
  userEmail: ZEmail,
  trialDays: ZDays.default(PREMIUM_DAYS.default),
});

export const ZModifyPremiumRequest = z.strictObject({
  userEmail: ZEmail,
  isPremium: z.boolean({ error: 'isPremium must be true (grant) or false (revoke)' }),
  subscriptionDays: ZDays.optional(),
});
export type TModifyPremiumRequest = z.infer<typeof ZModifyPremiumRequest>;

export const ZPremiumReply = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({
    id: z.uuid(),
    email: z.string(),
    isPremium: z.boolean(),
    premiumUntil: isoInstant.nullable(),
  }),
});
export type TPremiumReply = z.output<typeof ZPremiumReply>;

// ---- demo impersonation ----

export const ZImpersonateRequest = z.strictObject({
  userType: z.enum(USER_TYPES, { error: 'Choose landlord, tenant or contractor' }),
  demoMode: z.literal(true, { error: 'Demo mode only: send demoMode: true' }),
});

export const DEMO_DASHBOARDS = {
  landlord: '/landlord-dashboard',
  tenant: '/tenant-dashboard',
  contractor: '/contractor-dashboard',
} as const satisfies Record<(typeof USER_TYPES)[number], string>;

export const ZImpersonateReply = z.object({
  success: z.literal(true),
  message: z.string(),
  redirectTo: z.enum(
    Object.values(DEMO_DASHBOARDS) as [(typeof DEMO_DASHBOARDS)[keyof typeof DEMO_DASHBOARDS]],
  ),
});
export type TImpersonateReply = z.output<typeof ZImpersonateReply>;

export const ZStopImpersonationReply = z.object({
  success: z.literal(true),
  redirectTo: z
    .enum(['/admin/super', '/admin/login'])
    .describe(
      "The admin area when this browser still holds the admin's own session; otherwise the admin sign-in",
    ),
  message: z.string().optional(),
});
export type TStopImpersonationReply = z.output<typeof ZStopImpersonationReply>;

// ---- live content ----

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]+$/i;
/** A picture as a data URL; the size limit is checked on the decoded bytes (413 "File Too Large"). */
const ZImageData = z.string({ error: ADMIN_MESSAGES.imageData }).regex(DATA_URL, ADMIN_MESSAGES.imageData);
const ZImages = z.array(ZImageData).max(LIVE_IMAGES_MAX, `At most ${LIVE_IMAGES_MAX} images`).default([]);
const required = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const ZLivePropertyContent = z.strictObject({
  title: required(120, 'Title is required'),
  description: z.string().trim().max(5000, 'Must be at most 5000 characters').default(''),
  propertyType: z.enum(PROPERTY_TYPES, { error: 'Choose a property type' }).default('apartment'),
  bedrooms: z.number().int().min(0).max(20).default(2),
  bathrooms: z.number().int().min(0).max(20).default(1),
  /** Pounds a month. */
  monthlyRent: z.number().min(1, 'Monthly rent is required').max(100_000).default(1200),
  address: required(200, 'Address is required'),
  postcode: required(10, 'Postcode is required'),
  images: ZImages,
});
export type TLivePropertyContent = z.output<typeof ZLivePropertyContent>;

export const ZLiveContractorContent = z.strictObject({
  businessName: required(100, 'Business name is required'),
  specialty: z.enum(SPECIALTIES, { error: 'Choose a specialty' }).default(SPECIALTIES[0]),
  description: z.string().trim().max(2000, 'Must be at most 2000 characters').default(''),
  website: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null)
    .pipe(
      z.url({ protocol: /^https?$/, error: 'Enter a website starting with http:// or https://' }).nullable(),
    ),
  serviceAreas: serviceAreaNames(0).default(['London']),
  images: ZImages,
});
export type TLiveContractorContent = z.output<typeof ZLiveContractorContent>;

const ZHours = z
  .number({ error: ADMIN_MESSAGES.hours })
  .int(ADMIN_MESSAGES.hours)
  .min(LIVE_HOURS.min, ADMIN_MESSAGES.hours)
  .max(LIVE_HOURS.max, ADMIN_MESSAGES.hours)
  .default(LIVE_HOURS.default);

/** Publishing a property for a while: the Live Content form's values, as sent. */
export const ZLivePropertyRequest = z.strictObject({
  contentType: z.literal('property'),
  contentData: ZLivePropertyContent,
  publishDuration: ZHours,
});
/** Publishing a contractor for a while: the Live Content form's values, as sent. */
export const ZLiveContractorRequest = z.strictObject({
  contentType: z.literal('contractor'),
  contentData: ZLiveContractorContent,
  publishDuration: ZHours,
});
export const ZCreateLiveContentRequest = z.discriminatedUnion(
  'contentType',
  [ZLivePropertyRequest, ZLiveContractorRequest],
  { error: 'contentType must be property or contractor' },
);
export type TCreateLiveContentRequest = z.output<typeof ZCreateLiveContentRequest>;

const ZLiveProperty = z.object({
  id: z.uuid(),
  title: z.string(),
  address: z.string(),
  postcode: z.string(),
  propertyType: z.string(),
  bedrooms: z.number().int().nullable(),
  monthlyRent: z.number().describe('Pounds a month'),
  imageUrl: z.string().nullable(),
  liveUntil: isoInstant,
  createdAt: isoInstant,
});
export type TLiveProperty = z.output<typeof ZLiveProperty>;

const ZLiveContractor = z.object({
  id: z.uuid(),
  businessName: z.string(),
  specialty: z.string(),
  website: z.string().nullable(),
  imageUrl: z.string().nullable(),
  liveUntil: isoInstant,
  createdAt: isoInstant,
});
export type TLiveContractor = z.output<typeof ZLiveContractor>;

/** GET /api/admin/live-content: the super admin's demo accounts and live content. */
export const ZLiveContent = z.object({
  users: z.array(
    ZAdminUser.pick({
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      userType: true,
      isPremium: true,
      createdAt: true,
    }),
  ),
  properties: z.array(ZLiveProperty),
  contractors: z.array(ZLiveContractor),
});
export type TLiveContent = z.output<typeof ZLiveContent>;

export const ZCreateLiveContentReply = z.object({
  success: z.literal(true),
  message: z.string(),
  contentType: z.enum(['property', 'contractor']),
  id: z.uuid(),
  liveUntil: isoInstant,
});
export type TCreateLiveContentReply = z.output<typeof ZCreateLiveContentReply>;

// ---- audit log ----

export const ZAuditLogQuery = z.object({
  action: z.string().trim().max(100).optional(),
  page: intFromQuery(1, 10_000, 1),
  limit: intFromQuery(1, 100, 25),
});

const ZAuditEntry = z.object({
  id: z.number().int(),
  actorId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown().describe('The record before, as the action logged it'),
  after: z.unknown().describe('The record after, as the action logged it'),
  ip: z.string().nullable(),
  createdAt: isoInstant,
});
export type TAuditEntry = z.output<typeof ZAuditEntry>;

/** GET /api/admin/audit-log. */
export const ZAuditLogPage = z.object({
  entries: z.array(ZAuditEntry),
  ...pageCounts,
});
export type TAuditLogPage = z.output<typeof ZAuditLogPage>;
