// Leave or edit a review (doc 1 "Contractor detail" reviews): 1-5 stars and a comment of up to 1000 characters, the
// same rules and messages as the server (src/domain/contractors.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  REVIEW_COMMENT_MAX,
  type TReview,
  type TReviewRequest,
  ZReviewRequest,
} from '../../../../domain/contractors';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { applyFieldErrors } from '../../accounts/form-errors';
import { useSaveReview } from '../api';
import { StarInput } from './star-rating';

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
  const comment = form.watch('comment') ?? '';
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
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
    }),
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4"
      aria-label={editing ? 'Edit your review' : 'Leave a review'}
    >
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
    </form>
  );
}
