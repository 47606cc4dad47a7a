// When the home is free, how it is furnished, its EPC rating and council tax band (each may be left unstated), and
// whether it is available to let.
import { COUNCIL_TAX_BANDS, EPC_RATINGS, FURNISHED_STATES } from '../../../../../domain/constants';
import { Field, Input, Select } from '../../../../components/ui/input';
import { furnishedLabel } from '../../../properties/format';
import { type ListingForm, textOrNull } from '../../form-values';
import type { FieldLaw } from '../../listing-law';

const CHOICES = [
  {
    name: 'furnished',
    label: 'Furnishing',
    options: FURNISHED_STATES.map((state) => [state, furnishedLabel(state)] as const),
  },
  { name: 'epcRating', label: 'EPC rating', options: EPC_RATINGS.map((rating) => [rating, rating] as const) },
  {
    name: 'councilTaxBand',
    label: 'Council tax band',
    options: COUNCIL_TAX_BANDS.map((band) => [band, `Band ${band}`] as const),
  },
] as const;

export function DetailsFields({ form, law }: { form: ListingForm; law: FieldLaw }) {
  const { errors } = form.formState;
  return (
    <>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Available from" error={errors.availableFrom?.message} hint="Blank means immediately.">
          {(field) => (
            <Input {...field} type="date" {...form.register('availableFrom', { setValueAs: textOrNull })} />
          )}
        </Field>
        {CHOICES.map(({ name, label, options }) => (
          <Field key={name} label={label} error={law.refusal(name) ?? errors[name]?.message}>
            {(field) => (
              <Select {...field} {...form.register(name, { setValueAs: textOrNull })}>
                <option value="">Not stated</option>
                {options.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ))}
      </div>

      <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-4">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-primary-700"
          {...form.register('available')}
        />
        <span>
          <span className="block text-sm font-medium text-slate-800">Available to let</span>
          <span className="block text-sm text-slate-600">
            Untick when the home is occupied: it shows as Occupied on your dashboard.
          </span>
        </span>
      </label>
    </>
  );
}
