// Viewings on the client (issue 13): the landlord's slots for a listing, and the booking panel in a thread.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TListingViewings,
  TPublishedSlots,
  TThreadViewings,
  TViewingBooking,
  TViewingSlot,
  TViewingSlotRequest,
} from '../../../domain/viewings';
import { apiRequest } from '../../lib/api';
import { threadKey } from '../messages/api';

export const listingViewingsKey = (id: string) => [`/api/listings/${id}/viewings`] as const;
export const threadViewingsKey = (id: string) => [`/api/conversations/${id}/viewings`] as const;

export function useListingViewings(propertyId: string) {
  return useQuery<TListingViewings>({ queryKey: listingViewingsKey(propertyId), staleTime: 0 });
}

export function useThreadViewings(conversationId: string, enabled: boolean) {
  return useQuery<TThreadViewings>({
    queryKey: threadViewingsKey(conversationId),
    enabled,
    staleTime: 0,
    refetchInterval: 15_000,
  });
}

export function useCreateSlot(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TViewingSlotRequest) =>
      apiRequest<TViewingSlot>('POST', `/api/listings/${propertyId}/viewing-slots`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: listingViewingsKey(propertyId) }),
  });
}

export function useCancelSlot(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slotId, reason }: { slotId: string; reason: string }) =>
      apiRequest('POST', `/api/viewing-slots/${slotId}/cancel`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: listingViewingsKey(propertyId) }),
  });
}

/** Booking, moving, confirming, cancelling and proposing: each refreshes the panel and the thread's lines. */
export function useViewingAction(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      action:
        | { kind: 'book'; slotId: string }
        | { kind: 'confirm'; bookingId: string }
        | { kind: 'cancel'; bookingId: string; reason: string | null }
        | { kind: 'propose'; bookingId: string; slotId: string },
    ) => {
      switch (action.kind) {
        case 'book':
          return apiRequest<TViewingBooking>('POST', `/api/conversations/${conversationId}/viewings`, {
            slotId: action.slotId,
          });
        case 'confirm':
          return apiRequest('POST', `/api/viewings/${action.bookingId}/confirm`);
        case 'cancel':
          return apiRequest('POST', `/api/viewings/${action.bookingId}/cancel`, { reason: action.reason });
        case 'propose':
          return apiRequest('POST', `/api/viewings/${action.bookingId}/propose`, { slotId: action.slotId });
      }
    },
    onSettled: () => {
      client.invalidateQueries({ queryKey: threadViewingsKey(conversationId) });
      client.invalidateQueries({ queryKey: threadKey(conversationId) });
    },
  });
}

/** The times a landlord has published for a listing, to pick from Schedule Viewing (issue 30). */
export function usePublishedSlots(propertyId: string, enabled: boolean) {
  return useQuery<TPublishedSlots>({
    queryKey: [`/api/listings/${propertyId}/viewing-slots`],
    enabled,
    staleTime: 0,
  });
}

/** Book a slot in the conversation an enquiry has just opened. */
export function bookSlot(conversationId: string, slotId: string) {
  return apiRequest<TViewingBooking>('POST', `/api/conversations/${conversationId}/viewings`, { slotId });
}
