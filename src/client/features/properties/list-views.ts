// The property list page's three views (doc 1 "Property list", "Property map"): the search results (as cards or on
// a map), the saved homes (filter=saved) and the saved searches (view=searches), read from and written to the URL,
// and the words each view shows. Pure and zod-free: /properties loads it first (decision 0033).
import type { Feature } from '../../../domain/plans';
import { homesCount } from './format';
import { filtersToParams, type PropertyFilters } from './url-state';

export type ListView = 'results' | 'saved' | 'searches';

export const LIST_VIEWS: Record<
  ListView,
  {
    /** The tab's name. */
    tab: string;
    heading: string;
    intro: string;
    /** The plan feature the view needs, and what the upgrade prompt offers without it. */
    needs: { feature: Feature; offer: string } | null;
  }
> = {
  results: {
    tab: 'Search',
    heading: 'Homes to rent',
    intro: 'Vetted listings from private landlords across the UK.',
    needs: null,
  },
  saved: {
    tab: 'Saved properties',
    heading: 'Saved properties',
    intro: 'The homes you saved, newest first.',
    needs: { feature: 'saveHomes', offer: 'Keep a shortlist of homes' },
  },
  searches: {
    tab: 'Saved searches',
    heading: 'Saved searches',
    intro: 'Searches you saved and the email alerts they send.',
    needs: { feature: 'savedSearches', offer: 'Get an email when a new home matches' },
  },
};

export function listViewOf(params: URLSearchParams): ListView {
  if (params.get('view') === 'searches') return 'searches';
  if (params.get('filter') === 'saved') return 'saved';
  return 'results';
}

/** The results on the map (view=map) rather than as cards. */
export function showsMap(params: URLSearchParams): boolean {
  return listViewOf(params) === 'results' && params.get('view') === 'map';
}

/** The same query with the map shown or not. */
export function withMapShown(params: URLSearchParams, shown: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (shown) next.set('view', 'map');
  else next.delete('view');
  return next;
}

/** A view's tab link, keeping the filters (so Search after Saved properties finds the same homes). */
export function listViewHref(filters: PropertyFilters, view: ListView): string {
  const next = filtersToParams(filters);
  if (view === 'saved') next.set('filter', 'saved');
  if (view === 'searches') next.set('view', 'searches');
  const qs = next.toString();
  return qs ? `/properties?${qs}` : '/properties';
}

/**
 * The results' counts in words: the total above the cards, what a screen reader hears as pages load, and the
 * filters dialog's button. Nothing until the first page has arrived.
 */
export function resultsWords(
  total: number | undefined,
  capped: boolean,
  loaded: number,
): { total: string; status: string; done: string } {
  if (total === undefined) return { total: '\u00a0', status: '', done: 'Done' };
  const homes = homesCount(total, capped);
  return {
    total: homes,
    status: `Showing ${loaded.toLocaleString('en-GB')} of ${homes}`,
    done: `Show ${homes}`,
  };
}
