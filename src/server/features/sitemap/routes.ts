// robots.txt and the XML sitemaps search engines read: the public pages, every live listing and every live
// contractor profile (docs/decisions/0014-open-browsing-and-plans.md). A sitemap holds at most 50,000 URLs, so
// listings come in numbered files of SITEMAP_PAGE_SIZE under one index.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../../../domain/errors';
import { PAGE_META } from '../../../domain/pages';
import { liveContractorEntries, livePropertyEntries, propertyIndexFacts } from './service';

export const SITEMAP_PAGE_SIZE = 10_000;
/** Contractor profiles fit one file; past this many the directory would need numbered files too. */
const MAX_CONTRACTORS = 50_000;
/** Public pages worth a search result: indexable and not an account form. */
const SKIPPED = new Set([
  '/home',
  '/preview',
  '/login',
  '/forgot-password',
  '/forgot-username',
  '/reset-password',
  '/confirm-email',
  '/simple-registration',
]);

export function publicPagePaths(): string[] {
  return Object.entries(PAGE_META)
    .filter(([path, meta]) => !meta.noindex && !SKIPPED.has(path) && !path.startsWith('/admin'))
    .map(([path]) => path);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function urlSet(urls: Array<{ loc: string; lastmod?: Date }>): string {
  const items = urls.map(
    (u) =>
      `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</urlset>\n`;
}

function sendXml(reply: FastifyReply, body: string) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(body);
}

const sitemapRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const base = ctx.config.publicUrl;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nDisallow: /admin/\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const { total, latest } = await propertyIndexFacts(ctx);
    const files = ['pages', 'contractors'];
    for (let n = 1; n <= Math.max(1, Math.ceil(total / SITEMAP_PAGE_SIZE)); n++)
      files.push(`properties-${n}`);
    const items = files.map((name) => {
      const lastmod =
        name.startsWith('properties') && latest ? `<lastmod>${latest.toISOString()}</lastmod>` : '';
      return `<sitemap><loc>${escapeXml(`${base}/sitemaps/${name}.xml`)}</loc>${lastmod}</sitemap>`;
    });
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get<{ Params: { name: string } }>('/sitemaps/:name', async (request, reply) => {
    const name = request.params.name;
    if (name === 'pages.xml')
      return sendXml(reply, urlSet(publicPagePaths().map((p) => ({ loc: `${base}${p === '/' ? '/' : p}` }))));
    if (name === 'contractors.xml') {
      const rows = await liveContractorEntries(ctx, MAX_CONTRACTORS);
      return sendXml(
        reply,
        urlSet(rows.map((r) => ({ loc: `${base}/contractors/${r.id}`, lastmod: r.updatedAt }))),
      );
    }
    const page = /^properties-([1-9][0-9]{0,4})\.xml$/.exec(name);
    if (!page) throw new AppError('NOT_FOUND', 'No such sitemap');
    const n = Number(page[1]);
    const rows = await livePropertyEntries(ctx, (n - 1) * SITEMAP_PAGE_SIZE, SITEMAP_PAGE_SIZE);
    if (rows.length === 0 && n > 1) throw new AppError('NOT_FOUND', 'No such sitemap');
    return sendXml(
      reply,
      urlSet(rows.map((r) => ({ loc: `${base}/properties/${r.id}`, lastmod: r.updatedAt }))),
    );
  });
};

export default sitemapRoutes;
