import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TCurrentUser } from '../../../domain/accounts';
import { CURRENT_USER_KEY } from '../../lib/auth';

/**
 * After sign-in, registration, sign-out or deletion another person (or nobody) is signed in: drop whatever
 * was cached for the previous one, show the new user at once and confirm it with the server.
 */
export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: TCurrentUser | null) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    [queryClient],
  );
}
