// A listing's form content (ZPropertyListingContent) → the property row's columns. Used when a landlord
// submits and again when an admin approves, so both store exactly the same thing.

import { publicStreet } from '../../../domain/addresses';
import {
  CONFIRM_WORDING_MESSAGE,
  listingFindings,
  listingNation,
  NATION_CONFIRM_MESSAGE,
  nationOfRegion,
  refusals,
  type TListingFacts,
  type TNation,
  type TRuleFinding,
  warnings,
} from '../../../domain/advert-rules';
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
// lawPausesAt is set by the daily law check (law-check.ts); an approved edit clears it.

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

/** The nation of the listing's home: its district's, or in a border district the one its landlord confirmed. */
export function nationOfContent(content: TPropertyListingContent): TNation {
  const { district } = readPostcode(content.postcode);
  const nation = listingNation(district.outcode, nationOfRegion(district.region), content.nation);
  if (!nation) throw fieldError('contentData.nation', NATION_CONFIRM_MESSAGE);
  return nation;
}

/** The facts the law's rules read, from a listing's form content. */
export function factsOf(content: TPropertyListingContent): TListingFacts {
  return {
    title: content.title,
    description: content.description,
    amenities: content.amenities,
    monthlyRentPence: Math.round(content.monthlyRent * 100),
    depositPence: content.deposit === null ? null : Math.round(content.deposit * 100),
    holdingDepositPence: content.holdingDeposit === null ? null : Math.round(content.holdingDeposit * 100),
    epcRating: content.epcRating,
    epcExemption: content.epcExemption,
    landlordRegistrationNumber: content.landlordRegistrationNumber,
    occupationContract: content.occupationContract,
  };
}

/** The findings as the API's fieldErrors: each under its field of contentData. */
export function findingErrors(findings: readonly TRuleFinding[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const f of findings) {
    const key = `contentData.${f.field}`;
    errors[key] = [...(errors[key] ?? []), f.message];
  }
  return errors;
}

/**
 * The law's rules for the listing's nation on `day` (London): a refusal is a 400 naming the fields; a warning
 * is a 400 too unless the landlord confirmed the wording (confirmWording).
 */
export function assertListingLawful(content: TPropertyListingContent, day: string, confirmWording: boolean) {
  const findings = listingFindings(factsOf(content), nationOfContent(content), day);
  const refused = refusals(findings);
  if (refused.length > 0) throw new AppError('VALIDATION_FAILED', refused[0].message, findingErrors(refused));
  const warned = warnings(findings);
  if (warned.length > 0 && !confirmWording)
    throw new AppError('VALIDATION_FAILED', CONFIRM_WORDING_MESSAGE, {
      ...findingErrors(warned),
      confirmWording: [CONFIRM_WORDING_MESSAGE],
    });
}

/** The content as it is stored in the submission: postcode in its normal form, photos listed once each. */
export function normaliseContent(content: TPropertyListingContent): TPropertyListingContent {
  const { postcode } = readPostcode(content.postcode);
  return { ...content, postcode, nation: nationOfContent(content), images: [...new Set(content.images)] };
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
    depositPence: content.deposit === null ? null : Math.round(content.deposit * 100),
    holdingDepositPence: content.holdingDeposit === null ? null : Math.round(content.holdingDeposit * 100),
    address: content.address,
    // Written with the address, always: the keyword index is built from it (decision 0058).
    publicStreet: publicStreet(content.address),
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
    nation: nationOfContent(content),
    pets: content.pets,
    billsIncluded: content.billsIncluded,
    landlordRegistrationNumber: content.landlordRegistrationNumber,
    epcExemptionKind: content.epcExemption?.kind ?? null,
    epcExemptionReference: content.epcExemption?.reference ?? null,
    occupationContract: content.occupationContract,
    lawPausesAt: null,
  };
}
