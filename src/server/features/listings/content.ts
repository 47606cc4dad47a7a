// A listing's form content (ZPropertyListingContent) → the property row's columns. Used when a landlord
// submits and again when an admin approves, so both store exactly the same thing.
import { depositPence } from '../../../domain/deposit';
import { AppError } from '../../../domain/errors';
import { FULL_POSTCODE_MESSAGE } from '../../../domain/listings';
import { normalisePostcode } from '../../../domain/postcodes';
import type { TPropertyListingContent } from '../../../domain/properties';
import type { properties } from '../../db/schema';
import { outcodeForPostcode, primaryTown } from '../../geo/outcodes';

export type ListingColumns = Omit<
  typeof properties.$inferInsert,
  | 'id'
  | 'landlordId'
  | 'status'
  | 'liveUntil'
  | 'isDemo'
  | 'searchVector'
  | 'publishedAt'
  | 'createdAt'
  | 'updatedAt'
>;

export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}

/** "ls14ap" → "LS1 4AP" and its district; a 400 unless it is a full postcode in a district we know. */
export function readPostcode(input: string) {
  const postcode = normalisePostcode(input);
  const district = postcode ? outcodeForPostcode(postcode) : undefined;
  if (!postcode || !district) throw fieldError('contentData.postcode', FULL_POSTCODE_MESSAGE);
  return { postcode, district };
}

/**
 * The content as it is stored in the submission: postcode in its normal form, the deposit capped at the legal
 * maximum (Tenant Fees Act 2019), photos listed once each.
 */
export function normaliseContent(content: TPropertyListingContent): TPropertyListingContent {
  const { postcode } = readPostcode(content.postcode);
  const rentPence = Math.round(content.monthlyRent * 100);
  const deposit =
    content.deposit === null ? null : depositPence(rentPence, Math.round(content.deposit * 100)) / 100;
  return { ...content, postcode, deposit, images: [...new Set(content.images)] };
}

export function listingColumns(content: TPropertyListingContent): ListingColumns {
  const { postcode, district } = readPostcode(content.postcode);
  const monthlyRentPence = Math.round(content.monthlyRent * 100);
  return {
    title: content.title,
    description: content.description,
    propertyType: content.propertyType,
    bedrooms: content.bedrooms,
    bathrooms: content.bathrooms,
    areaSqm: content.area,
    monthlyRentPence,
    depositPence:
      content.deposit === null ? null : depositPence(monthlyRentPence, Math.round(content.deposit * 100)),
    holdingDepositPence: content.holdingDeposit === null ? null : Math.round(content.holdingDeposit * 100),
    address: content.address,
    postcode,
    outcode: district.outcode,
    location: primaryTown(district),
    // The district centroid, as for every listing: the map offsets markers itself.
    lat: district.lat,
    lng: district.lng,
    availableFrom: content.availableFrom,
    available: content.available,
    amenities: content.amenities,
    epcRating: content.epcRating,
    councilTaxBand: content.councilTaxBand,
    furnished: content.furnished,
  };
}
