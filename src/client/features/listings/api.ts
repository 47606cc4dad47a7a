// The landlord's listing calls (doc 1 §7): own properties, delete, listing photos and submissions for review.
// A new listing and an edit are both content submissions; the list is refetched so its review state shows.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLandlordProperty, TListingPhoto, TSubmissionCreated } from '../../../domain/listings';
import type { TPropertyListingContent } from '../../../domain/properties';
import { apiRequest, apiUpload } from '../../lib/api';

export const landlordPropertiesKey = (landlordId: string) =>
  ['/api/properties/landlord', landlordId] as const;

/** GET /api/properties/landlord/{id}: every own listing, whatever its state, with its latest review. */
export function useLandlordProperties(landlordId: string | undefined) {
  return useQuery<TLandlordProperty[]>({
    queryKey: landlordPropertiesKey(landlordId ?? ''),
    enabled: !!landlordId,
    // Review states change on the admin's side: checked again on every visit.
    staleTime: 0,
  });
}

export interface ListingSubmission {
  contentData: TPropertyListingContent;
  /** The own property to change; absent for a new listing. */
  targetId?: string;
  /** The landlord confirms wording the rules warn about is meant lawfully. */
  confirmWording?: boolean;
}

export function useSubmitListing(landlordId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contentData, targetId, confirmWording }: ListingSubmission) =>
      apiRequest<TSubmissionCreated>('POST', '/api/content-submissions', {
        contentType: 'property_listing',
        contentData,
        ...(targetId ? { targetId } : {}),
        ...(confirmWording ? { confirmWording: true } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: landlordPropertiesKey(landlordId) }),
  });
}

export function useDeleteProperty(landlordId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (propertyId: string) =>
      apiRequest('DELETE', `/api/properties/${encodeURIComponent(propertyId)}`),
    onSuccess: (_data, propertyId) => {
      // Gone from the list at once; the refetch confirms it.
      client.setQueryData<TLandlordProperty[]>(landlordPropertiesKey(landlordId), (list) =>
        list?.filter((p) => p.id !== propertyId),
      );
      return client.invalidateQueries({ queryKey: landlordPropertiesKey(landlordId) });
    },
  });
}

export type LifecycleAction = 'let-agreed' | 'relist' | 'confirm-available';

/** Let agreed, relist, confirm still available (src/domain/availability.ts): the list is refetched after. */
export function useListingLifecycle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, action }: { propertyId: string; action: LifecycleAction }) =>
      apiRequest<{ message: string }>('POST', `/api/listings/${encodeURIComponent(propertyId)}/${action}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/properties/landlord'] }),
  });
}

/** POST /api/listing-photos (multipart field `photo`): the server resizes and stores it, and answers its URLs. */
export function uploadListingPhoto(file: File): Promise<TListingPhoto> {
  return apiUpload<TListingPhoto>('/api/listing-photos', 'photo', file, file.name);
}
