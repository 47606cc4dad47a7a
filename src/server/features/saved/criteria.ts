// A saved search's criteria (doc 1 §3 "property filter", rent in pounds) read the way GET /api/properties reads
// its query, and turned into a where-clause for alert matching. It mirrors the search page's meaning of each
// filter by using the search's own builder, so an alert never disagrees with the results page.
import type { z } from 'zod';
import { AppError } from '../../../domain/errors';
import {
  type TPropertySearch,
  UNKNOWN_PROPERTY_TYPE,
  type ZPropertyFilterCriteria,
  ZPropertySearchQuery,
} from '../../../domain/properties';
import { filterEntries, filtersFromParams } from '../../../domain/property-filters';

export type SearchCriteria = z.infer<typeof ZPropertyFilterCriteria>;

/** The criteria as the query string the search page would send; stored criteria keep the user's own words. */
function asQuery(criteria: SearchCriteria): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(criteria)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = String(value);
  }
  return query;
}

/** The criteria, normalised by the search's own schema; a 400 naming the field when they cannot be searched. */
export function readCriteria(criteria: SearchCriteria): TPropertySearch {
  const result = ZPropertySearchQuery.safeParse(asQuery(criteria));
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = `searchCriteria.${issue.path.join('.') || '_'}`;
    throw new AppError('VALIDATION_FAILED', issue.message, { [field]: [issue.message] });
  }
  const search = result.data;
  if (search.propertyType === null) {
    throw new AppError('VALIDATION_FAILED', UNKNOWN_PROPERTY_TYPE, {
      'searchCriteria.propertyType': [UNKNOWN_PROPERTY_TYPE],
    });
  }
  // A minimum above the maximum was swapped by the schema, as the page and search do (property-filters.ts).
  return search;
}

/**
 * The criteria as a /properties link, so "see all" in an alert opens the same search: read and written by the page's
 * own filter rules (src/domain/property-filters.ts), so the link is the page's canonical URL for it.
 */
export function criteriaSearchParams(criteria: SearchCriteria): string {
  return new URLSearchParams(
    filterEntries(filtersFromParams(new URLSearchParams(asQuery(criteria)))),
  ).toString();
}
