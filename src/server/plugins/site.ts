// Serves the built client: hashed assets with immutable caching, media files, and index.html for every
// page route with that page's <title> and meta description in the HTML (crawlers see them without JS).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_FOUND_META, type PageMeta, pageMetaFor, SESSION_USER_ELEMENT } from '../../domain/pages';
import { escapeHtml } from '../mail/mailer';

export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/client');

/**
 * Extra head content for a page (issue 3 adds property JSON-LD): resolved per request. `status` lets a
 * resolver answer 404 for a page route whose record does not exist (/properties/{unknown id}).
 */
export type HeadResolver = (
  request: FastifyRequest,
  pathname: string,
) => Promise<{ meta?: PageMeta; head?: string; status?: number } | null>;

/** JSON safe inside an HTML script element: "<" (and so "</script>") never appears in it. */
function htmlSafeJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A JSON-LD block for search engines. */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${htmlSafeJson(data)}</script>`;
}

/**
 * The signed-in user as GET /api/auth/user answers it, or null: embedded in every page so that loading one never
 * asks the server who is signed in (and a visitor's page logs no 401).
 */
export type PageUserResolver = (request: FastifyRequest) => Promise<unknown>;

/**
 * The record id of a detail page's path (/properties/{id}): null when the path is not that page, false when its
 * escape is malformed (a page that cannot exist).
 */
export function detailPathId(pattern: RegExp, pathname: string): string | null | false {
  const match = pattern.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return false;
  }
}

export function renderShell(template: string, meta: PageMeta, canonical: string, extraHead = ''): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:type" content="website" />`,
    meta.noindex ? '<meta name="robots" content="noindex" />' : '',
    extraHead,
  ]
    .filter(Boolean)
    .join('\n    ');
  // A replacer function, never a replacement string: in one, `$&`, `$\`` and `$'` in a listing's title or address
  // would paste parts of the template into the head.
  return template.replace(/<title>[^<]*<\/title>/, () => '').replace('<!--app-head-->', () => tags);
}

const FALLBACK_TEMPLATE = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><!--app-head--></head><body><div id="root"><main><h1>Your Place</h1><p>The site is starting. Please reload in a moment.</p></main></div></body></html>`;

export async function registerSite(
  app: FastifyInstance,
  resolvers: HeadResolver[] = [],
  pageUser: PageUserResolver = async () => null,
) {
  const indexPath = path.join(CLIENT_DIST, 'index.html');
  const built = existsSync(indexPath);
  let template = built ? readFileSync(indexPath, 'utf8') : FALLBACK_TEMPLATE;

  mkdirSync(app.ctx.storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.ctx.storage.root,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '30d',
    immutable: true,
  });
  if (built) {
    await app.register(fastifyStatic, {
      root: CLIENT_DIST,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built && existsSync(indexPath)) {
      template = readFileSync(indexPath, 'utf8');
    }
    const url = new URL(request.url, 'http://local');
    let meta = pageMetaFor(url.pathname);
    let extraHead = '';
    let resolvedStatus: number | undefined;
    for (const resolve of resolvers) {
      const found = await resolve(request, url.pathname);
      if (found) {
        meta = found.meta ?? meta;
        extraHead += found.head ?? '';
        resolvedStatus = found.status ?? resolvedStatus;
      }
    }
    const status = resolvedStatus ?? (meta ? 200 : 404);
    // Not executed (a data block), so the CSP's script-src does not apply; read by src/client/lib/auth.ts.
    extraHead += `<script type="application/json" id="${SESSION_USER_ELEMENT}">${htmlSafeJson(await pageUser(request))}</script>`;
    const html = renderShell(
      template,
      meta ?? NOT_FOUND_META,
      `${app.ctx.config.publicUrl}${url.pathname}`,
      extraHead,
    );
    return (
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        // The page names who is signed in: never kept by a shared cache.
        .header('cache-control', 'private, no-cache')
        .send(html)
    );
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    }
    return sendPage(request, reply);
  });
}
