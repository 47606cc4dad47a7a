// /login (doc 2 "Registration, login and recovery"; §8 messages; §9: redirect 1 second after success).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type TCurrentUser, ZLoginRequest } from '../../../../domain/accounts';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { Field, Input } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { AuthCard } from '../components/auth-card';
import { PasswordInput } from '../components/password-input';
import { applyFieldErrors, statusOf } from '../form-errors';
import { registrationPathFor, safeReturnTo } from '../return-to';
import { useSetSessionUser } from '../session';
import { LOGIN_REDIRECT_MS } from '../timings';

const linkClass = 'font-medium text-primary-700 underline-offset-4 hover:underline';

export default function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const destination = returnTo ?? '/dashboard';
  const navigate = useNavigate();
  const auth = useAuth();
  const setSessionUser = useSetSessionUser();
  const [signedIn, setSignedIn] = useState<TCurrentUser | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({ resolver: zodResolver(ZLoginRequest), defaultValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: (values: z.output<typeof ZLoginRequest>) =>
      apiRequest<{ success: boolean; user: TCurrentUser }>('POST', '/api/login', values),
    onMutate: () => setFormError(null),
    onSuccess: (reply) => {
      setSignedIn(reply.user);
      setSessionUser(reply.user);
    },
    onError: (error) => {
      const status = statusOf(error);
      if (status === 401) return setFormError('Invalid email or password');
      if (status === 429) return setFormError(errorMessage(error, 'An error occurred. Please try again.'));
      if (applyFieldErrors(error, form.setError, ['email', 'password'])) return;
      setFormError('An error occurred. Please try again.');
    },
  });

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(destination, { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signedIn, destination, navigate]);

  if (signedIn) {
    return (
      <AuthCard
        icon={<CheckCircle2 className="h-6 w-6" aria-hidden />}
        title={`Welcome back, ${signedIn.firstName || 'there'}!`}
        description={
          <p role="status">
            You&apos;re signed in.{' '}
            {returnTo ? 'Taking you back to where you were…' : 'Taking you to your dashboard…'}
          </p>
        }
      />
    );
  }

  if (auth.user) {
    return (
      <AuthCard
        icon={<CheckCircle2 className="h-6 w-6" aria-hidden />}
        title="You're already signed in"
        description={
          <p>
            You&apos;re signed in as{' '}
            <strong className="break-all font-semibold text-slate-900">{auth.user.email}</strong>.
          </p>
        }
      >
        <div className="flex flex-col gap-2">
          <ButtonLink to={destination}>Continue</ButtonLink>
          <a
            href="/api/logout"
            className="py-2 text-center text-sm font-medium text-primary-700 underline-offset-4 hover:underline"
          >
            Log out and use another account
          </a>
        </div>
      </AuthCard>
    );
  }

  const { errors } = form.formState;
  return (
    <AuthCard
      icon={<LogIn className="h-6 w-6" aria-hidden />}
      title="Sign in to Your Place"
      description="Welcome back. Sign in with the email address you registered with."
      footer={
        <>
          <p>
            New to Your Place?{' '}
            <Link
              to={returnTo ? registrationPathFor(returnTo) : '/simple-registration'}
              className={linkClass}
            >
              Create an account
            </Link>
          </p>
          <p>
            Just looking?{' '}
            <Link to="/demo-login" className={linkClass}>
              Try the demo
            </Link>
          </p>
        </>
      }
    >
      <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field label="Email" error={errors.email?.message}>
          {(field) => (
            <Input
              {...field}
              type="email"
              autoComplete="username"
              inputMode="email"
              {...form.register('email')}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(field) => (
            <PasswordInput {...field} autoComplete="current-password" {...form.register('password')} />
          )}
        </Field>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm">
          <Link to="/forgot-password" className={linkClass}>
            Forgot password?
          </Link>
          <Link to="/forgot-username" className={linkClass}>
            Forgot username?
          </Link>
        </div>
        <Button type="submit" className="w-full" busy={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}
