// Applications and tenancies on the client (issue 31): the tenant's and the landlord's lists, one listing's
// applicants, the decisions on an application, and the tenancy record. Each decision refreshes every list that
// shows it, and the conversation it writes a line in.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { INBOX_KEY, threadKey } from '../messages/api';
import type { ApplicationView, DeclineReason, TenancyPatch, TenancyView } from './types';

export const APPLICATIONS_KEY = ['/api/applications'] as const;
export const TENANCIES_KEY = ['/api/tenancies'] as const;
export const listingApplicationsKey = (propertyId: string) =>
  [`/api/properties/${propertyId}/applications`] as const;
export const tenancyKey = (id: string) => [`/api/tenancies/${id}`] as const;

/** The signed-in tenant's applications, or the landlord's on their listings. */
export function useApplications(enabled = true) {
  return useQuery<{ applications: ApplicationView[] }>({ queryKey: APPLICATIONS_KEY, enabled, staleTime: 0 });
}

/** One listing's applicants, in the order they applied (its landlord only). */
export function useListingApplications(propertyId: string) {
  return useQuery<{ applications: ApplicationView[] }>({
    queryKey: listingApplicationsKey(propertyId),
    staleTime: 0,
  });
}

export function useTenancies(enabled = true) {
  return useQuery<{ tenancies: TenancyView[] }>({ queryKey: TENANCIES_KEY, enabled, staleTime: 0 });
}

export function useTenancy(id: string) {
  return useQuery<TenancyView>({ queryKey: tenancyKey(id), staleTime: 0 });
}

export type ApplicationAction =
  | { kind: 'offer'; startDate: string; deposit: number }
  | { kind: 'decline'; reason: DeclineReason; note: string | null }
  | { kind: 'withdraw' }
  | { kind: 'accept' };

function actionRequest(id: string, action: ApplicationAction) {
  const url = `/api/applications/${id}/${action.kind}`;
  switch (action.kind) {
    case 'offer':
      return apiRequest('POST', url, { startDate: action.startDate, deposit: action.deposit });
    case 'decline':
      return apiRequest(
        'POST',
        url,
        action.note ? { reason: action.reason, note: action.note } : { reason: action.reason },
      );
    case 'accept':
      return apiRequest<{ tenancyId: string }>('POST', url);
    case 'withdraw':
      return apiRequest('POST', url);
  }
}

/** Offer, decline, withdraw or accept one application. */
export function useApplicationAction(
  application: Pick<ApplicationView, 'id' | 'conversationId' | 'property'>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ApplicationAction) =>
      actionRequest(application.id, action) as Promise<{ tenancyId?: string } | undefined>,
    onSettled: () => {
      client.invalidateQueries({ queryKey: APPLICATIONS_KEY });
      client.invalidateQueries({ queryKey: listingApplicationsKey(application.property.id) });
      client.invalidateQueries({ queryKey: TENANCIES_KEY });
      client.invalidateQueries({ queryKey: threadKey(application.conversationId) });
      client.invalidateQueries({ queryKey: INBOX_KEY });
    },
  });
}

/** Apply for a listing from the tenant's conversation about it. */
export function useApply(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string | null) =>
      apiRequest<{ applicationId: string }>(
        'POST',
        `/api/properties/${propertyId}/applications`,
        message ? { message } : {},
      ),
    onSettled: () => {
      client.invalidateQueries({ queryKey: APPLICATIONS_KEY });
      client.invalidateQueries({ queryKey: INBOX_KEY });
    },
  });
}

export function useUpdateTenancy(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: TenancyPatch) => apiRequest<TenancyView>('PATCH', `/api/tenancies/${id}`, patch),
    onSuccess: (tenancy) => {
      client.setQueryData(tenancyKey(id), tenancy);
      client.invalidateQueries({ queryKey: TENANCIES_KEY });
    },
  });
}
