// The inline prompt shown where a visitor or a user without the right plan reaches a plan feature: what it
// gives, and the one step that gets it (sign in, upgrade, or which account it is for). Never an error: the
// wording and the rule both come from src/domain/plans.ts.
import { Crown, Lock } from 'lucide-react';
import { useLocation } from 'react-router';
import { PLANS } from '../../../domain/constants';
import { formatPence } from '../../../domain/money';
import { FEATURES, type Feature, featureAccess } from '../../../domain/plans';
import { safeReturnTo, subscribeReturningTo } from '../../../domain/return-to';
import { loginPathFor, registrationPathFor } from '../../features/accounts/return-to';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { ButtonLink } from '../ui/button';

export function UpgradePrompt({
  feature,
  title,
  className,
  headingLevel: Heading = 'h2',
  bare = false,
  returnTo,
}: {
  feature: Feature;
  /** The action the person reached, e.g. "Contact the landlord". */
  title?: string;
  className?: string;
  headingLevel?: 'h2' | 'h3';
  /** Inside a dialog that already shows the title: no heading, no box. */
  bare?: boolean;
  /**
   * Where signing in, signing up and paying come back to (issue 30): this page by default, or a path that also
   * says what to open there (a listing's Send Message dialog).
   */
  returnTo?: string;
}) {
  const auth = useAuth();
  const location = useLocation();
  const access = featureAccess({ user: auth.user, premium: auth.isPremium }, feature);
  if (access.kind === 'allowed') return null;
  const here = safeReturnTo(returnTo) ?? `${location.pathname}${location.search}`;
  const plans = access.kind === 'upgrade' ? [access.plan] : access.plans;
  const offer = plans
    .map((plan) => `${PLANS[plan].name} (${formatPence(PLANS[plan].pricePence)}/month)`)
    .join(' or ');
  const Icon = access.kind === 'sign-in' ? Lock : Crown;
  return (
    <div
      role="region"
      aria-label={title ?? 'Premium feature'}
      data-testid="upgrade-prompt"
      data-feature={feature}
      className={cn(
        !bare && 'rounded-xl border border-primary-200 bg-primary-50 p-4',
        'text-slate-800',
        className,
      )}
    >
      {!bare && (
        <Heading className="flex items-center gap-2 font-semibold text-slate-900">
          <Icon className="h-4 w-4 shrink-0 text-primary-700" aria-hidden />
          {title ?? FEATURES[feature].label}
        </Heading>
      )}
      <p className="mt-1 text-sm">{FEATURES[feature].benefit}</p>
      {access.kind === 'other-account' ? (
        <p className="mt-2 text-sm text-slate-700">
          It comes with {offer}, for {access.plans.map((p) => `${p} accounts`).join(' and ')}.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-700">Included in {offer}. Cancel any time.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {access.kind === 'sign-in' && (
          <>
            <ButtonLink to={loginPathFor(here)} size="sm">
              Sign in
            </ButtonLink>
            <ButtonLink
              to={registrationPathFor(subscribeReturningTo(access.plans[0], here), access.plans[0])}
              size="sm"
              variant="outline"
            >
              Create a free account
            </ButtonLink>
          </>
        )}
        {access.kind === 'upgrade' && (
          <ButtonLink to={subscribeReturningTo(access.plan, here)} size="sm" variant="accent">
            Upgrade for {formatPence(PLANS[access.plan].pricePence)}/month
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
