// The renter profile on the client (issue 31 item 1): the signed-in tenant's own, read and saved whole.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRenterProfileReply } from '../../../domain/renter-profile';
import { apiRequest } from '../../lib/api';

export const RENTER_PROFILE_KEY = ['/api/renter-profile'] as const;

export function useRenterProfile(enabled: boolean) {
  return useQuery<TRenterProfileReply>({ queryKey: RENTER_PROFILE_KEY, enabled, staleTime: 0 });
}

/** PUT: the body is sent as typed, so the server's words for a wrong field come back to that field. */
export function useSaveRenterProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiRequest<TRenterProfileReply>('PUT', '/api/renter-profile', body),
    onSuccess: (saved) => client.setQueryData(RENTER_PROFILE_KEY, saved),
  });
}
