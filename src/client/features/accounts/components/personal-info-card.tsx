// Profile → Personal Information (doc 2 "Profile"; §5 messages; §8 toasts). After saving, the current user
// is refetched and the form reset to what the server stored (the spec's page reload, without losing state).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type TCurrentUser, ZProfileUpdateRequest } from '../../../../domain/accounts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api';
import { CURRENT_USER_KEY } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { applyFieldErrors, statusOf } from '../form-errors';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'bio'] as const;

function formValuesOf(user: TCurrentUser) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
    bio: user.bio ?? '',
  };
}

export function PersonalInfoCard({ user }: { user: TCurrentUser }) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(ZProfileUpdateRequest), defaultValues: formValuesOf(user) });
  const update = useMutation({
    mutationFn: (values: z.output<typeof ZProfileUpdateRequest>) =>
      apiRequest<TCurrentUser>('PUT', '/api/profile', values),
    onSuccess: async (updated) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      form.reset(formValuesOf(updated));
      toast({ title: 'Profile Updated', description: 'Your profile has been successfully updated.' });
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
          <Field label="Email" error={errors.email?.message}>
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
