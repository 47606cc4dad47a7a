import { useQuery } from '@tanstack/react-query';
import type { TCurrentUser } from '../../domain/accounts';
import { type Feature, mayUse } from '../../domain/plans';
import { getQueryFn } from './query-client';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** The current user; refetched on window focus, never cached, not retried (doc 1 §7). */
export function useAuth() {
  const query = useQuery<TCurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    refetchOnWindowFocus: true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: !!user,
    isPremium: !!user?.isPremium,
    isPremiumTenant: !!user?.isPremium && user.userType === 'tenant',
    isAdmin: user?.role === 'admin' || user?.role === 'super_admin',
    /** What this viewer's plan includes: the same rule the server enforces (src/domain/plans.ts). */
    may: (feature: Feature) => mayUse({ user, premium: !!user?.isPremium }, feature),
    refetch: query.refetch,
  };
}
