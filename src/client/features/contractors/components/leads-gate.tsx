// Who may open the lead pages (doc 1 §6 "Manage Leads only for premium"): a signed-in contractor with Contractor Pro.
// Everyone else is told why, with the way forward; the API refuses them too.
import type { ReactNode } from 'react';
import { subscribePath } from '../../../../domain/plans';
import { ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/feedback';
import { AccessGate } from '../../../components/ui/states';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';

export function LeadsGate({ returnTo, children }: { returnTo: string; children: ReactNode }) {
  const auth = useRequiredUser(returnTo);
  if (!auth.user) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8" aria-busy="true">
        <span className="sr-only" role="status">
          Loading…
        </span>
        <Skeleton className="h-9 w-48" />
        <Skeleton className="mt-6 h-64 w-full" />
      </div>
    );
  }
  if (auth.user.userType !== 'contractor') {
    return (
      <AccessGate
        kind="premium"
        title="Leads Are for Contractors"
        actions={
          <ButtonLink to="/dashboard" size="lg">
            Go to Dashboard
          </ButtonLink>
        }
      >
        Quote requests you send to contractors are answered by them directly, by email or phone.
      </AccessGate>
    );
  }
  if (!auth.isPremium) {
    return (
      <AccessGate
        kind="premium"
        title="Premium Access Required"
        actions={
          <>
            <ButtonLink to={subscribePath('contractor')} variant="accent" size="lg">
              Upgrade to Contractor Pro
            </ButtonLink>
            <ButtonLink to="/contractor-dashboard" variant="outline" size="lg">
              Back to Dashboard
            </ButtonLink>
          </>
        }
      >
        Managing leads is part of Contractor Pro: see every quote request, contact customers and track the
        jobs you win.
      </AccessGate>
    );
  }
  return <>{children}</>;
}
