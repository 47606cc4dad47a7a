// The compliance calendar on the client (issue 32 item 4; decision 0069): a home's calendar, recording a check with
// its certificate, and the landlord dashboard's badges.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCertificate,
  TComplianceCalendar,
  TComplianceRecorded,
  TComplianceRecordRequest,
  TComplianceSummary,
} from '../../../domain/compliance';
import { apiRequest, apiUpload } from '../../lib/api';

export const complianceKey = (propertyId: string) => [`/api/properties/${propertyId}/compliance`] as const;
export const COMPLIANCE_HOMES_KEY = ['/api/compliance/homes'] as const;

export function useComplianceCalendar(propertyId: string, enabled = true) {
  return useQuery<TComplianceCalendar>({
    queryKey: complianceKey(propertyId),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

export function useComplianceHomes(enabled = true) {
  return useQuery<{ homes: TComplianceSummary[] }>({ queryKey: COMPLIANCE_HOMES_KEY, enabled });
}

/** Records the check, then attaches its certificate when one was chosen; both refresh the calendar and badges. */
export function useRecordCompliance(propertyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, file }: { input: TComplianceRecordRequest; file: File | null }) => {
      const recorded = await apiRequest<TComplianceRecorded>(
        'POST',
        `/api/properties/${propertyId}/compliance`,
        input,
      );
      const certificate = file ? await uploadCertificate(propertyId, recorded.id, file) : null;
      return { recorded, certificate };
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: complianceKey(propertyId) });
      void client.invalidateQueries({ queryKey: COMPLIANCE_HOMES_KEY });
    },
  });
}

export function uploadCertificate(propertyId: string, recordId: string, file: File): Promise<TCertificate> {
  return apiUpload<TCertificate>(
    `/api/properties/${propertyId}/compliance/${recordId}/certificate`,
    'certificate',
    file,
    file.name,
  );
}
