// The results of a search (doc 1 "Property list"): six skeletons while loading, the empty state with Clear
// Filters, the error with Retry, the cards, and Load More Properties for the next page.
import { SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { TPropertyCard } from '../../../../domain/properties';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { cn } from '../../../lib/cn';
import { PROPERTIES_ERROR, type usePropertySearch } from '../api';
import { nextPageHref } from '../url-state';
import { type CardLayout, PropertyCard, PropertyCardSkeleton } from './property-card';

/** Doc 1 §9: six skeleton placeholders. */
export const SKELETON_COUNT = 6;

export function gridClass(layout: CardLayout) {
  return layout === 'grid' ? 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-4';
}

export function CardSkeletons({ layout }: { layout: CardLayout }) {
  return (
    <div className={gridClass(layout)} aria-busy="true">
      <span className="sr-only" role="status">
        Loading properties…
      </span>
      {Array.from({ length: SKELETON_COUNT }, (_, i) => (
        <PropertyCardSkeleton key={i} layout={layout} />
      ))}
    </div>
  );
}

export function PropertyResults({
  search,
  layout,
  signedIn,
  onClearFilters,
}: {
  search: ReturnType<typeof usePropertySearch>;
  layout: CardLayout;
  signedIn: boolean;
  onClearFilters: () => void;
}) {
  const [params] = useSearchParams();
  if (search.isPending) return <CardSkeletons layout={layout} />;
  if (!search.data) {
    return (
      <ErrorPanel title={PROPERTIES_ERROR} onRetry={() => search.refetch()} busy={search.isRefetching} />
    );
  }
  const properties: TPropertyCard[] = search.data.pages.flatMap((page) => page.properties);
  if (properties.length === 0) {
    return (
      <EmptyState
        icon={<SearchX className="h-10 w-10" aria-hidden />}
        title="No properties found"
        action={
          // A link before the scripts have run; then it clears the filters in place (keeping the view).
          <a
            href="/properties"
            className={buttonClass('primary')}
            onClick={(event) => {
              event.preventDefault();
              onClearFilters();
            }}
          >
            Clear Filters
          </a>
        }
      >
        No homes match these filters. Try a wider area, a different budget or fewer bedrooms.
      </EmptyState>
    );
  }
  const stale = search.isPlaceholderData;
  const nextCursor = search.data.pages.at(-1)?.nextCursor;
  const loadingMore = search.isFetchingNextPage;
  return (
    <div className="space-y-8" data-testid="results" aria-busy={stale || undefined}>
      {/* The cards' titles are h3s under this, on every width (the Filters h2 is in a drawer on a phone). */}
      <h2 className="sr-only">Homes found</h2>
      <ul className={cn(gridClass(layout), stale && 'opacity-60 transition-opacity')}>
        {properties.map((property, index) => (
          <li key={property.id} className="flex">
            <PropertyCard listing={property} layout={layout} signedIn={signedIn} priority={index < 3} />
          </li>
        ))}
      </ul>
      {nextCursor && !stale && (
        <div className="flex justify-center">
          {/* A link to the next page before the scripts have run (decision 0061); then it adds it below these. */}
          <a
            href={nextPageHref(params, nextCursor)}
            className={buttonClass(
              'outline',
              'lg',
              loadingMore ? 'pointer-events-none opacity-60' : undefined,
            )}
            aria-disabled={loadingMore || undefined}
            aria-busy={loadingMore || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (!loadingMore) search.fetchNextPage();
            }}
          >
            {loadingMore ? 'Loading…' : 'Load More Properties'}
          </a>
        </div>
      )}
      {search.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700">
          {PROPERTIES_ERROR}. Please try again.
        </p>
      )}
    </div>
  );
}
