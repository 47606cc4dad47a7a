// The Add New Property / edit form of the landlord dashboard (doc 1 "Landlord dashboard", §5 property form, §8
// submission toasts). The rules are the server's (ZPropertyListingContent) plus a full UK postcode; numbers are
// parsed as they are typed (bedrooms, bathrooms and area whole or null, rent in pounds to the penny, the date or
// null). What is sent goes to admin review; on any error every field keeps what was typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { PoundSterling } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  COUNCIL_TAX_BANDS,
  EPC_RATINGS,
  FURNISHED_STATES,
  PROPERTY_TYPES,
} from '../../../../domain/constants';
import { maxDepositPence, maxHoldingDepositPence } from '../../../../domain/deposit';
import { FULL_POSTCODE_MESSAGE, LISTING_SUBMITTED_MESSAGE } from '../../../../domain/listings';
import { formatPence } from '../../../../domain/money';
import { isValidPostcode } from '../../../../domain/postcodes';
import {
  MAX_AMENITIES,
  MAX_AMENITY_LENGTH,
  type TPropertyListingContent,
  ZPropertyListingContent,
} from '../../../../domain/properties';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { TagInput } from '../../../components/ui/tag-input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { furnishedLabel, propertyTypeLabel } from '../../properties/format';
import { useSubmitListing } from '../api';
import { PhotoUploader } from './photo-uploader';

export type PropertyFormValues = z.input<typeof ZPropertyListingContent>;
type FieldName = keyof PropertyFormValues;

export const EMPTY_LISTING: PropertyFormValues = {
  title: '',
  description: '',
  propertyType: '' as PropertyFormValues['propertyType'],
  bedrooms: null,
  bathrooms: null,
  area: null,
  monthlyRent: undefined as unknown as number,
  deposit: null,
  holdingDeposit: null,
  address: '',
  postcode: '',
  availableFrom: null,
  available: true,
  amenities: [],
  epcRating: null,
  councilTaxBand: null,
  furnished: null,
  images: [],
};

const FIELD_NAMES = Object.keys(EMPTY_LISTING) as FieldName[];

/** The form's rules: the server's schema, and a postcode that is a real UK postcode (the server says the same). */
const ZListingForm = ZPropertyListingContent.superRefine((listing, ctx) => {
  if (listing.postcode && !isValidPostcode(listing.postcode))
    ctx.addIssue({ code: 'custom', path: ['postcode'], message: FULL_POSTCODE_MESSAGE });
});

/** Words for the checks the schema leaves to zod's defaults; the schema's own messages come first. */
const MESSAGES: Partial<Record<FieldName, string>> = {
  bedrooms: 'Bedrooms must be a whole number from 0 to 20',
  bathrooms: 'Bathrooms must be a whole number from 0 to 20',
  area: 'Area must be a whole number of square metres, up to 10,000',
  monthlyRent: 'Monthly rent must be between £1 and £100,000',
  deposit: 'Deposit must be £0 or more',
  holdingDeposit: 'Holding deposit must be £0 or more',
  address: 'Address must be at most 200 characters',
  postcode: FULL_POSTCODE_MESSAGE,
  availableFrom: 'Enter a date',
  amenities: 'Amenities are up to 30 short words, at most 40 characters each',
  images: 'A listing can have up to 20 photos',
};
const resolver = zodResolver(ZListingForm, {
  error: (issue) => MESSAGES[String(issue.path?.[0]) as FieldName],
});

/** The whole-number fields, empty for "not given". */
const WHOLE_NUMBER_FIELDS = [
  { name: 'bedrooms', label: 'Bedrooms', max: 20, hint: '0 for a studio' },
  { name: 'bathrooms', label: 'Bathrooms', max: 20, hint: undefined },
  { name: 'area', label: 'Area (m²)', max: 10_000, hint: undefined },
] as const;

const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const textOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : String(v));

/** The server's field errors ("contentData.postcode") beside the fields they are about; true when any was placed. */
function placeServerErrors(
  error: unknown,
  setError: (name: FieldName, message: string, focus: boolean) => void,
) {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const name = key.replace(/^contentData\./, '').split('.')[0] as FieldName;
    if (!key.startsWith('contentData.') || !FIELD_NAMES.includes(name) || !messages[0]) continue;
    setError(name, messages[0], !placed);
    placed = true;
  }
  return placed;
}

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
  const form = useForm<PropertyFormValues, unknown, TPropertyListingContent>({
    resolver,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const submission = useSubmitListing(landlordId);
  const [uploading, setUploading] = useState(false);
  const editing = !!targetId;

  const submit = form.handleSubmit((contentData) =>
    submission.mutate(
      { contentData, targetId },
      {
        onSuccess: (created) => {
          toast({ title: 'Submission Received', description: created.message || LISTING_SUBMITTED_MESSAGE });
          onSubmitted();
        },
        onError: (error) => {
          placeServerErrors(error, (name, message, focus) =>
            form.setError(
              name as Path<PropertyFormValues>,
              { type: 'server', message },
              { shouldFocus: focus },
            ),
          );
          toast({
            title: 'Submission Failed',
            description: errorMessage(error, 'Failed to submit property for review'),
            variant: 'destructive',
          });
        },
      },
    ),
  );

  const postcode = form.register('postcode');
  // Uppercased as typed (doc 1 §5), keeping the caret where it was.
  const onPostcodeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const { selectionStart, selectionEnd } = input;
    input.value = input.value.toUpperCase();
    input.setSelectionRange(selectionStart, selectionEnd);
    return postcode.onChange(event);
  };

  const rent = form.watch('monthlyRent');
  const deposit = form.watch('deposit');
  const holdingDeposit = form.watch('holdingDeposit');
  const rentPence =
    typeof rent === 'number' && Number.isFinite(rent) && rent > 0 ? Math.round(rent * 100) : null;
  const capPence = rentPence === null ? null : maxDepositPence(rentPence);
  const depositHint =
    capPence === null
      ? "Optional. Capped by law at five weeks' rent; enter the rent to see the cap."
      : typeof deposit === 'number' && Math.round(deposit * 100) > capPence
        ? `Above the legal maximum of ${formatPence(capPence)}.`
        : `Legal maximum: ${formatPence(capPence)} (five weeks' rent). Leave blank to take the maximum.`;
  const holdingCapPence = rentPence === null ? null : maxHoldingDepositPence(rentPence);
  const holdingDepositHint =
    holdingCapPence === null
      ? "Optional. At most one week's rent; enter the rent to see the cap."
      : typeof holdingDeposit === 'number' && Math.round(holdingDeposit * 100) > holdingCapPence
        ? `Above the legal maximum of ${formatPence(holdingCapPence)}.`
        : `Optional, to reserve the home. Legal maximum: ${formatPence(holdingCapPence)} (one week's rent).`;

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-6"
      aria-label={editing ? 'Edit property' : 'Add property'}
    >
      <Field label="Title" error={errors.title?.message}>
        {(field) => (
          <Input
            {...field}
            maxLength={120}
            placeholder="e.g. Bright two-bed flat near the park"
            {...form.register('title')}
          />
        )}
      </Field>

      <Field label="Description" error={errors.description?.message} hint="Optional, up to 5,000 characters.">
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

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
        <Field label="Monthly rent (£)" error={errors.monthlyRent?.message}>
          {(field) => (
            <PoundsInput
              {...field}
              {...form.register('monthlyRent', {
                setValueAs: (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
              })}
            />
          )}
        </Field>
        <Field label="Deposit (£)" error={errors.deposit?.message} hint={depositHint}>
          {(field) => <PoundsInput {...field} {...form.register('deposit', { setValueAs: numberOrNull })} />}
        </Field>
        <Field label="Holding deposit (£)" error={errors.holdingDeposit?.message} hint={holdingDepositHint}>
          {(field) => (
            <PoundsInput {...field} {...form.register('holdingDeposit', { setValueAs: numberOrNull })} />
          )}
        </Field>
      </div>

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

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Available from" error={errors.availableFrom?.message} hint="Blank means immediately.">
          {(field) => (
            <Input {...field} type="date" {...form.register('availableFrom', { setValueAs: textOrNull })} />
          )}
        </Field>
        <Field label="Furnishing" error={errors.furnished?.message}>
          {(field) => (
            <Select {...field} {...form.register('furnished', { setValueAs: textOrNull })}>
              <option value="">Not stated</option>
              {FURNISHED_STATES.map((state) => (
                <option key={state} value={state}>
                  {furnishedLabel(state)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="EPC rating" error={errors.epcRating?.message}>
          {(field) => (
            <Select {...field} {...form.register('epcRating', { setValueAs: textOrNull })}>
              <option value="">Not stated</option>
              {EPC_RATINGS.map((rating) => (
                <option key={rating} value={rating}>
                  {rating}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Council tax band" error={errors.councilTaxBand?.message}>
          {(field) => (
            <Select {...field} {...form.register('councilTaxBand', { setValueAs: textOrNull })}>
              <option value="">Not stated</option>
              {COUNCIL_TAX_BANDS.map((band) => (
                <option key={band} value={band}>
                  Band {band}
                </option>
              ))}
            </Select>
          )}
        </Field>
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

      <Controller
        control={form.control}
        name="amenities"
        render={({ field }) => (
          <TagInput
            label="Amenities"
            values={field.value ?? []}
            onChange={field.onChange}
            max={MAX_AMENITIES}
            maxLength={MAX_AMENITY_LENGTH}
            placeholder="e.g. Parking"
            error={errors.amenities?.message ?? errors.amenities?.[0]?.message}
          />
        )}
      />

      <Controller
        control={form.control}
        name="images"
        render={({ field }) => (
          <PhotoUploader
            value={field.value ?? []}
            onChange={field.onChange}
            onBusyChange={setUploading}
            error={errors.images?.message ?? errors.images?.[0]?.message}
          />
        )}
      />

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-sm text-slate-600 sm:mr-auto">
          {editing
            ? 'Your live listing stays as it is until our team approves the changes.'
            : 'Our team checks every listing before it goes live.'}
        </p>
        <Button variant="outline" onClick={onCancel} disabled={submission.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={submission.isPending} disabled={uploading}>
          {editing ? 'Submit Changes for Review' : 'Submit for Review'}
        </Button>
      </div>
    </form>
  );
}

/** A pounds-and-pence input with a £ sign in front. */
function PoundsInput(props: React.ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <PoundSterling
        className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input {...props} type="number" min={0} step={0.01} inputMode="decimal" className="pl-8" />
    </div>
  );
}
