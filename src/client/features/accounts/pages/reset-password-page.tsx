// /reset-password?token=… (doc 2): without a token "Invalid Reset Link"; with one, a new password typed
// twice, then a success state with a way to sign in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, KeyRound, Link2Off } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { apiRequest, errorMessage } from '../../../lib/api';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { applyFieldErrors, statusOf } from '../form-errors';
import { ZResetPasswordForm } from '../schemas';
import { useSetSessionUser } from '../session';

const linkClass = 'font-medium text-primary-700 underline-offset-4 hover:underline';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  if (!token) {
    return (
      <AuthCard
        icon={<Link2Off className="h-6 w-6" aria-hidden />}
        title="Invalid Reset Link"
        description="This password reset link is missing its token. Links from our emails work once and for 1 hour; request a new one to continue."
      >
        <ButtonLink to="/forgot-password" className="w-full">
          Request a new link
        </ButtonLink>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const setSessionUser = useSetSessionUser();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<{ message: string; invalidLink: boolean } | null>(null);
  const form = useForm({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const reset = useMutation({
    mutationFn: (newPassword: string) =>
      apiRequest('POST', '/api/auth/reset-password', { token, newPassword }),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      // Every session of the account has ended, this browser's included.
      setSessionUser(null);
      setDone(true);
    },
    onError: (error) => {
      if (applyFieldErrors(error, form.setError, ['newPassword'])) return;
      setFailure({
        message: errorMessage(error, ''),
        // 400: invalid or expired; 410: already used (decision 0053). Either way a new link is the way on.
        invalidLink: statusOf(error) === 400 || statusOf(error) === 410,
      });
    },
  });

  if (done) {
    return (
      <AuthCard
        icon={<CheckCircle2 className="h-6 w-6" aria-hidden />}
        title="Password reset"
        description={<p role="status">Your password has been changed. Sign in with your new password.</p>}
      >
        <ButtonLink to="/login" className="w-full">
          Sign In
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRound className="h-6 w-6" aria-hidden />}
      title="Choose a new password"
      description="Choose a new password. You'll be signed out everywhere else."
      footer={
        <p>
          <Link to="/login" className={linkClass}>
            Back to Sign In
          </Link>
        </p>
      }
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => reset.mutate(values.newPassword))}
        className="space-y-5"
      >
        {failure && (
          <Alert tone="error" title="Failed to reset password">
            {failure.message}
            {failure.invalidLink && (
              <>
                {' '}
                <Link to="/forgot-password" className="font-semibold underline">
                  Request a new link
                </Link>
              </>
            )}
          </Alert>
        )}
        <NewPasswordFields form={form} />
        <Button type="submit" className="w-full" busy={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
