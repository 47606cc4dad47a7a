import { CheckCircle2, Crown } from 'lucide-react';
import { PLANS } from '../../../../domain/constants';
import { type Plan, planPriceLabel } from '../../../../domain/payments';
import { planBenefits } from '../../../../domain/plans';
import { CANCELLATION_DAYS } from '../../../../domain/subscription-terms';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

/** The plan on /subscribe: name, price and benefits from PLANS (doc 2 §1), never typed into the page. */
export function PlanSummaryCard({ plan }: { plan: Plan }) {
  const details = PLANS[plan];
  const [amount, per] = planPriceLabel(plan).split('/');
  return (
    <Card className="border-primary-200">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crown className="h-5 w-5 text-accent-600" aria-hidden /> {details.name}
        </CardTitle>
        <p className="mt-2 text-slate-900">
          <span className="text-4xl font-bold tracking-tight">{amount}</span>
          <span className="text-slate-600">/{per}</span>
        </p>
        <div>
          <Badge variant="success">Cancel any time • No hidden fees</Badge>
        </div>
      </CardHeader>
      <CardContent>
        <h3 className="text-sm font-semibold text-slate-900">What you get</h3>
        <ul className="mt-2 space-y-2 text-sm text-slate-700">
          {planBenefits(plan).map((benefit) => (
            <li key={benefit} className="flex items-center gap-2">
              <CheckCircle2 className="h-4 w-4 shrink-0 text-primary-700" aria-hidden /> {benefit}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-xs text-slate-600">
          Billed monthly in advance, prices include VAT. Cancel within {CANCELLATION_DAYS} days of the start
          for a refund of the days you did not use; after that you keep access to the end of the period you
          have paid for.
        </p>
      </CardContent>
    </Card>
  );
}
