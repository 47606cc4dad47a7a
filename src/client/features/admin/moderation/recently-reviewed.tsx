// Recently Reviewed (doc 2 §4): the last few decisions, with the notes the owner was sent.
import type { UseQueryResult } from '@tanstack/react-query';
import type { TAdminSubmission } from '../../../../domain/admin';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/feedback';
import { formatDateTime } from '../api';
import { submissionTitle } from './submission-details';
import { SubmissionTypeBadge } from './submission-parts';

export function RecentlyReviewed({ recent }: { recent: UseQueryResult<TAdminSubmission[]> }) {
  const reviewed = recent.data ?? [];
  return (
    <section aria-labelledby="recent-heading" className="mt-10">
      <h2 id="recent-heading" className="text-base font-semibold text-slate-900">
        Recently Reviewed
      </h2>
      {recent.isLoading ? (
        <Skeleton className="mt-3 h-24" />
      ) : reviewed.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No reviews yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {reviewed.map((submission) => (
            <li key={submission.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm">
              <Badge variant={submission.submissionStatus === 'approved' ? 'success' : 'danger'}>
                {submission.submissionStatus === 'approved' ? 'Approved' : 'Rejected'}
              </Badge>
              <span className="font-medium text-slate-900">{submissionTitle(submission)}</span>
              <SubmissionTypeBadge submission={submission} />
              <span className="text-slate-600">{formatDateTime(submission.reviewedAt)}</span>
              {submission.adminNotes && (
                <span className="w-full text-slate-600">Notes: {submission.adminNotes}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
