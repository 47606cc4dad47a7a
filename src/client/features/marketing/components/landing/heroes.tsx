import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND_NAME } from '../../../../../domain/constants';
import { ButtonLink } from '../../../../components/ui/button';
import { ctaLabel, ctaTarget } from '../../cta';
import { PriceCard } from '../price-card';
import { RoleCards } from '../role-cards';
import { CONTAINER } from './section-heading';

export function VisitorHero() {
  const heroLink = 'font-semibold text-white underline underline-offset-4 hover:text-accent-100';
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-br from-primary-800 to-primary-900 text-white"
    >
      <div className={`${CONTAINER} pb-20 pt-10 sm:pt-16`}>
        <p className="text-sm font-semibold uppercase tracking-wide text-primary-100">
          No hidden fees · No commission on rent
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
export function PreviewHero({ signedIn }: { signedIn: boolean }) {
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
