// What is live now, for the sitemap files and the marketplace figures: every count and list is filtered by the clock
// in its query, so an expired listing or profile drops out without a job.
import type { TFooterLinks, TMarketplaceFigures } from '../../../domain/figures';
import type { AppContext } from '../../context';
import {
  countLiveContractors,
  countLiveProperties,
  latestPropertyChange,
  liveContractors,
  liveProperties,
  newestLiveProperty,
  type SitemapEntry,
  topLiveContractor,
} from './queries';

/** How many homes are live and when the newest change to one was: the sitemap index. */
export async function propertyIndexFacts(ctx: AppContext): Promise<{ total: number; latest: Date | null }> {
  const now = ctx.now();
  const [total, latest] = await Promise.all([
    countLiveProperties(ctx.db, now),
    latestPropertyChange(ctx.db, now),
  ]);
  return { total, latest };
}

/** One page of live homes for a sitemap file. */
export function livePropertyEntries(ctx: AppContext, offset: number, limit: number): Promise<SitemapEntry[]> {
  return liveProperties(ctx.db, ctx.now(), offset, limit);
}

/** The live contractor profiles, up to a limit. */
export function liveContractorEntries(ctx: AppContext, limit: number): Promise<SitemapEntry[]> {
  return liveContractors(ctx.db, ctx.now(), limit);
}

/** The counts the landing and About pages show (GET /api/figures). */
export async function marketplaceFigures(ctx: AppContext): Promise<TMarketplaceFigures> {
  const now = ctx.now();
  const [homesToRent, vettedTrades] = await Promise.all([
    countLiveProperties(ctx.db, now),
    countLiveContractors(ctx.db, now),
  ]);
  return { homesToRent, vettedTrades };
}

/** One live home and one live trade for the footer's links (GET /api/footer-links); null where there is none. */
export async function footerLinks(ctx: AppContext): Promise<TFooterLinks> {
  const now = ctx.now();
  const [property, contractor] = await Promise.all([
    newestLiveProperty(ctx.db, now),
    topLiveContractor(ctx.db, now),
  ]);
  return { property: property ?? null, contractor: contractor ?? null };
}
