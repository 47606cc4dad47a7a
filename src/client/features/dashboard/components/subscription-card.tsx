import { CheckCircle2, Crown } from 'lucide-react';
import type { TCurrentUser } from '../../../../domain/accounts';
import { PLANS, type UserType } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import { planBenefits } from '../../../../domain/plans';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * doc 1 dashboards: Premium Active, or the free state with 'Upgrade Now' to this account type's plan.
 * Prices come from PLANS (doc 1 §9), never typed into the page.
 */
export function SubscriptionCard({
  user,
  plan,
  freeLabel = 'Free Account',
}: {
  user: TCurrentUser;
  plan: UserType;
  freeLabel?: string;
}) {
  const details = PLANS[plan];
  const price = `${formatPence(details.pricePence)}/month`;
  return (
    <Card className={user.isPremium ? 'border-amber-300' : undefined}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown className="h-5 w-5 text-accent-600" aria-hidden /> Subscription
        </CardTitle>
      </CardHeader>
      <CardContent>
        {user.isPremium ? (
          <>
            <Badge variant="premium">Premium Active</Badge>
            <p className="mt-3 text-sm text-slate-600">Everything in {details.name} is unlocked:</p>
            <BenefitList benefits={planBenefits(plan)} />
          </>
        ) : (
          <>
            <Badge variant="neutral">{freeLabel}</Badge>
            <p className="mt-3 text-sm text-slate-600">
              Upgrade to {details.name} for just {price}:
            </p>
            <BenefitList benefits={planBenefits(plan)} />
            <ButtonLink to={`/subscribe?plan=${plan}`} variant="primary" className="mt-4 w-full">
              Upgrade Now
            </ButtonLink>
            <p className="mt-2 text-center text-xs text-slate-600">Cancel anytime • No hidden fees</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function BenefitList({ benefits }: { benefits: readonly string[] }) {
  return (
    <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
      {benefits.map((benefit) => (
        <li key={benefit} className="flex items-center gap-2">
          <CheckCircle2 className="h-4 w-4 shrink-0 text-primary-700" aria-hidden /> {benefit}
        </li>
      ))}
    </ul>
  );
}
