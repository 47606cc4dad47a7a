import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageMetaFor } from '../../../domain/pages';
import { Spinner } from '../ui/feedback';
import { DemoBanner } from './demo-banner';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Report a page view on every route change (doc 1 "Global navigation") to our own analytics endpoint. */
function usePageViews() {
  const location = useLocation();
  useEffect(() => {
    const meta = pageMetaFor(location.pathname);
    if (meta) document.title = meta.title;
    const body = JSON.stringify({ path: location.pathname, referrer: document.referrer || null });
    fetch('/api/analytics/page-view', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      credentials: 'include',
      keepalive: true,
    }).catch(() => {});
    window.scrollTo(0, 0);
  }, [location.pathname]);
}

export function SiteLayout() {
  usePageViews();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <DemoBanner />
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so a page whose body arrives after the header
          (a lazy chunk, then its data) never pushes a visible footer down (issue 15: layout shift). */}
      <main id="main" className="min-h-screen flex-1" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
