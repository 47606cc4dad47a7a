// /confirm-listing?token=… : the one-click link in the 14-day "still available?" email. The page confirms as it
// opens (the script sends the signed token; mail scanners that fetch links do not run it), then says what
// happened, with the dashboard one click away for "let agreed" instead.
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Link2Off, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { apiRequest, errorMessage } from '../../../lib/api';
import { AuthCard } from '../../accounts/components/auth-card';

export default function ConfirmListingPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useMutation({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/listings/confirm-available', { token }),
  });
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate();
  }, [token, confirm]);

  const dashboard = (
    <ButtonLink to="/landlord-dashboard" className="w-full">
      Go to your dashboard
    </ButtonLink>
  );
  if (confirm.isSuccess) {
    return (
      <AuthCard
        icon={<CheckCircle2 className="h-6 w-6" aria-hidden />}
        title="Listing confirmed as available"
        description={<p role="status">{confirm.data.message}</p>}
      >
        {dashboard}
      </AuthCard>
    );
  }
  if (!token || confirm.isError) {
    return (
      <AuthCard
        icon={<Link2Off className="h-6 w-6" aria-hidden />}
        title="This link did not work"
        description={
          <p role="alert">
            {token
              ? errorMessage(confirm.error, 'Please try again from your dashboard.')
              : 'This link is missing its token. Confirm the listing from your dashboard.'}
          </p>
        }
      >
        {dashboard}
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={<Loader2 className="h-6 w-6 animate-spin" aria-hidden />}
      title="Confirming your listing…"
      description={<p role="status">One moment.</p>}
    >
      {dashboard}
    </AuthCard>
  );
}
