// The call to action on the landlord and contractor pages: subscribe (through sign-in, and back, for a visitor), and
// for a visitor a way to make an account of that type first.
import { PLANS } from '../../../domain/constants';
import { formatPence } from '../../../domain/money';
import { subscribePath } from '../../../domain/plans';
import { loginPathFor } from '../../features/accounts/return-to';
import { useAuth } from '../../lib/auth';
import { ButtonLink } from '../ui/button';

export function SubscribeButtons({
  plan,
  className,
}: {
  plan: 'landlord' | 'contractor';
  className?: string;
}) {
  const { isAuthenticated } = useAuth();
  const path = subscribePath(plan);
  return (
    <div className={`flex flex-col gap-3 sm:flex-row ${className ?? ''}`}>
      <ButtonLink to={isAuthenticated ? path : loginPathFor(path)} variant="accent" size="lg">
        Subscribe for {formatPence(PLANS[plan].pricePence)}/month
      </ButtonLink>
      {!isAuthenticated && (
        <ButtonLink to={`/simple-registration?type=${plan}`} variant="outline" size="lg">
          New here? Create a {plan} account
        </ButtonLink>
      )}
    </div>
  );
}
