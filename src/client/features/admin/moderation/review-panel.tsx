// The review panel (doc 2 §4): the submission in full (who sent it, its photos and every field, with the live
// values beside an edit's), and the decision: Approve, or Reject with notes for the owner.
import { CheckCircle2, XCircle } from 'lucide-react';
import type { TAdminSubmission } from '../../../../domain/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/input';
import { formatDateTime } from '../api';
import { ComparisonTable } from './comparison-table';
import { RuleChecklist } from './rule-checklist';
import { comparisonRows, submissionImages, submissionTitle } from './submission-details';
import { SubmissionPhotos, SubmissionTypeBadge } from './submission-parts';
import { useReviewDecision } from './use-moderation';

const SECTION = 'text-sm font-semibold uppercase tracking-wide text-slate-600';

export function ReviewPanel({ submission, onDone }: { submission: TAdminSubmission; onDone: () => void }) {
  const { contentData: proposed, current, owner } = submission;

  return (
    <article
      aria-labelledby="review-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <SubmissionTypeBadge submission={submission} />
        {current ? (
          <Badge variant="warning">Edit of a live record</Badge>
        ) : (
          <Badge variant="neutral">New</Badge>
        )}
      </div>
      <h2 id="review-title" className="mt-3 text-xl font-semibold text-slate-900">
        {submissionTitle(submission)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Submitted {formatDateTime(submission.createdAt)} by{' '}
        {owner ? (
          <>
            {owner.firstName} {owner.lastName} ({owner.email})
          </>
        ) : (
          'a deleted account'
        )}
      </p>

      <h3 className={`mt-6 ${SECTION}`}>Photos</h3>
      <div className="mt-2">
        <SubmissionPhotos urls={submissionImages(proposed)} label={current ? 'Proposed photos' : 'Photos'} />
      </div>
      {current && (
        <>
          <h3 className={`mt-4 ${SECTION}`}>Live photos now</h3>
          <div className="mt-2">
            <SubmissionPhotos urls={submissionImages(current)} label="Live photos" />
          </div>
        </>
      )}

      <RuleChecklist submission={submission} />

      <h3 className={`mt-6 ${SECTION}`}>Details</h3>
      <ComparisonTable rows={comparisonRows(proposed, current)} isEdit={current !== null} />

      <ReviewDecision submission={submission} onDone={onDone} />
    </article>
  );
}

function ReviewDecision({ submission, onDone }: { submission: TAdminSubmission; onDone: () => void }) {
  const decision = useReviewDecision(submission, onDone);
  return (
    <div className="mt-6 border-t border-slate-200 pt-5">
      <Field label="Notes for the owner (required to reject)" error={decision.notesError ?? undefined}>
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            value={decision.notes}
            maxLength={2000}
            onChange={(e) => decision.setNotes(e.target.value)}
            placeholder="What should they change? They will see this by email and on their dashboard."
          />
        )}
      </Field>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          onClick={decision.approve}
          busy={decision.busy && decision.sending === 'approved'}
          disabled={decision.busy}
        >
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          Approve
        </Button>
        <Button
          variant="destructive"
          onClick={decision.reject}
          busy={decision.busy && decision.sending === 'rejected'}
          disabled={decision.busy}
        >
          <XCircle className="h-4 w-4" aria-hidden />
          Reject
        </Button>
      </div>
    </div>
  );
}
