// /confirm-email?token=… : the link sent to a new sign-in address. Opening it asks for one press (mail scanners
// that open links must not confirm a change on the owner's behalf); the server then moves the account to the new
// address, ends the old address's reset links and tells the old address.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Link2Off, MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { apiRequest, errorMessage } from '../../../lib/api';
import { CURRENT_USER_KEY } from '../../../lib/auth';
import { AuthCard } from '../components/auth-card';

const linkClass = 'font-medium text-primary-700 underline-offset-4 hover:underline';

export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () =>
      apiRequest<{ success: true; message: string; email: string }>('POST', '/api/auth/confirm-email', {
        token,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });

  if (!token) {
    return (
      <AuthCard
        icon={<Link2Off className="h-6 w-6" aria-hidden />}
        title="Invalid confirmation link"
        description="This link is missing its token. Change your email again from your profile to get a new one."
      >
        <ButtonLink to="/profile" className="w-full">
          Go to your profile
        </ButtonLink>
      </AuthCard>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthCard
        icon={<CheckCircle2 className="h-6 w-6" aria-hidden />}
        title="Email address changed"
        description={
          <p role="status">
            You now sign in with <strong>{confirm.data.email}</strong>.
          </p>
        }
      >
        <ButtonLink to="/profile" className="w-full">
          Go to your profile
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={<MailCheck className="h-6 w-6" aria-hidden />}
      title="Confirm your new email address"
      description="Press the button to make this address the one you sign in with."
      footer={
        <p>
          <Link to="/" className={linkClass}>
            Not you? Leave this page: nothing changes.
          </Link>
        </p>
      }
    >
      <div className="space-y-5">
        {confirm.isError && (
          <Alert tone="error" title="Could not change your email">
            {errorMessage(confirm.error, 'Please try again.')}
          </Alert>
        )}
        <Button type="button" className="w-full" busy={confirm.isPending} onClick={() => confirm.mutate()}>
          {confirm.isPending ? 'Confirming...' : 'Confirm new email address'}
        </Button>
      </div>
    </AuthCard>
  );
}
