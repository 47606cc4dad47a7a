// Publishing one request: on success the form is cleared and the lists refresh, on failure nothing is lost and the
// server's field errors go beside their fields.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { TCreateLiveContentReply } from '../../../../../domain/admin';
import { apiRequest, errorMessage } from '../../../../lib/api';
import { toast } from '../../../../lib/toast';
import { applyFieldErrors } from '../../../accounts/form-errors';
import { formatDateTime } from '../../api';
import { LIVE_KEY } from '../live-lists';
import { publishErrorTitle } from './live-content-rules';

export function usePublish<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  fields: Array<Path<T>>,
  onPublished: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      apiRequest<TCreateLiveContentReply>('POST', '/api/admin/create-live-content', body),
    onSuccess: (reply) => {
      toast({
        title: 'Published',
        description: `${reply.message} Live until ${formatDateTime(reply.liveUntil)}.`,
      });
      form.reset();
      onPublished();
      void queryClient.invalidateQueries({ queryKey: LIVE_KEY });
    },
    onError: (error) => {
      if (applyFieldErrors(error, form.setError, fields)) return;
      const message = errorMessage(error, 'Could not publish. Please try again.');
      toast({ title: publishErrorTitle(message), description: message, variant: 'destructive' });
    },
  });
}
