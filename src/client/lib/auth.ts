import { useQuery } from '@tanstack/react-query';
import type { TCurrentUser } from '../../domain/accounts';
import { isAdmin } from '../../domain/identity';
import { SESSION_USER_ELEMENT } from '../../domain/pages';
import { type Feature, mayUse } from '../../domain/plans';
import { getQueryFn } from './query-client';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** The user the server embedded in this page (plugins/site.ts); undefined when it carries none. */
function readEmbeddedUser(): { user: TCurrentUser | null } | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(SESSION_USER_ELEMENT)?.textContent;
  if (!text) return undefined;
  try {
    return { user: JSON.parse(text) as TCurrentUser | null };
  } catch {
    return undefined;
  }
}

// Read once: the page's user is as fresh as the page, and is used for the first question only, so a later
// sign-out is never undone by it.
let embedded = readEmbeddedUser();
const EMBEDDED_AT = Date.now();
const EMBEDDED_FRESH_MS = 60_000;

/**
 * The current user; refetched on window focus and whenever stale, not retried (doc 1 §7). The first answer comes with
 * the page, so loading one asks nothing (and a visitor's page logs no 401).
 */
export function useAuth() {
  const query = useQuery<TCurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    initialData: () => {
      const found = embedded;
      embedded = undefined;
      return found?.user;
    },
    initialDataUpdatedAt: EMBEDDED_AT,
    refetchOnWindowFocus: 'always',
    staleTime: (q) => (q.state.dataUpdatedAt === EMBEDDED_AT ? EMBEDDED_FRESH_MS : 0),
    // Kept while the page lives, so a moment without a header (a page loading) does not ask again; whenever it is
    // shown after it went stale, it is asked again.
    gcTime: 5 * 60_000,
    retry: false,
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: !!user,
    isPremium: !!user?.isPremium,
    isPremiumTenant: !!user?.isPremium && user.userType === 'tenant',
    isAdmin: isAdmin(user),
    /** What this viewer's plan includes: the same rule the server enforces (src/domain/plans.ts). */
    may: (feature: Feature) => mayUse({ user, premium: !!user?.isPremium }, feature),
    refetch: query.refetch,
  };
}
