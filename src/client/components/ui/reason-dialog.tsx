// A dialog that asks for a few words before an action (report a conversation, cancel a viewing): the reason is
// checked before anything is sent, a server refusal shows under the field, and what was typed stays until the action
// succeeds.
import { type FormEvent, useState } from 'react';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';
import { Field, Textarea } from './input';

export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  requiredMessage,
  maxLength,
  rows = 3,
  submitLabel,
  destructive = false,
  busy,
  serverError,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  /** Said when the field is left empty; null when a reason is optional. */
  requiredMessage: string | null;
  maxLength: number;
  rows?: number;
  submitLabel: string;
  destructive?: boolean;
  busy: boolean;
  serverError?: string | null;
  /** The trimmed reason (null when optional and empty); call clear once the action has succeeded. */
  onSubmit: (reason: string | null, clear: () => void) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (requiredMessage && !reason.trim()) {
      setError(requiredMessage);
      return;
    }
    onSubmit(reason.trim() || null, () => setReason(''));
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field label={label} error={error ?? serverError ?? undefined}>
            {(field) => (
              <Textarea
                {...field}
                rows={rows}
                maxLength={maxLength}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" variant={destructive ? 'destructive' : undefined} busy={busy}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
