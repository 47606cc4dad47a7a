// The landlord declines an application with a reason from the fixed list (issue 31 item 3); "other" needs a note.
// The tenant reads the reason on My applications and in their conversation.
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, FormError } from '../../../components/ui/dialog';
import { Field, Select, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useApplicationAction } from '../api';
import { DECLINE_REASONS, declineError } from '../format';
import type { ApplicationView, DeclineReason } from '../types';

export function DeclineDialog({
  application,
  open,
  onOpenChange,
}: {
  application: ApplicationView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const action = useApplicationAction(application);
  const [reason, setReason] = useState<DeclineReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = declineError(reason, note);
    setError(found);
    setServerError(null);
    if (found || !reason) return;
    action.mutate(
      { kind: 'decline', reason, note: note.trim() || null },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({
            title: 'Application declined',
            description: `${application.applicant.name} is told the reason.`,
          });
        },
        onError: (err) => setServerError(errorMessage(err, 'That did not work. Please try again.')),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !action.isPending && onOpenChange(next)}>
      <DialogContent
        title={`Decline ${application.applicant.name}'s application`}
        description="They are emailed and see the reason. A landlord may never refuse someone for having children or claiming benefits."
      >
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field label="Reason" error={reason ? undefined : (error ?? undefined)}>
            {(field) => (
              <Select
                {...field}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value as DeclineReason | '');
                  setError(null);
                }}
              >
                <option value="">Choose a reason</option>
                {DECLINE_REASONS.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={reason === 'other' ? 'Note' : 'Note (optional)'}
            error={reason ? (error ?? undefined) : undefined}
            hint="The applicant reads it"
          >
            {(field) => (
              <Textarea
                {...field}
                rows={3}
                maxLength={1000}
                value={note}
                onChange={(e) => {
                  setNote(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          {serverError && <FormError message={serverError} />}
          <div className="flex justify-end">
            <Button type="submit" variant="destructive" busy={action.isPending}>
              Decline application
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
