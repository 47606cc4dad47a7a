// What `npm run test:security` scans in the app, and the deliberately injectable routes it must find first.
//
// Every parameter of GET /api/properties is scanned, read from the route's own schema so a new one cannot be
// missed. They are split over two requests because aliases share one filter (q or search, propertyType or type,
// minRent or price_min…): beside its alias a parameter is ignored, and sqlmap could not see what an injection
// through it changed. Each request's base values find listings, so a true and a false condition would differ.
import { ZLoginRequest } from '../../src/domain/accounts';
import { ZPropertySearchQuery } from '../../src/domain/properties';
import type { ScanTarget } from './sqlmap';

/** The query parameters GET /api/properties takes. */
export const SEARCH_PARAMETERS: readonly string[] = Object.keys(ZPropertySearchQuery.in.shape);
/** The fields of POST /api/login's JSON body. */
export const LOGIN_FIELDS: readonly string[] = Object.keys(ZLoginRequest.shape);

/** The spec's names, a town with a radius, and the next page (the cursor from the first). */
export function filterSearch(cursor: string): Record<string, string> {
  return {
    location: 'London',
    radius: '10',
    q: 'garden',
    propertyType: 'flat',
    minRent: '500',
    maxRent: '3000',
    bedrooms: '2',
    sort: 'newest',
    limit: '10',
    cursor,
  };
}

/** The marketing links' aliases, a postcode district and a map view (north London), let-agreed homes included. */
export const ALIAS_SEARCH: Record<string, string> = {
  postcode: 'NW4',
  search: 'garden',
  type: 'flat',
  price_min: '500',
  price_max: '3000',
  north: '52',
  south: '51',
  east: '0.5',
  west: '-0.6',
  includeLetAgreed: '1',
};

export function searchUrl(origin: string, query: Record<string, string>): string {
  return `${origin}/api/properties?${new URLSearchParams(query)}`;
}

export interface Credentials {
  email: string;
  password: string;
}

export function appTargets(origin: string, cursor: string, login: Credentials): ScanTarget[] {
  // What the site's own pages send: fetch() from the same origin.
  const headers = [`Origin: ${origin}`, 'Sec-Fetch-Site: same-origin'];
  const filters = filterSearch(cursor);
  return [
    {
      name: 'GET /api/properties (filters)',
      url: searchUrl(origin, filters),
      parameters: Object.keys(filters),
      headers,
    },
    {
      name: 'GET /api/properties (aliases, map)',
      url: searchUrl(origin, ALIAS_SEARCH),
      parameters: Object.keys(ALIAS_SEARCH),
      headers,
    },
    {
      name: 'POST /api/login (JSON)',
      url: `${origin}/api/login`,
      // A real account and its password: the base answer signs in, so a condition that broke it would show.
      data: JSON.stringify({ email: login.email, password: login.password }),
      parameters: LOGIN_FIELDS,
      headers: [...headers, 'Content-Type: application/json'],
      // A wrong password is a 401, an answer like any other here.
      ignoreCodes: [401],
    },
  ];
}

/** The self-check: both routes of scripts/security/injectable.ts, scanned exactly as the app is. */
export function selfCheckTargets(origin: string): ScanTarget[] {
  return [
    { name: 'self-check GET /search', url: `${origin}/search?name=garden`, parameters: ['name'] },
    {
      name: 'self-check POST /login (JSON)',
      url: `${origin}/login`,
      data: JSON.stringify({ email: 'tenant@selfcheck.test', password: 'correct horse' }),
      parameters: ['email', 'password'],
      headers: ['Content-Type: application/json'],
      ignoreCodes: [401],
    },
  ];
}
