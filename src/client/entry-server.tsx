// The server's page renderer (issue 15): the public pages as complete HTML, with the data they show. Built by
// `vite build --ssr` into dist/ssr (scripts/build.mjs) and called by src/server/plugins/site.ts. The page's
// API calls reach the app in-process through the transport the server passes (never over the network), with the
// visitor's cookies, so the HTML shows exactly what the browser would have fetched.
import './lib/zod-jitless';
import { AsyncLocalStorage } from 'node:async_hooks';
import { type DehydratedState, dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { londonToday } from '../domain/dates';
import { asCurrentUser, dataNamesMember, renderPersona } from '../domain/render-persona';
import { App } from './app';
import { footerLinksQuery } from './components/layout/site-footer';
import { unreadQuery } from './components/layout/unread-badge';
import { type ApiTransport, setApiTransport } from './lib/api';
import { CURRENT_USER_KEY } from './lib/auth';
import { matchPages } from './lib/page-modules';
import { createQueryClient } from './lib/query-client';
import { routes } from './routes';

// Renders overlap (each awaits its data), so each one's API calls find their own transport.
const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const send = transports.getStore();
  return send ? send(url, init) : Promise.reject(new Error(`${url}: asked outside a page render`));
});

export interface RenderRequest {
  /** The page's path and query. */
  url: string;
  /** The origin the request came to (https://host), for absolute links in the page. */
  origin: string;
  /** The signed-in user as GET /api/auth/user answers it, or null. */
  user: unknown;
  /** GET an API path as this visitor. */
  api: ApiTransport;
  /**
   * Where a signed-in member's markup is kept by what went into it (decision 0068): given, the page is drawn for a
   * stand-in without the member's name (../domain/render-persona.ts) and drawn again only for inputs not kept.
   */
  memo?: RenderMemo;
}

/** Markup kept by the exact inputs of its render: the address, who it was drawn for and every query's data. */
export interface RenderMemo {
  get(inputs: string): string | undefined;
  set(inputs: string, html: string): void;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The queries the page showed, for the browser's cache (the signed-in user comes separately). */
  state: DehydratedState;
  /** The source files of the pages rendered, as Vite's manifest names them (their chunks are preloaded). */
  modules: string[];
  /**
   * Drawn for the member themselves, not a stand-in: their page's data names them (their own listing), so the markup
   * may too, and it is theirs alone (never kept for other members: plugins/site.ts).
   */
  personal?: boolean;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream)
    html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return html;
}

/** The page's HTML and data, or null when the path is drawn in the browser (private pages, the admin area). */
export async function renderPage({
  url,
  origin,
  user,
  api,
  memo,
}: RenderRequest): Promise<RenderedPage | null> {
  const { pathname, searchParams } = new URL(url, 'http://local');
  const pages = matchPages(routes, pathname);
  if (pages.length === 0 || !pages.every((page) => page.handle.ssr)) return null;

  return transports.run(api, async () => {
    const client = createQueryClient();
    try {
      return await renderWith(client);
    } finally {
      // Queries given a gcTime (the signed-in user's is 5 minutes) set a timer that would hold this render's data
      // for that long after the page was sent: under load, hundreds of megabytes. Done with it, drop it all.
      client.clear();
    }
  });

  async function renderWith(client: QueryClient): Promise<RenderedPage | null> {
    client.setQueryData(CURRENT_USER_KEY, user ?? null);
    const modules = await Promise.all(pages.map((page) => page.handle.preload()));
    const member = asCurrentUser(user);
    // Every page's footer links to a live home and trade, and a member's header shows their unread count (a failure
    // leaves them out, on both sides alike).
    const footer = footerLinksQuery();
    const unread = unreadQuery();
    await Promise.all([
      ...modules.map((module, i) =>
        module.prefetch?.(client, { params: pages[i].params, search: searchParams }),
      ),
      client.prefetchQuery(footer),
      member ? client.prefetchQuery(unread) : null,
    ]);
    const sharedKeys = new Set([footer.queryKey[0], unread.queryKey[0]]);
    // A page whose data was refused (an unknown listing, filters the API turns down) shows its error from what the
    // browser fetches; the server cannot hand that error over intact, so the browser draws such a page.
    const failed = client.getQueryCache().findAll({
      predicate: (query) => query.state.status === 'error' && !sharedKeys.has(query.queryKey[0] as string),
    });
    if (failed.length > 0) return null;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && query.queryKey[0] !== CURRENT_USER_KEY[0],
    });
    const sources = pages.map((page) => page.handle.source);

    // A member's page (decision 0068): its markup follows from the address, the stand-in and the data, so the same
    // inputs give the same markup, kept from an earlier render; data that names the member is theirs alone.
    let inputs: string | null = null;
    let personal = false;
    if (memo && member) {
      const data = JSON.stringify(state.queries.map((query) => [query.queryHash, query.state.data]));
      personal = dataNamesMember(data, member);
      const drawnFor = personal ? member : renderPersona(member);
      const missing = client
        .getQueryCache()
        .findAll({ predicate: (query) => query.state.status === 'error' })
        .map((query) => query.queryHash);
      // The day too: a date on the page ("available from") reads "Immediately" once it has come.
      inputs = `${JSON.stringify([url, origin, londonToday(), drawnFor, missing])}\n${data}`;
      const kept = memo.get(inputs);
      if (kept !== undefined) return { html: kept, modules: sources, state, personal };
      client.setQueryData(CURRENT_USER_KEY, drawnFor);
    }

    const Router = ({ children }: { children: ReactNode }) => (
      <StaticRouter location={url}>{children}</StaticRouter>
    );
    let failure: unknown = null;
    const { prelude } = await prerenderToNodeStream(
      <App queryClient={client} Router={Router} origin={origin} />,
      {
        // Never outline a large part to be revealed by an inline script: the page is complete HTML, and the CSP allows
        // no inline script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError(error) {
          failure ??= error;
        },
      },
    );
    const html = await readAll(prelude);
    // A part that failed would hydrate as something else: the browser draws the whole page instead.
    if (failure) throw failure;
    if (memo && inputs !== null) memo.set(inputs, html);
    return { html, modules: sources, state, personal };
  }
}
