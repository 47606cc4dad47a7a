// Where the home is: the address, and the postcode, uppercased as it is typed (doc 1 §5).
import type { ChangeEvent } from 'react';
import { Field, Input } from '../../../../components/ui/input';
import type { ListingForm } from '../../form-values';

export function AddressFields({ form }: { form: ListingForm }) {
  const { errors } = form.formState;
  const postcode = form.register('postcode');
  // Uppercased as typed, keeping the caret where it was.
  const onPostcodeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const { selectionStart, selectionEnd } = input;
    input.value = input.value.toUpperCase();
    input.setSelectionRange(selectionStart, selectionEnd);
    return postcode.onChange(event);
  };
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
      <Field label="Address" error={errors.address?.message} className="sm:col-span-2">
        {(field) => (
          <Input {...field} maxLength={200} autoComplete="street-address" {...form.register('address')} />
        )}
      </Field>
      <Field label="Postcode" error={errors.postcode?.message}>
        {(field) => (
          <Input
            {...field}
            maxLength={10}
            autoComplete="postal-code"
            autoCapitalize="characters"
            spellCheck={false}
            {...postcode}
            onChange={onPostcodeChange}
          />
        )}
      </Field>
    </div>
  );
}
