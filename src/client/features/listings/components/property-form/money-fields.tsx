// Rent and deposits in pounds, with the legal maximum of each deposit worked out from the rent as it is typed.
import { Field } from '../../../../components/ui/input';
import { depositHints } from '../../deposit-hints';
import { type ListingForm, numberOrNull, numberOrUndefined } from '../../form-values';
import type { FieldLaw } from '../../listing-law';
import { PoundsInput } from './pounds-input';

export function MoneyFields({ form, law }: { form: ListingForm; law: FieldLaw }) {
  const { errors } = form.formState;
  const hints = depositHints(
    {
      monthlyRent: form.watch('monthlyRent'),
      deposit: form.watch('deposit'),
      holdingDeposit: form.watch('holdingDeposit'),
    },
    law.nation.nation,
  );
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
      <Field label="Monthly rent (£)" error={errors.monthlyRent?.message}>
        {(field) => (
          <PoundsInput {...field} {...form.register('monthlyRent', { setValueAs: numberOrUndefined })} />
        )}
      </Field>
      <Field
        label={`${hints.depositLabel} (£)`}
        error={law.refusal('deposit') ?? errors.deposit?.message}
        hint={hints.deposit}
      >
        {(field) => <PoundsInput {...field} {...form.register('deposit', { setValueAs: numberOrNull })} />}
      </Field>
      <Field
        label="Holding deposit (£)"
        error={law.refusal('holdingDeposit') ?? errors.holdingDeposit?.message}
        hint={hints.holdingDeposit}
      >
        {(field) => (
          <PoundsInput {...field} {...form.register('holdingDeposit', { setValueAs: numberOrNull })} />
        )}
      </Field>
    </div>
  );
}
