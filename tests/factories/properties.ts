// Listings inserted directly (each test owns its data), placed at their district's centroid as the seed does.
import type { PropertyType } from '../../src/domain/constants';
import { normalisePostcode, outcodeOf } from '../../src/domain/postcodes';
import { properties, propertyImages } from '../../src/server/db/schema';
import { getOutcode, primaryTown } from '../../src/server/geo/outcodes';
import type { TestApp } from '../support/app';

let counter = 0;

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
  status?: 'pending' | 'live' | 'rejected' | 'withdrawn' | 'paused' | 'let';
  confirmedAt?: Date | null;
  letAgreedAt?: Date | null;
  liveUntil?: Date | null;
  createdAt?: Date;
  title?: string;
  description?: string;
  address?: string;
  location?: string | null;
  depositPence?: number | null;
  holdingDepositPence?: number | null;
  available?: boolean;
  availableFrom?: string | null;
  amenities?: string[];
  /** How many photos to attach (position 0 first). */
  images?: number;
}

export type Listing = typeof properties.$inferSelect;

export async function createListing(t: TestApp, options: ListingOptions): Promise<Listing> {
  counter += 1;
  const postcode = normalisePostcode(options.postcode ?? `${options.outcode ?? 'LS1'} 1AA`) ?? 'LS1 1AA';
  const outcode = outcodeOf(postcode);
  const district = getOutcode(outcode);
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
      address: options.address ?? `${counter} Test Street`,
      postcode,
      outcode,
      location: options.location === undefined ? (district ? primaryTown(district) : null) : options.location,
      lat: district?.lat ?? null,
      lng: district?.lng ?? null,
      available: options.available ?? true,
      availableFrom: options.availableFrom ?? null,
      amenities: options.amenities ?? [],
      status: options.status ?? 'live',
      liveUntil: options.liveUntil ?? null,
      confirmedAt: options.confirmedAt === undefined ? new Date() : options.confirmedAt,
      letAgreedAt: options.letAgreedAt ?? null,
      createdAt: options.createdAt ?? new Date(),
      publishedAt: options.status && options.status !== 'live' ? null : (options.createdAt ?? new Date()),
    })
    .returning();
  if (options.images) {
    await t.db.insert(propertyImages).values(
      Array.from({ length: options.images }, (_, position) => ({
        propertyId: listing.id,
        position,
        url: `/media/test/${listing.id}-${position}.webp`,
        thumbUrl: `/media/test/${listing.id}-${position}-thumb.webp`,
        width: 1200,
        height: 900,
        alt: `Photo ${position + 1}`,
      })),
    );
  }
  return listing;
}
