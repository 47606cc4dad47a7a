import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch, throwIfResNotOk } from './api';

/**
 * How long a page's own record (a listing, a trade's profile) counts as fresh: long enough that the first browser
 * render after the server's, which fetched it for this very visit, does not fetch it again.
 */
export const VISIT_FRESH_MS = 30_000;

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default loader: GET the first query-key element (joined with the rest when they are path parts). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.filter((p) => typeof p === 'string').join('/');
    const res = await apiFetch(url, { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
