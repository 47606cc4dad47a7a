import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from './components/ui/toaster';
import { createQueryClient } from './lib/query-client';
import { routes } from './routes';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

// Network-level rejections (fetch aborted, offline) are expected noise; others are logged (doc 2 §8).
window.addEventListener('unhandledrejection', (event) => {
  const message = String(event.reason?.message ?? event.reason ?? '');
  if (/fetch|Network|AbortError/i.test(message)) event.preventDefault();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
