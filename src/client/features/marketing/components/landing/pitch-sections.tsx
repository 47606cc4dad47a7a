import { ArrowRight, Building2, Eye, Home, MapPin, SlidersHorizontal, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND_NAME, type UserType } from '../../../../../domain/constants';
import { ButtonLink } from '../../../../components/ui/button';
import { ctaLabel, ctaTarget } from '../../cta';
import { MarketplaceFigures } from '../figures';
import { MapIllustration } from '../map-illustration';
import { PriceCard } from '../price-card';
import { CONTAINER, SectionHeading } from './section-heading';

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

export function MapPitch() {
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

export function AboutSection() {
  return (
    <section aria-labelledby="about-title" className={`${CONTAINER} py-16`}>
      <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
        <div>
          <SectionHeading id="about-title" title={`About ${BRAND_NAME}`} />
          <p className="mt-4 text-slate-700">
            A marketplace for renting homes across the UK: tenants search for free, landlords list homes for a
            flat monthly fee, and contractors reach the landlords who need them.
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
    text: 'List homes with photos, answer enquiries, offer viewings and find trusted trades for £20 a month.',
    Icon: Building2,
  },
  {
    role: 'contractor',
    title: 'Contractors',
    text: 'A business profile, portfolio and direct leads from landlords for £10 a month.',
    Icon: Wrench,
  },
];

export function SignUpPanel({ signedIn }: { signedIn: boolean }) {
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

export function PricingSection({ signedIn }: { signedIn: boolean }) {
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
