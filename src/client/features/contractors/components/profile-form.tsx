// The business profile form (doc 1 §3 "Contractor own profile"; Edit Profile / Create Profile): business name,
// specialty, services, service areas, description, contact details, emergency call-outs and portfolio photos. The
// rules and messages are the server's (ZContractorProfileContent); what is sent waits for admin review.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { SPECIALTIES } from '../../../../domain/constants';
import {
  type TContractorProfileContent,
  type TContractorProfileForm,
  ZContractorProfileContent,
} from '../../../../domain/contractors';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { TagInput } from '../../../components/ui/tag-input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { applyFieldErrors } from '../../accounts/form-errors';
import { useSaveProfile } from '../api';
import { PortfolioPhotos } from './portfolio-photos';
import { ServiceAreasField } from './service-areas-field';

const FIELDS = [
  'businessName',
  'specialty',
  'services',
  'serviceAreas',
  'description',
  'phone',
  'email',
  'website',
  'experienceYears',
  'images',
] as const;

export function emptyProfile(email: string): TContractorProfileForm {
  return {
    businessName: '',
    specialty: '' as TContractorProfileForm['specialty'],
    services: [],
    serviceAreas: [],
    description: '',
    phone: '',
    email,
    website: '',
    emergencyCallouts: false,
    experienceYears: null,
    images: [],
  };
}

/** What the server stored, in the form's shape (nulls as empty fields). */
export function formValuesOf(content: TContractorProfileContent): TContractorProfileForm {
  return {
    ...content,
    description: content.description ?? '',
    phone: content.phone ?? '',
    email: content.email ?? '',
    website: content.website ?? '',
  };
}

export function ProfileForm({
  initial,
  exists,
  canUpload,
}: {
  initial: TContractorProfileForm;
  exists: boolean;
  canUpload: boolean;
}) {
  const form = useForm<TContractorProfileForm, unknown, TContractorProfileContent>({
    resolver: zodResolver(ZContractorProfileContent),
    defaultValues: initial,
  });
  const save = useSaveProfile(exists);
  const { errors } = form.formState;
  const areaError = errors.serviceAreas?.message ?? errors.serviceAreas?.[0]?.message;

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (submitted) => {
        toast({ title: 'Profile Submitted', description: submitted.message });
        form.reset(formValuesOf(values));
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, FIELDS);
        toast({
          title: 'Submission Failed',
          description: errorMessage(error, 'Failed to submit your profile for review'),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field label="Business name" error={errors.businessName?.message}>
          {(field) => <Input {...field} autoComplete="organization" {...form.register('businessName')} />}
        </Field>
        <Field label="Specialty" error={errors.specialty?.message}>
          {(field) => (
            <Select {...field} {...form.register('specialty')}>
              <option value="">Choose your trade</option>
              {SPECIALTIES.map((specialty) => (
                <option key={specialty} value={specialty}>
                  {specialty}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <Controller
        control={form.control}
        name="services"
        render={({ field }) => (
          <TagInput
            label="Services"
            values={field.value ?? []}
            onChange={field.onChange}
            placeholder="e.g. Boiler servicing"
            error={errors.services?.message ?? errors.services?.[0]?.message}
          />
        )}
      />

      <Controller
        control={form.control}
        name="serviceAreas"
        render={({ field }) => (
          <ServiceAreasField values={field.value ?? []} onChange={field.onChange} error={areaError} />
        )}
      />

      <Field label="About your business" error={errors.description?.message} hint="Up to 2,000 characters.">
        {(field) => (
          <Textarea
            {...field}
            rows={5}
            maxLength={2000}
            placeholder="What you do, where, and what customers can expect."
            {...form.register('description')}
          />
        )}
      </Field>

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
        <Field label="Phone" error={errors.phone?.message}>
          {(field) => <Input {...field} type="tel" autoComplete="tel" {...form.register('phone')} />}
        </Field>
        <Field label="Email" error={errors.email?.message} hint="Quote requests are sent here.">
          {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label="Website" error={errors.website?.message} hint="Optional">
          {(field) => (
            <Input
              {...field}
              type="url"
              inputMode="url"
              placeholder="https://"
              {...form.register('website')}
            />
          )}
        </Field>
      </div>

      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field
          label="Years of experience"
          error={errors.experienceYears?.message}
          hint="Optional; shown as stated by you. Your response time is measured from your replies to quote requests."
        >
          {(field) => (
            <Input
              {...field}
              type="number"
              min={0}
              max={70}
              inputMode="numeric"
              {...form.register('experienceYears', {
                setValueAs: (v) => (v === '' || v === null || v === undefined ? null : Number(v)),
              })}
            />
          )}
        </Field>
      </div>

      <Controller
        control={form.control}
        name="emergencyCallouts"
        render={({ field }) => (
          <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-4">
            <div>
              <p id="emergency-label" className="text-sm font-medium text-slate-800">
                Emergency call-outs
              </p>
              <p id="emergency-hint" className="text-sm text-slate-600">
                You take urgent jobs out of hours. You appear under Emergency Services.
              </p>
            </div>
            <Switch
              checked={!!field.value}
              onCheckedChange={field.onChange}
              aria-labelledby="emergency-label"
              aria-describedby="emergency-hint"
            />
          </div>
        )}
      />

      <Controller
        control={form.control}
        name="images"
        render={({ field }) => (
          <PortfolioPhotos urls={field.value ?? []} onChange={field.onChange} canUpload={canUpload} />
        )}
      />
      {errors.images?.message && (
        <p className="text-sm text-red-700" role="alert">
          {errors.images.message}
        </p>
      )}

      <div className="flex flex-col items-stretch gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-sm text-slate-600 sm:mr-auto">
          Changes are checked by our team before they appear on your public profile.
        </p>
        <Button type="submit" busy={save.isPending}>
          {exists ? 'Submit Changes for Review' : 'Submit Profile for Review'}
        </Button>
      </div>
    </form>
  );
}
