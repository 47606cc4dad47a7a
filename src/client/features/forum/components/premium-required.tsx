import { Crown } from 'lucide-react';
import { PLANS } from '../../../../domain/constants';
import { planPriceLabel } from '../../../../domain/payments';
import { subscribePath } from '../../../../domain/plans';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/feedback';

/** doc 2 "Tenant forum": what people who are not premium tenants see instead of the forum. */
export function PremiumRequired() {
  return (
    <EmptyState
      icon={<Crown className="h-10 w-10 text-accent-600" aria-hidden />}
      title="Premium Access Required"
      action={
        <ButtonLink to={subscribePath('tenant')} variant="accent" size="lg">
          Upgrade to Premium ({planPriceLabel('tenant')})
        </ButtonLink>
      }
    >
      The tenant forum is part of {PLANS.tenant.name}: ask other renters about deposits, repairs and areas,
      and share what you know.
    </EmptyState>
  );
}
