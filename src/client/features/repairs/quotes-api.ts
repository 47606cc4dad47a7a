// Repairs going to trades on the client (decision 0071): suggestions for the landlord, asking trades to quote, a
// trade's quote and the landlord's acceptance. Each step refreshes the repair, whose `quotes` group shows it.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSubmitRepairQuote, TTradeSuggestions, TTradesInvited } from '../../../domain/repair-trades';
import type { TRepairView } from '../../../domain/repairs';
import { apiRequest } from '../../lib/api';
import { REPAIRS_KEY, repairKey } from './api';

export function useTradeSuggestions(repairId: string, q: string, enabled = true) {
  const query = q.trim() ? `?${new URLSearchParams({ q: q.trim() })}` : '';
  return useQuery<TTradeSuggestions>({
    queryKey: [`/api/repairs/${repairId}/trade-suggestions${query}`],
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

function useRepairStep<TInput, TResult>(repairId: string, send: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: repairKey(repairId) });
      await client.invalidateQueries({ queryKey: REPAIRS_KEY });
      await client.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(`/api/repairs/${repairId}/trade-suggestions`),
      });
    },
  });
}

export function useInviteTrades(repairId: string) {
  return useRepairStep(repairId, (contractorIds: string[]) =>
    apiRequest<TTradesInvited>('POST', `/api/repairs/${repairId}/quote-requests`, { contractorIds }),
  );
}

export function useSubmitQuote(repairId: string) {
  return useRepairStep(repairId, (quote: TSubmitRepairQuote) =>
    apiRequest<{ quoteId: string }>('POST', `/api/repairs/${repairId}/quotes`, quote),
  );
}

export function useAcceptQuote(repairId: string) {
  return useRepairStep(repairId, (quoteId: string) =>
    apiRequest<TRepairView>('POST', `/api/repairs/${repairId}/quotes/${quoteId}/accept`),
  );
}
