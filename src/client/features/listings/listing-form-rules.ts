// The listing form's rules: the server's schema (ZPropertyListingContent) plus a full UK postcode, with words for the
// checks the schema leaves to zod's defaults; and the server's field errors matched to the form's fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { FULL_POSTCODE_MESSAGE } from '../../../domain/listings';
import { isValidPostcode } from '../../../domain/postcodes';
import { ZPropertyListingContent } from '../../../domain/properties';
import { LISTING_FIELD_NAMES, type ListingFieldName } from './form-values';

/** The form's rules: the server's schema, and a postcode that is a real UK postcode (the server says the same). */
const ZListingForm = ZPropertyListingContent.superRefine((listing, ctx) => {
  if (listing.postcode && !isValidPostcode(listing.postcode))
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: FULL_POSTCODE_MESSAGE });
});

/** Words for the checks the schema leaves to zod's defaults; the schema's own messages come first. */
const MESSAGES: Partial<Record<ListingFieldName, string>> = {
  bedrooms: 'Bedrooms must be a whole number from 0 to 20',
  bathrooms: 'Bathrooms must be a whole number from 0 to 20',
  area: 'Area must be a whole number of square metres, up to 10,000',
  monthlyRent: 'Monthly rent must be between £1 and £100,000',
  deposit: 'Deposit must be £0 or more',
  holdingDeposit: 'Holding deposit must be £0 or more',
  address: 'Address must be at most 200 characters',
  postcode: FULL_POSTCODE_MESSAGE,
  availableFrom: 'Enter a date',
  amenities: 'Amenities are up to 30 short words, at most 40 characters each',
  images: 'A listing can have up to 20 photos',
};

export const listingResolver = zodResolver(ZListingForm, {
  error: (issue) => MESSAGES[String(issue.path?.[0]) as ListingFieldName],
});

/**
 * The server's field errors ("contentData.postcode", "contentData.images.3") as the form's fields and their first
 * message, in the server's order; errors about anything else are left to the toast.
 */
export function listingFieldErrors(
  fieldErrors: Record<string, string[] | undefined>,
): Array<[ListingFieldName, string]> {
  const placed: Array<[ListingFieldName, string]> = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const name = key.replace(/^contentData\./, '').split('.')[0] as ListingFieldName;
    const message = messages?.[0];
    if (!key.startsWith('contentData.') || !LISTING_FIELD_NAMES.includes(name) || !message) continue;
    placed.push([name, message]);
  }
  return placed;
}
