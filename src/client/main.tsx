// First, before any module that builds a zod schema (see the file).
import './lib/zod-jitless';
import { PlanPromptHost } from './components/plan/plan-prompt-host';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './components/layout/route-error-boundary';
import { createQueryClient } from './lib/query-client';
import { routes } from './routes';

// Toasts wait in their store (lib/toast) until the toaster, loaded after the first render, shows them.
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })));

const queryClient = createQueryClient();

/** The route table, rendered by the declarative router (no loaders or actions, so no data router needed). */
function AppRoutes() {
  const location = useLocation();
  return <RouteErrorBoundary location={location}>{useRoutes(routes)}</RouteErrorBoundary>;
}

// Network-level rejections (fetch aborted, offline) are expected noise; others are logged (doc 2 §8).
window.addEventListener('unhandledrejection', (event) => {
  const message = String(event.reason?.message ?? event.reason ?? '');
  if (/fetch|Network|AbortError/i.test(message)) event.preventDefault();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <PlanPromptHost />
      </BrowserRouter>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
