// A landlord's property (GET /api/properties/landlord/{id}) in the listing form's shape, for Edit.
import type { TLandlordProperty } from '../../../domain/listings';
import type { PropertyFormValues } from './components/property-form';

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
  };
}
