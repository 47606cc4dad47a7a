// Serves the built client: hashed assets with immutable caching, media files (media/serve.ts), and index.html for every
// page route with that page's <title> and meta description in the HTML (crawlers see them without JS).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedPage, RenderRequest } from '../../client/entry-server';
import { isAdmin } from '../../domain/identity';
import {
  ADMIN_SIGN_IN,
  NOT_FOUND_META,
  PAGE_STATE_ELEMENT,
  type PageMeta,
  pageMetaFor,
  SESSION_USER_ELEMENT,
} from '../../domain/pages';
import { projectPath } from '../lib/paths';
import { escapeHtml } from '../mail/mailer';
import { registerMediaRoute } from '../media/serve';
import { type CachedPage, pageCachesFor } from './page-cache';
import { renderAuth } from './sessions';

export const CLIENT_DIST = projectPath('dist/client');
/** The page renderer built by `vite build --ssr` (scripts/build.mjs). */
export const SSR_ENTRY = path.resolve(CLIENT_DIST, '../ssr/entry-server.js');

export type PageRenderer = (request: RenderRequest) => Promise<RenderedPage | null>;

/** The listing version pages are rendered under (plugins/page-cache.ts keeps visitors' pages by it). */
export type PageVersionResolver = (app: FastifyInstance) => Promise<number>;

/**
 * The server's page renderer (src/client/entry-server.tsx): the built one, or under Vitest the source itself (so
 * API tests render what the code says, with no build). Null when it has not been built: pages are then drawn in
 * the browser, as they were before issue 15.
 */
async function loadPageRenderer(app: FastifyInstance): Promise<PageRenderer | null> {
  if (process.env.VITEST) {
    const source = '../../client/entry-server.tsx';
    return ((await import(/* @vite-ignore */ source)) as { renderPage: PageRenderer }).renderPage;
  }
  if (!existsSync(SSR_ENTRY)) {
    app.log.warn('dist/ssr is missing (npm run build:client): pages are drawn in the browser only');
    return null;
  }
  return ((await import(pathToFileURL(SSR_ENTRY).href)) as { renderPage: PageRenderer }).renderPage;
}

/** The page renderer's API calls, answered by the app in-process as this visitor (cookies and address). */
export function inProcessApi(app: FastifyInstance, request: FastifyRequest): RenderRequest['api'] {
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`a page render only reads: ${method} ${url}`);
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of ['cookie', 'user-agent', 'accept-language'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const inject = () => app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    // The session this page was found to be, reused by the call (it sends the same cookie): no second lookup.
    const res = headers.cookie
      ? await renderAuth.run({ cookie: headers.cookie, auth: request.auth }, inject)
      : await inject();
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/octet-stream') },
    });
  };
}

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

/**
 * The built page with its stylesheets first in the head, before the scripts Vite puts there. The stylesheet blocks the
 * first paint and the scripts do not; behind a dozen module preloads it waited for a free connection (HTTP/1.1 opens
 * six), which Lighthouse's mobile run counted as 170-200 ms of render blocking.
 */
export function stylesFirst(template: string): string {
  const styles = template.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  if (styles.length === 0 || !template.includes('<!--app-head-->')) return template;
  let html = template;
  for (const tag of styles) html = html.replace(tag, () => '');
  html = html.replace(/\n\s*\n/g, '\n');
  return html.replace('<!--app-head-->', () => `${styles.join('\n    ')}\n    <!--app-head-->`);
}

/**
 * The first picture a rendered page asks for eagerly with high priority (the first result's photo, the listing's
 * main photo): preloaded from the head, it starts beside the stylesheet instead of after every script, since it is
 * usually what the largest paint waits for.
 */
export function priorityImagePreload(html: string): string {
  const img = html.match(/<img\b[^>]*\bfetchpriority="high"[^>]*>/i)?.[0];
  if (!img) return '';
  const attr = (name: string) => img.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1];
  const src = attr('src');
  if (!src) return '';
  const srcset = attr('srcset');
  const sizes = attr('sizes');
  // The values are copied as React escaped them, so they stay escaped in the link.
  return `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high" />`;
}

/**
 * The built page with a preload for the text face (Inter, Latin): it arrives with the stylesheet rather than after
 * it, so server-rendered text is redrawn in it sooner (with a metric-matched fallback until then: styles.css).
 */
function withFontPreload(template: string): string {
  const assets = path.join(CLIENT_DIST, 'assets');
  const font = existsSync(assets)
    ? readdirSync(assets).find((name) => /^inter-latin-wght-normal-[\w-]+\.woff2$/.test(name))
    : undefined;
  if (!font) return template;
  const link = `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin />`;
  return template.replace('<!--app-head-->', () => `${link}\n    <!--app-head-->`);
}

export type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * A rendered page's chunks and the chunks they import (from Vite's manifest), as addresses: fetched beside the entry
 * script, so hydration does not wait for one after the other.
 */
export function pageChunks(manifest: ViteManifest | null, sources: string[]): string[] {
  if (!manifest) return [];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const source of sources) visit(source);
  return [...files].map((file) => `/${file}`);
}

/** The built page for a server-rendered page, whose scripts wait for its first paint (public/after-paint.js). */
export interface AfterPaintTemplate {
  /** The built page without its entry script and module preloads; AFTER_PAINT_MARK where the entry was. */
  template: string;
  entry: string;
  /** What the built page preloaded with the entry (its static imports). */
  modules: string[];
}

const AFTER_PAINT_MARK = '<!--after-paint-->';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * Decision 0039: a server-rendered page is complete without its scripts, so they are fetched once it is drawn, not
 * beside the stylesheet and the first photo. Null for a page with no entry script (the fallback shell).
 */
export function afterPaintTemplate(template: string): AfterPaintTemplate | null {
  const entry = ENTRY_SCRIPT.exec(template);
  if (!entry) return null;
  const modules = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return {
    template: template.replace(MODULE_PRELOAD, '').replace(entry[0], () => AFTER_PAINT_MARK),
    entry: entry[1],
    modules,
  };
}

/** The loader that fetches a rendered page's scripts after its first paint, naming them. */
export function afterPaintLoader(page: AfterPaintTemplate, chunks: string[]): string {
  const modules = [...new Set([...page.modules, ...chunks])].join(' ');
  return `<script defer src="/after-paint.js" data-entry="${escapeHtml(page.entry)}" data-modules="${escapeHtml(modules)}"></script>`;
}

function readManifest(): ViteManifest | null {
  try {
    return JSON.parse(readFileSync(path.join(CLIENT_DIST, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

const FALLBACK_TEMPLATE = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><!--app-head--></head><body><div id="root"><main><h1>Your Place</h1><p>The site is starting. Please reload in a moment.</p></main></div></body></html>`;

export async function registerSite(
  app: FastifyInstance,
  resolvers: HeadResolver[] = [],
  pageUser: PageUserResolver = async () => null,
  pageVersion: PageVersionResolver = async () => 0,
) {
  const indexPath = path.join(CLIENT_DIST, 'index.html');
  const built = existsSync(indexPath);
  const readTemplate = () => withFontPreload(stylesFirst(readFileSync(indexPath, 'utf8')));
  let template = built ? readTemplate() : FALLBACK_TEMPLATE;
  let afterPaint = afterPaintTemplate(template);
  let manifest = built ? readManifest() : null;

  registerMediaRoute(app);
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

  // Loaded with the first page asked for, so an app that only answers API calls never loads React.
  let renderer: Promise<PageRenderer | null> | null = null;
  // A member's page is drawn again only when what goes into it is new (decision 0068).
  const { visitors: visitorPages, members: memberRenders } = pageCachesFor(app.ctx);
  const renderFresh = async (request: FastifyRequest, user: unknown): Promise<CachedPage | null> => {
    renderer ??= loadPageRenderer(app).catch((error) => {
      app.log.error({ err: error }, 'the page renderer did not load: pages are drawn in the browser only');
      return null;
    });
    const renderPage = await renderer;
    if (!renderPage) return null;
    try {
      const origin = `${request.protocol}://${request.host}`;
      const page = await renderPage({
        url: request.url,
        origin,
        user,
        api: inProcessApi(app, request),
        memo: user === null ? undefined : memberRenders,
      });
      if (!page) return null;
      return {
        html: page.html,
        // Read by src/client/main.tsx before hydrating.
        state: `<script type="application/json" id="${PAGE_STATE_ELEMENT}">${htmlSafeJson(page.state)}</script>`,
        // Worked out once per render, so a visitor's kept page carries them too.
        preloads: priorityImagePreload(page.html),
        chunks: pageChunks(manifest, page.modules),
      };
    } catch (error) {
      // The page still works: the browser draws it, as it does every private page.
      request.log.error({ err: error }, 'server render failed; the browser draws the page');
      return null;
    }
  };

  // A visitor who is not signed in sees what every such visitor sees: rendered once, kept while fresh, and sent
  // without asking the API anything. A member's page asks the API as them (cached answers) and reuses the markup
  // of the same inputs (memberRenders).
  const render = async (request: FastifyRequest, user: unknown): Promise<CachedPage | null> => {
    if (user !== null) return renderFresh(request, user);
    const key = `${request.protocol}://${request.host}${request.url}`;
    const version = await pageVersion(app);
    const cached = visitorPages.get(key, version, app.ctx.now().getTime());
    if (cached) return cached;
    const page = await renderFresh(request, null);
    if (page) visitorPages.set(key, version, app.ctx.now().getTime(), page);
    return page;
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built && existsSync(indexPath)) {
      template = readTemplate();
      afterPaint = afterPaintTemplate(template);
      manifest = readManifest();
    }
    const url = new URL(request.url, 'http://local');
    let meta = pageMetaFor(url.pathname);
    // Checked before anything is rendered or kept: a visitor's page cache never holds an admin-only page.
    if (meta?.adminOnly && !(request.auth.user && isAdmin(request.auth.user))) {
      return reply.header('cache-control', 'private, no-cache').redirect(ADMIN_SIGN_IN, 302);
    }
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
    const user = await pageUser(request);
    // Not executed (a data block), so the CSP's script-src does not apply; read by src/client/lib/auth.ts.
    extraHead += `<script type="application/json" id="${SESSION_USER_ELEMENT}">${htmlSafeJson(user)}</script>`;
    const rendered = await render(request, user);
    if (rendered) extraHead += rendered.preloads;
    const deferred = rendered ? afterPaint : null;
    let html = renderShell(
      deferred ? deferred.template : template,
      meta ?? NOT_FOUND_META,
      `${app.ctx.config.publicUrl}${url.pathname}`,
      extraHead,
    );
    if (rendered) {
      if (deferred) html = html.replace(AFTER_PAINT_MARK, () => afterPaintLoader(deferred, rendered.chunks));
      // The page's markup in #root (in place of what the shell has there: nothing in the built page, a "starting"
      // note in the fallback one used before the client is built), and after it the data it shows.
      html = html.replace(
        /<div id="root">[\s\S]*?<\/div>/,
        () => `<div id="root">${rendered.html}</div>${rendered.state}`,
      );
    }
    return (
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        // The page names who is signed in: never kept by a shared cache, and a member's is never stored at all
        // (plugins/private-replies.ts makes it no-store).
        .header('cache-control', 'private, no-cache')
        .send(html)
    );
  };

  const isApi = (url: string) => {
    const pathname = url.split('?')[0];
    return pathname.startsWith('/api/') || pathname === '/api';
  };
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND', requestId: reply.request.id });
  // Pages are a route (not the not-found handler) so that they are compressed like every other reply: a results
  // page with its data is ~175 KB of HTML and ~25 KB gzipped.
  app.get('/*', async (request, reply) => (isApi(request.url) ? notFound(reply) : sendPage(request, reply)));
  app.setNotFoundHandler(async (request, reply) =>
    isApi(request.url) || request.method !== 'GET' ? notFound(reply) : sendPage(request, reply),
  );
}
