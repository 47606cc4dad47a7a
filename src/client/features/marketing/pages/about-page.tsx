// About (doc 2 §1, "Static pages"): what we are, the live numbers and what we promise, with Organization
// structured data. The founding year and address only as configured (issue 28): no invented history.
import { BadgeCheck, Ban, CalendarX, MapPin, Users } from 'lucide-react';
import { BRAND_NAME } from '../../../../domain/constants';
import { ButtonLink } from '../../../components/ui/button';
import { useOrigin } from '../../../lib/origin';
import type { PagePrefetch } from '../../../lib/page-modules';
import { FIGURES_KEY, MarketplaceFigures } from '../components/figures';
import { JsonLd } from '../components/json-ld';
import { organizationJsonLd, useCompanyFacts } from '../data/company';

const CONTAINER = 'mx-auto max-w-5xl px-4 sm:px-6';

const PROMISES = [
  {
    Icon: Ban,
    title: 'No hidden fees',
    text: 'One flat monthly price, VAT included. No setup fee and no commission on rent or jobs.',
  },
  {
    Icon: CalendarX,
    title: 'Cancel any time',
    text: 'Stop your subscription whenever you like; you keep access until the end of the month you paid for.',
  },
  {
    Icon: BadgeCheck,
    title: 'Listings vetted',
    text: 'A member of our team checks every property listing and contractor profile before it goes live.',
  },
];

/** The live figures, in the server's HTML. */
export const prefetch: PagePrefetch = (client) => client.prefetchQuery({ queryKey: FIGURES_KEY });

export default function AboutPage() {
  const origin = useOrigin();
  const company = useCompanyFacts();
  return (
    <div className="pb-8">
      <JsonLd data={organizationJsonLd(origin, company)} />
      <section className="bg-gradient-to-br from-primary-800 to-primary-900 text-white">
        <div className={`${CONTAINER} py-14 sm:py-20`}>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary-100">Our story</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">About {BRAND_NAME}</h1>
          <p className="mt-4 max-w-2xl text-lg text-primary-50">
            An independent UK rental marketplace, built by and for private landlords, the people who rent from
            them and the trades who keep their homes in good order.
          </p>
        </div>
      </section>

      <section aria-labelledby="story-title" className={`${CONTAINER} py-14`}>
        <h2 id="story-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          What {BRAND_NAME} is
        </h2>
        <div className="mt-5 space-y-4 text-lg leading-relaxed text-slate-700">
          <p>
            A marketplace for renting homes across the UK, from Cardiff to Glasgow: tenants search homes for
            free, landlords list their properties for a flat monthly fee, and contractors reach the landlords
            who need them.
          </p>
          {(company.foundedYear || company.address) && (
            <p data-testid="company-facts">
              {company.foundedYear ? `${BRAND_NAME} was founded in ${company.foundedYear}. ` : ''}
              {company.address ? `Our address: ${company.address}.` : ''}
            </p>
          )}
        </div>
        <MarketplaceFigures className="mt-10 md:grid-cols-4" centred />
      </section>

      <section aria-labelledby="promise-title" className="bg-white py-14">
        <div className={CONTAINER}>
          <h2 id="promise-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            What we promise
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {PROMISES.map(({ Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 p-6">
                <span className="flex h-11 w-11 items-center justify-center rounded-full bg-primary-100 text-primary-800">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="who-title" className={`${CONTAINER} py-14`}>
        <h2 id="who-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Who we serve
        </h2>
        <ul className="mt-6 space-y-4 text-slate-700">
          <li className="flex gap-3">
            <Users className="mt-1 h-5 w-5 shrink-0 text-primary-700" aria-hidden />
            <span>
              <strong className="text-slate-900">Tenants</strong> search every home for free. For £1 a month,
              Tenant Premium adds contacting landlords, saved homes and searches with alerts, and a forum of
              renters who share what they have learnt.
            </span>
          </li>
          <li className="flex gap-3">
            <MapPin className="mt-1 h-5 w-5 shrink-0 text-primary-700" aria-hidden />
            <span>
              <strong className="text-slate-900">Landlords</strong> list homes with photos, answer tenants'
              enquiries, arrange viewings and find vetted trades for £20 a month.
            </span>
          </li>
          <li className="flex gap-3">
            <BadgeCheck className="mt-1 h-5 w-5 shrink-0 text-primary-700" aria-hidden />
            <span>
              <strong className="text-slate-900">Contractors</strong> publish a business profile, portfolio
              and reviews, and receive leads from landlords for £10 a month.
            </span>
          </li>
        </ul>
        <div className="mt-10 flex flex-wrap gap-3">
          <ButtonLink to="/properties">Browse properties</ButtonLink>
          <ButtonLink to="/contact" variant="outline">
            Contact us
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
