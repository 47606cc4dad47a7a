// The payments feature's calls: public payment settings, starting a subscription, the test card form,
// and billing (doc 2 §7 POST /api/create-payment; /settings billing).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Plan,
  TBilling,
  TCreatePaymentResponse,
  TPaymentConfirmation,
  TTestConfirmRequest,
} from '../../../domain/payments';
import { START_NOW_CONSENT_VERSION } from '../../../domain/subscription-terms';
import { apiRequest } from '../../lib/api';
import { CURRENT_USER_KEY } from '../../lib/auth';

export const BILLING_KEY = ['/api/billing'] as const;
export function useBilling(enabled = true) {
  return useQuery<TBilling>({ queryKey: BILLING_KEY, enabled, staleTime: 0 });
}

/**
 * The pending subscription for a plan, made once the start-at-once box is ticked (doc 2 §4). The server hands back the same
 * one on a reload or a second tab, so this is safe to run again.
 */
export function useCreatePayment(plan: Plan | null, enabled: boolean, returnTo: string | null = null) {
  return useQuery<TCreatePaymentResponse>({
    queryKey: ['/api/create-payment', plan, returnTo],
    // Only made once the person has ticked the request to start at once (`enabled`): it goes with the call.
    queryFn: () =>
      apiRequest<TCreatePaymentResponse>('POST', '/api/create-payment', {
        plan,
        userType: plan,
        startNowConsent: true,
        consentVersion: START_NOW_CONSENT_VERSION,
        // The server checks it too, and builds the provider's return address from it.
        ...(returnTo ? { returnTo } : {}),
      }),
    enabled: enabled && !!plan,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function confirmTestCard(input: TTestConfirmRequest) {
  return apiRequest<TPaymentConfirmation>('POST', '/api/payments/test/confirm', input);
}

/**
 * After a payment: the current user and billing are fetched again now, and everything else is marked stale, since a
 * plan changes what many answers hold (a listing's contact details: issue 30, the way back to a listing).
 */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
    ]);
    await queryClient.invalidateQueries({ refetchType: 'none' });
  };
}

export function useBillingAction(action: 'cancel' | 'resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TBilling>('POST', `/api/billing/${action}`),
    onSuccess: (billing) => {
      queryClient.setQueryData(BILLING_KEY, billing);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}
