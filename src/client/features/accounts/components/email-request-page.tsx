// /forgot-password and /forgot-username (doc 2 "Registration, login and recovery"): one email field, then a
// confirmation screen. The server answers the same whether or not the address has an account.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ZEmailOnlyRequest } from '../../../../domain/accounts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { applyFieldErrors, statusOf } from '../form-errors';
import { AuthCard } from './auth-card';

export function EmailRequestPage({
  endpoint,
  title,
  description,
  submitLabel,
  failureMessage,
  sentTitle,
  sentHint,
  icon,
}: {
  endpoint: string;
  title: string;
  description: string;
  submitLabel: string;
  /** doc 2 §8: 'Failed to send password reset email' / 'Failed to send username reminder'. */
  failureMessage: string;
  sentTitle: string;
  sentHint: string;
  icon: ReactNode;
}) {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const form = useForm({ resolver: zodResolver(ZEmailOnlyRequest), defaultValues: { email: '' } });
  const request = useMutation({
    mutationFn: (values: { email: string }) => apiRequest<{ message: string }>('POST', endpoint, values),
    onSuccess: (reply, values) => setSent({ email: values.email, message: reply.message }),
    onError: (error) => {
      if (applyFieldErrors(error, form.setError, ['email'])) return;
      // Too many attempts: the server says when to try again; anything else gets the spec's words.
      toast({
        title: 'Something went wrong',
        description: statusOf(error) === 429 ? errorMessage(error, failureMessage) : failureMessage,
        variant: 'destructive',
      });
    },
  });

  if (sent) {
    return (
      <AuthCard
        icon={<MailCheck className="h-6 w-6" aria-hidden />}
        title={sentTitle}
        description={
          <div role="status" className="space-y-2">
            <p>{sent.message}</p>
            <p>
              We sent it to <strong className="break-all font-semibold text-slate-900">{sent.email}</strong>.{' '}
              {sentHint}
            </p>
          </div>
        }
        footer={
          <p>
            Didn&apos;t get it?{' '}
            <button
              type="button"
              className="font-medium text-primary-700 underline-offset-4 hover:underline"
              onClick={() => {
                setSent(null);
                request.reset();
              }}
            >
              Try again
            </button>
          </p>
        }
      >
        <ButtonLink to="/login" className="w-full">
          Back to Sign In
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={icon}
      title={title}
      description={description}
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className="font-medium text-primary-700 underline-offset-4 hover:underline">
            Back to Sign In
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="space-y-5">
        <Field label="Email address" error={form.formState.errors.email?.message}>
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
        <Button type="submit" className="w-full" busy={request.isPending}>
          {request.isPending ? 'Sending...' : submitLabel}
        </Button>
      </form>
    </AuthCard>
  );
}
