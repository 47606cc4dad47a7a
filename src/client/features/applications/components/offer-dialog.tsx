// The landlord offers the home to one applicant (issue 31 item 3): a start date, the deposit (prefilled from the
// listing's, never above the legal cap) and the advertised rent, shown and not editable: the bidding ban means no
// applicant is ever asked for more.
import { type FormEvent, useEffect, useState } from 'react';
import type { TNation } from '../../../../domain/advert-rules';
import { londonToday } from '../../../../domain/dates';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, FormError } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useApplicationAction } from '../api';
import { depositCapPounds, formatPounds, initialDeposit, type OfferInput, offerErrors } from '../format';
import type { ApplicationView } from '../types';

export function OfferDialog({
  application,
  listingDeposit,
  nation,
  open,
  onOpenChange,
}: {
  application: ApplicationView;
  listingDeposit: number | null;
  /** The home's nation: its law sets the deposit cap (none in Wales). */
  nation: TNation | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const rent = application.property.rent;
  const action = useApplicationAction(application);
  const today = londonToday();
  const moveIn = application.profile.moveInFrom;
  const initial = (): OfferInput => ({
    startDate: moveIn && moveIn > today ? moveIn : '',
    deposit: initialDeposit(listingDeposit, rent, nation),
  });
  const [form, setForm] = useState<OfferInput>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof OfferInput, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // Each opening starts from the applicant's move-in date and the listing's deposit (known once the listing loads).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens only
  useEffect(() => {
    if (!open) return;
    setForm(initial());
    setErrors({});
    setServerError(null);
  }, [open]);
  const cap = depositCapPounds(rent, nation);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = offerErrors(form, rent, nation);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    action.mutate(
      { kind: 'offer', startDate: form.startDate, deposit: Number(form.deposit) },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({
            title: 'Offer sent',
            description: `${application.applicant.name} is emailed and told in your conversation.`,
          });
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fieldErrors : {};
          setErrors({ startDate: fields.startDate?.[0], deposit: fields.deposit?.[0] });
          setServerError(errorMessage(err, 'The offer was not sent. Please try again.'));
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !action.isPending && onOpenChange(next)}>
      <DialogContent
        title={`Offer the home to ${application.applicant.name}`}
        description="They are emailed and can accept it from My applications. The rent is the advertised rent."
      >
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field label="Start date" error={errors.startDate}>
            {(field) => (
              <Input
                {...field}
                type="date"
                min={today}
                value={form.startDate}
                onChange={(e) => setForm((f) => ({ ...f, startDate: e.target.value }))}
              />
            )}
          </Field>
          <div>
            <p className="mb-1.5 text-sm font-medium text-slate-800">Rent</p>
            <p className="text-slate-900" data-testid="offer-rent">
              {formatPounds(rent)} per month
            </p>
            <p className="mt-1 text-xs text-slate-600">
              The advertised rent. Asking an applicant for more is rental bidding, which the law forbids.
            </p>
          </div>
          <Field
            label="Deposit (£)"
            error={errors.deposit}
            hint={cap === null ? undefined : `At most ${formatPounds(cap)}, the legal cap for this rent`}
          >
            {(field) => (
              <Input
                {...field}
                type="number"
                inputMode="decimal"
                min={0}
                max={cap ?? undefined}
                step="0.01"
                value={form.deposit}
                onChange={(e) => setForm((f) => ({ ...f, deposit: e.target.value }))}
              />
            )}
          </Field>
          {serverError && <FormError message={serverError} />}
          <div className="flex justify-end">
            <Button type="submit" busy={action.isPending}>
              Send offer
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
