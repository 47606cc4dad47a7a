// /repairs/new?tenancy=… (issue 32 item 1): a tenant (or the landlord) reports a repair on a tenancy: what it is,
// how urgent (each urgency says its target), how to get in, and up to six photos with previews. The server checks
// everything again; its field errors land beside the fields.
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ACCESS_NOTES_MAX,
  DESCRIPTION_MAX,
  REPAIR_CATEGORIES,
  REPAIR_CATEGORY_LABELS,
  REPAIR_PAGES,
  REPAIR_PHOTOS_MAX,
  REPAIR_URGENCIES,
  REPAIR_URGENCY_HINTS,
  REPAIR_URGENCY_LABELS,
  TITLE_MAX,
  ZReportRepair,
} from '../../../../domain/repairs';
import { Button } from '../../../components/ui/button';
import { Alert, EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/page-meta';
import { toast } from '../../../lib/toast';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useReportRepair, useTenancies } from '../api';
import { PHOTO_MAX_MB, PhotoPicker, usePhotos } from '../components/photo-picker';
import { BackToRepairs } from '../components/repair-parts';

type Errors = Partial<
  Record<'title' | 'description' | 'category' | 'urgency' | 'accessNotes' | 'photos', string>
>;
export default function ReportRepairPage() {
  useDocumentTitle('Report a repair');
  const [params] = useSearchParams();
  const tenancyId = params.get('tenancy') ?? '';
  const { user } = useRequiredUser(REPAIR_PAGES.report(tenancyId));
  const tenancies = useTenancies(!!user);
  const tenancy = useMemo(
    () => tenancies.data?.tenancies.find((t) => t.id === tenancyId),
    [tenancies.data, tenancyId],
  );
  const report = useReportRepair(tenancyId);
  const navigate = useNavigate();
  const picked = usePhotos(REPAIR_PHOTOS_MAX, `At most ${REPAIR_PHOTOS_MAX} photos with a report.`);
  const { photos } = picked;
  const [errors, setErrors] = useState<Errors>({});
  const [values, setValues] = useState({
    title: '',
    description: '',
    category: '',
    urgency: '',
    accessNotes: '',
  });
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZReportRepair.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    report.mutate(
      { ...values, photos: photos.map((p) => p.file) },
      {
        onSuccess: ({ repairId }) => {
          toast({ title: 'Repair reported', description: 'Your landlord has been told.' });
          navigate(REPAIR_PAGES.one(repairId));
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            const next: Errors = {};
            for (const [key, messages] of Object.entries(error.fieldErrors))
              next[(key in values || key === 'photos' ? key : 'title') as keyof Errors] = messages[0];
            setErrors(next);
          } else if (error instanceof ApiError && [413, 415].includes(error.status)) {
            setErrors({ photos: error.userMessage });
          } else {
            toast({
              title: 'The repair was not reported',
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <BackToRepairs />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Report a repair</h1>
      {!user || tenancies.isPending ? (
        <div className="mt-6 space-y-3" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-40" />
        </div>
      ) : !tenancy ? (
        <div className="mt-6">
          <EmptyState title="Tenancy not found">
            You can report a repair on a tenancy you are a party to. Choose it from your repairs page.
          </EmptyState>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-6 space-y-5" aria-describedby="report-home">
          <p id="report-home" className="text-slate-700">
            {tenancy.property.title} · {tenancy.property.address}
          </p>
          <Field
            label="What needs fixing?"
            error={errors.title}
            hint="A short title, e.g. Leak under the kitchen sink"
          >
            {(field) => (
              <Input {...field} value={values.title} onChange={set('title')} maxLength={TITLE_MAX} required />
            )}
          </Field>
          <Field label="Category" error={errors.category}>
            {(field) => (
              <Select {...field} value={values.category} onChange={set('category')} required>
                <option value="">Choose a category</option>
                {REPAIR_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {REPAIR_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <fieldset aria-describedby={errors.urgency ? 'urgency-error' : undefined}>
            <legend className="mb-1.5 block text-sm font-medium text-slate-800">How urgent is it?</legend>
            <div className="space-y-2">
              {REPAIR_URGENCIES.map((u) => (
                <label
                  key={u}
                  className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 bg-white p-3 has-[:checked]:border-primary-600"
                >
                  <input
                    type="radio"
                    name="urgency"
                    value={u}
                    checked={values.urgency === u}
                    onChange={set('urgency')}
                    className="mt-1"
                  />
                  <span>
                    <span className="font-medium text-slate-900">{REPAIR_URGENCY_LABELS[u]}</span>
                    <span className="block text-sm text-slate-600">{REPAIR_URGENCY_HINTS[u]}</span>
                  </span>
                </label>
              ))}
            </div>
            {values.category === 'damp_mould' && (
              <p className="mt-2 text-sm text-slate-700">
                Damp and mould is investigated within 10 working days at the latest, whatever the urgency.
              </p>
            )}
            {errors.urgency && (
              <p id="urgency-error" className="mt-1 text-sm text-red-700">
                {errors.urgency}
              </p>
            )}
          </fieldset>
          <Field
            label="Describe the problem"
            error={errors.description}
            hint="Where it is, when it started, what you have tried"
          >
            {(field) => (
              <Textarea
                {...field}
                rows={5}
                value={values.description}
                onChange={set('description')}
                maxLength={DESCRIPTION_MAX}
                required
              />
            )}
          </Field>
          <Field
            label="Access notes (optional)"
            error={errors.accessNotes}
            hint="How to get in: only you and your landlord see these"
          >
            {(field) => (
              <Textarea
                {...field}
                rows={2}
                value={values.accessNotes}
                onChange={set('accessNotes')}
                maxLength={ACCESS_NOTES_MAX}
              />
            )}
          </Field>
          <PhotoPicker
            label={`Photos (optional, up to ${REPAIR_PHOTOS_MAX}, ${PHOTO_MAX_MB} MB each)`}
            picked={picked}
            error={errors.photos}
            onError={(problem) => setErrors((now) => ({ ...now, photos: problem }))}
          />
          <Alert tone="info">
            Your landlord is emailed as soon as you report it, and you both see the same clock on the repair
            page.
          </Alert>
          <Button type="submit" busy={report.isPending}>
            Report the repair
          </Button>
        </form>
      )}
    </div>
  );
}
