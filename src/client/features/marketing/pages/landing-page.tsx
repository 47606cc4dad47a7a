// The landing page (doc 1 "Landing page (/)"): hero with role cards, search panel, featured homes, map pitch,
// about with live figures, sign-up panel, the best-rated trades and pricing. Homes, trades and figures are live
// data, never invented samples, and the spec's links to other portals are left out (issue 12; decision 0016).
// Signed-in people go straight to their dashboard, except in the ?preview=true variant.

import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Building2, Eye, Home, MapPin, SlidersHorizontal, Wrench } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BRAND_NAME, type UserType } from '../../../../domain/constants';
import type { TContractorPage } from '../../../../domain/contractors';
import type { TPropertyCard } from '../../../../domain/properties';
import { ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/feedback';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { CardSkeletons, ContractorCard } from '../../contractors/components/contractor-card';
import { FeaturedHomeCard, FeaturedHomeSkeleton } from '../components/featured-home-card';
import { MarketplaceFigures } from '../components/figures';
import { MapIllustration } from '../components/map-illustration';
import { PriceCard } from '../components/price-card';
import { RoleCards } from '../components/role-cards';
import { SearchPanel } from '../components/search-panel';
import { ctaLabel, ctaTarget } from '../cta';

const CONTAINER = 'mx-auto max-w-7xl px-4 sm:px-6';

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

function VisitorHero() {
  const heroLink = 'font-semibold text-white underline underline-offset-4 hover:text-accent-100';
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-br from-primary-800 to-primary-900 text-white"
    >
      <div className={`${CONTAINER} pb-20 pt-10 sm:pt-16`}>
        <p className="text-sm font-semibold uppercase tracking-wide text-primary-100">
          Independent since 2011 · No hidden fees
        </p>
        <h1 id="hero-title" className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">
          Find your place to rent, without the fees
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-primary-50">
          Homes from private landlords across the UK, checked before they go live, and trusted trades to look
          after them. Tell us who you are to get started.
        </p>
        <div className="mt-8">
          <RoleCards />
        </div>
        <div className="mt-6 flex flex-col gap-3 text-primary-50 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-8">
          <p>
            Already a member?{' '}
            <Link to="/login" className={heroLink}>
              Sign In
            </Link>{' '}
            or{' '}
            <Link to={ctaTarget('tenant', 'signup', false)} className={heroLink}>
              Register
            </Link>
          </p>
          <nav aria-label="Explore">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              <li>
                <Link to="/properties" className={heroLink}>
                  Browse properties
                </Link>
              </li>
              <li>
                <Link to="/subscribe" className={heroLink}>
                  Pricing
                </Link>
              </li>
              <li>
                <Link to="/contractors" className={heroLink}>
                  Find contractors
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </section>
  );
}

/** ?preview=true: a simplified hero with the three price cards (doc 1 "Preview mode"). */
function PreviewHero({ signedIn }: { signedIn: boolean }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-br from-primary-800 to-primary-900 text-white"
    >
      <div className={`${CONTAINER} pb-20 pt-8 sm:pt-12`}>
        <ButtonLink to="/" variant="outline" size="sm">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Original
        </ButtonLink>
        <h1 id="hero-title" className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">
          {BRAND_NAME}: one simple monthly price
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-primary-50">
          Search free as a tenant, or pick the plan for how you use {BRAND_NAME}. Prices include VAT; cancel
          any time.
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          <PriceCard
            headingLevel="h2"
            plan="tenant"
            href={ctaTarget('tenant', 'premium', signedIn)}
            cta={ctaLabel('tenant', 'pricing', signedIn)}
            note="Basic search is free"
          />
          <PriceCard
            headingLevel="h2"
            plan="landlord"
            href={ctaTarget('landlord', 'role', signedIn)}
            cta={ctaLabel('landlord', 'pricing', signedIn)}
            popular
          />
          <PriceCard
            headingLevel="h2"
            plan="contractor"
            href={ctaTarget('contractor', 'role', signedIn)}
            cta={ctaLabel('contractor', 'pricing', signedIn)}
          />
        </div>
      </div>
    </section>
  );
}

function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {lead && <p className="mt-2 text-slate-700">{lead}</p>}
    </div>
  );
}

const FEATURED_COUNT = 3;

/** The newest live listings with photos (GET /api/properties/featured); nothing invented stands in for them. */
function FeaturedListings() {
  const { data, isPending, isError } = useQuery<{ properties: TPropertyCard[] }>({
    queryKey: ['/api/properties/featured'],
  });
  const homes = data?.properties ?? [];
  // Nothing to feature (a new site, or the call failed): the section would only be a promise, so it goes.
  if (!isPending && (isError || homes.length === 0)) return null;
  return (
    <section aria-labelledby="featured-title" className={`${CONTAINER} py-16`} aria-busy={isPending}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <SectionHeading
          id="featured-title"
          title="Featured homes to rent"
          lead="The newest homes our team has checked and put live."
        />
        <Link
          to="/properties"
          className="inline-flex items-center gap-1 font-semibold text-primary-700 hover:underline"
        >
          View all properties <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {isPending
          ? Array.from({ length: FEATURED_COUNT }, (_, i) => (
              <li key={i} className="flex">
                <FeaturedHomeSkeleton />
              </li>
            ))
          : homes.map((home) => (
              <li key={home.id} className="flex">
                <FeaturedHomeCard home={home} />
              </li>
            ))}
      </ul>
    </section>
  );
}

const MAP_FEATURES = [
  {
    Icon: MapPin,
    title: 'Postcode search',
    text: 'Type a postcode or district and see every home to rent around it.',
  },
  {
    Icon: SlidersHorizontal,
    title: 'Smart filters',
    text: 'Narrow by rent, bedrooms and property type as you move the map.',
  },
  {
    Icon: Eye,
    title: 'The area at a glance',
    text: "Each home's page maps its district, so you know the area before you book a viewing.",
  },
];

function MapPitch() {
  return (
    <section aria-labelledby="map-title" className="bg-white py-16">
      <div className={`${CONTAINER} grid items-center gap-10 lg:grid-cols-2`}>
        <div>
          <SectionHeading
            id="map-title"
            title="Find homes on the map"
            lead="See where each home is before you fall for it."
          />
          <ul className="mt-6 space-y-5">
            {MAP_FEATURES.map(({ Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary-100 text-primary-800">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="text-slate-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <ButtonLink to="/properties?view=map" className="mt-8">
            <MapPin className="h-4 w-4" aria-hidden />
            Explore the map
          </ButtonLink>
        </div>
        <MapIllustration className="h-auto w-full rounded-2xl border border-slate-200" />
      </div>
    </section>
  );
}

function AboutSection() {
  return (
    <section aria-labelledby="about-title" className={`${CONTAINER} py-16`}>
      <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
        <div>
          <SectionHeading id="about-title" title={`About ${BRAND_NAME}`} />
          <p className="mt-4 text-slate-700">
            We began in 2011 as a social-media group where private landlords swapped advice and recommended
            tradespeople. Today we are a London-based marketplace serving the whole UK: tenants search for
            free, landlords list homes for a flat monthly fee, and contractors reach the landlords who need
            them.
          </p>
          <p className="mt-3 text-slate-700">
            Every listing and contractor profile is checked by our team before it goes live. No hidden fees,
            no commission, and you can cancel any time.
          </p>
          <Link
            to="/about"
            className="mt-6 inline-flex items-center gap-1 font-semibold text-primary-700 hover:underline"
          >
            Read our story <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        </div>
        <MarketplaceFigures />
      </div>
    </section>
  );
}

const ROLE_PANELS: Array<{ role: UserType; title: string; text: string; Icon: typeof Home }> = [
  {
    role: 'tenant',
    title: 'Tenants',
    text: 'Search every home free. Tenant Premium (£1 a month) adds contacting landlords, saved homes, alerts and the forum.',
    Icon: Home,
  },
  {
    role: 'landlord',
    title: 'Landlords',
    text: 'List homes with photos, manage tenants and find trusted trades for £20 a month.',
    Icon: Building2,
  },
  {
    role: 'contractor',
    title: 'Contractors',
    text: 'A business profile, portfolio and direct leads from landlords for £10 a month.',
    Icon: Wrench,
  },
];

function SignUpPanel({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="join-title" className={`${CONTAINER} py-16`}>
      <SectionHeading
        id="join-title"
        title={`Join ${BRAND_NAME}`}
        lead="One account, built for how you rent, let or work."
      />
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {ROLE_PANELS.map(({ role, title, text, Icon }) => (
          <li key={role} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary-100 text-primary-800">
              <Icon className="h-6 w-6" aria-hidden />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 flex-1 text-slate-700">{text}</p>
            <ButtonLink
              to={ctaTarget(role, 'role', signedIn)}
              className="mt-6"
              aria-label={`${ctaLabel(role, 'panel', signedIn)} as a ${role}`}
            >
              {ctaLabel(role, 'panel', signedIn)}
            </ButtonLink>
          </li>
        ))}
      </ul>
      {!signedIn && (
        <p className="mt-6 text-slate-700">
          Not sure yet?{' '}
          <Link
            to={ctaTarget('tenant', 'signup', false)}
            className="font-semibold text-primary-700 underline underline-offset-4"
          >
            Create an account
          </Link>{' '}
          and choose later.
        </p>
      )}
    </section>
  );
}

const TRADES_SHOWN = 4;

/** The best-rated live trades from the directory itself; the section goes when there are none to show. */
function ContractorDirectory() {
  const { data, isPending, isError } = useQuery<TContractorPage>({
    queryKey: [`/api/contractors?sort=rating&limit=${TRADES_SHOWN}`],
  });
  const trades = data?.contractors ?? [];
  if (!isPending && (isError || trades.length === 0)) return null;
  return (
    <section aria-labelledby="contractors-title" className="bg-white py-16" aria-busy={isPending}>
      <div className={CONTAINER}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading
            id="contractors-title"
            title="Trusted trades, vetted by us"
            lead="Plumbers, electricians, joiners and more: every profile checked by our team before it goes live."
          />
          <Link
            to="/contractors"
            className="inline-flex items-center gap-1 font-semibold text-primary-700 hover:underline"
          >
            Browse the contractor directory <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        </div>
        {isPending ? (
          <div className="mt-8">
            <CardSkeletons count={TRADES_SHOWN} />
          </div>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {trades.map((contractor) => (
              <li key={contractor.id} className="flex">
                <ContractorCard contractor={contractor} headingLevel="h3" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function PricingSection({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="pricing-title" className={`${CONTAINER} py-16`}>
      <SectionHeading
        id="pricing-title"
        title="Simple monthly pricing"
        lead="Prices include VAT. No setup fee, no commission, cancel any time."
      />
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        <PriceCard
          plan="tenant"
          href={ctaTarget('tenant', 'premium', signedIn)}
          cta={ctaLabel('tenant', 'pricing', signedIn)}
          note="Basic search is free"
        />
        <PriceCard
          plan="landlord"
          href={ctaTarget('landlord', 'role', signedIn)}
          cta={ctaLabel('landlord', 'pricing', signedIn)}
          popular
        />
        <PriceCard
          plan="contractor"
          href={ctaTarget('contractor', 'role', signedIn)}
          cta={ctaLabel('contractor', 'pricing', signedIn)}
        />
      </div>
    </section>
  );
}
