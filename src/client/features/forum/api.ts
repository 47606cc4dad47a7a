// The forum's calls (doc 2 §7) and the live thread: the latest page, earlier pages on request, and short
// polling (?after=<last message id>) every few seconds for new messages.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FORUM_LIMITS,
  type TCreateMessageRequest,
  type TCreateTopicRequest,
  type TForumMessage,
  type TForumTopic,
  type TMessagesPage,
  type TTopicsPage,
} from '../../../domain/forum';
import { ApiError, apiRequest, getJson } from '../../lib/api';

export const TOPICS_KEY = ['/api/forum/topics'] as const;

export function useTopics(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: TOPICS_KEY,
    queryFn: ({ pageParam, signal }) =>
      getJson<TTopicsPage>(
        `/api/forum/topics${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateTopicRequest) => apiRequest<TForumTopic>('POST', '/api/forum/topics', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOPICS_KEY }),
  });
}

export function usePostMessage(topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateMessageRequest) =>
      apiRequest<TForumMessage>('POST', `/api/forum/topics/${topicId}/messages`, input),
    // The topic's count and its place in the list change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOPICS_KEY }),
  });
}

export type ThreadState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; topic: TForumTopic; messages: TForumMessage[]; hasEarlier: boolean };

function byTime(a: TForumMessage, b: TForumMessage) {
  return a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1;
}

/** Add messages to a thread once each, in order. */
export function mergeMessages(current: TForumMessage[], incoming: TForumMessage[]): TForumMessage[] {
  if (incoming.length === 0) return current;
  const seen = new Set(current.map((m) => m.id));
  const fresh = incoming.filter((m) => !seen.has(m.id));
  return fresh.length ? [...current, ...fresh].sort(byTime) : current;
}

export function useThread(topicId: string | null) {
  const [state, setState] = useState<ThreadState>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const base = topicId ? `/api/forum/topics/${topicId}/messages` : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is the trigger to load the thread again
  useEffect(() => {
    if (!base) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getJson<TMessagesPage>(base, controller.signal)
      .then((page) => setState({ status: 'ready', ...page }))
      .catch((error) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      });
    return () => controller.abort();
  }, [base, reload]);

  const ready = state.status === 'ready';
  useEffect(() => {
    if (!base || !ready) return;
    let stopped = false;
    const poll = async () => {
      const current = stateRef.current;
      if (document.hidden || current.status !== 'ready') return;
      const last = current.messages.at(-1);
      try {
        const page = await getJson<TMessagesPage>(last ? `${base}?after=${last.id}` : base);
        if (stopped) return;
        setState((s) =>
          s.status === 'ready'
            ? { ...s, topic: page.topic, messages: mergeMessages(s.messages, page.messages) }
            : s,
        );
      } catch (error) {
        // The message we polled from was removed by a moderator, or the topic went: start again from the top.
        if (!stopped && error instanceof ApiError && error.status === 404) setReload((n) => n + 1);
      }
    };
    const timer = setInterval(poll, FORUM_LIMITS.pollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [base, ready]);

  const addMessage = useCallback((message: TForumMessage) => {
    setState((s) =>
      s.status === 'ready'
        ? {
            ...s,
            messages: mergeMessages(s.messages, [message]),
            topic: { ...s.topic, messageCount: s.topic.messageCount + 1, lastActivityAt: message.createdAt },
          }
        : s,
    );
  }, []);

  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const loadEarlier = useCallback(async () => {
    const current = stateRef.current;
    if (!base || current.status !== 'ready' || !current.messages[0]) return;
    setLoadingEarlier(true);
    try {
      const page = await getJson<TMessagesPage>(`${base}?before=${current.messages[0].id}`);
      setState((s) =>
        s.status === 'ready'
          ? { ...s, messages: mergeMessages(s.messages, page.messages), hasEarlier: page.hasEarlier }
          : s,
      );
    } finally {
      setLoadingEarlier(false);
    }
  }, [base]);

  return { state, addMessage, loadEarlier, loadingEarlier, retry: () => setReload((n) => n + 1) };
}
