// The one listing factory: rows inserted directly (each test owns its data), placed at their district's centroid as
// the seed does, dated by the test's clock. listingContent is what the listing form sends.
import { publicStreet } from '../../src/domain/addresses';
import type { PropertyType } from '../../src/domain/constants';
import { normalisePostcode, outcodeOf } from '../../src/domain/postcodes';
import type { TPropertyListingContent } from '../../src/domain/properties';
import { properties, propertyImages } from '../../src/server/db/schema';
import { getOutcode, primaryTown } from '../../src/server/geo/outcodes';
import type { TestApp } from '../support/app';

let counter = 0;

export type ListingStatus = 'pending' | 'live' | 'rejected' | 'withdrawn' | 'paused' | 'let';

export interface ListingOptions {
  landlordId: string;
  /** Monthly rent in pounds. */
  rent?: number;
  /** The full postcode; its district (outcode) and the centroid come from it. */
  postcode?: string;
  /** A district, when no full postcode is given ("LS6" → "LS6 1AA"). */
  outcode?: string;
  bedrooms?: number | null;
  bathrooms?: number | null;
  area?: number | null;
  type?: PropertyType;
  status?: ListingStatus;
  confirmedAt?: Date | null;
  letAgreedAt?: Date | null;
  liveUntil?: Date | null;
  /** Defaults to the test clock's now. */
  createdAt?: Date;
  /** Defaults to createdAt for a live listing, null otherwise. */
  publishedAt?: Date | null;
  rentReducedAt?: Date | null;
  previousRentPence?: number | null;
  title?: string;
  description?: string;
  address?: string;
  location?: string | null;
  depositPence?: number | null;
  holdingDepositPence?: number | null;
  available?: boolean;
  availableFrom?: string | null;
  amenities?: string[];
  epcRating?: string | null;
  councilTaxBand?: string | null;
  /** The nation recorded on the listing (the migration's backfill gives old rows one). */
  nation?: string | null;
  /** How many photos to attach (position 0 first), or their URLs. */
  images?: number | string[];
}

export type Listing = typeof properties.$inferSelect;

export async function createListing(t: TestApp, options: ListingOptions): Promise<Listing> {
  counter += 1;
  const postcode = normalisePostcode(options.postcode ?? `${options.outcode ?? 'LS1'} 1AA`) ?? 'LS1 1AA';
  const outcode = outcodeOf(postcode);
  const district = getOutcode(outcode);
  if (!district) throw new Error(`unknown district ${outcode}`);
  const status = options.status ?? 'live';
  const createdAt = options.createdAt ?? new Date(t.clock.now);
  const address = options.address ?? `${counter} Test Street, ${primaryTown(district)}`;
  const [listing] = await t.db
    .insert(properties)
    .values({
      landlordId: options.landlordId,
      title: options.title ?? `Test home ${counter}`,
      description: options.description ?? 'A well kept home close to shops and transport.',
      propertyType: options.type ?? 'apartment',
      bedrooms: options.bedrooms === undefined ? 2 : options.bedrooms,
      bathrooms: options.bathrooms === undefined ? 1 : options.bathrooms,
      areaSqm: options.area === undefined ? 60 : options.area,
      monthlyRentPence: Math.round((options.rent ?? 1000) * 100),
      depositPence: options.depositPence ?? null,
      holdingDepositPence: options.holdingDepositPence ?? null,
      address,
      publicStreet: publicStreet(address),
      postcode,
      outcode,
      location: options.location === undefined ? primaryTown(district) : options.location,
      lat: district.lat,
      lng: district.lng,
      available: options.available ?? true,
      availableFrom: options.availableFrom ?? null,
      amenities: options.amenities ?? [],
      epcRating: options.epcRating ?? null,
      councilTaxBand: options.councilTaxBand ?? null,
      nation: options.nation ?? null,
      status,
      liveUntil: options.liveUntil ?? null,
      confirmedAt: options.confirmedAt === undefined ? createdAt : options.confirmedAt,
      letAgreedAt: options.letAgreedAt ?? null,
      rentReducedAt: options.rentReducedAt ?? null,
      previousRentPence: options.previousRentPence ?? null,
      createdAt,
      updatedAt: createdAt,
      publishedAt:
        options.publishedAt !== undefined ? options.publishedAt : status === 'live' ? createdAt : null,
    })
    .returning();
  const urls =
    typeof options.images === 'number'
      ? Array.from({ length: options.images }, (_, i) => `/media/test/${listing.id}-${i}.webp`)
      : (options.images ?? []);
  if (urls.length > 0) {
    await t.db.insert(propertyImages).values(
      urls.map((url, position) => ({
        propertyId: listing.id,
        position,
        url,
        thumbUrl: url.replace(/\.webp$/, '-thumb.webp'),
        width: 1200,
        height: 900,
        alt: `Photo ${position + 1}`,
      })),
    );
  }
  return listing;
}

/** The listing form's content, valid unless overridden. */
export function listingContent(overrides: Partial<Record<keyof TPropertyListingContent, unknown>> = {}) {
  return {
    title: 'Bright two bedroom flat near Leeds station',
    description: 'Second floor flat with a lift, a big kitchen and two double bedrooms.',
    propertyType: 'apartment',
    bedrooms: 2,
    bathrooms: 1,
    area: 64,
    monthlyRent: 1150,
    address: '12 Park Row, Leeds',
    postcode: 'ls14ap',
    availableFrom: '2030-09-01',
    amenities: ['Parking', 'Lift', 'Parking'],
    images: [] as string[],
    // EPC is required in every nation (src/domain/advert-rules.ts).
    epcRating: 'C',
    ...overrides,
  };
}
