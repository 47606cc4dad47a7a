// The listing's title, description, type and sizes (bedrooms, bathrooms and area: whole numbers, empty for "not
// given").
import { PROPERTY_TYPES } from '../../../../../domain/constants';
import { Field, Input, Select, Textarea } from '../../../../components/ui/input';
import { propertyTypeLabel } from '../../../properties/format';
import { type ListingForm, numberOrNull } from '../../form-values';
import type { FieldLaw } from '../../listing-law';

const WHOLE_NUMBER_FIELDS = [
  { name: 'bedrooms', label: 'Bedrooms', max: 20, hint: '0 for a studio' },
  { name: 'bathrooms', label: 'Bathrooms', max: 20, hint: undefined },
  { name: 'area', label: 'Area (m²)', max: 10_000, hint: undefined },
] as const;

export function BasicsFields({ form, law }: { form: ListingForm; law: FieldLaw }) {
  const { errors } = form.formState;
  // The law's refusals show as the landlord types (the same rules as the API); warnings as a note to confirm.
  return (
    <>
      <Field label="Title" error={law.refusal('title') ?? errors.title?.message} hint={law.warning('title')}>
        {(field) => (
          <Input
            {...field}
            maxLength={120}
            placeholder="e.g. Bright two-bed flat near the park"
            {...form.register('title')}
          />
        )}
      </Field>

      <Field
        label="Description"
        error={law.refusal('description') ?? errors.description?.message}
        hint={law.warning('description') ?? 'Optional, up to 5,000 characters.'}
      >
        {(field) => <Textarea {...field} rows={4} maxLength={5000} {...form.register('description')} />}
      </Field>

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Property type" error={errors.propertyType?.message}>
          {(field) => (
            <Select {...field} {...form.register('propertyType')}>
              <option value="">Choose a type</option>
              {PROPERTY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {propertyTypeLabel(type)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {WHOLE_NUMBER_FIELDS.map(({ name, label, max, hint }) => (
          <Field key={name} label={label} error={errors[name]?.message} hint={hint}>
            {(field) => (
              <Input
                {...field}
                type="number"
                min={0}
                max={max}
                step={1}
                inputMode="numeric"
                {...form.register(name, { setValueAs: numberOrNull })}
              />
            )}
          </Field>
        ))}
      </div>
    </>
  );
}
