// /properties (doc 1 "Property list", "Property map"): open browsing with the filters in the URL, results as
// a grid or list, a map of the results, the user's saved homes (filter=saved) and saved searches
// (view=searches); search={id} opens a saved search.
// The pieces: the views (../list-views.ts), the URL state (../use-list-params.ts), the card layout
// (../use-card-layout.ts), and the header, toolbar and toggles in ../components.

import { lazy, Suspense } from 'react';
import { UpgradePrompt } from '../../../components/plan/upgrade-prompt';
import { useAuth } from '../../../lib/auth';
import type { PagePrefetch } from '../../../lib/page-modules';
import { propertySearchQuery, usePropertySearch } from '../api';
import { FiltersPanel } from '../components/filters-panel';
import { ListPageHeader } from '../components/list-page-header';
import { ListPageSkeleton } from '../components/list-page-skeleton';
import { MapView } from '../components/map-view';
import { PlaceNotFound } from '../components/place-not-found';
import { CardSkeletons, PropertyResults } from '../components/property-results';
import { ResultsToolbar } from '../components/results-toolbar';
import { SavedPropertiesList } from '../components/saved-properties-list';
import { SavedSearchesSkeleton } from '../components/saved-searches-skeleton';
import { LayoutToggle } from '../components/segmented-controls';
import { LIST_VIEWS, listViewOf, showsMap } from '../list-views';
import { activeFilterCount, resultsQuery, savedSearchIdFrom } from '../url-state';
import { useCardLayout } from '../use-card-layout';
import { useListParams } from '../use-list-params';

// Loaded when first needed: the saved-searches view.
const SavedSearchesList = lazy(() =>
  import('../components/saved-searches-list').then((m) => ({ default: m.SavedSearchesList })),
);

/** The first page of results for the URL's filters, in the server's HTML (the map and saved views load in the browser). */
export const prefetch: PagePrefetch = async (client, { search }) => {
  if (listViewOf(search) !== 'results' || showsMap(search) || savedSearchIdFrom(search)) return;
  await client.prefetchInfiniteQuery(propertySearchQuery(resultsQuery(search)));
};

/** Open to everyone (docs/decisions/0014-open-browsing-and-plans.md); saved homes and searches need the plan. */
export default function PropertiesPage() {
  const auth = useAuth();
  if (auth.isLoading) return <ListPageSkeleton />;
  return <PropertyBrowser />;
}

function PropertyBrowser() {
  const auth = useAuth();
  const list = useListParams();
  const { view, showMap, filters } = list;
  const [layout, setLayout] = useCardLayout();
  const search = usePropertySearch(
    list.resultsQuery,
    view === 'results' && !showMap && !list.openingSavedSearch,
  );
  const needs = LIST_VIEWS[view].needs;
  // A place we do not know is said so, with the nearest known ones, rather than "0 homes" (decision 0060).
  const searchedPlace = search.isPlaceholderData ? null : search.data?.pages[0]?.place;
  const unknownPlace = searchedPlace && !searchedPlace.found ? searchedPlace : null;

  const filtersPanel = (
    <FiltersPanel filters={filters} onChange={list.updateFilters} onClear={list.clearFilters} />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <ListPageHeader view={view} filters={filters} />

      {needs && !auth.may(needs.feature) ? (
        <UpgradePrompt feature={needs.feature} title={needs.offer} className="mt-6 max-w-xl" />
      ) : null}

      {view === 'searches' && auth.may('savedSearches') && (
        <div className="mt-6">
          <Suspense fallback={<SavedSearchesSkeleton />}>
            <SavedSearchesList onView={list.viewSavedSearch} />
          </Suspense>
        </div>
      )}

      {view === 'saved' && auth.may('saveHomes') && (
        <div className="mt-6 space-y-4">
          <div className="flex justify-end">
            <LayoutToggle layout={layout} onChange={setLayout} />
          </div>
          <SavedPropertiesList layout={layout} />
        </div>
      )}

      {view === 'results' && (
        <div className="mt-6 flex flex-wrap gap-8 lg:flex-nowrap">
          {/* Below lg the filters open in a dialog; before the scripts have run, the Filters link (#filters) shows them here. */}
          <aside
            id="filters"
            className="hidden w-full shrink-0 target:block lg:block lg:w-72"
            aria-label="Filters"
          >
            <div className="sticky top-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="mb-4 text-base font-semibold text-slate-900">Filters</h2>
              {filtersPanel}
            </div>
          </aside>

          <div className="min-w-0 flex-1 space-y-5">
            <ResultsToolbar
              filters={filters}
              filterCount={activeFilterCount(filters)}
              filtersPanel={filtersPanel}
              total={search.data?.pages[0]?.total}
              capped={search.data?.pages[0]?.totalCapped ?? false}
              loaded={search.data?.pages.reduce((n, page) => n + page.properties.length, 0) ?? 0}
              showMap={showMap}
              onMapShown={list.setMapShown}
              layout={layout}
              onLayout={setLayout}
            />

            {list.openingSavedSearch ? (
              <CardSkeletons layout={layout} />
            ) : showMap ? (
              <MapView apiQuery={list.apiQuery} filters={filters} />
            ) : unknownPlace ? (
              <PlaceNotFound place={unknownPlace} filters={filters} />
            ) : (
              <PropertyResults
                search={search}
                layout={layout}
                signedIn={auth.isAuthenticated}
                onClearFilters={list.clearFilters}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
