// The user list's data: the filters (the search box searches after a pause) and the page of users they ask for.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import type { TAllUsersPage } from '../../../../../domain/admin';
import { adminGet } from '../../api';
import { INITIAL_USER_FILTERS, searchPending, USERS_PAGE_SIZE, userFiltersReducer } from './user-list-state';

export const ALL_USERS_KEY = ['/api/admin/all-users'] as const;

export function useUserList() {
  const [filters, dispatch] = useReducer(userFiltersReducer, INITIAL_USER_FILTERS);
  const { draft, q, userType, premium, page } = filters;

  // Typing searches after a pause and goes back to page 1; nothing else does (on first render the timer used to
  // fire anyway and undo a quick press of Next).
  useEffect(() => {
    if (!searchPending({ draft, q })) return;
    const timer = setTimeout(() => dispatch({ type: 'searched' }), 300);
    return () => clearTimeout(timer);
  }, [draft, q]);

  const list = useQuery({
    queryKey: [...ALL_USERS_KEY, q, userType, premium, page],
    queryFn: () =>
      adminGet<TAllUsersPage>('/api/admin/all-users', { q, userType, premium, page, limit: USERS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return { filters, dispatch, list };
}
