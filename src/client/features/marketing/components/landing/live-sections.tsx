// The landing sections fed by live data (issue 12): featured homes (decision 0062) and the best-rated trades; each is left out
// when there is nothing live to show.
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { TContractorPage } from '../../../../../domain/contractors';
import type { TPropertyCard } from '../../../../../domain/properties';
import { CardSkeletons, ContractorCard } from '../../../contractors/components/contractor-card';
import { FeaturedHomeCard, FeaturedHomeSkeleton } from '../featured-home-card';
import { CONTAINER, SectionHeading } from './section-heading';

const FEATURED_COUNT = 3;
const TRADES_SHOWN = 4;

/** What the landing page's live sections show (the page prefetches them for the server's render). */
export const FEATURED_KEY = ['/api/properties/featured'] as const;
export const TOP_TRADES_KEY = [`/api/contractors?sort=rating&limit=${TRADES_SHOWN}`] as const;

/**
 * Homes our team pinned, then live homes chosen by the rules (GET /api/properties/featured, decision 0062): full
 * details and photos, confirmed lately, spread across places. Nothing invented stands in for them.
 */
export function FeaturedListings() {
  const { data, isPending, isError } = useQuery<{ properties: TPropertyCard[] }>({
    queryKey: FEATURED_KEY,
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
          lead="Homes our team has checked, with photos and full details, confirmed available in the last two weeks."
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

/** The best-rated live trades from the directory itself; the section goes when there are none to show. */
export function ContractorDirectory() {
  const { data, isPending, isError } = useQuery<TContractorPage>({
    queryKey: TOP_TRADES_KEY,
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
          <Link to="/what-we-check#rules-trades" className="font-medium text-primary-700 underline">
            What we check
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
