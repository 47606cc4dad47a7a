// Contracts for contractors (doc 1 "Contractor list", "Contractor detail", "Contractor dashboard", §3 Contractor,
// Contractor own profile and Lead, §4 lead status colours, §9 specialties and service areas): the directory query,
// card, detail, review, quote request, lead and own-profile shapes. Shared by the server and the client forms.
import { z } from 'zod';
import { LEAD_STATUSES, SPECIALTIES, SUBMISSION_STATUSES } from './constants';
import {
  CONTRACTOR_SORTS,
  type ContractorSort,
  DIRECTORY_MAX_PAGE_SIZE,
  DIRECTORY_PAGE_SIZE,
  LEADS_PAGE_SIZE,
  type LeadStatus,
  MAX_SERVICE_AREAS,
  REVIEWS_PAGE_SIZE,
  resolveSpecialty,
  SERVICE_AREA_MAX_CHARS,
} from './contractor-options';
import { ZListingPhoto } from './listings';
import { REVIEW_AFTER_JOB_MESSAGE, TRADE_CHECK_KINDS } from './trade-claims';

export * from './contractor-options';

import { ZCalendarDay } from './date-schemas';
import { LIMITS } from './limits';

export { LEAD_STATUSES };

// Control characters (a NUL in particular) cannot reach a text parameter of PostgreSQL.
const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
    .transform((v) => v?.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || undefined);

const flag = z
  .string()
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'on' || v === 'yes');

const positiveInt = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/**
 * GET /api/contractors query (doc 1 §7: optional specialty, serviceArea). Also free text (q or search), the quick
 * filters topRated and emergency, sort, page and limit, and the marketing links' `service` alias of specialty.
 */
export const ZContractorDirectoryQuery = z
  .object({
    specialty: optionalText(60),
    service: optionalText(60),
    serviceArea: optionalText(60),
    area: optionalText(60),
    q: optionalText(200),
    search: optionalText(200),
    topRated: flag,
    emergency: flag,
    sort: z.enum(CONTRACTOR_SORTS).optional().catch(undefined),
    page: positiveInt(10_000, 'Page must be a whole number from 1'),
    limit: positiveInt(DIRECTORY_MAX_PAGE_SIZE, `Limit must be from 1 to ${DIRECTORY_MAX_PAGE_SIZE}`),
  })
  .transform((q) => ({
    /** undefined = every trade; null = a trade we do not list (no results). */
    specialty: resolveSpecialty(q.specialty ?? q.service),
    serviceArea: q.serviceArea ?? q.area,
    text: q.q ?? q.search,
    topRated: q.topRated,
    emergency: q.emergency,
    sort: q.sort ?? ('rating' as ContractorSort),
    page: q.page ?? 1,
    limit: q.limit ?? DIRECTORY_PAGE_SIZE,
  }));
export type TContractorDirectoryQuery = z.output<typeof ZContractorDirectoryQuery>;

/** A directory card: only what the card shows (doc 1 "Contractor list"). */
const isoInstant = z.string().describe('ISO 8601 instant');

/** A card in the directory (the response schemas of the OpenAPI document; the types are read from them). */
export const ZContractorCard = z
  .object({
    id: z.uuid(),
    businessName: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    specialty: z.string(),
    description: z.string(),
    serviceArea: z.string().nullable().describe("The first service area (the spec's single serviceArea)"),
    serviceAreas: z.array(z.string()),
    services: z.array(z.string()),
    rating: z
      .number()
      .nullable()
      .describe(
        'Average stars, two decimals: over the reviews of verified jobs when there is one, else over every review; null until the first review',
      ),
    reviewCount: z.number().int(),
    verifiedReviewCount: z
      .number()
      .int()
      .describe(
        'Reviews written after a job the trade finished on Your Place (the rating rests on these first)',
      ),
    verified: z
      .boolean()
      .describe('An admin recorded a check (insurance, Gas Safe, NICEIC) whose document has not expired'),
    emergencyCallouts: z.boolean(),
    website: z.string().nullable(),
    profileImage: z.string().nullable(),
  })
  .meta({ id: 'ContractorCard' });
export type TContractorCard = z.output<typeof ZContractorCard>;

/** GET /api/contractors: a page of cards (an envelope, not the spec's bare list: decision 0025). */
export const ZContractorPage = z
  .object({
    contractors: z.array(ZContractorCard),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'ContractorPage' });
export type TContractorPage = z.output<typeof ZContractorPage>;

/** What a review may rest on (issue 32 item 5): a repair at the reviewer's home, or their own quote request. */
export const REVIEW_JOB_KINDS = ['repair', 'quote_request'] as const;
export type TReviewJobKind = (typeof REVIEW_JOB_KINDS)[number];

/** The job a verified review rests on, as the public sees it: its month and category, nothing that names a home. */
export const ZReviewJob = z
  .object({
    kind: z.enum(REVIEW_JOB_KINDS),
    month: z.string().describe('The month the trade finished it, YYYY-MM (London)'),
    category: z.string().describe('The repair\'s category ("Plumbing and leaks"), or the trade\'s specialty'),
  })
  .meta({ id: 'ReviewJob' });
export type TReviewJob = z.output<typeof ZReviewJob>;

export const ZReview = z
  .object({
    id: z.uuid(),
    rating: z.number().int(),
    customerName: z.string(),
    date: isoInstant.describe('When it was written (or last edited)'),
    comment: z.string(),
    own: z.boolean().describe('The signed-in reader wrote it'),
    quoteRequestedAt: isoInstant
      .nullable()
      .describe(
        'When the reviewer asked this trade for the quote it answered; null on reviews from before the rule',
      ),
    verified: z
      .boolean()
      .describe('"Verified job": written after a repair or quote request the trade finished'),
    job: ZReviewJob.nullable().describe('The finished job a verified review rests on; null on the others'),
    reply: z.object({ body: z.string(), at: isoInstant }).nullable().describe("The trade's one public reply"),
  })
  .meta({ id: 'Review' });
export type TReview = z.output<typeof ZReview>;

export const ZReviewPage = z
  .object({
    reviews: z.array(ZReview),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'ReviewPage' });
export type TReviewPage = z.output<typeof ZReviewPage>;

/** A portfolio photo (objects rather than the spec's bare addresses: decision 0025). */
export const ZPortfolioImage = z
  .object({ url: z.string(), thumbUrl: z.string().nullable() })
  .meta({ id: 'PortfolioImage' });
export type TPortfolioImage = z.output<typeof ZPortfolioImage>;

/** A check an admin recorded, as the public sees it: what was checked, when, and until when it holds. */
export const ZPublicTradeCheck = z
  .object({
    kind: z.enum(TRADE_CHECK_KINDS),
    provider: z.string().nullable().describe('The insurer (insurance checks)'),
    registrationNumber: z.string().nullable().describe('The Gas Safe or NICEIC number (registration checks)'),
    checkedAt: isoInstant,
    expiresOn: z.string().describe('The day the document expires (YYYY-MM-DD); the check counts through it'),
  })
  .meta({ id: 'PublicTradeCheck' });
export type TPublicTradeCheck = z.output<typeof ZPublicTradeCheck>;

/** A response time measured from the trade's real replies to quote requests. */
export const ZTradeResponseTime = z
  .object({
    label: z.string(),
    requests: z.number().int().describe('How many quote requests the median is taken over'),
    windowDays: z.number().int().describe('Only requests of this many recent days count'),
  })
  .meta({ id: 'TradeResponseTime' });

/** GET /api/contractors/{id} (doc 1 "Contractor detail", §3 Contractor). */
export const ZContractorDetail = ZContractorCard.extend({
  phone: z
    .string()
    .nullable()
    .describe('Contact details are for premium members (and the owner); null otherwise'),
  email: z.string().nullable(),
  contactVisible: z.boolean(),
  experience: z.number().int().nullable().describe('Years in the trade; null when the profile does not say'),
  jobsCompleted: z
    .number()
    .int()
    .describe('Quote requests on Your Place the trade marked won (0: none shown)'),
  responseTime: ZTradeResponseTime.nullable().describe(
    'Measured from replies to quote requests; null when there are too few to say',
  ),
  checks: z.array(ZPublicTradeCheck).describe('The checks that currently count (the "Verified" badge)'),
  images: z.array(ZPortfolioImage),
  reviews: z.array(ZReview).describe('The newest three'),
  myReview: ZReview.nullable().describe("The reader's own review, for the edit form"),
  canReview: z
    .boolean()
    .describe('The reader has a job this trade finished for them and has not reviewed the trade yet'),
  canRequestQuote: z.boolean(),
  isOwner: z.boolean(),
  status: z.enum(['pending', 'live', 'rejected', 'withdrawn']),
}).meta({ id: 'ContractorDetail' });
export type TContractorDetail = z.output<typeof ZContractorDetail>;

// ---- reviews ----

export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_MESSAGES = {
  rating: 'Please choose a rating from 1 to 5 stars',
  comment: 'Please write a short comment about the work',
  commentTooLong: `Comments can be at most ${REVIEW_COMMENT_MAX} characters`,
  noFinishedJob: REVIEW_AFTER_JOB_MESSAGE,
  notYourJob: 'That job is not one this trade finished for you, so it cannot carry your review.',
  oneJob: 'Name one job: a repair or a quote request, not both.',
  own: 'You cannot review your own business.',
  duplicate: 'You have already reviewed this contractor. You can edit your review instead.',
  missing: 'You have not reviewed this contractor yet.',
  notFound: 'Review not found',
  replyOwnerOnly: 'Only the business a review is about can reply to it.',
  replied: 'You have already replied to this review. A reply is given once.',
  reply: 'Please write your reply',
  replyTooLong: `A reply can be at most ${REVIEW_COMMENT_MAX} characters`,
} as const;

/** POST and PUT /api/contractors/{id}/reviews. */
export const ZReviewRequest = z.strictObject({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  comment: z
    .string({ error: REVIEW_MESSAGES.comment })
    .trim()
    .min(1, REVIEW_MESSAGES.comment)
    .max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong),
  /** The job the review rests on; neither: the reviewer's most recent job this trade finished. */
  repairId: z
    .uuid('Not a repair id')
    .nullish()
    .describe('A finished repair at your home that this trade did'),
  leadId: z.uuid('Not a quote request id').nullish().describe('Your quote request this trade marked done'),
});
export type TReviewRequest = z.output<typeof ZReviewRequest>;

/** POST /api/contractors/{id}/reviews/{reviewId}/reply: the trade's one public answer. */
export const ZReviewReplyRequest = z.strictObject({
  body: z
    .string({ error: REVIEW_MESSAGES.reply })
    .trim()
    .min(1, REVIEW_MESSAGES.reply)
    .max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.replyTooLong),
});
export type TReviewReplyRequest = z.output<typeof ZReviewReplyRequest>;

/** A finished job the reader may rest a review on. */
export const ZReviewableJob = ZReviewJob.extend({
  id: z.uuid().describe('The repair or the lead (quote request)'),
  title: z.string(),
}).meta({ id: 'ReviewableJob' });
export type TReviewableJob = z.output<typeof ZReviewableJob>;

/** GET /api/contractors/{id}/reviews/eligibility: whether the reader may review this trade, and on which jobs. */
export const ZReviewEligibility = z
  .object({
    canReview: z.boolean().describe('A finished job and no review of this trade yet'),
    reason: z.string().nullable().describe('Why not, in words; null when the reader may review'),
    jobs: z.array(ZReviewableJob).describe('The jobs this trade finished for the reader, newest first'),
    reviewId: z.uuid().nullable().describe("The reader's review of this trade, if they wrote one"),
  })
  .meta({ id: 'ReviewEligibility' });
export type TReviewEligibility = z.output<typeof ZReviewEligibility>;

export const ZReviewListQuery = z.object({
  page: positiveInt(10_000, 'Page must be a whole number from 1').transform((v) => v ?? 1),
  limit: positiveInt(50, 'Limit must be from 1 to 50').transform((v) => v ?? REVIEWS_PAGE_SIZE),
});

// ---- quote requests and leads ----

export const QUOTE_REQUESTS_PER_HOUR = LIMITS.quoteRequestsPerUser.max;
export const QUOTE_MESSAGES = {
  jobTitle: 'Job title is required',
  description: 'Please describe the job',
  location: 'Location or postcode is required',
  contactEmail: 'Please enter a valid email address',
  contactPhone: 'Phone may contain only digits, spaces, +, ( ) and -',
  preferredDate: 'Please choose a valid date',
  pastDate: 'The preferred date cannot be in the past',
  notEligible: 'Quote requests are for premium tenants and landlords.',
  own: 'You cannot request a quote from your own business.',
  tooMany: `You can send up to ${QUOTE_REQUESTS_PER_HOUR} quote requests an hour. Please try again later.`,
} as const;

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const optionalNullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);
const ZPhone = z
  .string()
  .trim()
  .max(30, 'Must be at most 30 characters')
  .regex(/^[+0-9 ()-]*$/, QUOTE_MESSAGES.contactPhone)
  .nullish()
  .transform((v) => v || null);
const ZEmailAddress = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(254, message)
    .pipe(z.email({ error: message }));

/** An email address that may be left empty (null). */
const optionalEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .max(254, message)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      if (!z.email().safeParse(v).success) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return v;
    });

/** POST /api/contractors/{id}/quote-requests: becomes a lead for that contractor. */
export const ZQuoteRequest = z.strictObject({
  jobTitle: requiredText(120, QUOTE_MESSAGES.jobTitle),
  description: requiredText(2000, QUOTE_MESSAGES.description),
  location: requiredText(120, QUOTE_MESSAGES.location),
  contactEmail: ZEmailAddress(QUOTE_MESSAGES.contactEmail),
  contactPhone: ZPhone,
  preferredDate: z
    .union([ZCalendarDay(QUOTE_MESSAGES.preferredDate), z.literal('')])
    .nullish()
    .transform((v) => v || null),
});
export type TQuoteRequest = z.output<typeof ZQuoteRequest>;

/** POST /api/contractors/{id}/quote-requests: the lead it made. */
export const ZQuoteRequestCreated = z.object({
  id: z.uuid(),
  status: z.enum(LEAD_STATUSES),
  conversationId: z
    .uuid()
    .nullable()
    .describe('The conversation the request opened (null when the business has no account to answer in)'),
  message: z.string(),
});
export type TQuoteRequestCreated = z.output<typeof ZQuoteRequestCreated>;

/** A lead as its contractor sees it (doc 1 §3 Lead: id, jobTitle, location, contactEmail, status). */
export const ZLead = z
  .object({
    id: z.uuid(),
    jobTitle: z.string(),
    description: z.string(),
    location: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string().nullable(),
    preferredDate: z.string().nullable(),
    status: z.enum(LEAD_STATUSES),
    requesterName: z.string().nullable(),
    conversationId: z
      .uuid()
      .nullable()
      .describe('The conversation with the requester; null without an account'),
    repairId: z
      .uuid()
      .nullable()
      .describe(
        'The repair a landlord asked this trade to quote for (its page is /repairs/{id}); null for other leads',
      ),
    completedAt: isoInstant
      .nullable()
      .describe('When the trade marked the job done (the requester may review)'),
    canComplete: z
      .boolean()
      .describe(
        "An ordinary quote request not yet marked done (a repair's work is marked done on the repair)",
      ),
    createdAt: isoInstant,
    updatedAt: isoInstant,
  })
  .meta({ id: 'Lead' });
export type TLead = z.output<typeof ZLead>;

/** GET /api/contractor/leads (an envelope, not the spec's bare list: decision 0025). */
export const ZLeadPage = z
  .object({
    leads: z.array(ZLead),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'LeadPage' });
export type TLeadPage = z.output<typeof ZLeadPage>;

export const ZLeadListQuery = z.object({
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  page: positiveInt(10_000, 'Page must be a whole number from 1').transform((v) => v ?? 1),
  limit: positiveInt(100, 'Limit must be from 1 to 100').transform((v) => v ?? LEADS_PAGE_SIZE),
});

export const ZLeadStatusUpdate = z.strictObject({
  status: z.enum(LEAD_STATUSES, { error: 'Status must be active, pending, won, lost or closed' }),
});

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  closed: 'Closed',
};

/** doc 1 §4: active green, pending yellow, any other grey. */
export function leadStatusTone(status: string): 'green' | 'yellow' | 'grey' {
  if (status === 'active') return 'green';
  if (status === 'pending') return 'yellow';
  return 'grey';
}

export const LEAD_COMPLETE_MESSAGES = {
  already: 'You have already marked this job done.',
  repair: "A repair's work is marked done on the repair's page.",
} as const;

export const LEADS_PREMIUM_MESSAGE = 'Managing leads requires an active Contractor Pro subscription.';
export const CONTRACTORS_ONLY_MESSAGE = 'This is for contractor accounts.';

// ---- own profile ----

export const PROFILE_MESSAGES = {
  businessName: 'Business name is required',
  specialty: 'Please choose your specialty',
  serviceAreas: 'Choose at least one service area',
  website: 'Please enter a valid website address (https://…)',
  email: 'Please enter a valid email address',
  phone: 'Phone may contain only digits, spaces, +, ( ) and -',
  photosNeedSubscription: 'Portfolio photos require an active Contractor Pro subscription.',
  uploadedPhotosOnly: 'Photos must be uploaded with the photo uploader.',
  exists: 'You already have a business profile. Edit it instead.',
  missing: 'You have not created a business profile yet.',
  submitted: "Your business profile has been submitted for review. It will go live once it's approved.",
} as const;

export const PORTFOLIO_MAX_PHOTOS = 12;
export const PORTFOLIO_PHOTO_LARGE = 1600;
export const PORTFOLIO_PHOTO_THUMB = { width: 480, height: 360 } as const;

/** "www.example.co.uk" is a website too: https is assumed when no scheme is typed. */
function normaliseWebsite(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!url.hostname.includes('.') || url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

const ZWebsite = z
  .string()
  .max(200, 'Must be at most 200 characters')
  .nullish()
  .transform((v, ctx) => {
    if (!v?.trim()) return null;
    const url = normaliseWebsite(v);
    if (!url) {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.website });
      return z.NEVER;
    }
    return url;
  });

const dedupe = <T>(list: T[]) => [...new Set(list)];

// ---- service areas (issue 17, docs/decisions/0026-service-areas-are-places.md) ----

/** The server knows the UK's places (the postcode data); a name it does not know is refused with this. */
export function unknownServiceAreaMessage(name: string): string {
  return `Service areas: we don't know a UK place called "${name}". Choose a town, postcode district or postcode from the suggestions.`;
}

/**
 * A profile's service areas: UK places as typed (a town, a postcode area's name, a district or a postcode). The
 * shape is checked here; whether each names a real place is checked, and its spelling settled, by the server.
 */
export function serviceAreaNames(min: number) {
  return z
    .array(
      z
        .string({ error: PROFILE_MESSAGES.serviceAreas })
        .trim()
        .min(1, PROFILE_MESSAGES.serviceAreas)
        .max(SERVICE_AREA_MAX_CHARS, `A service area must be at most ${SERVICE_AREA_MAX_CHARS} characters`),
      { error: PROFILE_MESSAGES.serviceAreas },
    )
    .min(min, PROFILE_MESSAGES.serviceAreas)
    .max(MAX_SERVICE_AREAS, `At most ${MAX_SERVICE_AREAS} service areas`)
    .transform((list) =>
      list.filter((name, i) => list.findIndex((n) => n.toLowerCase() === name.toLowerCase()) === i),
    );
}

/** A business profile as the contractor writes it; also the contentData of a contractor_profile submission. */
export const ZContractorProfileContent = z.object({
  businessName: requiredText(100, PROFILE_MESSAGES.businessName),
  specialty: z.enum(SPECIALTIES, { error: PROFILE_MESSAGES.specialty }),
  services: z
    .array(z.string().trim().min(1, 'A service cannot be empty').max(60, 'Must be at most 60 characters'))
    .max(20, 'At most 20 services')
    .default([])
    .transform(dedupe),
  serviceAreas: serviceAreaNames(1),
  description: z
    .string()
    .trim()
    .max(2000, 'Must be at most 2000 characters')
    .nullish()
    .transform((v) => v ?? ''),
  phone: z
    .string()
    .trim()
    .max(30, 'Must be at most 30 characters')
    .regex(/^[+0-9 ()-]*$/, PROFILE_MESSAGES.phone)
    .nullish()
    .transform((v) => v || null),
  email: optionalEmail(PROFILE_MESSAGES.email),
  website: ZWebsite,
  emergencyCallouts: z.boolean().default(false),
  experienceYears: z
    .number({ error: 'Years of experience must be a whole number' })
    .int('Years of experience must be a whole number')
    .min(0, 'Years of experience must be 0 to 70')
    .max(70, 'Years of experience must be 0 to 70')
    .nullish()
    .transform((v) => v ?? null),
  /** URLs returned by POST /api/contractor/portfolio-photos. */
  images: z
    .array(z.string().max(500))
    .max(PORTFOLIO_MAX_PHOTOS, `At most ${PORTFOLIO_MAX_PHOTOS} photos`)
    .default([])
    .transform(dedupe),
});
export type TContractorProfileContent = z.output<typeof ZContractorProfileContent>;
export type TContractorProfileForm = z.input<typeof ZContractorProfileContent>;

/** POST and PUT /api/contractor/profile: the profile's fields, nothing else. */
export const ZContractorProfileRequest = z.strictObject(ZContractorProfileContent.shape);

export type TSubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const ZProfileSubmission = z.object({
  id: z.uuid(),
  submissionStatus: z.enum(SUBMISSION_STATUSES),
  adminNotes: z.string().nullable(),
  submittedAt: isoInstant,
  reviewedAt: isoInstant.nullable(),
});
export type TProfileSubmission = z.output<typeof ZProfileSubmission>;

/** The profile's fields as a reply holds them (ZContractorProfileContent's output). */
export const ZContractorProfileFields = z
  .object({
    businessName: z.string(),
    specialty: z.enum(SPECIALTIES),
    services: z.array(z.string()),
    serviceAreas: z.array(z.string()),
    description: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    emergencyCallouts: z.boolean(),
    experienceYears: z.number().int().nullable(),
    images: z.array(z.string()).describe('URLs returned by POST /api/contractor/portfolio-photos'),
  })
  .meta({ id: 'ContractorProfileFields' });

const PROFILE_STATUSES = ['pending', 'live', 'rejected', 'withdrawn'] as const;

/** GET /api/contractor/profile: the live record, and what is waiting for review. */
export const ZOwnContractorProfile = z.object({
  id: z.uuid(),
  status: z.enum(PROFILE_STATUSES),
  verified: z.boolean(),
  current: ZContractorProfileFields.describe(
    'What the public sees now (for a never-approved profile: what was first submitted)',
  ),
  pending: ZContractorProfileFields.nullable().describe(
    'The change waiting for review, if any: the form starts from it',
  ),
  latestSubmission: ZProfileSubmission.nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  profileViews: z.number().int(),
});
export type TOwnContractorProfile = z.output<typeof ZOwnContractorProfile>;

/** POST and PUT /api/contractor/profile: the change waits for review. */
export const ZProfileSubmitted = z.object({
  id: z.uuid(),
  submissionId: z.uuid(),
  submissionStatus: z.literal('pending'),
  message: z.string(),
});
export type TProfileSubmitted = z.output<typeof ZProfileSubmitted>;

/** GET /api/contractor/dashboard: the figures and lists of doc 1 "Contractor dashboard". */
export const ZContractorDashboard = z.object({
  profile: z
    .object({
      id: z.uuid(),
      businessName: z.string(),
      specialty: z.string(),
      status: z.enum(PROFILE_STATUSES),
      verified: z.boolean(),
    })
    .nullable(),
  latestSubmission: ZProfileSubmission.nullable(),
  stats: z.object({
    activeLeads: z.number().int(),
    profileViews: z.number().int(),
    completedJobs: z.number().int(),
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
    verifiedReviewCount: z.number().int(),
    unansweredReviews: z.number().int().describe('Reviews the trade has not replied to yet'),
  }),
  recentLeads: z
    .array(ZLead)
    .describe('The newest three leads; only for a subscribed contractor (Manage Leads is premium)'),
  canManageLeads: z.boolean(),
});
export type TContractorDashboard = z.output<typeof ZContractorDashboard>;

/** POST /api/contractor/portfolio-photos: the same as a listing photo. */
export const ZPortfolioPhoto = ZListingPhoto;
export type TPortfolioPhoto = z.output<typeof ZPortfolioPhoto>;

// ---- checks an admin records (issue 28) ----

export const TRADE_CHECK_MESSAGES = {
  kind: 'Choose what was checked: insurance, Gas Safe or NICEIC',
  provider: 'Enter the insurer named on the policy',
  registrationNumber: 'Enter the registration number',
  gasSafeNumber: 'A Gas Safe registration number is 6 or 7 digits',
  niceicNumber: 'A NICEIC registration number is 4 to 12 letters and digits',
  expiresOn: 'Enter the date the document expires (YYYY-MM-DD)',
  expired: 'This document has already expired: there is nothing to verify',
  tooFar: 'The expiry date is more than five years away: check the document',
  notFound: 'Check not found',
  revoked: 'This check was already revoked',
} as const;

/** How far ahead an expiry may be: insurance runs a year, a Gas Safe card a year, NICEIC a year. */
export const TRADE_CHECK_MAX_YEARS = 5;

/** POST /api/admin/contractors/{id}/checks: what an admin saw. Dates against today are the server's to check. */
export const ZTradeCheckRequest = z
  .strictObject({
    kind: z.enum(TRADE_CHECK_KINDS, { error: TRADE_CHECK_MESSAGES.kind }),
    provider: optionalNullableText(100),
    registrationNumber: z
      .string()
      .trim()
      .max(20, 'Must be at most 20 characters')
      .nullish()
      .transform((v) => v?.replace(/\s+/g, '').toUpperCase() || null),
    expiresOn: ZCalendarDay(TRADE_CHECK_MESSAGES.expiresOn),
  })
  .superRefine((check, ctx) => {
    if (check.kind === 'insurance' && !check.provider)
      ctx.addIssue({ code: 'custom', path: ['provider'], message: TRADE_CHECK_MESSAGES.provider });
    if (check.kind === 'gas_safe' && !/^\d{6,7}$/.test(check.registrationNumber ?? ''))
      ctx.addIssue({
        code: 'custom',
        path: ['registrationNumber'],
        message: check.registrationNumber
          ? TRADE_CHECK_MESSAGES.gasSafeNumber
          : TRADE_CHECK_MESSAGES.registrationNumber,
      });
    if (check.kind === 'niceic' && !/^[A-Z0-9]{4,12}$/.test(check.registrationNumber ?? ''))
      ctx.addIssue({
        code: 'custom',
        path: ['registrationNumber'],
        message: check.registrationNumber
          ? TRADE_CHECK_MESSAGES.niceicNumber
          : TRADE_CHECK_MESSAGES.registrationNumber,
      });
  });
export type TTradeCheckRequest = z.output<typeof ZTradeCheckRequest>;
export type TTradeCheckForm = z.input<typeof ZTradeCheckRequest>;

/** A check as admins see it: who recorded it and when, and who revoked it. */
export const ZTradeCheck = ZPublicTradeCheck.extend({
  id: z.uuid(),
  checkedBy: z.string().nullable().describe("The recording admin's email (null once their account is gone)"),
  revokedAt: isoInstant.nullable(),
  revokedBy: z.string().nullable(),
  active: z.boolean().describe('Not revoked and not expired: it counts towards the badge today'),
}).meta({ id: 'TradeCheck' });
export type TTradeCheck = z.output<typeof ZTradeCheck>;

/** GET /api/admin/contractors/{id}/checks. */
export const ZTradeCheckList = z
  .object({
    contractor: z.object({ id: z.uuid(), businessName: z.string(), verified: z.boolean() }),
    checks: z.array(ZTradeCheck).describe('Newest first, revoked and expired ones included'),
  })
  .meta({ id: 'TradeCheckList' });
export type TTradeCheckList = z.output<typeof ZTradeCheckList>;
