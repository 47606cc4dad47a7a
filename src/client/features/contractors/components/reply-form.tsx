// The trade's one public reply to a review of its business (issue 32 item 5; decision 0073): up to 1000 characters,
// the same rule and messages as the server; it cannot be changed once posted, and the page says so first.
import { type FormEvent, useState } from 'react';
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES, type TReview } from '../../../../domain/contractors';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useReplyToReview } from '../api';

export function ReplyForm({
  contractorId,
  review,
  onDone,
}: {
  contractorId: string;
  review: TReview;
  onDone: () => void;
}) {
  const reply = useReplyToReview(contractorId, review.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) {
      setError(REVIEW_MESSAGES.reply);
      return;
    }
    setError(undefined);
    reply.mutate(
      { body: text },
      {
        onSuccess: () => {
          toast({ title: 'Reply Posted', description: `${review.customerName} has been emailed.` });
          onDone();
        },
        onError: (e) => {
          const field = e instanceof ApiError ? e.fieldErrors.body?.[0] : undefined;
          if (field) setError(field);
          else
            toast({
              title: 'Reply Failed',
              description: errorMessage(e, 'Your reply could not be posted. Please try again.'),
              variant: 'destructive',
            });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-3 space-y-3"
      aria-label={`Reply to ${review.customerName}`}
    >
      <Field
        label="Your public reply"
        error={error}
        hint={`Shown under the review; you can reply once. ${body.length}/${REVIEW_COMMENT_MAX} characters`}
      >
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            value={body}
            maxLength={REVIEW_COMMENT_MAX}
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" busy={reply.isPending}>
          Post Reply
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
