// GET /api/figures: how many homes and vetted trades are live now, for the landing and About pages, so the
// numbers they show are counted rather than written into the copy (issue 12 "real trust signals"); and
// GET /api/footer-links, the footer's links to one live home and one live trade (issue 17).
import type { FastifyPluginAsync } from 'fastify';
import { footerLinks, marketplaceFigures } from '../sitemap/service';

const figuresRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/figures', async (_request, reply) => {
    const figures = await marketplaceFigures(app.ctx);
    // The same for everyone; a few minutes stale is fine for a count on a marketing page.
    return reply.header('cache-control', 'public, max-age=300').send(figures);
  });

  // GET /api/footer-links: the footer's live home and trade, chosen afresh on each ask (two indexed rows); a
  // minute in a browser's cache is as stale as a link may get before it is chosen again.
  app.get('/api/footer-links', async (_request, reply) => {
    const links = await footerLinks(app.ctx);
    return reply.header('cache-control', 'public, max-age=60').send(links);
  });
};

export default figuresRoutes;
