// Repairs on the client (issue 32 items 1 and 2): the party's repairs, one repair, reporting with photos, and the
// landlord marking one fixed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTenancyList } from '../../../domain/applications';
import type { TRepairList, TRepairView } from '../../../domain/repairs';
import { apiFetch, apiRequest, throwIfResNotOk } from '../../lib/api';

export const REPAIRS_KEY = ['/api/repairs'] as const;
export const repairKey = (id: string) => [`/api/repairs/${id}`] as const;

export function useRepairs(enabled = true) {
  return useQuery<TRepairList>({ queryKey: REPAIRS_KEY, enabled, staleTime: 0 });
}

export function useRepair(id: string, enabled = true) {
  // The clock moves: a page left open shows "due soon" when it is.
  return useQuery<TRepairView>({ queryKey: repairKey(id), enabled, staleTime: 0, refetchInterval: 60_000 });
}

export function useTenancies(enabled = true) {
  return useQuery<TTenancyList>({ queryKey: ['/api/tenancies'], enabled, staleTime: 0 });
}

export interface RepairReport {
  title: string;
  description: string;
  category: string;
  urgency: string;
  accessNotes: string;
  photos: File[];
}

/** A report as a multipart form (its fields and photos): the server reads the same fields as in JSON. */
export function useReportRepair(tenancyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (report: RepairReport) => {
      const form = new FormData();
      for (const key of ['title', 'description', 'category', 'urgency', 'accessNotes'] as const)
        form.append(key, report[key]);
      for (const photo of report.photos) form.append('photos', photo, photo.name);
      const res = await apiFetch(`/api/tenancies/${tenancyId}/repairs`, {
        method: 'POST',
        body: form,
        credentials: 'include',
      });
      await throwIfResNotOk(res);
      return (await res.json()) as { repairId: string; dueBy: string };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: REPAIRS_KEY }),
  });
}

export function useResolveRepair(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => apiRequest<TRepairView>('POST', `/api/repairs/${id}/resolve`, { note }),
    onSuccess: (view) => {
      client.setQueryData(repairKey(id), view);
      return client.invalidateQueries({ queryKey: REPAIRS_KEY });
    },
  });
}
