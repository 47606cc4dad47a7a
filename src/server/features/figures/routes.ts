// GET /api/figures: how many homes and vetted trades are live now, for the landing and About pages, so the
// numbers they show are counted rather than written into the copy (issue 12 "real trust signals"); and
// GET /api/footer-links, the footer's links to one live home and one live trade (issue 17).

import type { FastifyRequest } from 'fastify';
import {
  type TFooterLinks,
  type TMarketplaceFigures,
  ZFooterLinks,
  ZMarketplaceFigures,
} from '../../../domain/figures';
import type { RoutesPlugin } from '../../lib/contract';
import { KeptAnswer } from '../../lib/kept-answer';
import { currentListingVersion } from '../properties/service';
import { footerLinks, marketplaceFigures } from '../sitemap/service';

/**
 * How long the figures and the footer's links are kept in process for the listing version they were read under:
 * every member's page asks for them (issue 33), and a visitor's kept page shows them as long (plugins/page-cache.ts).
 */
export const SITE_ANSWER_TTL_MS = 10_000;

const schema = {
  summary: 'How many homes and vetted trades are live now (landing and About pages).',
  tags: ['site'],
  response: { 200: ZMarketplaceFigures },
};

const figuresRoutes: RoutesPlugin = async (app) => {
  const figuresKept = new KeptAnswer<TMarketplaceFigures>(SITE_ANSWER_TTL_MS);
  const linksKept = new KeptAnswer<TFooterLinks>(SITE_ANSWER_TTL_MS);
  // A member's request has read the listing version with its session; a visitor's reads it now.
  const versionOf = async (request: FastifyRequest) =>
    request.auth.listingVersion ?? (await currentListingVersion(app.ctx));

  app.get('/api/figures', { schema }, async (request, reply) => {
    const version = await versionOf(request);
    const figures = await figuresKept.get(version, app.ctx.now().getTime(), () =>
      marketplaceFigures(app.ctx),
    );
    // The same for everyone; a few minutes stale is fine for a count on a marketing page.
    return reply.header('cache-control', 'public, max-age=300').send(figures);
  });

  // GET /api/footer-links: the footer's live home and trade (two indexed rows), chosen again for each listing
  // version and at least every SITE_ANSWER_TTL_MS; a minute in a browser's cache is as stale as a link may get
  // before it is chosen again.
  const footerSchema = {
    summary:
      "The footer's links: the newest live home and the best-rated live trade (null when none is live).",
    tags: ['site'],
    response: { 200: ZFooterLinks },
  };
  app.get('/api/footer-links', { schema: footerSchema }, async (request, reply) => {
    const version = await versionOf(request);
    const links = await linksKept.get(version, app.ctx.now().getTime(), () => footerLinks(app.ctx));
    return reply.header('cache-control', 'public, max-age=60').send(links);
  });
};

export default figuresRoutes;
