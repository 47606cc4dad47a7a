// The renter profile form (issue 31 item 1): every field with its label, hint and, beside it, who sees it and when
// (the words of src/domain/renter-profile.ts). The server checks everything; its words come back beside the field.
import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { type Path, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { londonToday } from '../../../../domain/dates';
import {
  formatShareCode,
  INTRODUCTION_MAX,
  PET_LABELS,
  RENTER_PROFILE_FIELD_TEXT,
  type TRenterProfileField,
  type TRenterProfileView,
} from '../../../../domain/renter-profile';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../accounts/form-errors';
import { useSaveRenterProfile } from '../api';

/** What the inputs hold: text as typed; the body is made from it on submit. */
export interface RenterProfileFormValues {
  introduction: string;
  householdSize: string;
  pets: '' | 'none' | 'has_pets';
  petDetails: string;
  moveInFrom: string;
  monthlyIncome: string;
  guarantorAvailable: '' | 'yes' | 'no';
  rightToRentShareCode: string;
  previousLandlord: { name: string; email: string };
}

const SERVER_FIELDS: ReadonlyArray<Path<RenterProfileFormValues>> = [
  'introduction',
  'householdSize',
  'pets',
  'petDetails',
  'moveInFrom',
  'monthlyIncome',
  'guarantorAvailable',
  'rightToRentShareCode',
  'previousLandlord.name',
  'previousLandlord.email',
];

function valuesOf(profile: TRenterProfileView | null): RenterProfileFormValues {
  return {
    introduction: profile?.introduction ?? '',
    householdSize: profile?.householdSize?.toString() ?? '',
    pets: profile?.pets ?? '',
    petDetails: profile?.petDetails ?? '',
    moveInFrom: profile?.moveInFrom ?? '',
    monthlyIncome: profile?.monthlyIncome?.toString() ?? '',
    guarantorAvailable: profile?.guarantorAvailable == null ? '' : profile.guarantorAvailable ? 'yes' : 'no',
    rightToRentShareCode: profile?.rightToRentShareCode ? formatShareCode(profile.rightToRentShareCode) : '',
    previousLandlord: profile?.previousLandlord ?? { name: '', email: '' },
  };
}

/** A number as typed ("£2,450"), or the text itself so the server names the field when it is not one. */
function numberOrText(text: string, money = false): number | string | null {
  const clean = (money ? text.replace(/[£,\s]/g, '') : text).trim();
  if (!clean) return null;
  const value = Number(clean);
  return Number.isFinite(value) ? value : text;
}

function bodyOf(values: RenterProfileFormValues): Record<string, unknown> {
  return {
    introduction: values.introduction,
    householdSize: numberOrText(values.householdSize),
    pets: values.pets || null,
    petDetails: values.pets === 'has_pets' ? values.petDetails : null,
    moveInFrom: values.moveInFrom || null,
    monthlyIncome: numberOrText(values.monthlyIncome, true),
    guarantorAvailable: values.guarantorAvailable === '' ? null : values.guarantorAvailable === 'yes',
    rightToRentShareCode: values.rightToRentShareCode,
    previousLandlord: values.previousLandlord,
  };
}

const savedAt = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** One field of the profile and, beside it (below on a phone), who sees it and when. */
function ProfileRow({ field, children }: { field: TRenterProfileField; children: ReactNode }) {
  const id = useId();
  return (
    <div className="grid grid-cols-1 gap-3 border-t border-slate-200 pt-5 first:border-t-0 first:pt-0 md:grid-cols-[minmax(0,1fr)_15rem] md:gap-6">
      <div className="min-w-0">{children}</div>
      <aside
        aria-labelledby={`${id}-who`}
        className="rounded-md bg-slate-50 p-3 text-xs text-slate-700 md:self-start"
      >
        <p id={`${id}-who`} className="flex items-center gap-1.5 font-semibold text-slate-900">
          <Eye className="h-3.5 w-3.5" aria-hidden /> Who sees this
        </p>
        <p className="mt-1">{RENTER_PROFILE_FIELD_TEXT[field].whoSees}</p>
      </aside>
    </div>
  );
}

type FieldChildren = Parameters<typeof Field>[0]['children'];

/** A profile field that is one input: its label and hint are the domain's words for it. */
function FieldRow({
  field,
  error,
  hint,
  children,
}: {
  field: TRenterProfileField;
  error?: string;
  hint?: string;
  children: FieldChildren;
}) {
  const text = RENTER_PROFILE_FIELD_TEXT[field];
  return (
    <ProfileRow field={field}>
      <Field label={text.label} hint={hint ?? text.hint} error={error}>
        {children}
      </Field>
    </ProfileRow>
  );
}

/** Radio buttons under one legend, with the hint and the error wired to the group. */
function Choice({
  field,
  error,
  options,
  register,
}: {
  field: TRenterProfileField;
  error?: string;
  options: Array<{ value: string; label: string }>;
  register: UseFormRegisterReturn;
}) {
  const id = useId();
  const { label: legend, hint } = RENTER_PROFILE_FIELD_TEXT[field];
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              value={option.value}
              aria-invalid={error ? true : undefined}
              className="h-4 w-4 accent-primary-700"
              {...register}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

export function RenterProfileForm({ profile }: { profile: TRenterProfileView | null }) {
  const form = useForm<RenterProfileFormValues>({ defaultValues: valuesOf(profile) });
  const save = useSaveRenterProfile();
  const { errors, isDirty } = form.formState;
  const pets = form.watch('pets');
  const introduction = form.watch('introduction') ?? '';
  const landlordText = RENTER_PROFILE_FIELD_TEXT.previousLandlord;

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => form.reset(valuesOf(saved.profile)),
      onError: (error) => applyFieldErrors(error, form.setError, SERVER_FIELDS),
    });
  });
  const failed = save.isError && !Object.keys(errors).length;
  const lastSaved = save.data?.profile?.updatedAt ?? profile?.updatedAt ?? null;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-describedby="renter-profile-status">
      {Object.keys(errors).length > 0 && (
        <Alert tone="error" title="Your profile was not saved">
          Please check the fields marked below.
        </Alert>
      )}
      {failed && (
        <Alert tone="error" title="Your profile was not saved">
          {errorMessage(save.error, 'Please try again.')}
        </Alert>
      )}

      <FieldRow
        field="introduction"
        hint={`${RENTER_PROFILE_FIELD_TEXT.introduction.hint} ${introduction.length.toLocaleString('en-GB')} of ${INTRODUCTION_MAX.toLocaleString('en-GB')} used.`}
        error={errors.introduction?.message}
      >
        {(field) => (
          <Textarea {...field} rows={5} maxLength={INTRODUCTION_MAX} {...form.register('introduction')} />
        )}
      </FieldRow>

      <FieldRow field="householdSize" error={errors.householdSize?.message}>
        {(field) => (
          <Input
            {...field}
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            step={1}
            className="max-w-32"
            {...form.register('householdSize')}
          />
        )}
      </FieldRow>

      <ProfileRow field="pets">
        <Choice
          field="pets"
          error={errors.pets?.message}
          options={[
            { value: 'none', label: PET_LABELS.none },
            { value: 'has_pets', label: PET_LABELS.has_pets },
          ]}
          register={form.register('pets')}
        />
        {pets === 'has_pets' && (
          <Field
            label="What pets?"
            hint='For example "one indoor cat" or "a small dog, house-trained".'
            error={errors.petDetails?.message}
            className="mt-4"
          >
            {(field) => <Input {...field} maxLength={300} {...form.register('petDetails')} />}
          </Field>
        )}
      </ProfileRow>

      <FieldRow field="moveInFrom" error={errors.moveInFrom?.message}>
        {(field) => (
          <Input
            {...field}
            type="date"
            min={londonToday()}
            className="max-w-48"
            {...form.register('moveInFrom')}
          />
        )}
      </FieldRow>

      <FieldRow field="monthlyIncome" error={errors.monthlyIncome?.message}>
        {(field) => (
          <div className="relative max-w-48">
            <span
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600"
              aria-hidden
            >
              £
            </span>
            <Input {...field} inputMode="decimal" className="pl-7" {...form.register('monthlyIncome')} />
          </div>
        )}
      </FieldRow>

      <ProfileRow field="guarantorAvailable">
        <Choice
          field="guarantorAvailable"
          error={errors.guarantorAvailable?.message}
          options={[
            { value: 'yes', label: 'Yes, I have a guarantor' },
            { value: 'no', label: 'No' },
            { value: '', label: 'Rather not say' },
          ]}
          register={form.register('guarantorAvailable')}
        />
      </ProfileRow>

      <FieldRow field="rightToRentShareCode" error={errors.rightToRentShareCode?.message}>
        {(field) => (
          <Input
            {...field}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder="R12 3AB C45"
            className="max-w-48 font-mono uppercase"
            {...form.register('rightToRentShareCode')}
          />
        )}
      </FieldRow>

      <ProfileRow field="previousLandlord">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">{landlordText.label}</legend>
          <p className="mb-3 text-xs text-slate-600">{landlordText.hint}</p>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Their name" error={errors.previousLandlord?.name?.message}>
              {(field) => <Input {...field} autoComplete="off" {...form.register('previousLandlord.name')} />}
            </Field>
            <Field label="Their email" error={errors.previousLandlord?.email?.message}>
              {(field) => (
                <Input
                  {...field}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  {...form.register('previousLandlord.email')}
                />
              )}
            </Field>
          </div>
        </fieldset>
      </ProfileRow>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p id="renter-profile-status" role="status" className="text-sm text-slate-700">
          {isDirty
            ? 'You have changes that are not saved yet.'
            : lastSaved
              ? `Saved. Last saved ${savedAt.format(new Date(lastSaved))}.`
              : 'Not saved yet.'}
        </p>
        <Button type="submit" busy={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
