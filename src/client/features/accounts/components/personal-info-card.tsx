// Profile → Personal Information (doc 2 "Profile"; §5 messages; §8 toasts). After saving, the current user
// is refetched and the form reset to what the server stored (the spec's page reload, without losing state).
// A new email asks for the current password and changes only when the link sent to it is opened: until then the
// card says which address is waiting, and the change can be cancelled.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type TCurrentUser,
  type TPendingEmailChange,
  ZProfileUpdateRequest,
} from '../../../../domain/accounts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/feedback';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api';
import { CURRENT_USER_KEY } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { applyFieldErrors, statusOf } from '../form-errors';
import { PasswordInput } from './password-input';

const FIELDS = ['firstName', 'lastName', 'email', 'currentPassword', 'phone', 'bio'] as const;
const EMAIL_CHANGE_KEY = ['/api/profile/email-change'] as const;

type ProfileValues = z.input<typeof ZProfileUpdateRequest>;

function formValuesOf(user: TCurrentUser): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    currentPassword: '',
    phone: user.phone ?? '',
    bio: user.bio ?? '',
  };
}

function PendingEmailNotice({ pending }: { pending: TPendingEmailChange }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => apiRequest<TPendingEmailChange>('DELETE', '/api/profile/email-change'),
    onSuccess: (next) => queryClient.setQueryData(EMAIL_CHANGE_KEY, next),
    onError: (error) =>
      toast({
        title: 'Could not cancel',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  if (!pending.pendingEmail) return null;
  return (
    <Alert tone="info" title="Waiting for confirmation">
      <p>
        We sent a link to <strong>{pending.pendingEmail}</strong>. You keep signing in with your current
        address until that link is opened.
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-2"
        busy={cancel.isPending}
        onClick={() => cancel.mutate()}
      >
        Cancel the change
      </Button>
    </Alert>
  );
}

export function PersonalInfoCard({ user }: { user: TCurrentUser }) {
  const queryClient = useQueryClient();
  const form = useForm<ProfileValues, unknown, z.output<typeof ZProfileUpdateRequest>>({
    resolver: zodResolver(ZProfileUpdateRequest),
    defaultValues: formValuesOf(user),
  });
  const pending = useQuery({
    queryKey: EMAIL_CHANGE_KEY,
    queryFn: () => apiRequest<TPendingEmailChange>('GET', '/api/profile/email-change'),
  });
  const emailChanging = (form.watch('email') ?? '').trim().toLowerCase() !== user.email;
  const update = useMutation({
    mutationFn: ({ currentPassword, ...values }: z.output<typeof ZProfileUpdateRequest>) =>
      apiRequest<TCurrentUser & { pendingEmail: string | null }>('PUT', '/api/profile', {
        ...values,
        ...(values.email !== user.email ? { currentPassword } : {}),
      }),
    onSuccess: async ({ pendingEmail, ...updated }) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      form.reset(formValuesOf(updated));
      if (pendingEmail) {
        toast({
          title: 'Check your new inbox',
          description: `We sent a link to ${pendingEmail}. Your email changes when you open it.`,
        });
        await queryClient.invalidateQueries({ queryKey: EMAIL_CHANGE_KEY });
      } else {
        toast({ title: 'Profile Updated', description: 'Your profile has been successfully updated.' });
      }
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, FIELDS);
      // A taken email (409) is about the email field; say so there too.
      if (statusOf(error) === 409)
        form.setError('email', { type: 'server', message: errorMessage(error, '') }, { shouldFocus: true });
      toast({
        title: 'Update Failed',
        description: errorMessage(error, 'Unable to update profile. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
        <CardDescription>Your name and email are used to sign in and to contact you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => update.mutate(values))}
          className="space-y-5"
        >
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field label="First name" error={errors.firstName?.message}>
              {(field) => <Input {...field} autoComplete="given-name" {...form.register('firstName')} />}
            </Field>
            <Field label="Last name" error={errors.lastName?.message}>
              {(field) => <Input {...field} autoComplete="family-name" {...form.register('lastName')} />}
            </Field>
          </div>
          {pending.data && <PendingEmailNotice pending={pending.data} />}
          <Field
            label="Email"
            error={errors.email?.message}
            hint={
              emailChanging
                ? 'We will send a link to the new address; it changes when you open it.'
                : undefined
            }
          >
            {(field) => (
              <Input
                {...field}
                type="email"
                autoComplete="email"
                inputMode="email"
                {...form.register('email')}
              />
            )}
          </Field>
          {emailChanging && (
            <Field label="Current password" error={errors.currentPassword?.message}>
              {(field) => (
                <PasswordInput
                  {...field}
                  autoComplete="current-password"
                  {...form.register('currentPassword')}
                />
              )}
            </Field>
          )}
          <Field label="Phone" error={errors.phone?.message}>
            {(field) => (
              <Input
                {...field}
                type="tel"
                autoComplete="tel"
                placeholder="Optional"
                {...form.register('phone')}
              />
            )}
          </Field>
          <Field label="Bio" error={errors.bio?.message} hint="Up to 1,000 characters.">
            {(field) => (
              <Textarea
                {...field}
                rows={4}
                placeholder="Tell us about yourself..."
                {...form.register('bio')}
              />
            )}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" busy={update.isPending} className="w-full sm:w-auto">
              {update.isPending ? 'Updating...' : 'Update Profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
