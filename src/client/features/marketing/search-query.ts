// The search panel's query (doc 1 "Search panel", §9 budgets): each parameter only when it is set.
import { BUDGETS, PROPERTY_TYPES, type PropertyType } from '../../../domain/constants';

export type BudgetKey = (typeof BUDGETS)[number]['key'];

export interface SearchPanelValues {
  location: string;
  /** 'any' (the 'Any Type' placeholder) or one of PROPERTY_TYPES. */
  propertyType: 'any' | PropertyType;
  /** '' (the 'Any Budget' placeholder) or one of the BUDGETS keys. */
  budget: '' | BudgetKey;
}

export const EMPTY_SEARCH: SearchPanelValues = { location: '', propertyType: 'any', budget: '' };

export function searchPanelQuery(values: SearchPanelValues): URLSearchParams {
  const params = new URLSearchParams();
  const location = values.location.trim();
  if (location) params.set('postcode', location);
  if ((PROPERTY_TYPES as readonly string[]).includes(values.propertyType))
    params.set('propertyType', values.propertyType);
  const budget = BUDGETS.find((b) => b.key === values.budget);
  if (budget) {
    params.set('minRent', String(budget.minRent));
    params.set('maxRent', String(budget.maxRent));
  }
  return params;
}

/** The panel's values from a /properties query, so the properties page can show the current search. */
export function searchPanelValuesFrom(params: URLSearchParams): SearchPanelValues {
  const type = params.get('propertyType') ?? '';
  const minRent = params.get('minRent');
  const maxRent = params.get('maxRent');
  const budget = BUDGETS.find((b) => String(b.minRent) === minRent && String(b.maxRent) === maxRent);
  return {
    location: params.get('postcode') ?? '',
    propertyType: (PROPERTY_TYPES as readonly string[]).includes(type) ? (type as PropertyType) : 'any',
    budget: budget?.key ?? '',
  };
}

export function searchPanelHref(values: SearchPanelValues): string {
  const query = searchPanelQuery(values).toString();
  return query ? `/properties?${query}` : '/properties';
}
