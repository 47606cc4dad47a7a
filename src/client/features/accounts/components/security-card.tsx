// Settings → Security (doc 2): change password (§5 messages, §8 toasts; cleared after success). The spec's
// two-factor row is left out until two-factor sign-in exists: settings show only controls that work (issue 12).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { applyFieldErrors, statusOf } from '../form-errors';
import { ZChangePasswordForm } from '../schemas';
import { NewPasswordFields } from './new-password-fields';
import { PasswordInput } from './password-input';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FAILED = 'Unable to update password. Please check your current password.';

export function SecurityCard() {
  const form = useForm({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      apiRequest<{ ok: boolean }>('PUT', '/api/change-password', { currentPassword, newPassword }),
    onSuccess: () => {
      form.reset(EMPTY);
      toast({ title: 'Password Updated', description: 'Your password has been successfully changed.' });
    },
    onError: (error) => {
      const status = statusOf(error);
      if (status === 400 && !applyFieldErrors(error, form.setError, ['currentPassword', 'newPassword'])) {
        // "Current password is incorrect" belongs next to that field.
        form.setError(
          'currentPassword',
          { type: 'server', message: errorMessage(error, FAILED) },
          { shouldFocus: true },
        );
      }
      // A refusal with its own reason (demo session, too many attempts) is worth showing as is.
      const description = status === 403 || status === 429 ? errorMessage(error, FAILED) : FAILED;
      toast({ title: 'Update Failed', description, variant: 'destructive' });
    },
  });

  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>Changing your password signs you out on your other devices.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => change.mutate(values))}
          className="space-y-5"
        >
          <h3 className="text-base font-semibold text-slate-900">Change Password</h3>
          <Field label="Current password" error={errors.currentPassword?.message}>
            {(field) => (
              <PasswordInput
                {...field}
                autoComplete="current-password"
                {...form.register('currentPassword')}
              />
            )}
          </Field>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <NewPasswordFields form={form} />
          </div>
          <Button type="submit" busy={change.isPending} className="w-full sm:w-auto">
            {change.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
