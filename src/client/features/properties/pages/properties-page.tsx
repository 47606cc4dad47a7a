// /properties (doc 1 "Property list", "Property map"): open browsing with the filters in the URL, results as
// a grid or list, a map of the results, the user's saved homes (filter=saved) and saved searches
// (view=searches); search={id} opens a saved search.

import { Heart, LayoutGrid, List, Map as MapIcon, Search, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TSavedSearch } from '../../../../domain/properties';
import { UpgradePrompt } from '../../../components/plan/upgrade-prompt';
import { Button } from '../../../components/ui/button';
import { DialogFallback } from '../../../components/ui/dialog-fallback';
import { Skeleton } from '../../../components/ui/feedback';
import { IconTooltip } from '../../../components/ui/icon-tooltip';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useHydrated } from '../../../lib/hydrated';
import type { PagePrefetch } from '../../../lib/page-modules';
import { toast } from '../../../lib/toast';
import { propertySearchQuery, usePropertySearch, useSavedSearches } from '../api';
import { FiltersPanel } from '../components/filters-panel';
import { MapView } from '../components/map-view';
import type { CardLayout } from '../components/property-card';
import { CardSkeletons, PropertyResults } from '../components/property-results';
import { SaveSearchButton } from '../components/save-search-button';
import { SavedPropertiesList } from '../components/saved-properties-list';
import { SavedSearchesSkeleton } from '../components/saved-searches-skeleton';
import { homesCount } from '../format';
import {
  activeFilterCount,
  apiSearchParams,
  canonicalParams,
  DEFAULT_FILTERS,
  filtersFromCriteria,
  filtersFromParams,
  filtersToParams,
  type PropertyFilters,
  savedSearchIdFrom,
} from '../url-state';

// Loaded when first needed: the filters dialog (narrow screens) and the saved-searches view.
const loadFiltersDialog = () => import('../components/filters-dialog');
const FiltersDialog = lazy(loadFiltersDialog);
const preloadFiltersDialog = () => {
  loadFiltersDialog().catch(() => {});
};
const SavedSearchesList = lazy(() =>
  import('../components/saved-searches-list').then((m) => ({ default: m.SavedSearchesList })),
);

type Mode = 'results' | 'saved' | 'searches';

function modeOf(params: URLSearchParams): Mode {
  if (params.get('view') === 'searches') return 'searches';
  if (params.get('filter') === 'saved') return 'saved';
  return 'results';
}

const LAYOUT_STORAGE_KEY = 'yp.propertyLayout';

function storedLayout(): CardLayout {
  try {
    return localStorage.getItem(LAYOUT_STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** Grid (the default, and what the server's HTML shows) or list, remembered on this device. */
function useCardLayout(): [CardLayout, (layout: CardLayout) => void] {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<CardLayout | null>(null);
  const layout = chosen ?? (hydrated ? storedLayout() : 'grid');
  const choose = (next: CardLayout) => {
    setChosen(next);
    try {
      localStorage.setItem(LAYOUT_STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts for this visit only
    }
  };
  return [layout, choose];
}

function PageSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading…
      </span>
      <Skeleton className="h-9 w-64" />
      <div className="mt-8 flex gap-8">
        <Skeleton className="hidden h-[32rem] w-72 shrink-0 lg:block" />
        <div className="flex-1">
          <CardSkeletons layout="grid" />
        </div>
      </div>
    </div>
  );
}

/** The first page of results for the URL's filters, in the server's HTML (the map and saved views load in the browser). */
export const prefetch: PagePrefetch = async (client, { search }) => {
  if (modeOf(search) !== 'results' || search.get('view') === 'map' || savedSearchIdFrom(search)) return;
  await client.prefetchInfiniteQuery(propertySearchQuery(apiSearchParams(filtersFromParams(search))));
};

/** Open to everyone (docs/decisions/0014-open-browsing-and-plans.md); saved homes and searches need the plan. */
export default function PropertiesPage() {
  const auth = useAuth();
  if (auth.isLoading) return <PageSkeleton />;
  return <PropertyBrowser />;
}

function SegmentButton({
  pressed,
  onClick,
  icon: Icon,
  children,
  label,
}: {
  pressed: boolean;
  onClick: () => void;
  icon: typeof List;
  children?: React.ReactNode;
  /** For a button showing only its icon: its name, also shown as a tooltip. */
  label?: string;
}) {
  const button = (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center justify-center gap-1.5 px-3 text-sm font-medium transition-colors first:rounded-l-md last:rounded-r-md',
        'focus-visible:relative focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
        pressed ? 'bg-primary-700 text-white' : 'bg-white text-slate-800 hover:bg-slate-50',
      )}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {children}
    </button>
  );
  return label ? <IconTooltip label={label}>{button}</IconTooltip> : button;
}

function PropertyBrowser() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [layout, setLayout] = useCardLayout();
  const [filtersOpen, setFiltersOpen] = useState(false);

  // Successive changes in one tick build on each other (setSearchParams reads the last render's query).
  const latest = useRef(searchParams);
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const mode = modeOf(searchParams);
  const showMap = mode === 'results' && searchParams.get('view') === 'map';
  const filters = filtersFromParams(searchParams);
  const apiQuery = apiSearchParams(filters);

  // Links from elsewhere use other names (postcode, type, price_min …): rewrite them to ours, in place.
  const canonical = canonicalParams(searchParams)?.toString() ?? null;
  useEffect(() => {
    if (canonical !== null) setSearchParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, setSearchParams]);

  // search={id}: open a saved search by putting its criteria into the filters.
  const savedSearchId = savedSearchIdFrom(searchParams);
  const savedSearches = useSavedSearches(!!savedSearchId && auth.may('savedSearches'));
  const openedSearch = useRef<string | null>(null);
  useEffect(() => {
    if (!savedSearchId || savedSearches.isPending || openedSearch.current === savedSearchId) return;
    openedSearch.current = savedSearchId;
    const base = new URLSearchParams(latest.current);
    base.delete('search');
    const found = savedSearches.data?.find((s) => s.id === savedSearchId);
    if (!found) {
      toast({
        title: 'Saved search not found',
        description: 'It may have been deleted. Showing all homes instead.',
        variant: 'destructive',
      });
      setSearchParams(base, { replace: true });
      return;
    }
    setSearchParams(filtersToParams(filtersFromCriteria(found.searchCriteria), base), { replace: true });
  }, [savedSearchId, savedSearches.isPending, savedSearches.data, setSearchParams]);
  const openingSavedSearch = !!savedSearchId;

  const search = usePropertySearch(apiQuery, mode === 'results' && !showMap && !openingSavedSearch);

  const pushParams = (next: URLSearchParams) => {
    latest.current = next;
    setSearchParams(next);
  };
  const updateFilters = (patch: Partial<PropertyFilters>) => {
    const current = latest.current;
    pushParams(filtersToParams({ ...filtersFromParams(current), ...patch }, current));
  };
  const clearFilters = () => pushParams(filtersToParams(DEFAULT_FILTERS, latest.current));
  const setMapShown = (shown: boolean) => {
    const next = new URLSearchParams(latest.current);
    if (shown) next.set('view', 'map');
    else next.delete('view');
    pushParams(next);
  };
  const viewSavedSearch = (saved: TSavedSearch) => {
    navigate(`/properties?${filtersToParams(filtersFromCriteria(saved.searchCriteria))}`);
  };

  const tabHref = (tab: Mode) => {
    const next = filtersToParams(filters);
    if (tab === 'saved') next.set('filter', 'saved');
    if (tab === 'searches') next.set('view', 'searches');
    const qs = next.toString();
    return qs ? `/properties?${qs}` : '/properties';
  };

  const heading =
    mode === 'saved' ? 'Saved properties' : mode === 'searches' ? 'Saved searches' : 'Homes to rent';
  const loaded = search.data?.pages.reduce((n, page) => n + page.properties.length, 0) ?? 0;
  const total = search.data?.pages[0]?.total;
  const capped = search.data?.pages[0]?.totalCapped ?? false;
  const filterCount = activeFilterCount(filters);

  const filtersPanel = <FiltersPanel filters={filters} onChange={updateFilters} onClear={clearFilters} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{heading}</h1>
          <p className="mt-1 text-slate-600">
            {mode === 'saved'
              ? 'The homes you saved, newest first.'
              : mode === 'searches'
                ? 'Searches you saved and the email alerts they send.'
                : 'Vetted listings from private landlords across the UK.'}
          </p>
        </div>
        <nav aria-label="Property views" className="flex flex-wrap gap-1">
          {(
            [
              ['results', 'Search', Search],
              ['saved', 'Saved properties', Heart],
              ['searches', 'Saved searches', SlidersHorizontal],
            ] as const
          ).map(([tab, text, Icon]) => (
            <Link
              key={tab}
              to={tabHref(tab)}
              aria-current={mode === tab ? 'page' : undefined}
              className={cn(
                'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-medium',
                mode === tab ? 'bg-primary-700 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {text}
            </Link>
          ))}
        </nav>
      </div>

      {mode !== 'results' && !auth.may(mode === 'saved' ? 'saveHomes' : 'savedSearches') ? (
        <UpgradePrompt
          feature={mode === 'saved' ? 'saveHomes' : 'savedSearches'}
          title={mode === 'saved' ? 'Keep a shortlist of homes' : 'Get an email when a new home matches'}
          className="mt-6 max-w-xl"
        />
      ) : null}

      {mode === 'searches' && auth.may('savedSearches') && (
        <div className="mt-6">
          <Suspense fallback={<SavedSearchesSkeleton />}>
            <SavedSearchesList onView={viewSavedSearch} />
          </Suspense>
        </div>
      )}

      {mode === 'saved' && auth.may('saveHomes') && (
        <div className="mt-6 space-y-4">
          <div className="flex justify-end">
            <LayoutToggle layout={layout} onChange={setLayout} />
          </div>
          <SavedPropertiesList layout={layout} />
        </div>
      )}

      {mode === 'results' && (
        <div className="mt-6 flex gap-8">
          <aside className="hidden w-72 shrink-0 lg:block" aria-label="Filters">
            <div className="sticky top-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="mb-4 text-base font-semibold text-slate-900">Filters</h2>
              {filtersPanel}
            </div>
          </aside>

          <div className="min-w-0 flex-1 space-y-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                {!showMap && (
                  <p className="text-lg font-semibold text-slate-900" data-testid="results-total">
                    {total === undefined ? '\u00a0' : homesCount(total, capped)}
                  </p>
                )}
                <p className="sr-only" role="status" aria-live="polite">
                  {!showMap && total !== undefined
                    ? `Showing ${loaded.toLocaleString('en-GB')} of ${homesCount(total, capped)}`
                    : ''}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  variant="outline"
                  className="lg:hidden"
                  onClick={() => setFiltersOpen(true)}
                  onPointerEnter={preloadFiltersDialog}
                  onFocus={preloadFiltersDialog}
                >
                  <SlidersHorizontal className="h-4 w-4" aria-hidden />
                  Filters{filterCount > 0 ? ` (${filterCount})` : ''}
                </Button>
                {filtersOpen && (
                  <Suspense fallback={<DialogFallback />}>
                    <FiltersDialog
                      onClose={() => setFiltersOpen(false)}
                      doneLabel={
                        total !== undefined && !showMap ? `Show ${homesCount(total, capped)}` : 'Done'
                      }
                    >
                      {filtersPanel}
                    </FiltersDialog>
                  </Suspense>
                )}
                <fieldset className="inline-flex rounded-md shadow-sm ring-1 ring-slate-300">
                  <legend className="sr-only">Show results as</legend>
                  <SegmentButton pressed={!showMap} onClick={() => setMapShown(false)} icon={List}>
                    List
                  </SegmentButton>
                  <SegmentButton pressed={showMap} onClick={() => setMapShown(true)} icon={MapIcon}>
                    Map
                  </SegmentButton>
                </fieldset>
                {!showMap && <LayoutToggle layout={layout} onChange={setLayout} />}
                <SaveSearchButton filters={filters} />
              </div>
            </div>

            {openingSavedSearch ? (
              <CardSkeletons layout={layout} />
            ) : showMap ? (
              <MapView apiQuery={apiQuery} />
            ) : (
              <PropertyResults
                search={search}
                layout={layout}
                signedIn={auth.isAuthenticated}
                onClearFilters={clearFilters}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function LayoutToggle({ layout, onChange }: { layout: CardLayout; onChange: (layout: CardLayout) => void }) {
  return (
    // On a phone the grid is one column already: the choice only matters from the sm breakpoint.
    <fieldset className="hidden rounded-md shadow-sm ring-1 ring-slate-300 sm:inline-flex">
      <legend className="sr-only">Card layout</legend>
      <SegmentButton
        pressed={layout === 'grid'}
        onClick={() => onChange('grid')}
        icon={LayoutGrid}
        label="Grid layout"
      />
      <SegmentButton
        pressed={layout === 'list'}
        onClick={() => onChange('list')}
        icon={List}
        label="List layout"
      />
    </fieldset>
  );
}
