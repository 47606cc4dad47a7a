// Leave or edit a review (doc 1 "Contractor detail" reviews): 1-5 stars and a comment of up to 1000 characters, the
// same rules and messages as the server (src/domain/contractors.ts). A new review names the finished job it is about
// (decision 0073): the one the link from a repair or an email named (?repair= / ?lead=), else the newest.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import {
  REVIEW_COMMENT_MAX,
  type TReview,
  type TReviewableJob,
  type TReviewRequest,
  ZReviewRequest,
} from '../../../../domain/contractors';
import { Button } from '../../../components/ui/button';
import { Field, Select, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useHydrated } from '../../../lib/hydrated';
import { toast } from '../../../lib/toast';
import { applyFieldErrors } from '../../accounts/form-errors';
import { useReviewEligibility, useSaveReview } from '../api';
import { formatJobMonth } from '../format';
import { StarInput } from './star-rating';

const jobKey = (job: Pick<TReviewableJob, 'kind' | 'id'>) => `${job.kind}:${job.id}`;

/** The job the page's link named, if it is one of the reader's. */
function linkedJob(params: URLSearchParams, jobs: readonly TReviewableJob[]): string | undefined {
  const repair = params.get('repair');
  const lead = params.get('lead');
  const named = jobs.find(
    (job) =>
      (job.kind === 'repair' && job.id === repair) || (job.kind === 'quote_request' && job.id === lead),
  );
  return named ? jobKey(named) : undefined;
}

/** Which finished job the review is about: a choice when there are several, a line when there is one. */
function JobChoice({
  jobs,
  value,
  onChange,
}: {
  jobs: readonly TReviewableJob[];
  value: string;
  onChange: (key: string) => void;
}) {
  const label = (job: TReviewableJob) => `${job.title} (${job.category}, ${formatJobMonth(job.month)})`;
  if (jobs.length === 1)
    return (
      <p className="text-sm text-slate-700">
        About your job: <span className="font-medium">{label(jobs[0])}</span>
      </p>
    );
  return (
    <Field
      label="Which job is this review about?"
      hint="Shown as a verified job, with its month and category"
    >
      {(field) => (
        <Select {...field} value={value} onChange={(event) => onChange(event.target.value)}>
          {jobs.map((job) => (
            <option key={jobKey(job)} value={jobKey(job)}>
              {label(job)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function ReviewForm({
  contractorId,
  existing,
  onDone,
}: {
  contractorId: string;
  existing: TReview | null;
  onDone?: () => void;
}) {
  const editing = !!existing;
  const form = useForm<{ rating: number; comment: string }, unknown, TReviewRequest>({
    resolver: zodResolver(ZReviewRequest),
    defaultValues: { rating: existing?.rating ?? 0, comment: existing?.comment ?? '' },
  });
  const save = useSaveReview(contractorId, editing);
  const eligibility = useReviewEligibility(contractorId, !editing);
  const jobs = eligibility.data?.jobs ?? [];
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<string | undefined>();
  const job = chosen ?? linkedJob(params, jobs) ?? (jobs[0] ? jobKey(jobs[0]) : '');
  const comment = form.watch('comment') ?? '';
  const { errors } = form.formState;
  const hydrated = useHydrated();

  const submit = form.handleSubmit((values) => {
    const [kind, id] = job.split(':');
    const about = editing || !id ? {} : kind === 'repair' ? { repairId: id } : { leadId: id };
    save.mutate(
      { ...values, ...about },
      {
        onSuccess: () => {
          toast({
            title: editing ? 'Review Updated' : 'Review Posted',
            description: editing ? 'Your changes are live.' : 'Thank you for sharing your experience.',
          });
          if (!editing) form.reset({ rating: 0, comment: '' });
          onDone?.();
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError, ['rating', 'comment']);
          toast({
            title: editing ? 'Update Failed' : 'Review Failed',
            description: errorMessage(error, 'Your review could not be saved. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4"
      aria-label={editing ? 'Edit your review' : 'Leave a review'}
    >
      {/* Until the form is live, what is typed into the server's HTML would be wiped as it hydrates: it waits. */}
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
        {!editing && jobs.length > 0 && <JobChoice jobs={jobs} value={job} onChange={setChosen} />}
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarInput value={field.value} onChange={field.onChange} error={errors.rating?.message} />
          )}
        />
        <Field
          label="Your review"
          error={errors.comment?.message}
          hint={`${comment.length}/${REVIEW_COMMENT_MAX} characters`}
        >
          {(field) => (
            <Textarea
              {...field}
              rows={4}
              maxLength={REVIEW_COMMENT_MAX}
              placeholder="What did they do, and how did it go?"
              {...form.register('comment')}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={save.isPending}>
            {editing ? 'Update Review' : 'Post Review'}
          </Button>
          {editing && onDone && (
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
