// The landing page's front window (issue 30 item 5, decision 0062): which live homes are featured. Homes an admin
// pinned come first; the rules fill the rest with homes that show well (photos, complete details, confirmed lately,
// still to let), spread across places, in an order that holds for a whole London day. Never simply the newest.
import { z } from 'zod';
import { londonToday } from './dates';

/** Homes the landing page shows. */
export const FEATURED_COUNT = 3;
/** Homes admins may pin at once: the whole window, never more. */
export const MAX_PINNED = FEATURED_COUNT;
/** Photos a home needs to be chosen by the rules: the outside and at least two rooms. */
export const FEATURED_MIN_PHOTOS = 3;
/** Characters of description a home needs to be chosen by the rules (two or three full sentences). */
export const FEATURED_MIN_DESCRIPTION = 200;
/** Confirmed available by its landlord, or put live, within this many days (landlords confirm every 14). */
export const FEATURED_FRESH_DAYS = 14;
/** Homes from one postcode district at most; a second one from a postcode area only when no other area can fill. */
export const FEATURED_PER_DISTRICT = 1;
export const FEATURED_PER_AREA = 1;
/** The rules look at this many of the freshest qualifying homes (the queries' limit). */
export const FEATURED_POOL = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rules read of a live listing. */
export interface TFeaturedCandidate {
  id: string;
  outcode: string;
  photoCount: number;
  /** Length of the description, in characters, after trimming. */
  descriptionLength: number;
  monthlyRentPence: number;
  bedrooms: number | null;
  bathrooms: number | null;
  /** Deposit stated (the Tenant Fees Act's and trading standards' material information). */
  depositStated: boolean;
  /** An EPC rating, or a registered exemption. */
  epcStated: boolean;
  /** A council tax band; Northern Ireland has domestic rates instead, so it is not asked there. */
  councilTaxBand: string | null;
  nation: string | null;
  available: boolean;
  letAgreedAt: Date | null;
  /** The later of its last confirmation and its going live. */
  freshAt: Date | null;
}

/** Why a home is left out by the rules, as an admin reads it; empty when it qualifies. */
export function featuredShortfalls(home: TFeaturedCandidate, now: Date): string[] {
  const out: string[] = [];
  if (home.photoCount < FEATURED_MIN_PHOTOS) out.push(`fewer than ${FEATURED_MIN_PHOTOS} photos`);
  if (home.descriptionLength < FEATURED_MIN_DESCRIPTION)
    out.push(`a description under ${FEATURED_MIN_DESCRIPTION} characters`);
  if (home.monthlyRentPence <= 0) out.push('no rent');
  if (home.bedrooms === null || home.bathrooms === null) out.push('bedrooms or bathrooms not stated');
  if (!home.depositStated) out.push('deposit not stated');
  if (!home.epcStated) out.push('no EPC rating or exemption');
  if (!home.councilTaxBand && home.nation !== 'northern_ireland') out.push('no council tax band');
  if (!home.available) out.push('marked not available');
  if (home.letAgreedAt) out.push('let agreed');
  if (!home.freshAt || now.getTime() - home.freshAt.getTime() > FEATURED_FRESH_DAYS * DAY_MS)
    out.push(`not confirmed in the last ${FEATURED_FRESH_DAYS} days`);
  return out;
}

export function qualifiesForFeatured(home: TFeaturedCandidate, now: Date): boolean {
  return featuredShortfalls(home, now).length === 0;
}

/** The postcode area of a district: its leading letters ("LS" of "LS6", "E" of "E1W"). */
export function postcodeArea(outcode: string): string {
  const upper = outcode.toUpperCase();
  return /^[A-Z]+/.exec(upper)?.[0] ?? upper;
}

/** FNV-1a, 32 bits: the day's place of a home in the rotation, the same on every server. */
function rotationKey(id: string, day: string): number {
  let hash = 0x811c9dc5;
  const text = `${day}:${id}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The order the rules offer qualifying homes in: a rotation fixed for the London day (so every cache and every
 * server agrees until midnight, and each qualifying home has its turn), ties by id.
 */
export function rotationOrder<T extends { id: string }>(homes: readonly T[], now: Date): T[] {
  const day = londonToday(now);
  return homes
    .map((home) => ({ home, key: rotationKey(home.id, day) }))
    .sort((a, b) => a.key - b.key || (a.home.id < b.home.id ? -1 : a.home.id > b.home.id ? 1 : 0))
    .map(({ home }) => home);
}

export interface TFeaturedPick {
  id: string;
  reason: 'pinned' | 'rules';
}

/**
 * The window: pinned homes first (newest pin first, as given), then qualifying homes in the day's rotation, at most
 * FEATURED_PER_DISTRICT from a district and, while other areas can fill a place, FEATURED_PER_AREA from an area.
 * `pinned` are the pinned homes still showable (live, to let), in pin order; a pinned home is never repeated.
 */
export function pickFeatured(
  pinned: readonly { id: string; outcode: string }[],
  candidates: readonly TFeaturedCandidate[],
  now: Date,
  count = FEATURED_COUNT,
): TFeaturedPick[] {
  const picks: TFeaturedPick[] = [];
  const districts = new Map<string, number>();
  const areas = new Map<string, number>();
  const taken = new Set<string>();
  const take = (home: { id: string; outcode: string }, reason: TFeaturedPick['reason']) => {
    picks.push({ id: home.id, reason });
    taken.add(home.id);
    const district = home.outcode.toUpperCase();
    districts.set(district, (districts.get(district) ?? 0) + 1);
    const area = postcodeArea(district);
    areas.set(area, (areas.get(area) ?? 0) + 1);
  };
  for (const home of pinned) {
    if (picks.length >= count) break;
    if (!taken.has(home.id)) take(home, 'pinned');
  }
  const ordered = rotationOrder(
    candidates.filter((home) => !taken.has(home.id) && qualifiesForFeatured(home, now)),
    now,
  );
  // First pass: a new area each time; second: any district not yet shown, so a site in one city still fills.
  for (const perArea of [FEATURED_PER_AREA, Number.POSITIVE_INFINITY]) {
    for (const home of ordered) {
      if (picks.length >= count) return picks;
      const district = home.outcode.toUpperCase();
      if (taken.has(home.id)) continue;
      if ((districts.get(district) ?? 0) >= FEATURED_PER_DISTRICT) continue;
      if ((areas.get(postcodeArea(district)) ?? 0) >= perArea) continue;
      take(home, 'rules');
    }
  }
  return picks;
}

// ---- the admin's side: GET /api/admin/featured, PUT and DELETE /api/admin/featured/{id} ----

export const FEATURED_MESSAGES = {
  notFound: 'Property not found',
  notLive: 'Only a live listing can be featured. This one is not live.',
  letAgreed: 'This home is let agreed or marked not available, so it cannot be featured.',
  noPhoto: 'A featured home needs at least one photo.',
  full: `At most ${MAX_PINNED} homes can be pinned at once. Unpin one first.`,
  notPinned: 'This home is not pinned.',
} as const;

export const ZFeaturedAdminHome = z
  .object({
    id: z.uuid(),
    title: z.string(),
    outcode: z.string(),
    location: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
  })
  .meta({ id: 'FeaturedAdminHome' });

export const ZFeaturedAdmin = z
  .object({
    /** What the landing page shows now, in its order. */
    showing: z.array(ZFeaturedAdminHome.extend({ reason: z.enum(['pinned', 'rules']) })),
    /** Every pin, newest first; a pin no longer live is kept but not shown. */
    pinned: z.array(
      ZFeaturedAdminHome.extend({
        pinnedAt: z.string().describe('ISO 8601 instant'),
        showable: z.boolean().describe('Live and to let: shown on the landing page'),
      }),
    ),
    maxPinned: z.number().int(),
  })
  .meta({ id: 'FeaturedAdmin' });
export type TFeaturedAdmin = z.output<typeof ZFeaturedAdmin>;
