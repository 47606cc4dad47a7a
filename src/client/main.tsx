// First, before any module that builds a zod schema (see the file).
import './lib/zod-jitless';
import './styles.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PAGE_STATE_ELEMENT } from '../domain/pages';
import { App } from './app';
import { preloadPages } from './lib/page-modules';
import { createQueryClient } from './lib/query-client';
import { routes } from './routes';

const queryClient = createQueryClient();

// Network-level rejections (fetch aborted, offline) are expected noise; others are logged (doc 2 §8).
window.addEventListener('unhandledrejection', (event) => {
  const message = String(event.reason?.message ?? event.reason ?? '');
  if (/fetch|Network|AbortError/i.test(message)) event.preventDefault();
});

/**
 * What the server's render fetched (entry-server.tsx), or null when the page was not rendered on the server. Its data
 * counts as fetched now: the server sends a kept page only while what it shows is unchanged (decision 0075), so a page
 * drawn minutes ago is as current as one drawn for this request, and the page's own record is not fetched again.
 */
function pageState(): DehydratedState | null {
  const text = document.getElementById(PAGE_STATE_ELEMENT)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as DehydratedState;
    const now = Date.now();
    for (const query of state.queries ?? []) query.state.dataUpdatedAt = now;
    return state;
  } catch {
    return null;
  }
}

const rootElement = document.getElementById('root') as HTMLElement;
const app = <App queryClient={queryClient} Router={BrowserRouter} />;
const state = pageState();

if (state && rootElement.firstElementChild) {
  // A server-rendered page: the same data first, then React takes over the HTML as it is, at once. The page's own
  // part (its chunk, preloaded with the HTML) hydrates as soon as its code is in; until then React keeps the
  // server's markup there.
  hydrate(queryClient, state);
  preloadPages(routes, window.location.pathname).catch(() => []);
  hydrateRoot(rootElement, app);
} else {
  createRoot(rootElement).render(app);
}
