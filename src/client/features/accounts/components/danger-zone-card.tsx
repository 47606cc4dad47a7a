// Settings → Danger Zone (doc 2 §5: confirmation text; §8 toasts; §4: the user then goes to /). The dialog says what
// happens to the subscription and to viewings before anything goes, and asks for the password (decision 0056).
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ACCOUNT_DELETION_TERMS as TERMS } from '../../../../domain/evidence';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/input';
import { ApiError, apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { statusOf } from '../form-errors';
import { useSetSessionUser } from '../session';
import { ACCOUNT_DELETED_REDIRECT_MS } from '../timings';

/** The server's word on the password field (wrong, missing), shown under it; null for any other refusal. */
function passwordErrorOf(error: unknown): string | null {
  return error instanceof ApiError ? (error.fieldErrors.password?.[0] ?? null) : null;
}

export function DangerZoneCard({ onDeleted }: { onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const setSessionUser = useSetSessionUser();
  const remove = useMutation({
    mutationFn: (current: string) =>
      apiRequest<{ ok: boolean }>('DELETE', '/api/account', { password: current }),
    onSuccess: () => {
      onDeleted();
      setConfirming(false);
      setPassword('');
      setSessionUser(null);
      toast({
        title: 'Account Deleted',
        description: 'Your account has been permanently deleted. We emailed you a confirmation.',
      });
      // A full navigation: nothing of the deleted account stays in memory.
      setTimeout(() => window.location.assign('/'), ACCOUNT_DELETED_REDIRECT_MS);
    },
    onError: (error) => {
      const wrong = passwordErrorOf(error);
      // A wrong password stays in the dialog, under the field, so it can be typed again.
      if (wrong) {
        setFieldError(wrong);
        return;
      }
      setConfirming(false);
      // A refusal with a reason (the site's last super admin, a demo session, too many tries) is shown as worded.
      const status = statusOf(error);
      const description =
        status === 403 || status === 400 || status === 429
          ? errorMessage(error, '')
          : 'Unable to delete account. Please contact support.';
      toast({ title: 'Deletion Failed', description, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError(TERMS.passwordRequired);
      return;
    }
    remove.mutate(password);
  };

  return (
    <Card className="border-red-300">
      <CardHeader>
        <CardTitle className="text-red-800">Danger Zone</CardTitle>
        <CardDescription>
          Deleting your account removes your profile, saved items and settings for good.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="destructive"
          onClick={() => {
            setFieldError(null);
            setConfirming(true);
          }}
          className="w-full sm:w-auto"
        >
          Delete Account
        </Button>
        <Dialog open={confirming} onOpenChange={(open) => !remove.isPending && setConfirming(open)}>
          <DialogContent
            title="Delete Account"
            description="Are you sure you want to delete your account? This action cannot be undone."
          >
            <form noValidate onSubmit={submit} className="space-y-4">
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="deletion-terms">
                <li>{TERMS.subscription}</li>
                <li>{TERMS.viewings}</li>
                <li>{TERMS.shared}</li>
                <li>We email a confirmation to your address.</li>
              </ul>
              <Field label={TERMS.passwordLabel} error={fieldError ?? undefined}>
                {(field) => (
                  <Input
                    {...field}
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => {
                      setPassword(e.target.value);
                      setFieldError(null);
                    }}
                  />
                )}
              </Field>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button type="submit" variant="destructive" busy={remove.isPending}>
                  Delete Account
                </Button>
              </div>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
