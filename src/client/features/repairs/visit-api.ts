// From an accepted quote to a confirmed fix on the client (decision 0072): the visit, the work done, the tenant's
// answer and the repair's conversation. Each step answers with the repair as the asker now sees it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRepairMessage, TRepairThread } from '../../../domain/repair-visits';
import type { TRepairView } from '../../../domain/repairs';
import { apiFetch, apiRequest, throwIfResNotOk } from '../../lib/api';
import { REPAIRS_KEY, repairKey } from './api';

export const threadKey = (id: string) => [`/api/repairs/${id}/messages`] as const;

/** A step's mutation: the reply is the repair, put in place; the list and the conversation (a new line) refresh. */
function useRepairStep<A>(id: string, send: (arg: A) => Promise<TRepairView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (view) => {
      client.setQueryData(repairKey(id), view);
      void client.invalidateQueries({ queryKey: threadKey(id) });
      return client.invalidateQueries({ queryKey: REPAIRS_KEY });
    },
  });
}

const step = (id: string, path: string, body?: unknown) =>
  apiRequest<TRepairView>('POST', `/api/repairs/${id}/${path}`, body);

export const useProposeVisitTimes = (id: string) =>
  useRepairStep(id, (times: string[]) => step(id, 'visit-times', { times }));

export const useAgreeVisit = (id: string) => useRepairStep(id, (time: string) => step(id, 'visit', { time }));

export const useConfirmFixed = (id: string) => useRepairStep(id, () => step(id, 'confirm'));

export const useReopenRepair = (id: string) =>
  useRepairStep(id, (reason: string) => step(id, 'reopen', { reason }));

/** The work done as a multipart form: the note and the photos. */
export const useCompleteWork = (id: string) =>
  useRepairStep(id, async ({ note, photos }: { note: string; photos: File[] }) => {
    const form = new FormData();
    form.append('note', note);
    for (const photo of photos) form.append('photos', photo, photo.name);
    const res = await apiFetch(`/api/repairs/${id}/complete`, {
      method: 'POST',
      body: form,
      credentials: 'include',
    });
    await throwIfResNotOk(res);
    return (await res.json()) as TRepairView;
  });

export function useRepairThread(id: string, enabled = true) {
  // Three people write in it: a page left open shows new messages within a quarter of a minute.
  return useQuery<TRepairThread>({ queryKey: threadKey(id), enabled, staleTime: 0, refetchInterval: 15_000 });
}

export function usePostRepairMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiRequest<TRepairMessage>('POST', `/api/repairs/${id}/messages`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: threadKey(id) }),
  });
}
