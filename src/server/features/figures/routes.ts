// GET /api/figures: how many homes and vetted trades are live now, for the landing and About pages, so the
// numbers they show are counted rather than written into the copy (issue 12 "real trust signals").
import type { FastifyPluginAsync } from 'fastify';
import { marketplaceFigures } from '../sitemap/service';

const figuresRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/figures', async (_request, reply) => {
    const figures = await marketplaceFigures(app.ctx);
    // The same for everyone; a few minutes stale is fine for a count on a marketing page.
    return reply.header('cache-control', 'public, max-age=300').send(figures);
  });
};

export default figuresRoutes;
