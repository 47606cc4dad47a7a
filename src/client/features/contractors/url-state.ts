// The contractor directory's filters live in the URL query (doc 1 "Contractor list"), so a reload, the back button
// and a shared link show the same list. Marketing links say `specialty=plumbing` or `service=cleaning`: they are
// read here and written back under the canonical names. Pure functions: the page and the unit tests share them.
import { SERVICE_AREAS } from '../../../domain/constants';
import {
  CONTRACTOR_SORTS,
  type ContractorSort,
  knownServiceArea,
  resolveSpecialty,
  SERVICE_AREA_MAX_CHARS,
  type Specialty,
} from '../../../domain/contractor-options';

export interface ContractorFilters {
  specialty: 'all' | Specialty;
  /** Any UK place as typed or picked (issue 17); '' for every area. */
  serviceArea: string;
  /** Keywords over business name, description and services. */
  q: string;
  topRated: boolean;
  emergency: boolean;
  sort: ContractorSort;
}

export const DEFAULT_CONTRACTOR_FILTERS: ContractorFilters = {
  specialty: 'all',
  serviceArea: '',
  q: '',
  topRated: false,
  emergency: false,
  sort: 'rating',
};

const truthy = (value: string | null) =>
  value === '1' || value === 'true' || value === 'on' || value === 'yes';

/** The place asked for: spaces tidied, a quick-pick city in its own spelling ("leeds" → "Leeds"); 'all' is none. */
function serviceAreaParam(value: string | null): string {
  const text = (value ?? '').trim().replace(/\s+/g, ' ').slice(0, SERVICE_AREA_MAX_CHARS);
  if (text.toLowerCase() === 'all' || text.toLowerCase() === 'any') return '';
  return knownServiceArea(text) ?? text;
}

export function filtersFromParams(params: URLSearchParams): ContractorFilters {
  const specialty = resolveSpecialty(params.get('specialty') ?? params.get('service'));
  const area = serviceAreaParam(params.get('serviceArea') ?? params.get('area'));
  const sort = params.get('sort');
  return {
    specialty: specialty ?? 'all',
    serviceArea: area,
    q: (params.get('q') ?? params.get('search') ?? '').trim().slice(0, 200),
    topRated: truthy(params.get('topRated')),
    emergency: truthy(params.get('emergency')),
    sort: CONTRACTOR_SORTS.includes(sort as ContractorSort) ? (sort as ContractorSort) : 'rating',
  };
}

/** The filters as a query string: only what differs from the defaults, under the canonical names. */
export function filtersToParams(filters: ContractorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.specialty !== 'all') params.set('specialty', filters.specialty);
  if (filters.serviceArea) params.set('serviceArea', filters.serviceArea);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.topRated) params.set('topRated', '1');
  if (filters.emergency) params.set('emergency', '1');
  if (filters.sort !== DEFAULT_CONTRACTOR_FILTERS.sort) params.set('sort', filters.sort);
  return params;
}

/**
 * The page the list starts at: `page` is a "Load more" link's (decision 0061), so the next page is a page of its own
 * before the scripts have run. 1 when absent or not a page number.
 */
export function startPageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1;
}

/** The page's canonical query: the filters, then the start page when it is not the first. */
export function directoryParams(params: URLSearchParams): URLSearchParams {
  const canonical = filtersToParams(filtersFromParams(params));
  const start = startPageFrom(params);
  if (start > 1) canonical.set('page', String(start));
  return canonical;
}

/** The directory's address with `next` changed: a link's href, and what the page writes as the filters change. */
export function directoryHref(filters: ContractorFilters, page = 1): string {
  const params = filtersToParams(filters);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/contractors?${query}` : '/contractors';
}

/** Whether the URL says it the canonical way already (else the page rewrites it, replacing the history entry). */
export function isCanonical(params: URLSearchParams): boolean {
  return params.toString() === directoryParams(params).toString();
}

export function activeFilterCount(filters: ContractorFilters): number {
  return (
    Number(filters.specialty !== 'all') +
    Number(!!filters.serviceArea) +
    Number(!!filters.q.trim()) +
    Number(filters.topRated) +
    Number(filters.emergency)
  );
}

/** doc 1 §9: the first two service areas, then '+N more'. */
export function serviceAreaSummary(areas: readonly string[], shown = 2): { shown: string[]; more: number } {
  return { shown: areas.slice(0, shown), more: Math.max(0, areas.length - shown) };
}

/** The quick picks the directory and the profile form offer beside the place box: the spec's ten cities. */
export const SERVICE_AREA_OPTIONS = SERVICE_AREAS;
