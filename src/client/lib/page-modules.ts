// Pages as lazy modules that the server can render: a page's code loads on demand in the browser; the server
// (entry-server.tsx) loads it before rendering, so nothing suspends there, and a hydrating browser (main.tsx) starts
// loading it at once (its chunks are preloaded with the HTML), React keeping the server's markup until it is in.
// A page module may export `prefetch`: the queries its first screen shows, which the server fetches (in-process)
// and sends with the HTML.
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement, lazy, type ReactNode, useEffect } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

export interface PageContext {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** Fills the query cache with what the page's first screen shows (the same query options its hooks use). */
export type PagePrefetch = (client: QueryClient, context: PageContext) => Promise<unknown>;

export interface PageModule {
  default: ComponentType;
  prefetch?: PagePrefetch;
}

export interface PageHandle {
  preload: () => Promise<PageModule>;
  /** Rendered on the server (issue 15: the public pages arrive as complete HTML). */
  ssr: boolean;
  /** The page's source file from the project root, as Vite's manifest names its chunk. */
  source: string;
}

/** A thenable that calls back at once: React.lazy resolves with it synchronously (a promise would suspend once). */
function settled(module: PageModule): Promise<PageModule> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, for React.lazy (see above).
  return { then: (resolve: (m: PageModule) => void) => resolve(module) } as Promise<PageModule>;
}

/** The attribute set on <html> once the first page is drawn and live (hydrated, or rendered in the browser). */
export const PAGE_READY_ATTRIBUTE = 'data-page-ready';

/**
 * Marks the page live: its effect runs only when the page's part has committed, which for a server-rendered page
 * means hydrated, code and all. Browser automation waits for it before acting (tests/e2e/fixtures.ts).
 */
function PageReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.setAttribute(PAGE_READY_ATTRIBUTE, 'true');
  }, []);
  return children;
}

/** A route's element and handle for a lazily loaded page. */
export function lazyPage(load: () => Promise<PageModule>, options: { ssr?: boolean; source: string }) {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  // One import per process: on the server every render preloads, and each import() is a trip through the module
  // loader. A failed load (a chunk the network lost) is tried again next time.
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // Once loaded, React.lazy gets a thenable that resolves at once, so the page renders without suspending.
  const Component = lazy(() => (loaded ? settled(loaded) : preload()));
  const handle: PageHandle = { preload, ssr: options.ssr ?? false, source: options.source };
  return { element: createElement(PageReady, null, createElement(Component)), handle };
}

function handleOf(route: RouteObject): PageHandle | undefined {
  const handle = route.handle as Partial<PageHandle> | undefined;
  return typeof handle?.preload === 'function' ? (handle as PageHandle) : undefined;
}

/** The page routes a path renders, outermost first, with their params. */
export function matchPages(routes: RouteObject[], pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).flatMap((match) => {
    const handle = handleOf(match.route);
    return handle ? [{ handle, params: match.params }] : [];
  });
}

/** Starts loading the code of the pages a path renders (a render after it does not suspend). */
export function preloadPages(routes: RouteObject[], pathname: string): Promise<PageModule[]> {
  return Promise.all(matchPages(routes, pathname).map((page) => page.handle.preload()));
}
