// The property list's state is its URL query: the view, the filters and the map. This hook reads them and writes
// them back, so a reload, Back and a shared link show the same list; links from elsewhere are rewritten to the
// canonical names in place, and search={id} opens a saved search.
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { TSavedSearch } from '../../../domain/properties';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { useSavedSearches } from './api';
import { listViewOf, showsMap, withMapShown } from './list-views';
import {
  apiSearchParams,
  canonicalParams,
  DEFAULT_FILTERS,
  filtersFromCriteria,
  filtersFromParams,
  filtersToParams,
  type PropertyFilters,
  resultsQuery,
  savedSearchIdFrom,
  withoutStart,
} from './url-state';

type SetSearchParams = ReturnType<typeof useSearchParams>[1];

export function useListParams() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();

  // Successive changes in one tick build on each other (setSearchParams reads the last render's query).
  const latest = useRef(searchParams);
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  // Links from elsewhere use other names (postcode, type, price_min …): rewrite them to ours, in place.
  const canonical = canonicalParams(searchParams)?.toString() ?? null;
  useEffect(() => {
    if (canonical !== null) setSearchParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, setSearchParams]);

  const savedSearchId = savedSearchIdFrom(searchParams);
  useOpenSavedSearch(savedSearchId, latest, setSearchParams);

  const filters = filtersFromParams(searchParams);
  const pushParams = (next: URLSearchParams) => {
    latest.current = next;
    setSearchParams(next);
  };

  return {
    view: listViewOf(searchParams),
    showMap: showsMap(searchParams),
    filters,
    apiQuery: apiSearchParams(filters),
    /** The list's query: the filters, and where a page link starts them (the map always shows them all). */
    resultsQuery: resultsQuery(searchParams),
    /** A saved search is being opened: its criteria are not in the filters yet. */
    openingSavedSearch: !!savedSearchId,
    updateFilters: (patch: Partial<PropertyFilters>) => {
      const current = withoutStart(latest.current);
      pushParams(filtersToParams({ ...filtersFromParams(current), ...patch }, current));
    },
    clearFilters: () => pushParams(filtersToParams(DEFAULT_FILTERS, withoutStart(latest.current))),
    setMapShown: (shown: boolean) => pushParams(withMapShown(latest.current, shown)),
    viewSavedSearch: (saved: TSavedSearch) => {
      navigate(`/properties?${filtersToParams(filtersFromCriteria(saved.searchCriteria))}`);
    },
  };
}

/** search={id}: open a saved search once, by putting its criteria into the filters (or say it is gone). */
function useOpenSavedSearch(
  savedSearchId: string | null,
  latest: { current: URLSearchParams },
  setSearchParams: SetSearchParams,
) {
  const auth = useAuth();
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
  }, [savedSearchId, savedSearches.isPending, savedSearches.data, setSearchParams, latest]);
}
