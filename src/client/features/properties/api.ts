// The properties feature's calls (doc 1 §7) and their cache keys. Search pages come from GET /api/properties
// with a keyset cursor; saving a home and saving a search answer with the spec's toasts (§8).

import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import type { ALERT_FREQUENCIES } from '../../../domain/constants';
import type {
  TPropertyDetail,
  TPropertyPage,
  TSavedProperty,
  TSavedSearch,
} from '../../../domain/properties';
import { PAGE_SIZE } from '../../../domain/property-options';
import { promptForRefusal, showPlanPrompt } from '../../components/plan/plan-prompt';
import { ApiError, apiRequest, errorMessage, getJson } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { VISIT_FRESH_MS } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import type { SavedSearchCriteria } from './url-state';

export const SAVED_PROPERTIES_KEY = ['/api/saved-properties'] as const;
export const SAVED_SEARCHES_KEY = ['/api/saved-searches'] as const;
export const propertyKey = (id: string) => ['/api/properties', id] as const;
const SEARCH_KEY = 'property-search';
const MAP_KEY = 'property-map';

export const PROPERTIES_ERROR = 'Failed to fetch properties';
export const PROPERTY_ERROR = 'Failed to fetch property';

function pageUrl(query: URLSearchParams, cursor: string | null, limit: number): string {
  const params = new URLSearchParams(query);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `/api/properties?${params}`;
}

/** Search results for an API query, a page at a time (the server's render fetches the first: pages/properties-page). */
export function propertySearchQuery(query: URLSearchParams) {
  return infiniteQueryOptions({
    queryKey: [SEARCH_KEY, query.toString()],
    queryFn: ({ pageParam, signal }) => getJson<TPropertyPage>(pageUrl(query, pageParam, PAGE_SIZE), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Search results, a page at a time; "Load More Properties" asks for the next cursor. */
export function usePropertySearch(query: URLSearchParams, enabled: boolean) {
  return useInfiniteQuery({
    ...propertySearchQuery(query),
    // A changed filter keeps the last results on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** The map asks for 100 markers at a time (the API's largest page) … */
export const MAP_PAGE_SIZE = 100;
/** … up to this many per view; past that, zooming in narrows the view and its markers. */
export const MAP_MARKER_CAP = 2000;
/** Doc 1 §9: map data is cached for five minutes. */
export const MAP_CACHE_MS = 300_000;

/** Markers for the current filters inside `bounds` (the whole country when null). */
export function useMapMarkers(query: URLSearchParams, bounds: MapBounds | null, enabled: boolean) {
  const params = new URLSearchParams(query);
  if (bounds) {
    params.set('north', String(bounds.north));
    params.set('south', String(bounds.south));
    params.set('east', String(bounds.east));
    params.set('west', String(bounds.west));
  }
  const qs = params.toString();
  return useInfiniteQuery({
    queryKey: [MAP_KEY, qs],
    queryFn: ({ pageParam, signal }) =>
      getJson<TPropertyPage>(pageUrl(params, pageParam, MAP_PAGE_SIZE), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.properties.length, 0) < MAP_MARKER_CAP ? last.nextCursor : null,
    staleTime: MAP_CACHE_MS,
    gcTime: MAP_CACHE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function propertyQuery(id: string) {
  return queryOptions({
    queryKey: propertyKey(id),
    queryFn: ({ signal }) => getJson<TPropertyDetail>(`/api/properties/${encodeURIComponent(id)}`, signal),
    // What it shows depends on who asks (contact details, saved): shown from cache, checked again on a visit after
    // a short while (not on the first render after the server's, which fetched it a moment ago).
    staleTime: VISIT_FRESH_MS,
  });
}

export function useProperty(id: string) {
  return useQuery(propertyQuery(id));
}

export function useSavedProperties(enabled = true) {
  return useQuery<TSavedProperty[]>({ queryKey: SAVED_PROPERTIES_KEY, staleTime: 0, enabled });
}

export function useSavedSearches(enabled = true) {
  return useQuery<TSavedSearch[]>({ queryKey: SAVED_SEARCHES_KEY, staleTime: 0, enabled });
}

// ---- saving a home ----

/** Every cached copy of a listing shows the same heart. */
function setSavedInCache(client: QueryClient, propertyId: string, saved: boolean) {
  client.setQueriesData<InfiniteData<TPropertyPage>>({ queryKey: [SEARCH_KEY] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            properties: page.properties.map((p) => (p.id === propertyId ? { ...p, saved } : p)),
          })),
        }
      : data,
  );
  client.setQueryData<TPropertyDetail>(propertyKey(propertyId), (data) => (data ? { ...data, saved } : data));
}

export type SaveState = 'idle' | 'pending' | 'saved';

/**
 * Save property (doc 1 §4): idle → pending (disabled) → saved. Signed out gets the spec's destructive
 * toast. Unlike the spec, a saved home can be removed again (`allowUnsave`), as people expect.
 */
export function useSaveProperty({
  propertyId,
  initiallySaved,
  signedIn,
  allowUnsave = true,
}: {
  propertyId: string;
  initiallySaved: boolean;
  signedIn: boolean;
  allowUnsave?: boolean;
}) {
  const client = useQueryClient();
  const auth = useAuth();
  const [saved, setSaved] = useState(initiallySaved);
  const [lastInitial, setLastInitial] = useState(initiallySaved);
  // The server's answer changed (another card, a refetch): follow it.
  if (initiallySaved !== lastInitial) {
    setLastInitial(initiallySaved);
    setSaved(initiallySaved);
  }

  const save = useMutation({
    mutationFn: () => apiRequest('POST', '/api/property-interactions', { propertyId, type: 'save' }),
    onSuccess: () => {
      setSaved(true);
      setSavedInCache(client, propertyId, true);
      client.invalidateQueries({ queryKey: SAVED_PROPERTIES_KEY });
      toast({ title: 'Property Saved', description: 'Property has been added to your saved list.' });
    },
    onError: (error) => {
      if (promptForRefusal(error, 'Save this home')) return;
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to save property'),
        variant: 'destructive',
      });
    },
  });

  const unsave = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/saved-properties/${encodeURIComponent(propertyId)}`),
    onSuccess: () => {
      setSaved(false);
      setSavedInCache(client, propertyId, false);
      client.invalidateQueries({ queryKey: SAVED_PROPERTIES_KEY });
      toast({ title: 'Property Removed', description: 'Property has been removed from your saved list.' });
    },
    onError: (error) => {
      // Already gone from the list: the heart should say so.
      if (error instanceof ApiError && error.status === 404) {
        setSaved(false);
        setSavedInCache(client, propertyId, false);
      }
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to remove property'),
        variant: 'destructive',
      });
    },
  });

  const pending = save.isPending || unsave.isPending;
  const state: SaveState = pending ? 'pending' : saved ? 'saved' : 'idle';

  const toggle = () => {
    if (pending) return;
    if (saved && signedIn) {
      if (allowUnsave) unsave.mutate();
      return;
    }
    // Removing what you saved never needs a plan; saving does: say what it gives instead of an error.
    if (!auth.may('saveHomes')) {
      showPlanPrompt('saveHomes', 'Save this home');
      return;
    }
    save.mutate();
  };

  return { state, saved, toggle };
}

// ---- saved searches ----

export interface SavedSearchInput {
  name: string;
  emailAlerts: boolean;
  alertFrequency: (typeof ALERT_FREQUENCIES)[number];
  searchCriteria: SavedSearchCriteria;
}

export function useCreateSavedSearch(onSaved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedSearchInput) => apiRequest<TSavedSearch>('POST', '/api/saved-searches', input),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
      toast({
        title: 'Search Saved',
        description: "Your search has been saved successfully. You'll receive email alerts for new matches.",
      });
      onSaved();
    },
    onError: (error) => {
      // A conflict (too many saved searches) says what to do; anything else gets the spec's words.
      const description =
        error instanceof ApiError && error.status === 409
          ? error.userMessage
          : 'Failed to save search. Please try again.';
      toast({ title: 'Error', description, variant: 'destructive' });
    },
  });
}

export function useUpdateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...changes
    }: {
      id: string;
      emailAlerts?: boolean;
      alertFrequency?: TSavedSearch['alertFrequency'];
    }) => apiRequest<TSavedSearch>('PATCH', `/api/saved-searches/${encodeURIComponent(id)}`, changes),
    onSuccess: (updated) => {
      client.setQueryData<TSavedSearch[]>(SAVED_SEARCHES_KEY, (list) =>
        list?.map((s) => (s.id === updated.id ? updated : s)),
      );
      toast({
        title: 'Search Updated',
        description: updated.emailAlerts
          ? `Email alerts are on for “${updated.name}”.`
          : `Email alerts are off for “${updated.name}”.`,
      });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to update search'),
        variant: 'destructive',
      });
    },
  });
}

export function useDeleteSavedSearch(onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/saved-searches/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      client.setQueryData<TSavedSearch[]>(SAVED_SEARCHES_KEY, (list) => list?.filter((s) => s.id !== id));
      client.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
      toast({ title: 'Search Deleted', description: 'The saved search and its alerts have been removed.' });
      onDeleted();
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to delete search'),
        variant: 'destructive',
      });
    },
  });
}
