// Crawler-visible head for /properties/{id}: the listing's own title, meta description and schema.org
// JSON-LD in the served HTML (no JavaScript needed). Titles ≤ 60 and descriptions 121-160 characters
// (doc 2 §9 SEO checks); offers valid for 90 days by default (doc 1 §9 structured data).
import { addressFor } from '../../../domain/addresses';
import { BRAND_NAME, type PropertyType } from '../../../domain/constants';
import { formatPence } from '../../../domain/money';
import { NOT_FOUND_META, type PageMeta } from '../../../domain/pages';
import { escapeHtml } from '../../mail/mailer';
import { detailPathId, type HeadResolver, jsonLdScript } from '../../plugins/site';
import { excerpt } from './presenter';
import { findPropertyImages, type PropertyImageRow, type PropertyWithLandlord } from './queries';
import { findViewableProperty, isLive } from './service';

export const TITLE_MAX = 60;
export const DESCRIPTION_MIN = 121;
export const DESCRIPTION_MAX = 160;
export const OFFER_VALID_DAYS = 90;

export const PROPERTY_NOT_FOUND_META: PageMeta = {
  title: `Property Not Found | ${BRAND_NAME}`,
  description: NOT_FOUND_META.description,
  noindex: true,
};

type Listing = PropertyWithLandlord['property'];

/** "Cosy flat near the park — £1,250 pcm | Your Place", the listing title shortened to fit 60 characters. */
export function propertyTitle(listing: Pick<Listing, 'title' | 'monthlyRentPence'>): string {
  const suffix = ` — ${formatPence(listing.monthlyRentPence)} pcm | ${BRAND_NAME}`;
  return `${excerpt(listing.title, TITLE_MAX - suffix.length)}${suffix}`;
}

const TYPE_NOUN: Record<PropertyType, string> = {
  apartment: 'flat',
  house: 'house',
  studio: 'studio flat',
  room: 'room',
};

function kindOf(listing: Pick<Listing, 'propertyType' | 'bedrooms'>): string {
  const noun = TYPE_NOUN[listing.propertyType];
  if (listing.propertyType === 'studio' || listing.bedrooms === 0) return 'Studio flat';
  if (listing.propertyType === 'room' || listing.bedrooms === null)
    return noun[0].toUpperCase() + noun.slice(1);
  return `${listing.bedrooms} bedroom ${noun}`;
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function availability(listing: Pick<Listing, 'available' | 'availableFrom'>, now: Date): string {
  if (!listing.available) return 'currently let';
  if (!listing.availableFrom || new Date(`${listing.availableFrom}T00:00:00Z`) <= now) return 'available now';
  return `available from ${longDate.format(new Date(`${listing.availableFrom}T00:00:00Z`))}`;
}

const FILLERS = [
  `Vetted by ${BRAND_NAME} before going live, with no hidden fees.`,
  'Photos, deposit and landlord details inside.',
];

/** 121-160 characters: beds, type, place, rent and availability first, then the landlord's own words. */
export function propertyDescription(
  listing: Pick<
    Listing,
    | 'propertyType'
    | 'bedrooms'
    | 'location'
    | 'outcode'
    | 'monthlyRentPence'
    | 'available'
    | 'availableFrom'
    | 'description'
  >,
  now: Date,
): string {
  const place = [listing.location, listing.outcode].filter(Boolean).join(' ');
  const lead = `${kindOf(listing)} to rent in ${place} for ${formatPence(listing.monthlyRentPence)} pcm, ${availability(listing, now)}.`;
  let text = lead;
  const own = listing.description.replace(/\s+/g, ' ').trim();
  if (own) text += ` ${own}`;
  for (const filler of FILLERS) if (text.length < DESCRIPTION_MIN) text += ` ${filler}`;
  if (text.length <= DESCRIPTION_MAX) return text;
  // Cut at the last word boundary that still leaves at least the minimum, with an ellipsis.
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  const kept = space >= DESCRIPTION_MIN ? cut.slice(0, space).replace(/[\s,.;:!?-]+$/, '') : cut;
  return `${kept.length >= DESCRIPTION_MIN ? kept : cut}…`;
}

const SCHEMA_TYPE: Record<PropertyType, string> = {
  apartment: 'Apartment',
  studio: 'Apartment',
  house: 'House',
  room: 'Room',
};

function absolute(url: string, publicUrl: string): string {
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** schema.org RealEstateListing: the home (Accommodation) and its rental Offer. */
export function propertyJsonLd(
  listing: Listing,
  images: Pick<PropertyImageRow, 'url'>[],
  options: { publicUrl: string; now: Date },
): Record<string, unknown> {
  const url = `${options.publicUrl}/properties/${listing.id}`;
  const price = listing.monthlyRentPence / 100;
  const validThrough = new Date(options.now.getTime() + OFFER_VALID_DAYS * 86_400_000);
  const imageUrls = images.map((image) => absolute(image.url, options.publicUrl));
  const rooms = listing.propertyType === 'studio' ? 1 : listing.bedrooms;
  // For search engines and everyone who reads the page's source: the street and district only (decision 0058).
  const shown = addressFor(listing, 'street');
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: listing.title,
    description: excerpt(listing.description, 500),
    url,
    datePosted: (listing.publishedAt ?? listing.createdAt).toISOString(),
    ...(imageUrls.length ? { image: imageUrls } : {}),
    mainEntity: {
      '@type': SCHEMA_TYPE[listing.propertyType],
      name: listing.title,
      ...(rooms !== null ? { numberOfRooms: rooms } : {}),
      ...(listing.bedrooms !== null ? { numberOfBedrooms: listing.bedrooms } : {}),
      ...(listing.bathrooms !== null ? { numberOfBathroomsTotal: listing.bathrooms } : {}),
      ...(listing.areaSqm !== null
        ? {
            floorSize: {
              '@type': 'QuantitativeValue',
              value: listing.areaSqm,
              unitCode: 'MTK',
              unitText: 'm²',
            },
          }
        : {}),
      address: {
        '@type': 'PostalAddress',
        ...(shown.address ? { streetAddress: shown.address } : {}),
        ...(listing.location ? { addressLocality: listing.location } : {}),
        postalCode: shown.postcode,
        addressCountry: 'GB',
      },
      ...(listing.amenities.length
        ? {
            amenityFeature: listing.amenities.map((name) => ({
              '@type': 'LocationFeatureSpecification',
              name,
              value: true,
            })),
          }
        : {}),
      ...(imageUrls.length ? { image: imageUrls } : {}),
    },
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'GBP',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'GBP',
        unitCode: 'MON',
        unitText: 'per month',
      },
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      availability: listing.available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      ...(listing.availableFrom ? { availabilityStarts: listing.availableFrom } : {}),
      validThrough: validThrough.toISOString(),
    },
  };
}

const PROPERTY_PATH = /^\/properties\/([^/]+)\/?$/;

export const propertyHeadResolver: HeadResolver = async (request, pathname) => {
  const id = detailPathId(PROPERTY_PATH, pathname);
  if (id === null) return null;
  if (id === false) return { meta: PROPERTY_NOT_FOUND_META, status: 404 };
  const ctx = request.server.ctx;
  const row = await findViewableProperty(ctx, id, request.auth?.user ?? null);
  if (!row) return { meta: PROPERTY_NOT_FOUND_META, status: 404 };
  const now = ctx.now();
  const listing = row.property;
  const meta: PageMeta = { title: propertyTitle(listing), description: propertyDescription(listing, now) };
  // The landlord's preview of a listing not (or no longer) live: theirs to see, not for search engines.
  if (!isLive(listing, now)) return { meta: { ...meta, noindex: true } };
  // Where browsers fetch them: MEDIA_PUBLIC_URL's address when it is set (absolute already), else the site's.
  const images = (await findPropertyImages(ctx.db, listing.id)).map((image) => ({
    url: ctx.mediaUrls.publicUrl(image.url),
  }));
  const head = [jsonLdScript(propertyJsonLd(listing, images, { publicUrl: ctx.config.publicUrl, now }))];
  if (images[0]) {
    head.push(
      `<meta property="og:image" content="${escapeHtml(absolute(images[0].url, ctx.config.publicUrl))}" />`,
    );
  }
  return { meta, head: head.join('\n    ') };
};
