// The Add New Property / edit form of the landlord dashboard (doc 1 "Landlord dashboard", §5 property form, §8
// submission toasts). The rules are the server's (ZPropertyListingContent) plus a full UK postcode; numbers are
// parsed as they are typed (bedrooms, bathrooms and area whole or null, rent in pounds to the penny, the date or
// null). What is sent goes to admin review; on any error every field keeps what was typed.
// The pieces: the values (../form-values.ts), the rules (../listing-form-rules.ts), the deposit hints
// (../deposit-hints.ts), the state (property-form/use-property-form.ts) and a component per group of fields.
import { EMPTY_LISTING, type PropertyFormValues } from '../form-values';
import { AddressFields } from './property-form/address-fields';
import { BasicsFields } from './property-form/basics-fields';
import { DetailsFields } from './property-form/details-fields';
import { ExtrasFields } from './property-form/extras-fields';
import { FormActions } from './property-form/form-actions';
import { LawFields } from './property-form/law-fields';
import { MoneyFields } from './property-form/money-fields';
import { usePropertyForm } from './property-form/use-property-form';

export function PropertyForm({
  landlordId,
  initial = EMPTY_LISTING,
  targetId,
  onSubmitted,
  onCancel,
}: {
  landlordId: string;
  initial?: PropertyFormValues;
  /** The property being edited; absent for a new listing. */
  targetId?: string;
  onSubmitted: () => void;
  onCancel: () => void;
}) {
  const { form, law, submit, sending, uploading, setUploading, confirmWording, setConfirmWording } =
    usePropertyForm({
      landlordId,
      initial,
      targetId,
      onSubmitted,
    });
  const editing = !!targetId;

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-6"
      aria-label={editing ? 'Edit property' : 'Add property'}
    >
      <BasicsFields form={form} law={law} />
      <MoneyFields form={form} law={law} />
      <AddressFields form={form} />
      <DetailsFields form={form} law={law} />
      <LawFields form={form} law={law} confirmWording={confirmWording} onConfirmWording={setConfirmWording} />
      <ExtrasFields form={form} law={law} onUploadingChange={setUploading} />
      <FormActions editing={editing} sending={sending} uploading={uploading} onCancel={onCancel} />
    </form>
  );
}
