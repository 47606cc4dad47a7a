import { Check } from 'lucide-react';
import { PLANS, type UserType } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import { PLAN_AUDIENCE, planBenefits } from '../../../../domain/plans';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** One monthly plan (doc 2 §1): price, what it includes (src/domain/plans.ts) and a call to action. */
export function PriceCard({
  plan: userType,
  href,
  cta,
  popular = false,
  note,
  headingLevel: Heading = 'h3',
  className,
}: {
  plan: UserType;
  href: string;
  cta: string;
  popular?: boolean;
  note?: string;
  /** h2 when the cards sit straight under the page's h1. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}) {
  const plan = PLANS[userType];
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-xl border bg-white p-6 text-slate-900 shadow-sm',
        popular ? 'border-2 border-primary-600 shadow-md' : 'border-slate-200',
        className,
      )}
    >
      {popular && (
        <Badge variant="accent" className="absolute -top-3 left-6">
          Popular
        </Badge>
      )}
      <p className="text-sm font-medium text-primary-700">{PLAN_AUDIENCE[userType]}</p>
      <Heading className="mt-1 text-xl font-semibold">{plan.name}</Heading>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatPence(plan.pricePence)}</span>
        <span className="text-slate-600">/month</span>
      </p>
      {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
      <ul className="mt-5 flex-1 space-y-2 text-sm text-slate-700">
        {planBenefits(userType).map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary-700" aria-hidden />
            {benefit}
          </li>
        ))}
      </ul>
      <ButtonLink
        to={href}
        variant={popular ? 'primary' : 'outline'}
        className="mt-6 w-full"
        aria-label={`${cta}: ${plan.name}, ${formatPence(plan.pricePence)} a month`}
      >
        {cta}
      </ButtonLink>
    </article>
  );
}
