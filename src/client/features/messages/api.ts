// Conversations on the client (issue 13): the inbox, one thread, sending, reading, reporting and blocking. New
// messages arrive by polling (as the forum does): the open thread every 5 s, the inbox and badge every 30 s.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TConversationPage,
  TEnquiryRequest,
  TMessage,
  TMessagePage,
} from '../../../domain/conversations';
import { apiRequest } from '../../lib/api';
import { propertyKey } from '../properties/api';

export const INBOX_KEY = ['/api/conversations'] as const;
export const UNREAD_KEY = ['/api/conversations/unread'] as const;
export const threadKey = (id: string) => [`/api/conversations/${id}/messages`] as const;
export const THREAD_POLL_MS = 5_000;
export const INBOX_POLL_MS = 30_000;

export function useInbox(page = 1) {
  return useQuery<TConversationPage>({
    queryKey: page === 1 ? INBOX_KEY : [...INBOX_KEY, page],
    queryFn: () => apiRequest('GET', `/api/conversations?page=${page}`),
    refetchInterval: INBOX_POLL_MS,
    staleTime: 0,
  });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery<{ unread: number }>({
    queryKey: UNREAD_KEY,
    enabled,
    refetchInterval: INBOX_POLL_MS,
    staleTime: 10_000,
  });
}

export function useThread(id: string | null) {
  return useQuery<TMessagePage>({
    queryKey: threadKey(id ?? ''),
    queryFn: () => apiRequest('GET', `/api/conversations/${id}/messages`),
    enabled: !!id,
    refetchInterval: THREAD_POLL_MS,
    staleTime: 0,
  });
}

function useRefreshConversations() {
  const client = useQueryClient();
  return (id?: string) => {
    if (id) client.invalidateQueries({ queryKey: threadKey(id) });
    client.invalidateQueries({ queryKey: INBOX_KEY });
    client.invalidateQueries({ queryKey: UNREAD_KEY });
  };
}

export function useSendMessage(id: string) {
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: (input: { body: string; confirmLawWarnings?: boolean }) =>
      apiRequest<TMessage>('POST', `/api/conversations/${id}/messages`, input),
    onSuccess: () => refresh(id),
  });
}

export function useMarkRead(id: string | null) {
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: () => apiRequest('POST', `/api/conversations/${id}/read`),
    onSuccess: () => refresh(),
  });
}

export function useReport(id: string) {
  return useMutation({
    mutationFn: (reason: string) =>
      apiRequest<{ message: string }>('POST', `/api/conversations/${id}/report`, { reason }),
  });
}

export function useBlock(conversationId: string, userId: string) {
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: (block: boolean) =>
      apiRequest<{ blocked: boolean }>(block ? 'POST' : 'DELETE', `/api/users/${userId}/block`),
    onSuccess: () => refresh(conversationId),
  });
}

export function useSendEnquiry(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TEnquiryRequest) =>
      apiRequest<{ conversationId: string }>('POST', `/api/properties/${propertyId}/enquiries`, input),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: INBOX_KEY });
      client.invalidateQueries({ queryKey: propertyKey(propertyId) });
    },
  });
}
