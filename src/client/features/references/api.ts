// References on the client (issue 31 item 4): the referee's form behind the emailed link, and an application's
// references for its landlord and tenant.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TApplicationReferences,
  TReferenceAnswerRequest,
  TReferenceForm,
} from '../../../domain/references';
import { apiRequest } from '../../lib/api';

export const applicationReferencesKey = (applicationId: string) =>
  [`/api/applications/${applicationId}/references`] as const;

export function useApplicationReferences(applicationId: string) {
  return useQuery<TApplicationReferences>({
    queryKey: applicationReferencesKey(applicationId),
    staleTime: 0,
  });
}

export function useRequestReference(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ referenceId: string }>('POST', `/api/applications/${applicationId}/references`),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationReferencesKey(applicationId) }),
  });
}

const formUrl = (token: string) => `/api/references/${encodeURIComponent(token)}`;

export function useReferenceForm(token: string) {
  return useQuery<TReferenceForm>({ queryKey: [formUrl(token)], staleTime: 0 });
}

export function useAnswerReference(token: string) {
  return useMutation({
    mutationFn: (answer: TReferenceAnswerRequest) =>
      apiRequest<{ ok: boolean; message: string }>('POST', formUrl(token), answer),
  });
}
