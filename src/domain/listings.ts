// Contracts for landlords' listings (doc 1 "Landlord dashboard", §3 content submission, §7 calls) and for
// saved homes and searches (doc 1 "Tenant dashboard", §9 alert frequencies). Money crosses the API in pounds.
import { z } from 'zod';
import type { ALERT_FREQUENCIES, PropertyType, SUBMISSION_STATUSES } from './constants';
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
export interface TListingPhoto {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

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
});
export type TContentSubmissionRequest = z.output<typeof ZContentSubmissionRequest>;

export type TSubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export interface TSubmissionCreated {
  id: string;
  submissionStatus: 'pending';
  targetId: string;
  message: string;
}

/** GET /api/content-submissions/mine: one of the user's own submissions. */
export interface TOwnSubmission {
  id: string;
  contentType: 'property_listing' | 'contractor_profile';
  title: string | null;
  targetId: string | null;
  submissionStatus: TSubmissionStatus;
  adminNotes: string | null;
  createdAt: string;
  reviewedAt: string | null;
  contentData: unknown;
}

/** The newest review state of a landlord's property, shown on its dashboard card. */
export interface TListingReview {
  submissionId: string;
  submissionStatus: TSubmissionStatus;
  adminNotes: string | null;
  reviewedAt: string | null;
  submittedAt: string;
}

/** GET /api/properties/landlord/{landlordId}: everything the dashboard card and the edit form need. */
export interface TLandlordProperty {
  id: string;
  title: string;
  description: string;
  propertyType: PropertyType;
  bedrooms: number | null;
  bathrooms: number | null;
  area: number | null;
  monthlyRent: number;
  monthlyRentPence: number;
  deposit: number | null;
  holdingDeposit: number | null;
  address: string;
  postcode: string;
  location: string | null;
  availableFrom: string | null;
  available: boolean;
  amenities: string[];
  epcRating: string | null;
  councilTaxBand: string | null;
  furnished: 'furnished' | 'part_furnished' | 'unfurnished' | null;
  /** pending (never approved yet), live, rejected, withdrawn, paused (unconfirmed 21 days) or let. */
  status: 'pending' | 'live' | 'rejected' | 'withdrawn' | 'paused' | 'let';
  letAgreedAt: string | null;
  /** The last confirmation that it is still available. */
  confirmedAt: string | null;
  /** A live listing is paused at this instant unless confirmed first. */
  pausesAt: string | null;
  /** The 14-day confirmation is due: the dashboard asks for it. */
  confirmationDue: boolean;
  /** A let-agreed home leaves search at this instant. */
  leavesSearchAt: string | null;
  rentReducedAt: string | null;
  images: string[];
  imageUrl: string | null;
  thumbnailUrl: string | null;
  createdAt: string;
  publishedAt: string | null;
  latestSubmission: TListingReview | null;
}
