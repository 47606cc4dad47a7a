// Settings → Billing: the current plan, its renewal or end date, cancel (two clicks: the button and one
// confirmation, no retention screens), resume, refunds and the invoice history in GBP. Within 14 days of the
// start, cancelling ends the plan with a pro-rata refund (CCR 2013 regs. 34, 36); after that it stops renewal
// and access lasts to the end of the paid period.
import { CreditCard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { formatPence } from '../../../../domain/money';
import type { TBilling } from '../../../../domain/payments';
import { planPriceLabel } from '../../../../domain/payments';
import { FAILED_PAYMENT_SENTENCE } from '../../../../domain/subscription-terms';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useBilling, useBillingAction } from '../api';
import { formatBillingDate, formatInvoiceAmount, invoiceStatusLabel } from '../format';

const STATUS_BADGE: Record<
  TBilling['status'],
  { label: string; variant: 'success' | 'warning' | 'neutral' | 'danger' }
> = {
  active: { label: 'Active', variant: 'success' },
  cancelling: { label: 'Cancelled', variant: 'warning' },
  past_due: { label: 'Payment failed', variant: 'danger' },
  incomplete: { label: 'Awaiting payment', variant: 'neutral' },
  ended: { label: 'Ended', variant: 'neutral' },
  none: { label: 'Free plan', variant: 'neutral' },
};

export function BillingCard() {
  const billing = useBilling();
  const { user } = useAuth();
  const ref = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  // /settings#billing (from /subscribe) lands here once the card has its content.
  useEffect(() => {
    if (hash === '#billing' && billing.isSuccess) ref.current?.scrollIntoView({ block: 'start' });
  }, [hash, billing.isSuccess]);

  return (
    <div id="billing" ref={ref} className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CreditCard className="h-5 w-5 text-primary-700" aria-hidden /> Billing
          </CardTitle>
          <CardDescription>Your subscription, renewal date and invoices.</CardDescription>
        </CardHeader>
        <CardContent>
          {billing.isLoading ? (
            <div className="space-y-3" role="status" aria-label="Loading billing">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-10 w-40" />
            </div>
          ) : billing.isError || !billing.data ? (
            <Alert tone="error" title="Billing could not be loaded">
              <Button variant="outline" size="sm" className="mt-2" onClick={() => billing.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <BillingDetails billing={billing.data} plan={user?.userType ?? 'tenant'} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function BillingDetails({
  billing,
  plan,
}: {
  billing: TBilling;
  plan: 'tenant' | 'landlord' | 'contractor';
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useBillingAction('cancel');
  const resume = useBillingAction('resume');
  const badge = STATUS_BADGE[billing.status];
  const periodEnd = formatBillingDate(billing.currentPeriodEnd);
  const live = billing.status === 'active' || billing.status === 'past_due';

  const refundNow = billing.refundIfCancelledPence;
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (next) => {
        setConfirming(false);
        const refund = refundNow !== null ? next.refunds[0] : undefined;
        toast({
          title: 'Subscription Cancelled',
          description: refund
            ? `Your plan has ended. We are refunding ${formatPence(refund.amountPence)} to your card.`
            : `You keep premium access until ${formatBillingDate(next.currentPeriodEnd)}.`,
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast({
          title: 'Cancellation Failed',
          description: errorMessage(error, 'Unable to cancel your subscription. Please try again.'),
          variant: 'destructive',
        });
      },
    });

  const onResume = () =>
    resume.mutate(undefined, {
      onSuccess: (next) =>
        toast({
          title: 'Subscription Resumed',
          description: `Your subscription renews on ${formatBillingDate(next.currentPeriodEnd)}.`,
        }),
      onError: (error) =>
        toast({
          title: 'Resume Failed',
          description: errorMessage(error, 'Unable to resume your subscription. Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-slate-600">Current plan</p>
          <p className="text-lg font-semibold text-slate-900">
            {billing.planName ?? 'Free'}
            {billing.plan && (
              <span className="ml-2 text-base font-normal text-slate-600">
                {planPriceLabel(billing.plan)}
              </span>
            )}
          </p>
        </div>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>

      {billing.status === 'active' && periodEnd && (
        <p className="text-sm text-slate-700">Renews on {periodEnd}</p>
      )}
      {billing.status === 'cancelling' && periodEnd && (
        <p className="text-sm font-medium text-slate-900">Access until {periodEnd}</p>
      )}
      {billing.status === 'past_due' && (
        <Alert tone="warning" title="Your last payment failed">
          <span data-testid="failed-payment">{FAILED_PAYMENT_SENTENCE}</span>
        </Alert>
      )}
      {billing.cancellationPeriodEnds && (
        <p className="text-sm text-slate-700">
          You can cancel until {formatBillingDate(billing.cancellationPeriodEnds)} for a refund of the days
          you have not used
          {refundNow !== null ? ` (${formatPence(refundNow)} if you cancel today)` : ''}.
        </p>
      )}
      {billing.refunds.map((refund) => (
        <p key={refund.id} className="text-sm font-medium text-slate-900" data-testid="refund">
          Refunded {formatPence(refund.amountPence)} of {formatPence(refund.paidPence)} on{' '}
          {formatBillingDate(refund.date)}: you cancelled within 14 days and paid for {refund.daysUsed}{' '}
          {refund.daysUsed === 1 ? 'day' : 'days'} used.
        </p>
      ))}
      {billing.status === 'ended' && periodEnd && (
        <p className="text-sm text-slate-700">Your subscription ended on {periodEnd}.</p>
      )}
      {billing.premiumUntil && (
        <p className="text-sm text-slate-700">
          Premium access granted by Your Place until {formatBillingDate(billing.premiumUntil)}.
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        {live && (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
        {billing.canResume && (
          <Button onClick={onResume} busy={resume.isPending}>
            Resume subscription
          </Button>
        )}
        {(billing.status === 'none' || billing.status === 'ended') && !billing.premium && (
          <ButtonLink to={`/subscribe?plan=${billing.plan ?? plan}`}>
            {billing.status === 'ended' ? 'Subscribe again' : 'Upgrade to Premium'}
          </ButtonLink>
        )}
      </div>

      <Dialog open={confirming} onOpenChange={(open) => !cancel.isPending && setConfirming(open)}>
        <DialogContent
          title="Cancel subscription?"
          description={
            refundNow !== null
              ? `You are within 14 days of the start, so your plan ends now and we refund ${formatPence(refundNow)} to your card for the days you have not used. You will not be charged again.`
              : `You will keep premium access ${periodEnd ? `until ${periodEnd}, ` : 'to '}the end of the period you have paid for, and you will not be charged again.`
          }
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Keep subscription</Button>
            </DialogClose>
            <Button variant="destructive" onClick={onCancel} busy={cancel.isPending}>
              Cancel subscription
            </Button>
          </div>
        </DialogContent>
      </Dialog>

      <section aria-labelledby="invoice-history">
        <h3 id="invoice-history" className="text-sm font-semibold text-slate-900">
          Invoice history
        </h3>
        {billing.invoices.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No invoices yet.</p>
        ) : (
          <div className="relative mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-800">
                {billing.invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className="py-2 pr-4">{formatBillingDate(invoice.date)}</td>
                    <td className="py-2 pr-4">
                      {formatInvoiceAmount(invoice.amountPence, invoice.currency)}
                    </td>
                    <td className="py-2">{invoiceStatusLabel(invoice.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
