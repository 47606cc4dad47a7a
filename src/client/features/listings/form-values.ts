// The listing form's values (doc 1 §5 property form): their shape, the empty form, a landlord's property in that
// shape for Edit, and how the inputs' text becomes values (numbers and dates, or null for "not given").
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { TLandlordProperty } from '../../../domain/listings';
import type { TPropertyListingContent, ZPropertyListingContent } from '../../../domain/properties';

export type PropertyFormValues = z.input<typeof ZPropertyListingContent>;
export type ListingFieldName = keyof PropertyFormValues;
/** The form as react-hook-form holds it: what is typed in, what the rules give out. */
export type ListingForm = UseFormReturn<PropertyFormValues, unknown, TPropertyListingContent>;

export const EMPTY_LISTING: PropertyFormValues = {
  title: '',
  description: '',
  propertyType: '' as PropertyFormValues['propertyType'],
  bedrooms: null,
  bathrooms: null,
  area: null,
  monthlyRent: undefined as unknown as number,
  deposit: null,
  holdingDeposit: null,
  address: '',
  postcode: '',
  availableFrom: null,
  available: true,
  amenities: [],
  epcRating: null,
  councilTaxBand: null,
  furnished: null,
  images: [],
  pets: null,
  billsIncluded: [],
  landlordRegistrationNumber: null,
  epcExemption: null,
  occupationContract: null,
  nation: null,
};

export const LISTING_FIELD_NAMES = Object.keys(EMPTY_LISTING) as ListingFieldName[];

const blank = (v: unknown) => v === '' || v === null || v === undefined;
/** An optional number field: empty is null ("not given"), anything else its number. */
export const numberOrNull = (v: unknown) => (blank(v) ? null : Number(v));
/** A required number field: empty is undefined, which the rules call missing. */
export const numberOrUndefined = (v: unknown) => (blank(v) ? undefined : Number(v));
/** An optional text or choice field: empty is null. */
export const textOrNull = (v: unknown) => (blank(v) ? null : String(v));

/** A landlord's property (GET /api/properties/landlord/{id}) in the listing form's shape, for Edit. */
export function formValuesOf(property: TLandlordProperty): PropertyFormValues {
  return {
    title: property.title,
    description: property.description,
    propertyType: property.propertyType,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms,
    area: property.area,
    monthlyRent: property.monthlyRent,
    deposit: property.deposit,
    holdingDeposit: property.holdingDeposit,
    address: property.address,
    postcode: property.postcode,
    availableFrom: property.availableFrom ? property.availableFrom.slice(0, 10) : null,
    available: property.available,
    amenities: property.amenities,
    epcRating: property.epcRating as PropertyFormValues['epcRating'],
    councilTaxBand: property.councilTaxBand as PropertyFormValues['councilTaxBand'],
    furnished: property.furnished,
    images: property.images,
    pets: property.pets,
    billsIncluded: property.billsIncluded,
    landlordRegistrationNumber: property.landlordRegistrationNumber,
    epcExemption: property.epcExemption,
    occupationContract: property.occupationContract,
    nation: property.nation,
  };
}
