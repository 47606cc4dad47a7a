// Contracts for landlords' listings (doc 1 "Landlord dashboard", §3 content submission, §7 calls) and for
// saved homes and searches (doc 1 "Tenant dashboard", §9 alert frequencies). Money crosses the API in pounds.
import { z } from 'zod';
import { BILLS, EPC_EXEMPTION_KINDS, NATIONS, OCCUPATION_CONTRACTS, PET_POLICIES } from './advert-rules';
import {
  type ALERT_FREQUENCIES,
  CONTENT_TYPES,
  FURNISHED_STATES,
  PROPERTY_TYPES,
  SUBMISSION_STATUSES,
} from './constants';
import { ZPropertyListingContent } from './properties';

// ---- saved homes and searches ----

/** A premium user may keep this many saved searches; more becomes noise in their inbox. */
export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_LIMIT_MESSAGE = `You can save up to ${MAX_SAVED_SEARCHES} searches. Delete one to save another.`;

/** Doc 1 §9: instant (max 1 per hour), daily digest, weekly summary. */
export const ALERT_PERIOD_MS: Record<(typeof ALERT_FREQUENCIES)[number], number> = {
  instant: 60 * 60 * 1000,
  daily: 24 * 60 * 60 * 1000,
  weekly: 7 * 24 * 60 * 60 * 1000,
};

/** One alert email lists this many homes, then says how many more there are. */
export const ALERT_LISTINGS_PER_EMAIL = 10;

/** GET /api/property-interactions/summary: the signed-in user's live saved homes and distinct listings viewed. */
export const ZInteractionSummary = z.object({ saved: z.number().int(), viewed: z.number().int() });
export type TInteractionSummary = z.output<typeof ZInteractionSummary>;

// ---- listing photos ----

export const LISTING_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const LISTING_PHOTO_LARGE = 1600;
export const LISTING_PHOTO_THUMB = { width: 480, height: 360 } as const;
export const LISTING_PHOTO_SUBSCRIPTION_MESSAGE = 'Photo uploads require an active landlord subscription.';

/** POST /api/listing-photos reply: URLs to put in the listing's `images`. */
export const ZListingPhoto = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TListingPhoto = z.output<typeof ZListingPhoto>;

// ---- content submissions (property listings) ----

export const LISTING_SUBMITTED_MESSAGE =
  "Your property listing has been submitted for admin review. You'll be notified once approved.";
export const PENDING_CHANGE_MESSAGE = 'This property already has a change waiting for review.';
export const FULL_POSTCODE_MESSAGE = 'Enter a full UK postcode';
export const UPLOADED_PHOTOS_ONLY_MESSAGE = 'Photos must be uploaded with the photo uploader.';
export const LISTING_SUBSCRIPTION_MESSAGE = 'Listing properties requires an active landlord subscription.';

/** POST /api/content-submissions. Only property listings come through here; targetId = the landlord's property to edit. */
export const ZContentSubmissionRequest = z.strictObject({
  contentType: z.literal('property_listing', { error: 'Only property listings can be submitted here' }),
  contentData: ZPropertyListingContent,
  targetId: z.uuid({ error: 'Unknown property' }).nullish(),
  /** The landlord read the notes on wording that may put off lawful tenants and confirms it is meant lawfully. */
  confirmWording: z.boolean().default(false),
});
export type TContentSubmissionRequest = z.output<typeof ZContentSubmissionRequest>;

export type TSubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

const isoInstant = z.string().describe('ISO 8601 instant');

/** POST /api/content-submissions: the submission waits for review. */
export const ZSubmissionCreated = z.object({
  id: z.uuid(),
  submissionStatus: z.literal('pending'),
  targetId: z.uuid().describe('The property it creates or changes'),
  message: z.string(),
});
export type TSubmissionCreated = z.output<typeof ZSubmissionCreated>;

/** GET /api/content-submissions/mine: one of the user's own submissions. */
export const ZOwnSubmission = z.object({
  id: z.uuid(),
  contentType: z.enum(CONTENT_TYPES),
  title: z.string().nullable(),
  targetId: z.uuid().nullable(),
  submissionStatus: z.enum(SUBMISSION_STATUSES),
  adminNotes: z.string().nullable(),
  createdAt: isoInstant,
  reviewedAt: isoInstant.nullable(),
  contentData: z.unknown().describe('The content as submitted'),
});
export type TOwnSubmission = z.output<typeof ZOwnSubmission>;

/** The newest review state of a landlord's property, shown on its dashboard card. */
export const ZListingReview = z.object({
  submissionId: z.uuid(),
  submissionStatus: z.enum(SUBMISSION_STATUSES),
  adminNotes: z.string().nullable(),
  reviewedAt: isoInstant.nullable(),
  submittedAt: isoInstant,
});
export type TListingReview = z.output<typeof ZListingReview>;

/** GET /api/properties/landlord/{landlordId}: everything the dashboard card and the edit form need. */
export const PROPERTY_STATUSES = ['pending', 'live', 'rejected', 'withdrawn', 'paused', 'let'] as const;

export const ZLandlordProperty = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    propertyType: z.enum(PROPERTY_TYPES),
    bedrooms: z.number().int().nullable(),
    bathrooms: z.number().int().nullable(),
    area: z.number().nullable(),
    monthlyRent: z.number().describe('Pounds a month'),
    monthlyRentPence: z.number().int(),
    deposit: z.number().nullable().describe('Pounds'),
    holdingDeposit: z.number().nullable().describe('Pounds'),
    address: z.string(),
    postcode: z.string(),
    location: z.string().nullable(),
    availableFrom: z.string().nullable().describe('A calendar day, YYYY-MM-DD'),
    available: z.boolean(),
    amenities: z.array(z.string()),
    epcRating: z.string().nullable(),
    councilTaxBand: z.string().nullable(),
    furnished: z.enum(FURNISHED_STATES).nullable(),
    nation: z.enum(NATIONS).nullable(),
    pets: z.enum(PET_POLICIES).nullable(),
    billsIncluded: z.array(z.enum(BILLS)),
    landlordRegistrationNumber: z.string().nullable(),
    epcExemption: z.object({ kind: z.enum(EPC_EXEMPTION_KINDS), reference: z.string() }).nullable(),
    occupationContract: z.enum(OCCUPATION_CONTRACTS).nullable(),
    lawPausesAt: isoInstant
      .nullable()
      .describe('A rule in force that the live listing breaks: it pauses at this instant unless fixed first'),
    status: z
      .enum(PROPERTY_STATUSES)
      .describe(
        'pending (never approved yet), live, rejected, withdrawn, paused (unconfirmed 21 days) or let',
      ),
    letAgreedAt: isoInstant.nullable(),
    confirmedAt: isoInstant.nullable().describe('The last confirmation that it is still available'),
    pausesAt: isoInstant
      .nullable()
      .describe('A live listing is paused at this instant unless confirmed first'),
    confirmationDue: z.boolean().describe('The 14-day confirmation is due: the dashboard asks for it'),
    leavesSearchAt: isoInstant.nullable().describe('A let-agreed home leaves search at this instant'),
    rentReducedAt: isoInstant.nullable(),
    upcomingViewings: z
      .number()
      .int()
      .describe(
        'Booked and confirmed viewings still to come: Let agreed or Delete cancels them (said before)',
      ),
    openApplications: z
      .number()
      .int()
      .describe('Applications still waiting on a decision: Let agreed or Delete declines them (said before)'),
    images: z.array(z.string()),
    imageUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    createdAt: isoInstant,
    publishedAt: isoInstant.nullable(),
    latestSubmission: ZListingReview.nullable(),
  })
  .meta({ id: 'LandlordProperty' });
export type TLandlordProperty = z.output<typeof ZLandlordProperty>;

/** Let agreed, relisted or confirmed available: the listing's new state. */
export const ZListingStatusChange = z.object({
  id: z.uuid(),
  status: z.enum(PROPERTY_STATUSES),
  letAgreedAt: isoInstant.nullable(),
  confirmedAt: isoInstant.nullable(),
  message: z.string(),
});
export type TListingStatusChange = z.output<typeof ZListingStatusChange>;

/** One run of the listing lifecycle job. */
export const ZLifecycleRun = z.object({
  skipped: z.boolean().describe('Another instance held the lock'),
  reminded: z.number().int(),
  paused: z.number().int(),
  let: z.number().int(),
  reductionsNotified: z.number().int(),
});
export type TLifecycleRun = z.output<typeof ZLifecycleRun>;
