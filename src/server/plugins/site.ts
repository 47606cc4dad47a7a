// Serves the built client: hashed assets with immutable caching, media files (media/serve.ts), and index.html for every
// page route with that page's <title> and meta description in the HTML (crawlers see them without JS).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderedPage, RenderRequest } from '../../client/entry-server';
import { londonToday } from '../../domain/dates';
import { isAdmin } from '../../domain/identity';
import { UUID_SOURCE } from '../../domain/ids';
import {
  ADMIN_SIGN_IN,
  NOT_FOUND_META,
  PAGE_STATE_ELEMENT,
  type PageMeta,
  pageMetaFor,
  SESSION_USER_ELEMENT,
} from '../../domain/pages';
import { asCurrentUser, renderPersona } from '../../domain/render-persona';
import { acceptsGzip, KeptPage } from '../lib/kept-page';
import { projectPath } from '../lib/paths';
import { escapeHtml } from '../mail/mailer';
import { registerMediaRoute } from '../media/serve';
import { type KeptReply, type PageCheck, type PageValidity, pageCachesFor } from './page-cache';
import { lendPageSession } from './sessions';

export const CLIENT_DIST = projectPath('dist/client');
/** The page renderer built by `vite build --ssr` (scripts/build.mjs). */
export const SSR_ENTRY = path.resolve(CLIENT_DIST, '../ssr/entry-server.js');

export type PageRenderer = (request: RenderRequest) => Promise<RenderedPage | null>;

/** What a page drawn now is drawn under (plugins/page-cache.ts keeps pages by it, decision 0075). */
export type PageVersionResolver = (app: FastifyInstance, request: FastifyRequest) => Promise<PageValidity>;

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

/** An in-process GET as the page's visitor: their cookies and address, and the session the page found. */
function injectAsPage(app: FastifyInstance, request: FastifyRequest, url: string) {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of ['cookie', 'user-agent', 'accept-language'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const inject = (lent: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...headers, ...lent }, remoteAddress: request.ip });
  // The session this page was found to be, reused by the call (it sends the same cookie): no second lookup.
  return headers.cookie && request.auth ? lendPageSession(headers.cookie, request.auth, inject) : inject();
}

/** What a member's page checks again before it is sent from the kept pages: its own answer's digest. */
function digestOf(payload: Buffer): string {
  return createHash('sha256').update(payload).digest('base64');
}

/** A reply its route marked the same for everyone (plugins/private-replies.ts keeps that mark only on such routes). */
function isPublicReply(cacheControl: unknown): boolean {
  return typeof cacheControl === 'string' && /^\s*public\b/i.test(cacheControl);
}

/** What a member's page render was answered: what to check again, and every account id and email its data names. */
export interface PageRecord {
  checks: PageCheck[];
  names: Set<string>;
}

const NAMES = new RegExp(`${UUID_SOURCE}|[^\\s"\\\\<>]+@[^\\s"\\\\<>]+`, 'gi');

/**
 * The page renderer's API calls, answered by the app in-process as this visitor (cookies and address). With `record`,
 * every answer that is not the same for everyone is noted (address, status, digest): a member's kept page is sent to
 * another member only when their answers to the same calls are the same bytes (decision 0075). The ids and emails in
 * every answer are noted too: a page whose data names a member is drawn for them alone (decision 0068).
 */
export function inProcessApi(
  app: FastifyInstance,
  request: FastifyRequest,
  record?: PageRecord,
): RenderRequest['api'] {
  return async (url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`a page render only reads: ${method} ${url}`);
    const res = await injectAsPage(app, request, url);
    if (record) {
      if (!isPublicReply(res.headers['cache-control']))
        record.checks.push({ url, status: res.statusCode, digest: digestOf(res.rawPayload) });
      for (const name of res.payload.match(NAMES) ?? []) record.names.add(name.toLowerCase());
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/octet-stream') },
    });
  };
}

/** Statuses and digests of a page's answers to its calls, in order: what its kept variants are found by. */
export function answersOf(checks: PageCheck[]): string {
  return checks.map((check) => `${check.status} ${check.digest}`).join('\n');
}

/** This member's answers to a kept page's calls (decision 0075): the same calls its render made, as them. */
async function answersTo(app: FastifyInstance, request: FastifyRequest, calls: string[]): Promise<string> {
  const answers = await Promise.all(calls.map((url) => injectAsPage(app, request, url)));
  return answersOf(
    answers.map((res, i) => ({ url: calls[i], status: res.statusCode, digest: digestOf(res.rawPayload) })),
  );
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

/** What a render adds to the shell. */
interface RenderedParts {
  /** The markup of #root. */
  html: string;
  /** The page-state data block (escaped JSON). */
  state: string;
  /** Preload links: the page's first high-priority photo. */
  preloads: string;
  /** The page's chunks, fetched after its first paint (decision 0039). */
  chunks: string[];
  /** Drawn for the member themselves (their data names them): never kept for anyone else. */
  personal: boolean;
}

/** The session-user block: not executed (a data block), so the CSP's script-src does not apply; read by lib/auth.ts. */
function sessionUserBlock(user: unknown): string {
  return `<script type="application/json" id="${SESSION_USER_ELEMENT}">${htmlSafeJson(user)}</script>`;
}

/**
 * A page as the part every reader of it shares and the tail that is this request's own: who is signed in (the
 * session-user block, last in the body so the shared part can be kept compressed: decision 0075), then the end of
 * the document.
 */
export function splitTail(html: string, user: unknown): { shared: string; tail: Buffer } {
  const end = html.lastIndexOf('</body>');
  const at = end >= 0 ? end : html.length;
  return {
    shared: html.slice(0, at),
    tail: Buffer.from(`${sessionUserBlock(user)}${html.slice(at)}`, 'utf8'),
  };
}

const FALLBACK_TEMPLATE = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><!--app-head--></head><body><div id="root"><main><h1>Your Place</h1><p>The site is starting. Please reload in a moment.</p></main></div></body></html>`;

export async function registerSite(
  app: FastifyInstance,
  resolvers: HeadResolver[] = [],
  pageUser: PageUserResolver = async () => null,
  pageVersion: PageVersionResolver = async (app) => ({
    version: '0',
    day: londonToday(app.ctx.now()),
    until: Number.POSITIVE_INFINITY,
  }),
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
  const { visitors: visitorPages, members: memberRenders, memberPages } = pageCachesFor(app.ctx);
  const renderFresh = async (
    request: FastifyRequest,
    user: unknown,
    record?: PageRecord,
  ): Promise<RenderedParts | null> => {
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
        api: inProcessApi(app, request, record),
        memo: user === null ? undefined : memberRenders,
      });
      if (!page) return null;
      return {
        html: page.html,
        // Read by src/client/main.tsx before hydrating.
        state: `<script type="application/json" id="${PAGE_STATE_ELEMENT}">${htmlSafeJson(page.state)}</script>`,
        preloads: priorityImagePreload(page.html),
        chunks: pageChunks(manifest, page.modules),
        personal: page.personal === true,
      };
    } catch (error) {
      // The page still works: the browser draws it, as it does every private page.
      request.log.error({ err: error }, 'server render failed; the browser draws the page');
      return null;
    }
  };

  /**
   * A kept reply with this request's tail: gzip as it was kept when the client accepts it (no compression per
   * request), otherwise inflated (the most used pages are kept inflated too).
   */
  const sendKept = (request: FastifyRequest, reply: FastifyReply, kept: KeptReply, tail: Buffer) => {
    reply
      .status(kept.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding');
    if (acceptsGzip(request.headers['accept-encoding']))
      return reply.header('content-encoding', 'gzip').send(kept.page.gzip(tail));
    return reply.send(Buffer.concat([visitorPages.identity(kept.page), tail]));
  };

  // A reply's tail: who is signed in, then the document's end; a visitor's is made once per template.
  let visitorTailOf: { template: string; tail: Buffer } | null = null;
  const visitorTail = () => {
    if (visitorTailOf?.template !== template)
      visitorTailOf = { template, tail: splitTail(template, null).tail };
    return visitorTailOf.tail;
  };
  const memberTail = (user: unknown) => splitTail(template, user).tail;

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
    // A visitor who is not signed in sees what every such visitor sees: the whole reply is kept while what it shows
    // is unchanged (plugins/page-cache.ts, decision 0075), and sent without asking the API anything. A member is sent
    // the page kept for their kind of account when their own answers to its calls are the ones it was drawn with.
    const visitor = !request.auth.user;
    const user = visitor ? null : await pageUser(request);
    const member = asCurrentUser(user);
    const address = `${request.protocol}://${request.host}${request.url}`;
    const memberKey = member ? `${address}\n${JSON.stringify(renderPersona(member))}` : '';
    const validity = await pageVersion(app, request);
    const now = app.ctx.now().getTime();
    if (visitor) {
      const kept = visitorPages.get(address, validity, now);
      if (kept) return sendKept(request, reply, kept, visitorTail());
    } else if (member) {
      const calls = memberPages.calls(memberKey, validity, now);
      const kept = calls && memberPages.get(memberKey, await answersTo(app, request, calls));
      const named = kept?.names?.has(member.id.toLowerCase()) || kept?.names?.has(member.email.toLowerCase());
      if (kept && !named) {
        memberPages.stats.hits += 1;
        return sendKept(request, reply, kept, memberTail(user));
      }
      memberPages.stats.misses += 1;
      if (named) memberPages.stats.named += 1;
      else if (calls) memberPages.stats.variants += 1;
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
    const record: PageRecord = { checks: [], names: new Set() };
    const rendered = await renderFresh(request, user, member ? record : undefined);
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
    const { shared, tail } = splitTail(html, user);
    // Compressed once, then sent to every visitor of this address, or every member of this kind whose answers are
    // these, while it holds. A page drawn for the member themselves (their data names them) is theirs alone.
    if (rendered && visitor) {
      const kept: KeptReply = { status, page: KeptPage.of(shared) };
      visitorPages.set(address, validity, now, kept);
      return sendKept(request, reply, kept, tail);
    }
    if (rendered && member && !rendered.personal) {
      const checks = record.checks.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
      const kept: KeptReply = { status, page: KeptPage.of(shared), names: record.names };
      const calls = checks.map((check) => check.url);
      memberPages.set(memberKey, validity, now, calls, answersOf(checks), kept);
      return sendKept(request, reply, kept, tail);
    }
    return (
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        // The page names who is signed in: never kept by a shared cache, and a member's is never stored at all
        // (plugins/private-replies.ts makes it no-store).
        .header('cache-control', 'private, no-cache')
        .send(`${shared}${tail.toString('utf8')}`)
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
