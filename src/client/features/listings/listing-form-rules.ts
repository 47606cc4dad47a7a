// The listing form's rules: the server's schema (ZPropertyListingContent) plus a full UK postcode, with words for the
// checks the schema leaves to zod's defaults; and the server's field errors matched to the form's fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { NATION_CONFIRM_MESSAGE } from '../../../domain/advert-rules';
import { FULL_POSTCODE_MESSAGE } from '../../../domain/listings';
import { isValidPostcode } from '../../../domain/postcodes';
import { ZPropertyListingContent } from '../../../domain/properties';
import { LISTING_FIELD_NAMES, type ListingFieldName } from './form-values';
import { formFindings, formNation } from './listing-law';

/**
 * The form's rules: the server's schema, a postcode that is a real UK postcode, and the law's refusals for the
 * home's nation (the server says the same). Warnings wait for the landlord's confirmation, beside the fields.
 */
const ZListingForm = ZPropertyListingContent.superRefine((listing, ctx) => {
  if (listing.postcode && !isValidPostcode(listing.postcode))
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: FULL_POSTCODE_MESSAGE });
  if (formNation(listing.postcode, listing.nation).needsChoice)
    ctx.addIssue({ code: 'custom', path: ['nation'], message: NATION_CONFIRM_MESSAGE });
  for (const finding of formFindings(listing)) {
    if (finding.kind === 'refuse')
      ctx.addIssue({ code: 'custom', path: [finding.field], message: finding.message });
  }
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
