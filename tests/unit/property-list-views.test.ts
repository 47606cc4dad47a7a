// The property list page's views (doc 1 "Property list", "Property map"): which one a link opens, the tabs' links,
// the map switch and the counts in words.
import { describe, expect, it } from 'vitest';
import {
  LIST_VIEWS,
  listViewHref,
  listViewOf,
  resultsWords,
  showsMap,
  withMapShown,
} from '../../src/client/features/properties/list-views';
import { DEFAULT_FILTERS } from '../../src/client/features/properties/url-state';

const params = (query: string) => new URLSearchParams(query);

describe('the view a link opens', () => {
  it('shows the results unless the link asks for saved homes or saved searches', () => {
    expect(listViewOf(params(''))).toBe('results');
    expect(listViewOf(params('bedrooms=2&view=map'))).toBe('results');
    expect(listViewOf(params('filter=saved'))).toBe('saved');
    expect(listViewOf(params('view=searches'))).toBe('searches');
    // Saved searches win over saved homes when a link asks for both.
    expect(listViewOf(params('filter=saved&view=searches'))).toBe('searches');
  });

  it('shows the map only for the results', () => {
    expect(showsMap(params('view=map'))).toBe(true);
    expect(showsMap(params('view=map&filter=saved'))).toBe(false);
    expect(showsMap(params('bedrooms=2'))).toBe(false);
  });
});

describe('switching the map', () => {
  it('adds and removes view=map, keeping the filters and leaving the query it was given alone', () => {
    const before = params('bedrooms=2');
    expect(withMapShown(before, true).toString()).toBe('bedrooms=2&view=map');
    expect(withMapShown(params('bedrooms=2&view=map'), false).toString()).toBe('bedrooms=2');
    expect(before.toString()).toBe('bedrooms=2');
  });
});

describe('the tabs', () => {
  const twoBeds = { ...DEFAULT_FILTERS, bedrooms: 2 as const };

  it('keep the filters on every tab', () => {
    expect(listViewHref(twoBeds, 'results')).toBe('/properties?bedrooms=2');
    expect(listViewHref(twoBeds, 'saved')).toBe('/properties?bedrooms=2&filter=saved');
    expect(listViewHref(twoBeds, 'searches')).toBe('/properties?bedrooms=2&view=searches');
  });

  it('link to the bare page when nothing narrows the search', () => {
    expect(listViewHref(DEFAULT_FILTERS, 'results')).toBe('/properties');
  });

  it('ask for the plan only where the view needs it', () => {
    expect(LIST_VIEWS.results.needs).toBeNull();
    expect(LIST_VIEWS.saved.needs?.feature).toBe('saveHomes');
    expect(LIST_VIEWS.searches.needs?.feature).toBe('savedSearches');
  });
});

describe('the counts in words', () => {
  it('keeps the line’s height with a no-break space until the first page arrives', () => {
    expect(resultsWords(undefined, false, 0)).toEqual({ total: '\u00a0', status: '', done: 'Done' });
  });

  it('names the total, what is shown so far, and the dialog’s button', () => {
    expect(resultsWords(1234, false, 24)).toEqual({
      total: '1,234 homes',
      status: 'Showing 24 of 1,234 homes',
      done: 'Show 1,234 homes',
    });
    expect(resultsWords(1, false, 1).total).toBe('1 home');
  });

  it('does not claim an exact count when the total was capped', () => {
    expect(resultsWords(1000, true, 24)).toEqual({
      total: '1,000+ homes',
      status: 'Showing 24 of 1,000+ homes',
      done: 'Show 1,000+ homes',
    });
    expect(resultsWords(1, true, 1).total).toBe('1+ homes');
  });
});
