// Rows become the card, page and detail shapes of src/domain/properties.ts here and nowhere else.
import { type AddressPrecision, addressFor } from '../../../domain/addresses';
import {
  BILLS,
  EPC_EXEMPTION_KINDS,
  NATIONS,
  nationOfOutcode,
  OCCUPATION_CONTRACTS,
  oneOf,
  PET_POLICIES,
  type TNation,
} from '../../../domain/advert-rules';
import { markerPosition, type TPropertyCard, type TPropertyDetail } from '../../../domain/properties';
import { getOutcode } from '../../geo/outcodes';
import type { MediaUrls } from '../../media/urls';
import type { PropertyCardRow, PropertyImageRow, PropertyWithLandlord } from './queries';

/** A card shows two lines of description; ~300 characters is plenty and keeps the page small. */
export const CARD_EXCERPT_CHARS = 300;

/** Text cut to at most `max` characters at a word boundary, with an ellipsis when anything was cut. */
export function excerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

const pounds = (pence: number) => pence / 100;

/** The marker position: the district centroid (stored, else from the postcode data) plus the listing's own offset. */
function markerFor(id: string, row: { lat: number | null; lng: number | null; outcode: string }) {
  const centroid =
    row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : getOutcode(row.outcode);
  return centroid ? markerPosition(id, centroid) : { lat: null, lng: null };
}

export function toPropertyCard(row: PropertyCardRow, media: MediaUrls): TPropertyCard {
  const rent = pounds(row.monthlyRentPence);
  const card: TPropertyCard = {
    id: row.id,
    title: row.title,
    description: excerpt(row.description, CARD_EXCERPT_CHARS),
    propertyType: row.propertyType,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    area: row.areaSqm,
    monthlyRent: rent,
    monthlyRentPence: row.monthlyRentPence,
    rent,
    // A card is the same for everyone (and kept in the search cache): the street and district only (decision 0058),
    // read from the stored public form, so the full address never leaves the database for a card.
    address: row.publicStreet,
    postcode: row.outcode,
    outcode: row.outcode,
    location: row.location,
    ...markerFor(row.id, row),
    available: row.available,
    availableFrom: row.availableFrom,
    letAgreedAt: row.letAgreedAt ? new Date(row.letAgreedAt).toISOString() : null,
    rentReducedAt: row.rentReducedAt ? new Date(row.rentReducedAt).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    thumbnailUrl: media.publicUrl(row.thumbnailUrl),
    saved: row.saved,
  };
  if (row.distanceMiles !== null) card.distanceMiles = Math.round(row.distanceMiles * 10) / 10;
  return card;
}

export function toPropertyDetail(
  row: PropertyWithLandlord,
  images: PropertyImageRow[],
  media: MediaUrls,
  viewer: {
    saved: boolean;
    showContact: boolean;
    /** full for the landlord, admins and a tenant with a confirmed viewing (service.ts decides). */
    addressPrecision: AddressPrecision;
    conversationId?: string | null;
    responseTime?: string | null;
  },
): TPropertyDetail {
  const p = row.property;
  const rent = pounds(p.monthlyRentPence);
  const exemptionKind = oneOf(EPC_EXEMPTION_KINDS, p.epcExemptionKind);
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    propertyType: p.propertyType,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    area: p.areaSqm,
    monthlyRent: rent,
    monthlyRentPence: p.monthlyRentPence,
    rent,
    ...addressFor(p, viewer.addressPrecision),
    outcode: p.outcode,
    location: p.location,
    ...markerFor(p.id, p),
    available: p.available,
    availableFrom: p.availableFrom,
    createdAt: p.createdAt.toISOString(),
    images: images.map((image) => ({
      url: media.publicUrl(image.url),
      thumbUrl: media.publicUrl(image.thumbUrl),
      width: image.width,
      height: image.height,
      alt: image.alt,
    })),
    amenities: p.amenities,
    // Exactly what the landlord gave: a blank deposit is "Not stated", never a computed cap.
    deposit: p.depositPence === null ? null : pounds(p.depositPence),
    depositPence: p.depositPence,
    holdingDepositPence: p.holdingDepositPence,
    epcRating: p.epcRating,
    epcExemption:
      exemptionKind && p.epcExemptionReference
        ? { kind: exemptionKind, reference: p.epcExemptionReference }
        : null,
    councilTaxBand: p.councilTaxBand,
    furnished: p.furnished,
    nation: oneOf<TNation>(NATIONS, p.nation) ?? nationOfOutcode(p.outcode),
    pets: oneOf(PET_POLICIES, p.pets),
    billsIncluded: p.billsIncluded.filter((b): b is (typeof BILLS)[number] =>
      (BILLS as readonly string[]).includes(b),
    ),
    landlordRegistrationNumber: p.landlordRegistrationNumber,
    occupationContract: oneOf(OCCUPATION_CONTRACTS, p.occupationContract),
    landlordId: p.landlordId,
    landlord: viewer.showContact
      ? {
          firstName: row.landlord.firstName,
          lastName: row.landlord.lastName,
          email: row.landlord.email,
          phone: row.landlord.phone,
        }
      : null,
    saved: viewer.saved,
    publishedAt: p.publishedAt ? p.publishedAt.toISOString() : null,
    status: p.status,
    letAgreedAt: p.letAgreedAt ? p.letAgreedAt.toISOString() : null,
    rentReducedAt: p.rentReducedAt ? p.rentReducedAt.toISOString() : null,
    previousRentPence: p.rentReducedAt ? p.previousRentPence : null,
    conversationId: viewer.conversationId ?? null,
    responseTime: viewer.responseTime ?? null,
  };
}
