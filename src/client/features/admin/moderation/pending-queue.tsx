// The queue of submissions waiting for a decision, oldest first as the server sends them; the chosen one is marked.
import type { UseQueryResult } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import type { TAdminSubmission } from '../../../../domain/admin';
import { Button } from '../../../components/ui/button';
import { Alert, EmptyState, Skeleton } from '../../../components/ui/feedback';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../api';
import { submissionTitle } from './submission-details';
import { SubmissionTypeBadge } from './submission-parts';

export function PendingQueue({
  pending,
  selectedId,
  onSelect,
}: {
  pending: UseQueryResult<TAdminSubmission[]>;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const items = pending.data ?? [];
  return (
    <section aria-labelledby="pending-heading">
      <h2 id="pending-heading" className="text-base font-semibold text-slate-900">
        Pending reviews {pending.data && <span className="text-slate-600">({items.length})</span>}
      </h2>
      <div className="mt-3">
        {pending.isLoading ? (
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : pending.isError ? (
          <Alert tone="error" title="Could not load the queue">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => pending.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : items.length === 0 ? (
          <EmptyState icon={<ClipboardCheck className="h-8 w-8" aria-hidden />} title="All caught up">
            Nothing is waiting for review.
          </EmptyState>
        ) : (
          <ul className="space-y-2">
            {items.map((submission) => (
              <li key={submission.id}>
                <button
                  type="button"
                  onClick={() => onSelect(submission.id)}
                  aria-current={selectedId === submission.id ? 'true' : undefined}
                  className={cn(
                    'w-full rounded-lg border p-3 text-left transition-colors',
                    selectedId === submission.id
                      ? 'border-primary-600 bg-primary-50'
                      : 'border-slate-200 bg-white hover:bg-slate-50',
                  )}
                >
                  <span className="block font-medium text-slate-900">{submissionTitle(submission)}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <SubmissionTypeBadge submission={submission} />
                    {submission.current && <span>Edit</span>}
                    <span>{formatDateTime(submission.createdAt)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
