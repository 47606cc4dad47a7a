// The Live Content form's fields: a property's, a contractor's, and how long either stays live.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { LIVE_HOURS } from '../../../../../domain/admin';
import { PROPERTY_TYPE_LABELS, PROPERTY_TYPES, SPECIALTIES } from '../../../../../domain/constants';
import { Field, Input, Select, Textarea } from '../../../../components/ui/input';
import type {
  ContractorOutput,
  ContractorValues,
  PropertyOutput,
  PropertyValues,
} from './live-content-rules';

export function PropertyFields({ form }: { form: UseFormReturn<PropertyValues, unknown, PropertyOutput> }) {
  const errors = form.formState.errors.contentData;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field label="Title" error={errors?.title?.message} className="sm:col-span-2">
        {(f) => <Input {...f} maxLength={120} {...form.register('contentData.title')} />}
      </Field>
      <Field label="Description" error={errors?.description?.message} className="sm:col-span-2">
        {(f) => <Textarea {...f} rows={3} maxLength={5000} {...form.register('contentData.description')} />}
      </Field>
      <Field label="Property type" error={errors?.propertyType?.message}>
        {(f) => (
          <Select {...f} {...form.register('contentData.propertyType')}>
            {PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {PROPERTY_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Bedrooms" error={errors?.bedrooms?.message}>
        {(f) => (
          <Input
            {...f}
            type="number"
            min={0}
            max={20}
            {...form.register('contentData.bedrooms', { valueAsNumber: true })}
          />
        )}
      </Field>
      <Field label="Monthly rent (£)" error={errors?.monthlyRent?.message}>
        {(f) => (
          <Input
            {...f}
            type="number"
            min={1}
            {...form.register('contentData.monthlyRent', { valueAsNumber: true })}
          />
        )}
      </Field>
      <Field label="Postcode" error={errors?.postcode?.message} hint="A full UK postcode, e.g. M1 3AB">
        {(f) => <Input {...f} maxLength={10} {...form.register('contentData.postcode')} />}
      </Field>
      <Field label="Address" error={errors?.address?.message} className="sm:col-span-2">
        {(f) => <Input {...f} maxLength={200} {...form.register('contentData.address')} />}
      </Field>
    </div>
  );
}

export function ContractorFields({
  form,
}: {
  form: UseFormReturn<ContractorValues, unknown, ContractorOutput>;
}) {
  const errors = form.formState.errors.contentData;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field label="Business name" error={errors?.businessName?.message} className="sm:col-span-2">
        {(f) => <Input {...f} maxLength={100} {...form.register('contentData.businessName')} />}
      </Field>
      <Field label="Specialty" error={errors?.specialty?.message}>
        {(f) => (
          <Select {...f} {...form.register('contentData.specialty')}>
            {SPECIALTIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Website (optional)" error={errors?.website?.message}>
        {(f) => <Input {...f} type="url" placeholder="https://" {...form.register('contentData.website')} />}
      </Field>
      <Field label="Description" error={errors?.description?.message} className="sm:col-span-2">
        {(f) => <Textarea {...f} rows={3} maxLength={2000} {...form.register('contentData.description')} />}
      </Field>
    </div>
  );
}

export function HoursField<T extends FieldValues, O>({ form }: { form: UseFormReturn<T, unknown, O> }) {
  const name = 'publishDuration' as Path<T>;
  const error = form.formState.errors.publishDuration?.message;
  return (
    <Field
      label={`Publish for (hours, ${LIVE_HOURS.min}-${LIVE_HOURS.max})`}
      error={typeof error === 'string' ? error : undefined}
      className="max-w-xs"
    >
      {(f) => (
        <Input
          {...f}
          type="number"
          min={LIVE_HOURS.min}
          max={LIVE_HOURS.max}
          {...form.register(name, { valueAsNumber: true })}
        />
      )}
    </Field>
  );
}
