// The one sign-up form, at /simple-registration and /register (doc 2 has both; issue 12 asks for one way to sign
// up): ?type=tenant|landlord|contractor preselects the account type, &premium=true sends a tenant to checkout.
// After success a confirmation, then about 2 s later the dashboard, or checkout for a tenant who chose Premium.
// Every link to sign up (header, drawer, hero, role cards, pricing) leads here.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Hammer, House, KeyRound, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_RULE, type TCurrentUser } from '../../../../domain/accounts';
import { PLANS, USER_TYPES, type UserType } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import { isPlan } from '../../../../domain/payments';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { Field, Input } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { AuthCard } from '../components/auth-card';
import { PasswordInput } from '../components/password-input';
import { applyFieldErrors, statusOf } from '../form-errors';
import { nextPathAfterRegistration } from '../registration';
import { loginPathFor, safeReturnTo } from '../return-to';
import { ZSimpleRegistrationForm } from '../schemas';
import { useSetSessionUser } from '../session';
import { SIMPLE_REGISTRATION_REDIRECT_MS } from '../timings';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'userType'] as const;

const ROLE_CARDS: Record<UserType, { title: string; hint: string; icon: typeof House }> = {
  tenant: { title: 'Tenant', hint: 'Looking for a property', icon: KeyRound },
  landlord: { title: 'Landlord', hint: 'I have properties to rent', icon: House },
  contractor: { title: 'Contractor', hint: 'I provide services', icon: Hammer },
};

function userTypeFrom(value: string | null): UserType {
  return (USER_TYPES as readonly string[]).includes(value ?? '') ? (value as UserType) : 'tenant';
}

export default function RegistrationPage() {
  const [params] = useSearchParams();
  const wantsPremium = params.get('premium') === 'true';
  const returnTo = safeReturnTo(params.get('returnTo'));
  const navigate = useNavigate();
  const setSessionUser = useSetSessionUser();
  const [failure, setFailure] = useState<{ message: string; emailTaken: boolean } | null>(null);
  const [created, setCreated] = useState<{ user: TCurrentUser; next: string } | null>(null);

  const form = useForm({
    resolver: zodResolver(ZSimpleRegistrationForm),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      userType: userTypeFrom(params.get('type')),
    },
  });
  const chosenType = form.watch('userType');

  const registration = useMutation({
    mutationFn: (values: z.output<typeof ZSimpleRegistrationForm>) =>
      apiRequest<TCurrentUser>('POST', '/api/register', {
        ...values,
        ...(wantsPremium && values.userType === 'tenant' ? { premium: true } : {}),
      }),
    onMutate: () => setFailure(null),
    onSuccess: (user, values) => {
      setSessionUser(user);
      setCreated({ user, next: nextPathAfterRegistration(values.userType, wantsPremium, returnTo) });
    },
    onError: (error) => {
      // A refusal that names its field is said there, once (issue 30: specific sign-up errors); the box above the
      // form is for the rest, and for the way to sign in when the address has an account already.
      const placed = applyFieldErrors(error, form.setError, FIELDS);
      const emailTaken = statusOf(error) === 409;
      if (emailTaken) setFailure({ message: 'Already have an account with this address?', emailTaken });
      else if (placed) setFailure(null);
      else
        setFailure({
          message: `Error: ${errorMessage(error, 'Registration failed. Please try again.')}`,
          emailTaken,
        });
    },
  });

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(
      () => navigate(created.next, { replace: true }),
      SIMPLE_REGISTRATION_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [created, navigate]);

  if (created) {
    const toCheckout = created.next.startsWith('/subscribe');
    const plan = toCheckout ? new URLSearchParams(created.next.split('?')[1]).get('plan') : null;
    return (
      <AuthCard
        icon={<CheckCircle2 className="h-6 w-6" aria-hidden />}
        title={`Welcome to Your Place, ${created.user.firstName}!`}
        description={
          <p role="status">
            Your account has been created.{' '}
            {toCheckout
              ? `Taking you to checkout${isPlan(plan) ? ` for ${PLANS[plan].name}` : ''}…`
              : created.next === '/dashboard'
                ? 'Taking you to your dashboard…'
                : 'Taking you back to where you were…'}
          </p>
        }
      />
    );
  }

  const { errors } = form.formState;
  return (
    <AuthCard
      icon={<UserPlus className="h-6 w-6" aria-hidden />}
      title="Create your account"
      description="Join Your Place in under a minute. Basic tenant accounts are free."
      footer={
        <p>
          Already have an account?{' '}
          <Link
            to={returnTo ? loginPathFor(returnTo) : '/login'}
            className="font-medium text-primary-700 underline-offset-4 hover:underline"
          >
            Sign in
          </Link>
        </p>
      }
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => registration.mutate(values))}
        className="space-y-5"
      >
        {failure && (
          <Alert tone="error">
            {failure.message}
            {failure.emailTaken && (
              <>
                {' '}
                <Link to="/login" className="font-semibold underline">
                  Go to sign in
                </Link>
              </>
            )}
          </Alert>
        )}

        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">I am a</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {USER_TYPES.map((type) => {
              const card = ROLE_CARDS[type];
              const Icon = card.icon;
              return (
                <label
                  key={type}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors sm:flex-col sm:gap-1.5',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600',
                    chosenType === type
                      ? 'border-primary-700 bg-primary-50'
                      : 'border-slate-300 bg-white hover:border-slate-400',
                  )}
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      value={type}
                      className="h-4 w-4 accent-primary-700 focus-visible:outline-none"
                      {...form.register('userType')}
                    />
                    <Icon className="h-4 w-4 text-primary-700" aria-hidden />
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{card.title}</span>
                    <span className="block text-xs text-slate-600">{card.hint}</span>
                  </span>
                </label>
              );
            })}
          </div>
          {errors.userType?.message && (
            <p className="mt-1 text-sm text-red-700" role="alert">
              {errors.userType.message}
            </p>
          )}
        </fieldset>

        {wantsPremium && chosenType === 'tenant' && (
          <Alert tone="info">
            After creating your account you&apos;ll go to checkout for {PLANS.tenant.name} (
            {formatPence(PLANS.tenant.pricePence)}/month, cancel anytime).
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
        <Field label="Password" error={errors.password?.message} hint={PASSWORD_RULE}>
          {(field) => <PasswordInput {...field} autoComplete="new-password" {...form.register('password')} />}
        </Field>
        <Button type="submit" className="w-full" busy={registration.isPending}>
          {registration.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
        <p className="text-center text-xs text-slate-600">
          By creating an account you agree to our{' '}
          <Link to="/terms-of-service" className="underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
