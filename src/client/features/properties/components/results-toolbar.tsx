// Above the results: how many homes match (and, for screen readers, how many are shown), the Filters button that
// opens them in a dialog below the lg breakpoint, list or map, grid or list cards, and Save Search.
import { SlidersHorizontal } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { DialogFallback } from '../../../components/ui/dialog-fallback';
import { useHydrated } from '../../../lib/hydrated';
import { resultsWords } from '../list-views';
import type { PropertyFilters } from '../url-state';
import type { CardLayout } from './property-card';
import { SaveSearchButton } from './save-search-button';
import { LayoutToggle, MapToggle } from './segmented-controls';

// Loaded when first needed (narrow screens only), and fetched ahead on hover or focus of its button.
const loadFiltersDialog = () => import('./filters-dialog');
const FiltersDialog = lazy(loadFiltersDialog);
const preloadFiltersDialog = () => {
  loadFiltersDialog().catch(() => {});
};

export function ResultsToolbar({
  filters,
  filterCount,
  filtersPanel,
  total,
  capped,
  loaded,
  showMap,
  onMapShown,
  layout,
  onLayout,
}: {
  filters: PropertyFilters;
  /** How many filters narrow the search, shown on the Filters button. */
  filterCount: number;
  /** The filters, drawn again inside the dialog. */
  filtersPanel: ReactNode;
  total: number | undefined;
  capped: boolean;
  loaded: number;
  showMap: boolean;
  onMapShown: (shown: boolean) => void;
  layout: CardLayout;
  onLayout: (layout: CardLayout) => void;
}) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const words = resultsWords(total, capped, loaded);
  const hydrated = useHydrated();
  const filtersLabel = (
    <>
      <SlidersHorizontal className="h-4 w-4" aria-hidden />
      Filters{filterCount > 0 ? ` (${filterCount})` : ''}
    </>
  );
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        {!showMap && (
          <p className="text-lg font-semibold text-slate-900" data-testid="results-total">
            {words.total}
          </p>
        )}
        <p className="sr-only" role="status" aria-live="polite">
          {showMap ? '' : words.status}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {hydrated ? (
          <Button
            variant="outline"
            className="lg:hidden"
            onClick={() => setFiltersOpen(true)}
            onPointerEnter={preloadFiltersDialog}
            onFocus={preloadFiltersDialog}
          >
            {filtersLabel}
          </Button>
        ) : (
          // Before the scripts have run, a link to the filters on the page (the aside shows as #filters' target).
          <a href="#filters" className={buttonClass('outline', 'md', 'lg:hidden')}>
            {filtersLabel}
          </a>
        )}
        {filtersOpen && (
          <Suspense fallback={<DialogFallback />}>
            <FiltersDialog onClose={() => setFiltersOpen(false)} doneLabel={showMap ? 'Done' : words.done}>
              {filtersPanel}
            </FiltersDialog>
          </Suspense>
        )}
        <MapToggle showMap={showMap} onChange={onMapShown} />
        {!showMap && <LayoutToggle layout={layout} onChange={onLayout} />}
        <SaveSearchButton filters={filters} />
      </div>
    </div>
  );
}
