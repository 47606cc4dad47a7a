// The search panel's query (doc 1 "Search panel", §9 budgets and property types).
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SEARCH,
  searchPanelHref,
  searchPanelQuery,
  searchPanelValuesFrom,
} from '../../src/client/features/marketing/search-query';

describe('search panel query', () => {
  it('goes to /properties with no query when nothing is set', () => {
    expect(searchPanelHref(EMPTY_SEARCH)).toBe('/properties');
    expect(searchPanelHref({ ...EMPTY_SEARCH, location: '   ' })).toBe('/properties');
  });

  it('sends the trimmed location as postcode', () => {
    expect(searchPanelHref({ ...EMPTY_SEARCH, location: ' SW1A 1AA ' })).toBe(
      '/properties?postcode=SW1A+1AA',
    );
  });

  it('sends propertyType only for a real type, not for Any Type', () => {
    expect(searchPanelQuery({ ...EMPTY_SEARCH, propertyType: 'house' }).get('propertyType')).toBe('house');
    expect(searchPanelQuery({ ...EMPTY_SEARCH, propertyType: 'any' }).has('propertyType')).toBe(false);
  });

  it('turns each budget into its minRent and maxRent', () => {
    const rents = (budget: '500-1000' | '1000-1500' | '1500-2000' | '2000+') => {
      const q = searchPanelQuery({ ...EMPTY_SEARCH, budget });
      return [q.get('minRent'), q.get('maxRent')];
    };
    expect(rents('500-1000')).toEqual(['500', '1000']);
    expect(rents('1000-1500')).toEqual(['1000', '1500']);
    expect(rents('1500-2000')).toEqual(['1500', '2000']);
    expect(rents('2000+')).toEqual(['2000', '10000']);
  });

  it('combines every filter that is set', () => {
    expect(searchPanelHref({ location: 'M1', propertyType: 'apartment', budget: '1000-1500' })).toBe(
      '/properties?postcode=M1&propertyType=apartment&minRent=1000&maxRent=1500',
    );
  });

  it('reads the panel back from a /properties query', () => {
    const params = new URLSearchParams('postcode=LS1&propertyType=studio&minRent=2000&maxRent=10000');
    expect(searchPanelValuesFrom(params)).toEqual({
      location: 'LS1',
      propertyType: 'studio',
      budget: '2000+',
    });
    expect(searchPanelValuesFrom(new URLSearchParams('propertyType=castle&minRent=1'))).toEqual(EMPTY_SEARCH);
  });
});
