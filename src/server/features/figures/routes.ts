// GET /api/figures: how many homes and vetted trades are live now, for the landing and About pages, so the
// numbers they show are counted rather than written into the copy (issue 12 "real trust signals"); and
// GET /api/footer-links, the footer's links to one live home and one live trade (issue 17).
import { ZFooterLinks, ZMarketplaceFigures } from '../../../domain/figures';
import type { RoutesPlugin } from '../../lib/contract';
import { footerLinks, marketplaceFigures } from '../sitemap/service';

const schema = {
  summary: 'How many homes and vetted trades are live now (landing and About pages).',
  tags: ['site'],
  response: { 200: ZMarketplaceFigures },
};

const figuresRoutes: RoutesPlugin = async (app) => {
  app.get('/api/figures', { schema }, async (_request, reply) => {
    const figures = await marketplaceFigures(app.ctx);
    // The same for everyone; a few minutes stale is fine for a count on a marketing page.
    return reply.header('cache-control', 'public, max-age=300').send(figures);
  });

  // GET /api/footer-links: the footer's live home and trade, chosen afresh on each ask (two indexed rows); a
  // minute in a browser's cache is as stale as a link may get before it is chosen again.
  const footerSchema = {
    summary:
      "The footer's links: the newest live home and the best-rated live trade (null when none is live).",
    tags: ['site'],
    response: { 200: ZFooterLinks },
  };
  app.get('/api/footer-links', { schema: footerSchema }, async (_request, reply) => {
    const links = await footerLinks(app.ctx);
    return reply.header('cache-control', 'public, max-age=60').send(links);
  });
};

export default figuresRoutes;
