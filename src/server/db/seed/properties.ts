// Seeded listings over real postcode districts: weighted toward the big cities, rents by region and size.
import { randomUUID } from 'node:crypto';
import { publicStreet } from '../../../domain/addresses';
import { BILLS, depositCapPence, nationOfRegion, type TNation } from '../../../domain/advert-rules';
import { maxHoldingDepositPence } from '../../../domain/deposit';
import { allOutcodes, type Outcode, primaryTown } from '../../geo/outcodes';
import { properties, propertyImages } from '../schema';
import { insertInBatches } from './batch';
import type { SeedContext } from './context';
import { type HouseStyle, type ListingFacts, listingDescription, listingTitle } from './listing-text';
import { BUILDING_NAMES, streetName } from './names';
import { type DemoPhoto, demoPhoto, demoPhotoUrls, type PhotoKind, photosOfKind } from './photos';
import { addDays, isoDate, pastDate, type Random, weightedTable } from './random';

export type PropertyRow = typeof properties.$inferInsert;
export type PropertyImageRow = typeof propertyImages.$inferInsert;

export interface GeneratedListing {
  property: PropertyRow & { id: string };
  images: PropertyImageRow[];
}

export const AMENITIES = [
  'WiFi',
  'Parking',
  'Garden',
  'Pets allowed',
  'Gym',
  'Balcony',
  'Dishwasher',
  'Washing machine',
  'Bike storage',
  'Lift',
] as const;

/** The eight inner London postcode areas; the outer London boroughs (BR, CR, HA, ...) are cheaper. */
export const LONDON_AREAS: ReadonlySet<string> = new Set(['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC']);
/** The spec's other map cities (doc 1 §9), given more listings. */
export const MAJOR_CITY_AREAS: ReadonlySet<string> = new Set([
  'M',
  'B',
  'L',
  'LS',
  'S',
  'BS',
  'NE',
  'CF',
  'EH',
  'G',
]);
const LARGE_TOWN_AREAS: ReadonlySet<string> = new Set(
  'NG LE CV OX CB BN SO PO RG NR YO HU DE PL EX AB DD SA MK WF BD HD PR BL OL SK WA CH NN PE SN GL BA BH NP WV'.split(
    ' ',
  ),
);

/** Geographic districts with a post town: the only places a demo listing can be. */
export function listableDistricts(): Outcode[] {
  return allOutcodes().filter((o) => !o.nonGeographic && o.postTown !== '');
}

function districtWeight(d: Outcode): number {
  if (LONDON_AREAS.has(d.area)) return 6;
  if (MAJOR_CITY_AREAS.has(d.area)) return 4;
  if (LARGE_TOWN_AREAS.has(d.area)) return 2;
  return 1;
}

/** Typical monthly rent in pounds for a two bedroom flat, by ONS region (2024 levels, rounded). */
const REGION_RENT: Record<string, number> = {
  London: 2000,
  'South East': 1350,
  'East of England': 1200,
  'South West': 1100,
  'West Midlands': 950,
  'East Midlands': 900,
  'North West': 925,
  'Yorkshire and The Humber': 850,
  'North East': 725,
  Wales: 825,
  Scotland: 900,
};

/** Areas dearer (or cheaper) than their region. */
const AREA_RENT_FACTOR: Record<string, number> = {
  EC: 1.35,
  WC: 1.35,
  OX: 1.3,
  CB: 1.3,
  EH: 1.3,
  BS: 1.25,
  BN: 1.2,
  GU: 1.15,
  AL: 1.15,
  KT: 1.15,
  M: 1.12,
  LS: 1.1,
  G: 1.1,
  CF: 1.1,
  RG: 1.1,
  B: 1.05,
};

const PRIME_LONDON = /^(W1[A-Z]?|SW1[A-Z]|SW3|SW5|SW7|SW10|W2|W8|W11|NW1|NW3|NW8|E1W|SE1|N1|N1C|E14)$/;

function rentFactorForPlace(d: Outcode): number {
  let factor = AREA_RENT_FACTOR[d.area] ?? 1;
  if (PRIME_LONDON.test(d.outcode)) factor *= 1.35;
  else if (d.region === 'London' && !LONDON_AREAS.has(d.area)) factor *= 0.82;
  return factor;
}

function sizeFactor(
  type: ListingFacts['propertyType'],
  bedrooms: number,
  roomSize: 'single' | 'double',
): number {
  switch (type) {
    case 'room':
      return roomSize === 'single' ? 0.42 : 0.5;
    case 'studio':
      return 0.7;
    case 'apartment':
      return [0, 0.8, 1, 1.25][bedrooms] ?? 1.25;
    case 'house':
      return [0, 0, 1.05, 1.25, 1.5, 1.8][bedrooms] ?? 1.8;
  }
}

/** Pounds, rounded the way adverts are: to £5 under £1,000, to £25 above. */
export function roundRent(pounds: number): number {
  return pounds < 1000 ? Math.round(pounds / 5) * 5 : Math.round(pounds / 25) * 25;
}

/**
 * What the law of the home's nation asks the demo listing to state (src/domain/advert-rules.ts), chosen without
 * the random stream so the rest of the demo data stays as it was: no F or G home without a registered exemption
 * (a third get one, the rest were improved to E), Scottish listings with their landlord's registration number,
 * Welsh ones with their occupation contract, bills as the description states them.
 */
export function lawfulDemoFacts(
  nation: TNation,
  drawnEpc: string,
  id: string,
  landlordId: string,
  description: string,
) {
  const n = Number.parseInt(id.slice(0, 8), 16);
  const belowE = (nation === 'england' || nation === 'wales') && (drawnEpc === 'F' || drawnEpc === 'G');
  const exempt = belowE && n % 3 === 0;
  // A made-up number in the register's format (123456/230/45678), the same for all of a landlord's homes.
  const reg = Number.parseInt(landlordId.replace(/-/g, '').slice(0, 12), 16);
  const registration = [
    (reg % 900_000) + 100_000,
    (Math.floor(reg / 1_000) % 900) + 100,
    (Math.floor(reg / 1_000_000) % 90_000) + 10_000,
  ].join('/');
  return {
    nation,
    epcRating: belowE && !exempt ? 'E' : drawnEpc,
    epcExemptionKind: exempt ? (n % 2 === 0 ? 'high_cost' : 'all_improvements_made') : null,
    epcExemptionReference: exempt ? `PRSE-${id.slice(0, 8).toUpperCase()}` : null,
    landlordRegistrationNumber: nation === 'scotland' ? registration : null,
    occupationContract: nation === 'wales' ? 'standard_periodic' : null,
    billsIncluded: description.includes('All bills are included')
      ? BILLS.filter((b) => b !== 'tv_licence')
      : [],
  };
}

/** Five weeks' rent, rounded down to the penny (Tenant Fees Act 2019 cap under £50k a year). */
export function fiveWeeksRentPence(monthlyRentPence: number): number {
  return Math.floor((monthlyRentPence * 12 * 5) / 52);
}

function inwardCode(random: Random): string {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  return `${random.int(0, 9)}${random.pick([...letters])}${random.pick([...letters])}`;
}

function pickType(random: Random, d: Outcode): ListingFacts['propertyType'] {
  if (LONDON_AREAS.has(d.area)) {
    return random.weighted([
      ['apartment', 55],
      ['house', 12],
      ['studio', 13],
      ['room', 20],
    ]);
  }
  if (MAJOR_CITY_AREAS.has(d.area)) {
    return random.weighted([
      ['apartment', 45],
      ['house', 28],
      ['studio', 9],
      ['room', 18],
    ]);
  }
  return random.weighted([
    ['apartment', 30],
    ['house', 50],
    ['studio', 5],
    ['room', 15],
  ]);
}

const AMENITY_ODDS: Record<(typeof AMENITIES)[number], Record<ListingFacts['propertyType'], number>> = {
  WiFi: { apartment: 0.35, house: 0.2, studio: 0.5, room: 0.9 },
  Parking: { apartment: 0.35, house: 0.65, studio: 0.15, room: 0.3 },
  Garden: { apartment: 0.15, house: 0.8, studio: 0.05, room: 0.5 },
  'Pets allowed': { apartment: 0.15, house: 0.3, studio: 0.1, room: 0.1 },
  Gym: { apartment: 0.15, house: 0.02, studio: 0.15, room: 0.03 },
  Balcony: { apartment: 0.35, house: 0.05, studio: 0.15, room: 0.05 },
  Dishwasher: { apartment: 0.5, house: 0.55, studio: 0.2, room: 0.4 },
  'Washing machine': { apartment: 0.85, house: 0.9, studio: 0.7, room: 0.85 },
  'Bike storage': { apartment: 0.3, house: 0.15, studio: 0.2, room: 0.15 },
  Lift: { apartment: 0.3, house: 0, studio: 0.25, room: 0.05 },
};

function pickAmenities(random: Random, type: ListingFacts['propertyType'], london: boolean): string[] {
  const chosen = AMENITIES.filter((a) => {
    let odds = AMENITY_ODDS[a][type];
    if (london && (a === 'Lift' || a === 'Gym')) odds *= 1.5;
    if (london && a === 'Parking') odds *= 0.5;
    return random.chance(odds);
  });
  return chosen.length > 0 ? chosen : ['Washing machine'];
}

const EPC = [
  ['A', 2],
  ['B', 10],
  ['C', 35],
  ['D', 35],
  ['E', 12],
  ['F', 4],
  ['G', 2],
] as const;
const BANDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];

function councilTaxBand(
  random: Random,
  type: ListingFacts['propertyType'],
  bedrooms: number,
  london: boolean,
): string {
  const size = type === 'house' ? bedrooms - 1 : type === 'apartment' ? bedrooms - 1 : 0;
  const index = Math.max(0, Math.min(7, size + random.int(0, 2) + (london ? 1 : 0)));
  return BANDS[index];
}

const HOUSE_PHOTO_KIND: Record<HouseStyle, PhotoKind> = {
  terraced: 'terrace',
  'end-of-terrace': 'terrace',
  'semi-detached': 'semi',
  detached: 'detached',
};

/** Interior extras; interior-living-01 and -02 show one room, so they only ever appear together. */
const INTERIOR_SETS: readonly (readonly [string[], number])[] = [
  [[], 25],
  [['interior-living-03'], 15],
  [['interior-dining-01'], 12],
  [['interior-living-01'], 10],
  [['interior-living-01', 'interior-living-02'], 20],
  [['interior-living-03', 'interior-dining-01'], 18],
];

function pickPhotos(random: Random, f: ListingFacts): DemoPhoto[] {
  let exteriorKind: PhotoKind;
  if (f.propertyType === 'house') exteriorKind = HOUSE_PHOTO_KIND[f.houseStyle];
  else if (f.propertyType === 'room' && f.share === 'house')
    exteriorKind = random.pick(['terrace', 'semi'] as const);
  else exteriorKind = 'flats';
  const exterior = random.pick(photosOfKind(exteriorKind));
  return [exterior, ...random.weighted(INTERIOR_SETS).map(demoPhoto)];
}

/** One listing in a district: every field drawn from `random`, dates relative to `now`. */
export function generateListing(
  random: Random,
  now: Date,
  district: Outcode,
  landlordId: string,
): GeneratedListing {
  const london = district.region === 'London';
  const town = primaryTown(district);
  // In London and the big cities the district says where ("London SE15", "Leeds LS6"); elsewhere the town does.
  const cityDistrict =
    town === 'London' || (MAJOR_CITY_AREAS.has(district.area) && town === district.areaName);
  const place = cityDistrict ? `${town} ${district.outcode}` : town;
  const propertyType = pickType(random, district);

  let bedrooms: number;
  let bathrooms = 1;
  let areaSqm: number;
  const roomSize = random.chance(0.8) ? 'double' : 'single';
  switch (propertyType) {
    case 'studio':
      bedrooms = 0;
      areaSqm = random.int(24, 40);
      break;
    case 'room':
      bedrooms = 1;
      areaSqm = roomSize === 'double' ? random.int(11, 18) : random.int(7, 10);
      break;
    case 'apartment':
      bedrooms = random.weighted([
        [1, 35],
        [2, 45],
        [3, 20],
      ]);
      areaSqm = [0, random.int(40, 55), random.int(56, 80), random.int(75, 110)][bedrooms];
      bathrooms = bedrooms === 1 ? 1 : random.chance(bedrooms === 3 ? 0.6 : 0.3) ? 2 : 1;
      break;
    case 'house':
      bedrooms = random.weighted([
        [2, 25],
        [3, 45],
        [4, 22],
        [5, 8],
      ]);
      areaSqm = [0, 0, random.int(62, 85), random.int(80, 110), random.int(105, 150), random.int(130, 200)][
        bedrooms
      ];
      bathrooms =
        bedrooms <= 2 ? (random.chance(0.2) ? 2 : 1) : bedrooms === 3 ? random.int(1, 2) : random.int(2, 3);
      break;
  }

  const houseStyle: HouseStyle = london
    ? random.weighted([
        ['terraced', 50],
        ['semi-detached', 25],
        ['end-of-terrace', 15],
        ['detached', 10],
      ])
    : random.weighted([
        ['terraced', 35],
        ['semi-detached', 35],
        ['end-of-terrace', 12],
        ['detached', 18],
      ]);
  const flatNoun =
    bedrooms >= 2 && random.chance(0.05)
      ? 'maisonette'
      : random.weighted([
          ['flat', 62],
          ['apartment', 38],
        ] as const);
  const share = random.chance(0.65) ? 'house' : 'flat';

  const base = REGION_RENT[district.region] ?? 900;
  const pounds = Math.max(
    propertyType === 'room' ? 325 : 400,
    roundRent(
      base *
        rentFactorForPlace(district) *
        sizeFactor(propertyType, bedrooms, roomSize) *
        random.float(0.85, 1.2),
    ),
  );
  const monthlyRentPence = pounds * 100;

  const furnished = random.weighted<'furnished' | 'part_furnished' | 'unfurnished'>(
    propertyType === 'room'
      ? [
          ['furnished', 90],
          ['part_furnished', 10],
        ]
      : propertyType === 'studio'
        ? [
            ['furnished', 70],
            ['part_furnished', 15],
            ['unfurnished', 15],
          ]
        : propertyType === 'apartment'
          ? [
              ['furnished', 45],
              ['part_furnished', 15],
              ['unfurnished', 40],
            ]
          : [
              ['furnished', 20],
              ['part_furnished', 15],
              ['unfurnished', 65],
            ],
  );
  const available = random.chance(0.93);
  const availableFrom = random.chance(0.7) ? isoDate(addDays(now, random.int(0, 60))) : null;
  const amenities = pickAmenities(random, propertyType, london);
  const band = councilTaxBand(random, propertyType, bedrooms, london);

  const facts: ListingFacts = {
    propertyType,
    bedrooms,
    bathrooms,
    areaSqm,
    flatNoun,
    houseStyle,
    share,
    roomSize,
    sharers: random.int(3, 5),
    place,
    town,
    amenities,
    furnished,
    availableFrom,
    available,
    councilTaxBand: band,
  };

  const street = `${random.int(1, 180)} ${streetName(random)}`;
  const address =
    propertyType === 'apartment' || propertyType === 'studio'
      ? random.chance(0.5)
        ? `Flat ${random.int(1, 40)}, ${random.pick(BUILDING_NAMES)}, ${street}, ${town}`
        : `Flat ${random.int(1, 6)}, ${street}, ${town}`
      : `${street}, ${town}`;

  const createdAt = pastDate(random, now, 90);
  const publishedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(5, 360) * 60_000));
  const id = randomUUID();
  const title = listingTitle(random, facts);
  const description = listingDescription(random, facts);
  const nation = nationOfRegion(district.region);
  const depositPence = Math.min(
    fiveWeeksRentPence(monthlyRentPence),
    depositCapPence(monthlyRentPence, nation) ?? Number.POSITIVE_INFINITY,
  );
  const property = {
    id,
    landlordId,
    title,
    description,
    propertyType,
    bedrooms,
    bathrooms,
    areaSqm,
    monthlyRentPence,
    depositPence,
    // About half the landlords take a holding deposit of a week's rent (to the pound); chosen without the
    // random stream (from the listing's creation time) so the rest of the demo data stays as it was.
    holdingDepositPence:
      Math.floor(createdAt.getTime() / 1000) % 2 === 0
        ? Math.floor(maxHoldingDepositPence(monthlyRentPence) / 100) * 100
        : null,
    address,
    publicStreet: publicStreet(address),
    postcode: `${district.outcode} ${inwardCode(random)}`,
    outcode: district.outcode,
    location: town,
    lat: district.lat,
    lng: district.lng,
    availableFrom,
    available,
    amenities,
    ...lawfulDemoFacts(nation, random.weighted(EPC), id, landlordId, description),
    councilTaxBand: band,
    furnished,
    status: 'live' as const,
    isDemo: true,
    publishedAt,
    // Landlords confirm every 14 days (src/domain/availability.ts): each demo listing was confirmed lately.
    confirmedAt: new Date(
      Math.max(publishedAt.getTime(), now.getTime() - random.int(0, 12 * 24 * 60) * 60_000),
    ),
    createdAt,
    updatedAt: publishedAt,
  };
  const images = pickPhotos(random, facts).map(
    (photo, position): PropertyImageRow => ({
      propertyId: id,
      position,
      ...demoPhotoUrls(photo),
      width: photo.width,
      height: photo.height,
      alt: photo.alt,
      createdAt,
    }),
  );
  return { property, images };
}

/** Spreads `count` listings over the country: one per district first (when there are enough), then by weight. */
export function pickDistricts(random: Random, count: number): Outcode[] {
  const districts = listableDistricts();
  const picks: Outcode[] = count >= 2 * districts.length ? random.shuffle(districts) : [];
  const weightedPick = weightedTable(districts, districtWeight);
  while (picks.length < count) picks.push(weightedPick(random));
  return picks;
}

/** Landlords keep to one region each, and portfolio sizes are uneven, as in life. */
function landlordPicker(random: Random, landlords: string[], districts: Outcode[]): (d: Outcode) => string {
  const regionShare = new Map<string, number>();
  for (const d of districts) regionShare.set(d.region, (regionShare.get(d.region) ?? 0) + 1);
  const regions = [...regionShare.keys()].sort();
  const byRegion = new Map<string, { id: string; weight: number }[]>(regions.map((r) => [r, []]));
  const regionPick = weightedTable(regions, (r) => regionShare.get(r)!);
  landlords.forEach((id, i) => {
    // Every region gets a landlord before the rest are shared out by listing volume.
    const region = i < regions.length ? regions[i] : regionPick(random);
    byRegion.get(region)!.push({ id, weight: random.float(0.3, 2) ** 2 });
  });
  const pickers = new Map(
    regions.map((r) => {
      const owners = byRegion.get(r)!;
      return [r, owners.length > 0 ? weightedTable(owners, (o) => o.weight) : undefined];
    }),
  );
  return (d) => pickers.get(d.region)?.(random).id ?? random.pick(landlords);
}

export async function seedBulkListings(
  ctx: SeedContext,
  landlords: string[],
  count: number,
): Promise<{ properties: number; images: number; liveIds: string[] }> {
  const districts = pickDistricts(ctx.random, count);
  const ownerOf = landlordPicker(ctx.random.fork('owners'), landlords, districts);
  const propertyRows: PropertyRow[] = [];
  const imageRows: PropertyImageRow[] = [];
  for (const district of districts) {
    const listing = generateListing(ctx.random, ctx.now, district, ownerOf(district));
    propertyRows.push(listing.property);
    imageRows.push(...listing.images);
  }
  await insertInBatches(ctx.db, properties, propertyRows);
  await insertInBatches(ctx.db, propertyImages, imageRows, 2000);
  return {
    properties: propertyRows.length,
    images: imageRows.length,
    liveIds: propertyRows.map((p) => p.id!),
  };
}

/** The demo landlord's own portfolio in Manchester: live listings plus one awaiting review. */
export function generateLandlordPortfolio(
  random: Random,
  now: Date,
  landlordId: string,
  live: number,
): { live: GeneratedListing[]; pending: GeneratedListing } {
  const manchester = listableDistricts().filter((d) => d.area === 'M' && primaryTown(d) === 'Manchester');
  const listings = Array.from({ length: live + 1 }, () =>
    generateListing(random, now, random.pick(manchester), landlordId),
  );
  const pending = listings.pop()!;
  pending.property.status = 'pending';
  pending.property.publishedAt = null;
  pending.property.createdAt = addDays(now, -1);
  pending.property.updatedAt = pending.property.createdAt;
  return { live: listings, pending };
}

/** A listing as the landlord's form submits it (doc 1 §3 content submission), rent in pounds. */
export function listingSubmissionData(listing: GeneratedListing): Record<string, unknown> {
  const p = listing.property;
  return {
    title: p.title,
    description: p.description,
    propertyType: p.propertyType,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    area: p.areaSqm,
    monthlyRent: p.monthlyRentPence / 100,
    address: p.address,
    postcode: p.postcode,
    availableFrom: p.availableFrom,
    amenities: p.amenities,
    images: listing.images.map((i) => i.url),
    deposit: p.depositPence == null ? null : p.depositPence / 100,
    holdingDeposit: p.holdingDepositPence == null ? null : p.holdingDepositPence / 100,
    epcRating: p.epcRating,
    epcExemption:
      p.epcExemptionKind && p.epcExemptionReference
        ? { kind: p.epcExemptionKind, reference: p.epcExemptionReference }
        : null,
    councilTaxBand: p.councilTaxBand,
    furnished: p.furnished,
    nation: p.nation,
    billsIncluded: p.billsIncluded,
    landlordRegistrationNumber: p.landlordRegistrationNumber,
    occupationContract: p.occupationContract,
  };
}
