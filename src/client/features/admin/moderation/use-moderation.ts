// The review queue's data (the pending submissions and the last few decisions) and one submission's decision:
// Approve, or Reject with notes for the owner, which are required (doc 2 §4).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ADMIN_MESSAGES,
  RECENTLY_REVIEWED,
  type TAdminSubmission,
  type TReviewReply,
} from '../../../../domain/admin';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { adminGet, useAuthLossCheck } from '../api';

const SUBMISSIONS_KEY = ['/api/admin/content-submissions'] as const;

export function useModerationQueue() {
  const pending = useQuery({
    queryKey: [...SUBMISSIONS_KEY, 'pending'],
    queryFn: () => adminGet<TAdminSubmission[]>('/api/admin/content-submissions', { status: 'pending' }),
    staleTime: 10_000,
  });
  const recent = useQuery({
    queryKey: [...SUBMISSIONS_KEY, 'recent'],
    queryFn: () =>
      adminGet<TAdminSubmission[]>('/api/admin/content-submissions', { recent: RECENTLY_REVIEWED }),
    staleTime: 10_000,
  });
  useAuthLossCheck(pending.error);
  return { pending, recent };
}

export function useReviewDecision(submission: TAdminSubmission, onDone: () => void) {
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new submission starts with empty notes
  useEffect(() => {
    setNotes('');
    setNotesError(null);
  }, [submission.id]);

  const review = useMutation({
    mutationFn: (status: 'approved' | 'rejected') =>
      apiRequest<TReviewReply>('POST', `/api/admin/content-submissions/${submission.id}/review`, {
        status,
        adminNotes: notes.trim() || null,
      }),
    onSuccess: (reply, status) => {
      toast({ title: status === 'approved' ? 'Approved' : 'Rejected', description: reply.message });
      void queryClient.invalidateQueries({ queryKey: SUBMISSIONS_KEY });
      onDone();
    },
    onError: (error) => {
      toast({
        title: 'Review failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: SUBMISSIONS_KEY });
    },
  });

  return {
    notes,
    setNotes,
    notesError,
    approve: () => review.mutate('approved'),
    reject: () => {
      if (!notes.trim()) return setNotesError(ADMIN_MESSAGES.rejectReason);
      setNotesError(null);
      review.mutate('rejected');
    },
    /** A decision is being sent (sending says which). */
    busy: review.isPending,
    sending: review.variables,
  };
}
