// /references/{token}: the previous landlord's reference form, opened from the emailed one-time link (issue 31 item 4;
// decision 0065). No account and no sign-in. Before anything is typed the page says who asks, about whom, for which
// street, that answering is optional, and that the tenant will read the answer too. A link that was used, has
// expired, is not ours or is no longer needed says so in plain words; a sent answer ends on a thank-you.
import { CheckCircle2, ClipboardCheck, Clock, Link2Off } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { shortDay } from '../../../../domain/availability';
import { londonToday } from '../../../../domain/dates';
import {
  REFERENCE_COMMENTS_MAX,
  REFERENCE_MESSAGES,
  REFERENCE_SHARED_NOTICE,
  RENT_ON_TIME,
  RENT_ON_TIME_LABELS,
  type RentOnTime,
  type TReferenceForm,
} from '../../../../domain/references';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/feedback';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api';
import { AuthCard } from '../../accounts/components/auth-card';
import { useAnswerReference, useReferenceForm } from '../api';

/** The link's own states (decision 0053): 410 used, 400 expired, 404 unknown; the server's message says which. */
const LINK_STATES: Record<string, { title: string; icon: typeof Link2Off }> = {
  LINK_USED: { title: 'This reference link has already been used', icon: CheckCircle2 },
  INVALID_TOKEN: { title: 'This reference link has expired', icon: Clock },
  NOT_FOUND: { title: 'We could not find this reference link', icon: Link2Off },
};
const linkCode = (error: unknown) => (error instanceof ApiError ? (error.body?.code ?? '') : '');
const isLinkState = (error: unknown) => Object.hasOwn(LINK_STATES, linkCode(error));

function LinkState({ error }: { error: unknown }) {
  const state = LINK_STATES[linkCode(error)] ?? LINK_STATES.NOT_FOUND;
  const Icon = state.icon;
  return (
    <AuthCard
      icon={<Icon className="h-6 w-6" aria-hidden />}
      title={state.title}
      description={<p role="status">{errorMessage(error, 'This link cannot be used.')}</p>}
    >
      <ButtonLink to="/" variant="outline" className="w-full">
        Go to Your Place
      </ButtonLink>
    </AuthCard>
  );
}

export default function ReferenceFormPage() {
  const token = useParams().token ?? '';
  const form = useReferenceForm(token);
  const answer = useAnswerReference(token);

  if (answer.isSuccess) {
    return (
      <AuthCard
        icon={<CheckCircle2 className="h-6 w-6" aria-hidden />}
        title="Thank you"
        description={
          <p role="status">
            Your reference has been sent. The landlord who asked and the tenant can now read it. There is
            nothing more to do, and this link will not work again.
          </p>
        }
      />
    );
  }
  if (answer.isError && isLinkState(answer.error)) return <LinkState error={answer.error} />;
  if (form.isError) {
    if (isLinkState(form.error)) return <LinkState error={form.error} />;
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-10">
        <ErrorPanel
          title="The form could not be loaded"
          onRetry={() => form.refetch()}
          busy={form.isFetching}
        />
      </div>
    );
  }
  if (!form.data) return <Spinner label="Loading the reference form" className="min-h-[50vh]" />;
  return <ReferenceForm data={form.data} answer={answer} />;
}

type Errors = Partial<
  Record<'tenancyFrom' | 'tenancyTo' | 'rentOnTime' | 'wouldLetAgain' | 'comments', string>
>;

function ReferenceForm({
  data,
  answer,
}: {
  data: TReferenceForm;
  answer: ReturnType<typeof useAnswerReference>;
}) {
  const [tenancyFrom, setTenancyFrom] = useState('');
  const [tenancyTo, setTenancyTo] = useState('');
  const [rentOnTime, setRentOnTime] = useState<RentOnTime | ''>('');
  const [wouldLetAgain, setWouldLetAgain] = useState<'yes' | 'no' | ''>('');
  const [comments, setComments] = useState('');
  const [checked, setChecked] = useState<Errors>({});
  // A field's error goes once the field is changed; the rest stay until the next send.
  const [changed, setChanged] = useState<Set<keyof Errors>>(new Set());
  const touch = (field: keyof Errors) => setChanged((done) => new Set(done).add(field));
  const server = answer.error instanceof ApiError ? answer.error.fieldErrors : {};
  const errors: Errors = Object.fromEntries(
    Object.entries({
      ...Object.fromEntries(Object.entries(server).map(([field, messages]) => [field, messages[0]])),
      ...checked,
    }).filter(([field]) => !changed.has(field as keyof Errors)),
  );
  const until = shortDay(londonToday(new Date(data.expiresAt)));
  const where = [data.street, data.town && !data.street.includes(data.town) ? data.town : null]
    .filter(Boolean)
    .join(', ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    if (!tenancyFrom) missing.tenancyFrom = 'Please give the date the tenancy started';
    if (tenancyFrom && tenancyTo && tenancyTo < tenancyFrom) missing.tenancyTo = REFERENCE_MESSAGES.tenancyTo;
    if (!rentOnTime) missing.rentOnTime = REFERENCE_MESSAGES.rentOnTime;
    if (!wouldLetAgain) missing.wouldLetAgain = REFERENCE_MESSAGES.wouldLetAgain;
    setChecked(missing);
    setChanged(new Set());
    if (Object.keys(missing).length > 0) {
      const first = Object.keys(missing)[0];
      document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    answer.mutate({
      tenancyFrom,
      tenancyTo: tenancyTo || null,
      rentOnTime: rentOnTime as RentOnTime,
      wouldLetAgain: wouldLetAgain === 'yes',
      comments: comments.trim() || null,
    });
  };

  return (
    <AuthCard
      icon={<ClipboardCheck className="h-6 w-6" aria-hidden />}
      title="Give a reference"
      description={
        <div className="space-y-2">
          <p>
            Hello {data.refereeName}. {data.askedBy}, the landlord of a home on {where} ({data.outcode}), asks
            for a short reference for <strong className="text-slate-900">{data.applicantName}</strong>, who
            named you as a previous landlord.
          </p>
          <p>{REFERENCE_SHARED_NOTICE} You can leave this page without answering.</p>
          <p>This link works once, until {until}.</p>
        </div>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-5" aria-label="Reference">
        {answer.isError && Object.keys(server).length === 0 && (
          <Alert tone="error" title="The reference was not sent">
            {errorMessage(answer.error, 'Please try again.')}
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Tenancy started" error={errors.tenancyFrom}>
            {(props) => (
              <Input
                {...props}
                data-field="tenancyFrom"
                type="date"
                value={tenancyFrom}
                onChange={(e) => {
                  setTenancyFrom(e.target.value);
                  touch('tenancyFrom');
                }}
              />
            )}
          </Field>
          <Field
            label="Tenancy ended (optional)"
            error={errors.tenancyTo}
            hint="Leave empty if it has not ended"
          >
            {(props) => (
              <Input
                {...props}
                data-field="tenancyTo"
                type="date"
                value={tenancyTo}
                onChange={(e) => {
                  setTenancyTo(e.target.value);
                  touch('tenancyTo');
                }}
              />
            )}
          </Field>
        </div>
        <Choice
          name="rentOnTime"
          legend="Was the rent paid on time?"
          error={errors.rentOnTime}
          value={rentOnTime}
          options={RENT_ON_TIME.map((value) => ({ value, label: RENT_ON_TIME_LABELS[value] }))}
          onChange={(value) => {
            setRentOnTime(value as RentOnTime);
            touch('rentOnTime');
          }}
        />
        <Choice
          name="wouldLetAgain"
          legend={`Would you let to ${data.applicantName} again?`}
          error={errors.wouldLetAgain}
          value={wouldLetAgain}
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          onChange={(value) => {
            setWouldLetAgain(value as 'yes' | 'no');
            touch('wouldLetAgain');
          }}
        />
        <Field
          label="Comments (optional)"
          error={errors.comments}
          hint={`Up to ${REFERENCE_COMMENTS_MAX} characters. The tenant will read them too.`}
        >
          {(props) => (
            <Textarea
              {...props}
              data-field="comments"
              rows={4}
              maxLength={REFERENCE_COMMENTS_MAX}
              value={comments}
              onChange={(e) => {
                setComments(e.target.value);
                touch('comments');
              }}
            />
          )}
        </Field>
        <Button type="submit" className="w-full" busy={answer.isPending}>
          {answer.isPending ? 'Sending…' : 'Send reference'}
        </Button>
      </form>
    </AuthCard>
  );
}

/** A labelled group of radio buttons (arrow keys move within it), with its error read out with the legend. */
function Choice({
  name,
  legend,
  error,
  value,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  error?: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option, index) => (
          <label
            key={option.value}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              {...(index === 0 ? { 'data-field': name } : {})}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
