// The landing page's featured homes (issue 30 item 5, decision 0062): GET /api/properties/featured for everyone, and
// the admins' pins behind GET /api/admin/featured, PUT and DELETE /api/admin/featured/{id}. The choice itself is the
// domain's (src/domain/featured.ts); this reads the pool and the pins, and writes pins with their audit entries.
import { AppError } from '../../../domain/errors';
import {
  FEATURED_FRESH_DAYS,
  FEATURED_MESSAGES,
  MAX_PINNED,
  pickFeatured,
  type TFeaturedAdmin,
  type TFeaturedCandidate,
  type TFeaturedPick,
} from '../../../domain/featured';
import type { Actor } from '../../../domain/identity';
import type { TPropertyCard } from '../../../domain/properties';
import type { AppContext } from '../../context';
import { audit } from '../../db/audit';
import { advisoryLock } from '../../db/locks';
import type { SessionUser } from '../../plugins/sessions';
import {
  countFeaturedPins,
  deletePin,
  findFeaturedCandidates,
  findFeaturedCards,
  findFeaturedPins,
  findPin,
  insertPin,
  lockPinTarget,
} from './featured-queries';
import { toPropertyCard } from './presenter';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The pins and the window they and the rules make now. */
async function currentWindow(ctx: AppContext) {
  const now = ctx.now();
  const [pins, pool] = await Promise.all([
    findFeaturedPins(ctx.db, now),
    findFeaturedCandidates(ctx.db, now, new Date(now.getTime() - FEATURED_FRESH_DAYS * DAY_MS)),
  ]);
  const candidates: TFeaturedCandidate[] = pool.map((row) => ({
    id: row.id,
    outcode: row.outcode,
    photoCount: row.photoCount,
    descriptionLength: row.descriptionLength,
    monthlyRentPence: row.monthlyRentPence,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    depositStated: row.depositPence !== null,
    epcStated: Boolean(row.epcRating || row.epcExemptionKind),
    councilTaxBand: row.councilTaxBand,
    nation: row.nation,
    available: row.available,
    letAgreedAt: row.letAgreedAt,
    freshAt: row.freshAt,
  }));
  const picks = pickFeatured(
    pins.filter((pin) => pin.showable),
    candidates,
    now,
  );
  return { now, pins, picks };
}

async function cardsFor(ctx: AppContext, picks: TFeaturedPick[], now: Date): Promise<TPropertyCard[]> {
  const rows = await findFeaturedCards(
    ctx.db,
    picks.map((pick) => pick.id),
    now,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return picks.flatMap((pick) => {
    const row = byId.get(pick.id);
    return row ? [toPropertyCard(row, ctx.mediaUrls)] : [];
  });
}

/** GET /api/properties/featured: pinned homes first, then the rules' choice; never simply the newest. */
export async function listFeaturedProperties(ctx: AppContext): Promise<TPropertyCard[]> {
  const { now, picks } = await currentWindow(ctx);
  return cardsFor(ctx, picks, now);
}

/** GET /api/admin/featured: what the landing page shows and why, and every pin. */
export async function getFeaturedAdmin(ctx: AppContext): Promise<TFeaturedAdmin> {
  const { now, pins, picks } = await currentWindow(ctx);
  const cards = await cardsFor(ctx, picks, now);
  const reasons = new Map(picks.map((pick) => [pick.id, pick.reason]));
  return {
    showing: cards.map((card) => ({
      id: card.id,
      title: card.title,
      outcode: card.outcode,
      location: card.location,
      thumbnailUrl: card.thumbnailUrl,
      reason: reasons.get(card.id) ?? 'rules',
    })),
    pinned: pins.map((pin) => ({
      id: pin.id,
      title: pin.title,
      outcode: pin.outcode,
      location: pin.location,
      thumbnailUrl: ctx.mediaUrls.publicUrl(pin.coverUrl),
      pinnedAt: new Date(pin.pinnedAt).toISOString(),
      showable: pin.showable,
    })),
    maxPinned: MAX_PINNED,
  };
}

/**
 * PUT /api/admin/featured/{id}: pin a live home to let with a photo. 404 unknown or deleted; 409 not live, let agreed
 * or unavailable, no photo, or MAX_PINNED already pinned. Pinning a pinned home changes nothing. Audit-logged.
 */
export async function pinFeatured(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<TFeaturedAdmin> {
  await ctx.db.transaction(async (tx) => {
    // One pin at a time: two admins pinning at once cannot pass the limit together.
    await advisoryLock(tx, 'featured_pins');
    const now = ctx.now();
    const home = await lockPinTarget(tx, id);
    if (!home || home.deletedAt) throw new AppError('NOT_FOUND', FEATURED_MESSAGES.notFound);
    if (home.status !== 'live' || (home.liveUntil && home.liveUntil <= now))
      throw new AppError('CONFLICT', FEATURED_MESSAGES.notLive);
    if (home.letAgreedAt || !home.available) throw new AppError('CONFLICT', FEATURED_MESSAGES.letAgreed);
    if (!home.coverUrl) throw new AppError('CONFLICT', FEATURED_MESSAGES.noPhoto);
    if (await findPin(tx, id)) return;
    if ((await countFeaturedPins(tx)) >= MAX_PINNED) throw new AppError('CONFLICT', FEATURED_MESSAGES.full);
    await insertPin(tx, id, now);
    await audit(tx, {
      actor: { id: actor.user.id, email: actor.user.email },
      action: 'featured.pin',
      targetType: 'property',
      targetId: id,
      after: { pinned: true, title: home.title },
      ip: actor.ip,
      at: now,
    });
  });
  return getFeaturedAdmin(ctx);
}

/** DELETE /api/admin/featured/{id}: unpin; 404 when the home is not pinned. Audit-logged. */
export async function unpinFeatured(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<TFeaturedAdmin> {
  await ctx.db.transaction(async (tx) => {
    await advisoryLock(tx, 'featured_pins');
    const now = ctx.now();
    if (!(await deletePin(tx, id))) throw new AppError('NOT_FOUND', FEATURED_MESSAGES.notPinned);
    await audit(tx, {
      actor: { id: actor.user.id, email: actor.user.email },
      action: 'featured.unpin',
      targetType: 'property',
      targetId: id,
      before: { pinned: true },
      after: { pinned: false },
      ip: actor.ip,
      at: now,
    });
  });
  return getFeaturedAdmin(ctx);
}
