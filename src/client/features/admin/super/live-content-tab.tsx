// Super Admin → Live Content (doc 2 §3 live content, §4 expiry, §5 limits, §9 "live content lists show 3"):
// publish a property or a contractor for 1 to 168 hours (default 24) with images under 5 MB, and delete any.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Trash2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  ADMIN_MESSAGES,
  LIVE_CONTENT_SHOWN,
  LIVE_HOURS,
  LIVE_IMAGES_MAX,
  type TCreateLiveContentReply,
  type TLiveContent,
} from '../../../../domain/admin';
import { PROPERTY_TYPES, SPECIALTIES } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { adminGet, formatDateTime } from '../api';
import { ImageChoiceError, imageFileToDataUrl } from './image-data';

const LIVE_KEY = ['/api/admin/live-content'] as const;
type Kind = 'property' | 'contractor';

const EMPTY_PROPERTY = {
  title: '',
  description: '',
  propertyType: 'apartment',
  bedrooms: '2',
  monthlyRent: '1200',
  address: '',
  postcode: '',
};
const EMPTY_CONTRACTOR = {
  businessName: '',
  specialty: SPECIALTIES[0] as string,
  description: '',
  website: '',
};

function LiveLists() {
  const queryClient = useQueryClient();
  const live = useQuery({
    queryKey: LIVE_KEY,
    queryFn: () => adminGet<TLiveContent>('/api/admin/live-content'),
  });
  const [target, setTarget] = useState<{ kind: Kind; id: string; name: string } | null>(null);
  const remove = useMutation({
    mutationFn: (t: { kind: Kind; id: string }) => apiRequest('DELETE', `/api/admin/${t.kind}/${t.id}`),
    onSuccess: () => {
      toast({ title: 'Deleted', description: 'It is no longer on the site.' });
      setTarget(null);
      void queryClient.invalidateQueries({ queryKey: LIVE_KEY });
    },
    onError: (error) =>
      toast({
        title: 'Delete Error',
        description: errorMessage(error, 'Could not delete it.'),
        variant: 'destructive',
      }),
  });

  if (live.isLoading) return <Skeleton className="h-40" />;
  if (live.isError || !live.data)
    return (
      <Alert tone="error" title="Could not load the live content">
        <Button variant="outline" size="sm" className="mt-2" onClick={() => live.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const { properties, contractors, users } = live.data;
  const row = (
    kind: Kind,
    id: string,
    name: string,
    detail: string,
    until: string,
    imageUrl: string | null,
  ) => (
    <li key={id} className="flex items-center gap-3 py-2">
      {imageUrl ? (
        <img src={imageUrl} alt="" className="h-10 w-14 shrink-0 rounded object-cover" />
      ) : (
        <span className="h-10 w-14 shrink-0 rounded bg-slate-100" aria-hidden />
      )}
      <span className="min-w-0 flex-1 text-sm">
        <span className="block truncate font-medium text-slate-900">{name}</span>
        <span className="block truncate text-slate-600">
          {detail} · live until {formatDateTime(until)}
        </span>
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Delete ${name}`}
        onClick={() => setTarget({ kind, id, name })}
      >
        <Trash2 className="h-4 w-4 text-red-700" aria-hidden />
      </Button>
    </li>
  );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <section aria-labelledby="live-properties">
        <h3 id="live-properties" className="font-semibold text-slate-900">
          Live properties ({properties.length})
        </h3>
        {properties.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">None live.</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100">
            {properties
              .slice(0, LIVE_CONTENT_SHOWN)
              .map((p) =>
                row(
                  'property',
                  p.id,
                  p.title,
                  `${p.postcode}, £${p.monthlyRent} pcm`,
                  p.liveUntil,
                  p.imageUrl,
                ),
              )}
          </ul>
        )}
      </section>
      <section aria-labelledby="live-contractors">
        <h3 id="live-contractors" className="font-semibold text-slate-900">
          Live contractors ({contractors.length})
        </h3>
        {contractors.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">None live.</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100">
            {contractors
              .slice(0, LIVE_CONTENT_SHOWN)
              .map((c) => row('contractor', c.id, c.businessName, c.specialty, c.liveUntil, c.imageUrl))}
          </ul>
        )}
      </section>
      <section aria-labelledby="recent-users">
        <h3 id="recent-users" className="font-semibold text-slate-900">
          Newest users
        </h3>
        <ul className="mt-1 divide-y divide-slate-100 text-sm">
          {users.slice(0, LIVE_CONTENT_SHOWN).map((u) => (
            <li key={u.id} className="py-2">
              <span className="block truncate font-medium text-slate-900">
                {u.firstName} {u.lastName}
              </span>
              <span className="block truncate text-slate-600">
                {u.email} · {u.userType ?? 'staff'}
                {u.isPremium ? ' · premium' : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={`Delete this ${target?.kind ?? 'item'}?`}
        description={
          target ? `"${target.name}" will be removed from the site now. This cannot be undone.` : ''
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => target && remove.mutate(target)}
      />
    </div>
  );
}

export function LiveContentTab() {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>('property');
  const [property, setProperty] = useState(EMPTY_PROPERTY);
  const [contractor, setContractor] = useState(EMPTY_CONTRACTOR);
  const [hours, setHours] = useState(String(LIVE_HOURS.default));
  const [images, setImages] = useState<Array<{ name: string; dataUrl: string }>>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reading, setReading] = useState(false);

  const publish = useMutation({
    mutationFn: (body: unknown) =>
      apiRequest<TCreateLiveContentReply>('POST', '/api/admin/create-live-content', body),
    onSuccess: (reply) => {
      toast({
        title: 'Published',
        description: `${reply.message} Live until ${formatDateTime(reply.liveUntil)}.`,
      });
      setProperty(EMPTY_PROPERTY);
      setContractor(EMPTY_CONTRACTOR);
      setImages([]);
      void queryClient.invalidateQueries({ queryKey: LIVE_KEY });
    },
    onError: (error) => {
      const message = errorMessage(error, 'Could not publish. Please try again.');
      toast({
        title: message === ADMIN_MESSAGES.fileTooLarge ? message : 'Error',
        description: message,
        variant: 'destructive',
      });
    },
  });

  const addFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setReading(true);
    try {
      const added: Array<{ name: string; dataUrl: string }> = [];
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
      setImages((current) => [...current, ...added]);
    } finally {
      setReading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const duration = Number(hours);
    if (!Number.isInteger(duration) || duration < LIVE_HOURS.min || duration > LIVE_HOURS.max)
      found.hours = ADMIN_MESSAGES.hours;
    if (kind === 'property') {
      if (!property.title.trim()) found.title = 'Title is required';
      if (!property.address.trim()) found.address = 'Address is required';
      if (!property.postcode.trim()) found.postcode = 'Postcode is required';
      const rent = Number(property.monthlyRent);
      if (!(rent >= 1)) found.monthlyRent = 'Monthly rent is required';
    } else if (!contractor.businessName.trim()) found.businessName = 'Business name is required';
    setErrors(found);
    if (Object.keys(found).length) return;
    const imageData = images.map((i) => i.dataUrl);
    publish.mutate(
      kind === 'property'
        ? {
            contentType: 'property',
            publishDuration: duration,
            contentData: {
              title: property.title.trim(),
              description: property.description.trim(),
              propertyType: property.propertyType,
              bedrooms: Number(property.bedrooms),
              monthlyRent: Number(property.monthlyRent),
              address: property.address.trim(),
              postcode: property.postcode.trim(),
              images: imageData,
            },
          }
        : {
            contentType: 'contractor',
            publishDuration: duration,
            contentData: {
              businessName: contractor.businessName.trim(),
              specialty: contractor.specialty,
              description: contractor.description.trim(),
              website: contractor.website.trim() || null,
              images: imageData,
            },
          },
    );
  };

  return (
    <div className="space-y-8">
      <form onSubmit={submit} noValidate className="max-w-2xl space-y-4">
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
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Title" error={errors.title} className="sm:col-span-2">
              {(f) => (
                <Input
                  {...f}
                  value={property.title}
                  maxLength={120}
                  onChange={(e) => setProperty({ ...property, title: e.target.value })}
                />
              )}
            </Field>
            <Field label="Description" className="sm:col-span-2">
              {(f) => (
                <Textarea
                  {...f}
                  rows={3}
                  value={property.description}
                  maxLength={5000}
                  onChange={(e) => setProperty({ ...property, description: e.target.value })}
                />
              )}
            </Field>
            <Field label="Property type">
              {(f) => (
                <Select
                  {...f}
                  value={property.propertyType}
                  onChange={(e) => setProperty({ ...property, propertyType: e.target.value })}
                >
                  {PROPERTY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type[0].toUpperCase() + type.slice(1)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Bedrooms">
              {(f) => (
                <Input
                  {...f}
                  type="number"
                  min={0}
                  max={20}
                  value={property.bedrooms}
                  onChange={(e) => setProperty({ ...property, bedrooms: e.target.value })}
                />
              )}
            </Field>
            <Field label="Monthly rent (£)" error={errors.monthlyRent}>
              {(f) => (
                <Input
                  {...f}
                  type="number"
                  min={1}
                  value={property.monthlyRent}
                  onChange={(e) => setProperty({ ...property, monthlyRent: e.target.value })}
                />
              )}
            </Field>
            <Field label="Postcode" error={errors.postcode} hint="A full UK postcode, e.g. M1 3AB">
              {(f) => (
                <Input
                  {...f}
                  value={property.postcode}
                  maxLength={10}
                  onChange={(e) => setProperty({ ...property, postcode: e.target.value })}
                />
              )}
            </Field>
            <Field label="Address" error={errors.address} className="sm:col-span-2">
              {(f) => (
                <Input
                  {...f}
                  value={property.address}
                  maxLength={200}
                  onChange={(e) => setProperty({ ...property, address: e.target.value })}
                />
              )}
            </Field>
          </div>
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Business name" error={errors.businessName} className="sm:col-span-2">
              {(f) => (
                <Input
                  {...f}
                  value={contractor.businessName}
                  maxLength={100}
                  onChange={(e) => setContractor({ ...contractor, businessName: e.target.value })}
                />
              )}
            </Field>
            <Field label="Specialty">
              {(f) => (
                <Select
                  {...f}
                  value={contractor.specialty}
                  onChange={(e) => setContractor({ ...contractor, specialty: e.target.value })}
                >
                  {SPECIALTIES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Website (optional)">
              {(f) => (
                <Input
                  {...f}
                  type="url"
                  placeholder="https://"
                  value={contractor.website}
                  onChange={(e) => setContractor({ ...contractor, website: e.target.value })}
                />
              )}
            </Field>
            <Field label="Description" className="sm:col-span-2">
              {(f) => (
                <Textarea
                  {...f}
                  rows={3}
                  value={contractor.description}
                  maxLength={2000}
                  onChange={(e) => setContractor({ ...contractor, description: e.target.value })}
                />
              )}
            </Field>
          </div>
        )}

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
                  <button
                    type="button"
                    aria-label={`Remove ${image.name}`}
                    className="absolute -right-2 -top-2 rounded-full bg-slate-900 p-1 text-white"
                    onClick={() => setImages((list) => list.filter((_, j) => j !== i))}
                  >
                    <X className="h-3 w-3" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <Field
          label={`Publish for (hours, ${LIVE_HOURS.min}-${LIVE_HOURS.max})`}
          error={errors.hours}
          className="max-w-xs"
        >
          {(f) => (
            <Input
              {...f}
              type="number"
              min={LIVE_HOURS.min}
              max={LIVE_HOURS.max}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" busy={publish.isPending} disabled={reading}>
          Publish now
        </Button>
      </form>

      <LiveLists />
    </div>
  );
}
