import { Crown } from 'lucide-react';
import { PLANS } from '../../../../../domain/constants';
import { formatPence } from '../../../../../domain/money';
import { planBenefits } from '../../../../../domain/plans';
import { FAILED_PAYMENT_SENTENCE } from '../../../../../domain/subscription-terms';
import { Badge } from '../../../../components/ui/badge';
import { ButtonLink } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/feedback';
import { useBilling } from '../../../payments/api';
import { formatBillingDate } from '../../../payments/format';

export function TenantSubscriptionCard({ premium }: { premium: boolean }) {
  const plan = PLANS.tenant;
  const billing = useBilling(premium);
  const price = `${formatPence(plan.pricePence)}/month`;
  const data = billing.data;

  let renewal: string | null = null;
  if (data) {
    const end = formatBillingDate(data.currentPeriodEnd);
    if (data.status === 'active' && !data.cancelAtPeriodEnd && end) renewal = `Renews on ${end} at ${price}.`;
    else if ((data.status === 'cancelling' || data.cancelAtPeriodEnd) && end)
      renewal = `Cancelled: your premium access lasts until ${end}.`;
    else if (data.status === 'past_due') renewal = FAILED_PAYMENT_SENTENCE;
    else if (data.premiumUntil)
      renewal = `Premium access granted until ${formatBillingDate(data.premiumUntil)}.`;
    else renewal = 'Your premium access is active.';
  }

  return (
    <section aria-labelledby="subscription-heading">
      <Card className={premium ? 'border-amber-300' : undefined}>
        <CardHeader>
          <CardTitle id="subscription-heading" className="flex items-center gap-2">
            <Crown className="h-5 w-5 text-accent-600" aria-hidden /> Subscription
          </CardTitle>
        </CardHeader>
        <CardContent>
          {premium ? (
            <>
              <Badge variant="premium">Premium Active</Badge>
              <p className="mt-2 font-semibold text-slate-900">{plan.name}</p>
              {billing.isPending ? (
                <Skeleton className="mt-2 h-4 w-3/4" />
              ) : (
                <p className="mt-1 text-sm text-slate-600" data-testid="renewal">
                  {renewal ?? 'Your premium access is active.'}
                </p>
              )}
              <ul className="mt-3 space-y-1 text-sm text-slate-700">
                {planBenefits('tenant').map((benefit) => (
                  <li key={benefit}>• {benefit}</li>
                ))}
              </ul>
              <ButtonLink to="/settings" variant="outline" className="mt-4 w-full">
                Manage subscription
              </ButtonLink>
            </>
          ) : (
            <>
              <Badge variant="neutral">Free Account</Badge>
              <p className="mt-3 text-sm text-slate-600">
                Get saved searches, property alerts and the community forum with {plan.name} for just {price}.
              </p>
              <ButtonLink to="/subscribe?plan=tenant" variant="primary" className="mt-4 w-full">
                Upgrade Now
              </ButtonLink>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
