// Super Admin → Live Content (doc 2 §3 live content, §4 expiry, §5 limits): publish a property or a contractor for
// 1 to 168 hours (default 24) with images under 5 MB, and see and delete what is live. The form's rules are the
// server's own schemas (ZLivePropertyRequest, ZLiveContractorRequest) through react-hook-form; the server's field
// errors land beside the same fields, and on any error every field keeps what was typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ADMIN_MESSAGES,
  LIVE_HOURS,
  LIVE_IMAGES_MAX,
  type TCreateLiveContentReply,
  ZLiveContractorRequest,
  ZLivePropertyRequest,
} from '../../../../domain/admin';
import { PROPERTY_TYPE_LABELS, PROPERTY_TYPES, SPECIALTIES } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { IconTooltip } from '../../../components/ui/icon-tooltip';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { applyFieldErrors } from '../../accounts/form-errors';
import { formatDateTime } from '../api';
import { ImageChoiceError, imageFileToDataUrl } from './image-data';
import { LIVE_KEY, LiveLists } from './live-lists';

type PropertyValues = z.input<typeof ZLivePropertyRequest>;
type PropertyOutput = z.output<typeof ZLivePropertyRequest>;
type ContractorValues = z.input<typeof ZLiveContractorRequest>;
type ContractorOutput = z.output<typeof ZLiveContractorRequest>;
type Kind = 'property' | 'contractor';
interface Picked {
  name: string;
  dataUrl: string;
}

const PROPERTY_DEFAULTS: PropertyValues = {
  contentType: 'property',
  publishDuration: LIVE_HOURS.default,
  contentData: {
    title: '',
    description: '',
    propertyType: 'apartment',
    bedrooms: 2,
    monthlyRent: 1200,
    address: '',
    postcode: '',
  },
};
const CONTRACTOR_DEFAULTS: ContractorValues = {
  contentType: 'contractor',
  publishDuration: LIVE_HOURS.default,
  contentData: { businessName: '', specialty: SPECIALTIES[0], description: '', website: '' },
};

/** Words for the checks the schemas leave to zod's defaults (an emptied number field); their own messages win. */
const MESSAGES: Record<string, string> = {
  'contentData.bedrooms': 'Bedrooms must be a whole number from 0 to 20',
  'contentData.monthlyRent': 'Monthly rent must be between £1 and £100,000',
};
const errorMap = { error: (issue: { path?: PropertyKey[] }) => MESSAGES[(issue.path ?? []).join('.')] };
const propertyResolver = zodResolver(ZLivePropertyRequest, errorMap);
const contractorResolver = zodResolver(ZLiveContractorRequest, errorMap);

const PROPERTY_FIELDS: Array<Path<PropertyValues>> = [
  'contentData.title',
  'contentData.description',
  'contentData.propertyType',
  'contentData.bedrooms',
  'contentData.monthlyRent',
  'contentData.postcode',
  'contentData.address',
  'publishDuration',
];
const CONTRACTOR_FIELDS: Array<Path<ContractorValues>> = [
  'contentData.businessName',
  'contentData.specialty',
  'contentData.website',
  'contentData.description',
  'publishDuration',
];

/** Publishes one request; on success the form is cleared and the lists refresh, on failure nothing is lost. */
function usePublish<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  fields: Array<Path<T>>,
  onPublished: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      apiRequest<TCreateLiveContentReply>('POST', '/api/admin/create-live-content', body),
    onSuccess: (reply) => {
      toast({
        title: 'Published',
        description: `${reply.message} Live until ${formatDateTime(reply.liveUntil)}.`,
      });
      form.reset();
      onPublished();
      void queryClient.invalidateQueries({ queryKey: LIVE_KEY });
    },
    onError: (error) => {
      if (applyFieldErrors(error, form.setError, fields)) return;
      const message = errorMessage(error, 'Could not publish. Please try again.');
      toast({
        title: message === ADMIN_MESSAGES.fileTooLarge ? message : 'Error',
        description: message,
        variant: 'destructive',
      });
    },
  });
}

function HoursField<T extends FieldValues, O>({ form }: { form: UseFormReturn<T, unknown, O> }) {
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

function PropertyFields({ form }: { form: UseFormReturn<PropertyValues, unknown, PropertyOutput> }) {
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

function ContractorFields({ form }: { form: UseFormReturn<ContractorValues, unknown, ContractorOutput> }) {
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

/** Images for either kind: read in the browser, scaled down when large, each removable before publishing. */
function ImagePicker({
  images,
  onChange,
  reading,
  setReading,
}: {
  images: Picked[];
  onChange: (images: Picked[]) => void;
  reading: boolean;
  setReading: (reading: boolean) => void;
}) {
  const addFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setReading(true);
    try {
      const added: Picked[] = [];
      for (const file of Array.from(files)) {
        if (images.length + added.length >= LIVE_IMAGES_MAX) {
          toast({
            title: 'Too many images',
            description: `At most ${LIVE_IMAGES_MAX} images.`,
            variant: 'destructive',
          });
          break;
        }
        try {
          added.push({ name: file.name, dataUrl: await imageFileToDataUrl(file) });
        } catch (error) {
          if (error instanceof ImageChoiceError)
            toast({ title: error.title, description: error.message, variant: 'destructive' });
          else throw error;
        }
      }
      onChange([...images, ...added]);
    } finally {
      setReading(false);
    }
  };
  return (
    <div>
      <label
        htmlFor="live-images"
        className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-primary-600"
      >
        <ImagePlus className="h-4 w-4" aria-hidden />
        {reading ? 'Reading images…' : 'Add images'}
        <input
          id="live-images"
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          onChange={(e) => {
            void addFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      <p className="mt-1 text-xs text-slate-600">
        Up to {LIVE_IMAGES_MAX} images, each under 5 MB. Large pictures are scaled down first.
      </p>
      {images.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {images.map((image, i) => (
            <li key={`${image.name}-${i}`} className="relative">
              <img
                src={image.dataUrl}
                alt={`Upload ${i + 1}: ${image.name}`}
                className="h-20 w-28 rounded object-cover"
              />
              <IconTooltip label="Remove photo">
                <button
                  type="button"
                  aria-label={`Remove ${image.name}`}
                  className="absolute -right-2 -top-2 rounded-full bg-slate-900 p-1 text-white"
                  onClick={() => onChange(images.filter((_, j) => j !== i))}
                >
                  <X className="h-3 w-3" aria-hidden />
                </button>
              </IconTooltip>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function LiveContentTab() {
  const [kind, setKind] = useState<Kind>('property');
  const [images, setImages] = useState<Picked[]>([]);
  const [reading, setReading] = useState(false);
  // Both forms live here, so switching kind and back keeps what was typed in each.
  const propertyForm = useForm<PropertyValues, unknown, PropertyOutput>({
    resolver: propertyResolver,
    defaultValues: PROPERTY_DEFAULTS,
    mode: 'onTouched',
  });
  const contractorForm = useForm<ContractorValues, unknown, ContractorOutput>({
    resolver: contractorResolver,
    defaultValues: CONTRACTOR_DEFAULTS,
    mode: 'onTouched',
  });
  const clearImages = () => setImages([]);
  const publishProperty = usePublish(propertyForm, PROPERTY_FIELDS, clearImages);
  const publishContractor = usePublish(contractorForm, CONTRACTOR_FIELDS, clearImages);
  const imageData = images.map((i) => i.dataUrl);
  const submit =
    kind === 'property'
      ? propertyForm.handleSubmit((values) =>
          publishProperty.mutate({ ...values, contentData: { ...values.contentData, images: imageData } }),
        )
      : contractorForm.handleSubmit((values) =>
          publishContractor.mutate({ ...values, contentData: { ...values.contentData, images: imageData } }),
        );

  return (
    <div className="space-y-8">
      <form onSubmit={submit} noValidate className="max-w-2xl space-y-4" aria-label="Publish live content">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">What to publish</legend>
          <div className="flex gap-6 text-sm">
            {(['property', 'contractor'] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input type="radio" name="live-kind" checked={kind === k} onChange={() => setKind(k)} />
                {k === 'property' ? 'Property' : 'Contractor'}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'property' ? (
          <PropertyFields form={propertyForm} />
        ) : (
          <ContractorFields form={contractorForm} />
        )}
        <ImagePicker images={images} onChange={setImages} reading={reading} setReading={setReading} />
        {kind === 'property' ? (
          <HoursField key="property-hours" form={propertyForm} />
        ) : (
          <HoursField key="contractor-hours" form={contractorForm} />
        )}
        <Button
          type="submit"
          busy={kind === 'property' ? publishProperty.isPending : publishContractor.isPending}
          disabled={reading}
        >
          Publish now
        </Button>
      </form>
      <LiveLists />
    </div>
  );
}
