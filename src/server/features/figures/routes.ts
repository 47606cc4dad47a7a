// GET /api/figures: how many homes and vetted trades are live now, for the landing and About pages, so the
// numbers they show are counted rather than written into the copy (issue 12 "real trust signals").
import { described, type RoutesPlugin } from '../../lib/contract';
import { marketplaceFigures } from '../sitemap/service';

const schema = {
  summary: 'How many homes and vetted trades are live now (landing and About pages).',
  tags: ['site'],
  response: { 200: described('The live counts') },
};

const figuresRoutes: RoutesPlugin = async (app) => {
  app.get('/api/figures', { schema }, async (_request, reply) => {
    const figures = await marketplaceFigures(app.ctx);
    // The same for everyone; a few minutes stale is fine for a count on a marketing page.
    return reply.header('cache-control', 'public, max-age=300').send(figures);
  });
};

export default figuresRoutes;
