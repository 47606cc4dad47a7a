// /listings/{id}/compliance (issue 32 item 4; decision 0069): the landlord's compliance calendar for one home. Each
// item with its status, dates and certificate; a form to record a check with its certificate; "Book a Gas Safe
// engineer" (and the like) opens the directory's trades of that kind near the home, where a quote is asked for.
// A tenant of the home who opens it sees the same calendar without the forms.
import { ArrowLeft, FileText, Plus, Wrench } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  CERTIFICATE_MAX_BYTES,
  COMPLIANCE_BOOKING,
  MAY_BE_NOT_REQUIRED,
  type TComplianceItem,
} from '../../../../domain/compliance';
import { londonToday } from '../../../../domain/dates';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Field, Input } from '../../../components/ui/input';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useComplianceCalendar, useRecordCompliance } from '../api';
import { ComplianceStatusBadge, longDay } from '../components/compliance-status';

/** "Book a Gas Safe engineer": suited trades near the home, each with a quote request filled in (decision 0071). */
function bookingLink(
  kind: TComplianceItem['kind'],
  propertyId: string,
): { label: string; to: string } | null {
  const booking = COMPLIANCE_BOOKING[kind];
  if (!booking) return null;
  return { label: booking.label, to: `/listings/${propertyId}/compliance/book?kind=${kind}` };
}

function RecordForm({
  propertyId,
  item,
  onDone,
}: {
  propertyId: string;
  item: TComplianceItem;
  onDone: () => void;
}) {
  const record = useRecordCompliance(propertyId);
  const [completedOn, setCompletedOn] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [notRequired, setNotRequired] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const canSkip = MAY_BE_NOT_REQUIRED.includes(item.kind);
  const form = useRef<HTMLFormElement>(null);
  // Opened from the item's Record button: the keyboard is taken to the first field.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!completedOn) found.completedOn = 'Give the date it was done.';
    if (file && file.size > CERTIFICATE_MAX_BYTES) found.certificate = 'A certificate can be at most 5 MB.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    record.mutate(
      {
        input: {
          kind: item.kind,
          completedOn,
          expiresOn: expiresOn || null,
          notRequired: notRequired || undefined,
        },
        file: notRequired ? null : file,
      },
      {
        onSuccess: ({ recorded }) => {
          toast({
            title: `${item.label} recorded`,
            description: recorded.dueOn ? `Next due ${longDay(recorded.dueOn)}.` : undefined,
          });
          onDone();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
          toast({
            title: 'Not recorded',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label={`Record ${item.label}`}
      className="mt-3 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2"
    >
      <Field label="Date done" error={errors.completedOn}>
        {(field) => (
          <Input
            {...field}
            type="date"
            max={londonToday()}
            value={completedOn}
            onChange={(e) => setCompletedOn(e.target.value)}
          />
        )}
      </Field>
      <Field
        label={item.kind === 'licence' ? 'Expiry date' : 'Expiry date (if the certificate gives one)'}
        error={errors.expiresOn}
      >
        {(field) => (
          <Input {...field} type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
        )}
      </Field>
      <Field
        label="Certificate (PDF or photo, optional)"
        error={errors.certificate}
        hint="At most 5 MB. Your tenants can see it."
        className="sm:col-span-2"
      >
        {(field) => (
          <Input
            {...field}
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/gif,image/webp"
            disabled={notRequired}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {canSkip && (
        <div className="flex items-center gap-2 sm:col-span-2">
          <input
            id={`${id}-skip`}
            type="checkbox"
            className="h-4 w-4"
            checked={notRequired}
            onChange={(e) => setNotRequired(e.target.checked)}
          />
          <label htmlFor={`${id}-skip`} className="text-sm text-slate-800">
            {item.kind === 'gas_safety'
              ? 'This home has no gas supply or gas appliances'
              : 'The council does not require a licence for this home'}
          </label>
        </div>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" busy={record.isPending}>
          Save
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ItemCard({
  item,
  propertyId,
  landlord,
}: {
  item: TComplianceItem;
  propertyId: string;
  landlord: boolean;
}) {
  const [recording, setRecording] = useState(false);
  const id = useId();
  const recordButton = useRef<HTMLButtonElement>(null);
  const closeForm = () => {
    setRecording(false);
    // Back to where the keyboard came from, once the button is drawn again.
    requestAnimationFrame(() => recordButton.current?.focus());
  };
  const booking = landlord ? bookingLink(item.kind, propertyId) : null;
  const recordable = landlord && item.source !== 'tenancy';
  return (
    <li>
      <Card aria-labelledby={`${id}-title`} data-testid={`compliance-${item.kind}`}>
        <CardContent className="p-4">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
              {item.label}
            </h2>
            <ComplianceStatusBadge status={item.status} recorded={item.recorded} />
          </div>
          <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <div className="flex gap-1">
              <dt className="text-slate-600">Last done:</dt>
              <dd className="font-medium text-slate-900">
                {item.lastDoneOn ? longDay(item.lastDoneOn) : 'Not recorded'}
              </dd>
            </div>
            {item.dueOn && (
              <div className="flex gap-1">
                <dt className="text-slate-600">
                  {item.kind === 'deposit_protection' ? 'Protect by:' : 'Next due:'}
                </dt>
                <dd className="font-medium text-slate-900" data-testid="due-on">
                  {longDay(item.dueOn)}
                </dd>
              </div>
            )}
          </dl>
          {item.note && item.note !== 'Not recorded' && (
            <p className="mt-1 text-sm text-slate-700">{item.note}</p>
          )}
          {item.source === 'tenancy' && landlord && (
            <p className="mt-1 text-sm text-slate-600">
              From the tenancy record: change the deposit dates there.
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {item.certificate && (
              <a
                href={item.certificate.url}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-primary-700 hover:underline"
              >
                <FileText className="h-4 w-4" aria-hidden />
                {item.certificate.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            {recordable && !recording && (
              <Button ref={recordButton} size="sm" variant="outline" onClick={() => setRecording(true)}>
                <Plus className="h-4 w-4" aria-hidden />
                Record<span className="sr-only"> {item.label}</span>
              </Button>
            )}
            {booking && (
              <ButtonLink to={booking.to} size="sm" variant="outline">
                <Wrench className="h-4 w-4" aria-hidden />
                {booking.label}
              </ButtonLink>
            )}
          </div>
          {recording && <RecordForm propertyId={propertyId} item={item} onDone={closeForm} />}
          {landlord && item.history.length > 1 && (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-slate-700">
                Earlier records ({item.history.length - 1})
              </summary>
              <ul className="mt-2 space-y-1">
                {item.history.slice(1).map((entry) => (
                  <li key={entry.id} className="flex flex-wrap gap-x-3">
                    <span>Done {longDay(entry.completedOn)}</span>
                    {entry.dueOn && <span className="text-slate-600">due {longDay(entry.dueOn)}</span>}
                    {entry.certificate && (
                      <a
                        href={entry.certificate.url}
                        target="_blank"
                        rel="noopener"
                        className="text-primary-700 underline"
                      >
                        {entry.certificate.name}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

export default function CompliancePage() {
  const { id = '' } = useParams();
  const { user } = useRequiredUser(`/listings/${id}/compliance`);
  const calendar = useComplianceCalendar(id, !!user);
  const landlord = calendar.data?.viewer === 'landlord';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Link
        to={landlord || !calendar.data ? '/landlord-dashboard' : '/dashboard'}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {landlord || !calendar.data ? 'Back to your properties' : 'Back to your dashboard'}
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Compliance</h1>
      {!user || calendar.isPending ? (
        <div className="mt-6 space-y-3" aria-busy="true">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : calendar.isError ? (
        <div className="mt-6">
          {calendar.error instanceof ApiError && calendar.error.status === 404 ? (
            <EmptyState title="Home not found">
              Only the landlord of a home and its tenants can see its compliance calendar.
            </EmptyState>
          ) : (
            <ErrorPanel title="The calendar could not be loaded" onRetry={() => calendar.refetch()} />
          )}
        </div>
      ) : (
        <>
          <p className="mt-1 text-slate-700" data-testid="listing-title">
            {calendar.data.property.title}
          </p>
          <p className="mt-2 max-w-2xl text-sm text-slate-600">
            Gas safety every 12 months, an electrical safety report (EICR) every 5 years, an EPC every 10
            years, alarms checked at each tenancy start, the deposit protected within 30 days, and a licence
            where your council requires one.
            {landlord ? ' We email you 60, 30 and 7 days before each is due.' : ''}
          </p>
          <ul className="mt-6 space-y-4" aria-label="Compliance items">
            {calendar.data.items.map((item) => (
              <ItemCard key={item.kind} item={item} propertyId={id} landlord={landlord} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
