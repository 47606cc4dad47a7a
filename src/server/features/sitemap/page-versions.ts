// What kept pages are drawn under (plugins/page-cache.ts, decision 0075): the listing version (decision 0010), the
// directory's version (migration 0030), the day in London, and the next instant a live listing or trade stops being
// live (its "live until"), after which a page that showed it is out of date.
import { londonToday } from '../../../domain/dates';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { PageValidity } from '../../plugins/page-cache';
import { readHorizon, readVersions, type Versions } from './page-versions-queries';

/** The horizon, read once per pair of versions and again once it has passed. */
class Horizon {
  private kept: { key: string; readAt: number; until: Promise<number> } | null = null;

  async until(db: Db, versions: Versions, now: number): Promise<number> {
    const key = `${versions.listing}.${versions.directory}`;
    const kept = this.kept;
    if (kept && kept.key === key && now >= kept.readAt) {
      const until = await kept.until;
      if (now < until) return until;
    }
    const until = readHorizon(db, new Date(now)).then((at) => at ?? Number.POSITIVE_INFINITY);
    const entry = { key, readAt: now, until };
    this.kept = entry;
    until.catch(() => {
      if (this.kept === entry) this.kept = null;
    });
    return until;
  }
}

const horizons = new WeakMap<AppContext, Horizon>();

/**
 * What a page drawn now would be drawn under. A member's request read both versions with its session; a visitor's
 * reads them here.
 */
export async function pageValidity(
  ctx: AppContext,
  auth: { listingVersion?: number; directoryVersion?: number },
): Promise<PageValidity> {
  const versions =
    auth.listingVersion !== undefined && auth.directoryVersion !== undefined
      ? { listing: auth.listingVersion, directory: auth.directoryVersion }
      : await readVersions(ctx.db);
  let horizon = horizons.get(ctx);
  if (!horizon) {
    horizon = new Horizon();
    horizons.set(ctx, horizon);
  }
  const now = ctx.now();
  return {
    version: `${versions.listing}.${versions.directory}`,
    day: londonToday(now),
    until: await horizon.until(ctx.db, versions, now.getTime()),
  };
}
