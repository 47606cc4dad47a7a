// The app as both the browser (main.tsx) and the server's page renderer (entry-server.tsx) draw it: the same tree
// on both sides, so a server-rendered page hydrates without a mismatch. Only the router differs.
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, StrictMode, Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './components/layout/route-error-boundary';
import { PlanPromptHost } from './components/plan/plan-prompt-host';
import { useHydrated } from './lib/hydrated';
import { OriginProvider } from './lib/origin';
import { routes } from './routes';

// Toasts wait in their store (lib/toast) until the toaster, loaded after the first render, shows them.
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** The route table, rendered by the declarative router (no loaders or actions, so no data router needed). */
function AppRoutes() {
  const location = useLocation();
  return <RouteErrorBoundary location={location}>{useRoutes(routes)}</RouteErrorBoundary>;
}

/** The toaster is the browser's alone: nothing of it is in the server's HTML. */
function BrowserToaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function App({
  queryClient,
  Router,
  origin = null,
}: {
  queryClient: QueryClient;
  Router: ComponentType<{ children: ReactNode }>;
  /** The site's origin when rendering on the server (the browser knows its own). */
  origin?: string | null;
}) {
  return (
    <StrictMode>
      <OriginProvider value={origin}>
        <QueryClientProvider client={queryClient}>
          <Router>
            <AppRoutes />
            <PlanPromptHost />
          </Router>
          <BrowserToaster />
        </QueryClientProvider>
      </OriginProvider>
    </StrictMode>
  );
}
