// The landing page (doc 1 "Landing page (/)"): hero with role cards, search panel, featured homes, map pitch,
// about with live figures, sign-up panel, the best-rated trades and pricing. Homes, trades and figures are live
// data, never invented samples, and the spec's links to other portals are left out (issue 12; decision 0016).
// Signed-in people go straight to their dashboard, except in the ?preview=true variant.

import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/feedback';
import { useAuth } from '../../../lib/auth';
import type { PagePrefetch } from '../../../lib/page-modules';
import { toast } from '../../../lib/toast';
import { FIGURES_KEY } from '../components/figures';
import { PreviewHero, VisitorHero } from '../components/landing/heroes';
import {
  ContractorDirectory,
  FEATURED_KEY,
  FeaturedListings,
  TOP_TRADES_KEY,
} from '../components/landing/live-sections';
import { AboutSection, MapPitch, PricingSection, SignUpPanel } from '../components/landing/pitch-sections';
import { CONTAINER } from '../components/landing/section-heading';
import { SearchPanel } from '../components/search-panel';

/** ?error=access_denied (sent by the admin guard): say why, then clear the query (doc 1 §8). */
function useAccessDeniedToast() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  useEffect(() => {
    if (params.get('error') !== 'access_denied') return;
    if (!shown.current) {
      shown.current = true;
      toast({
        title: 'Access Denied',
        description:
          'Only authorized administrators can access this platform. Please contact us for assistance.',
        variant: 'destructive',
      });
    }
    const next = new URLSearchParams(params);
    next.delete('error');
    setParams(next, { replace: true });
  }, [params, setParams]);
}

/** The live sections and figures, in the server's HTML. */
export const prefetch: PagePrefetch = (client) =>
  Promise.all(
    [FEATURED_KEY, TOP_TRADES_KEY, FIGURES_KEY].map((queryKey) => client.prefetchQuery({ queryKey })),
  );

export default function LandingPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preview = params.get('preview') === 'true';
  useAccessDeniedToast();

  const redirecting = auth.isAuthenticated && !preview;
  useEffect(() => {
    if (redirecting) navigate('/dashboard', { replace: true });
  }, [redirecting, navigate]);

  if (auth.isLoading) return <Spinner />;
  if (redirecting) return <Spinner label="Taking you to your dashboard" />;

  const signedIn = auth.isAuthenticated;
  return (
    <>
      {preview ? <PreviewHero signedIn={signedIn} /> : <VisitorHero />}
      <section aria-labelledby="search-title" className={`${CONTAINER} relative z-10 -mt-12`}>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-lg sm:p-6">
          <h2 id="search-title" className="mb-4 text-lg font-semibold text-slate-900">
            Search homes to rent
          </h2>
          <SearchPanel />
        </div>
      </section>
      <FeaturedListings />
      <MapPitch />
      <AboutSection />
      <SignUpPanel signedIn={signedIn} />
      <ContractorDirectory />
      {!preview && <PricingSection signedIn={signedIn} />}
    </>
  );
}
