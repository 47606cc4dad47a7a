// The references of one application (issue 31 item 4), for the application page of either side: each request with
// its status and, once given, the answer, which the landlord and the tenant read alike. The landlord also gets
// "Ask for a reference" while none is outstanding or answered; the server says why when one cannot be asked
// (no previous landlord named, the application closed). Self-contained: it loads and refreshes its own data.
import { ClipboardCheck, Send } from 'lucide-react';
import { shortDay } from '../../../../domain/availability';
import { londonToday } from '../../../../domain/dates';
import { RENT_ON_TIME_LABELS, type TReferenceView } from '../../../../domain/references';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useApplicationReferences, useRequestReference } from '../api';

const day = (iso: string) => shortDay(iso.length === 10 ? iso : londonToday(new Date(iso)));

const STATUS: Record<
  TReferenceView['status'],
  { label: string; variant: 'success' | 'warning' | 'neutral' }
> = {
  answered: { label: 'Answered', variant: 'success' },
  requested: { label: 'Waiting for an answer', variant: 'warning' },
  expired: { label: 'Expired unanswered', variant: 'neutral' },
};

export function ReferencesPanel({
  applicationId,
  role,
}: {
  applicationId: string;
  role: 'landlord' | 'tenant';
}) {
  const references = useApplicationReferences(applicationId);
  const request = useRequestReference(applicationId);
  const list = references.data?.references ?? [];
  const canAsk = role === 'landlord' && !list.some((r) => r.status !== 'expired');

  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Reference requested', description: 'We have emailed the previous landlord.' }),
      onError: (error) =>
        toast({
          title: 'The reference was not requested',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <section
      aria-labelledby={`references-${applicationId}`}
      className="space-y-3"
      data-testid="references-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={`references-${applicationId}`}
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <ClipboardCheck className="h-5 w-5 text-primary-700" aria-hidden />
          References
        </h3>
        {canAsk && references.isSuccess && (
          <Button size="sm" onClick={ask} busy={request.isPending}>
            <Send className="h-4 w-4" aria-hidden />
            Ask for a reference
          </Button>
        )}
      </div>
      {references.isPending && <Skeleton className="h-16 w-full" />}
      {references.isError && (
        <Alert tone="error" title="References could not be loaded">
          {errorMessage(references.error, 'Please try again.')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => references.refetch()}>
            Retry
          </button>
        </Alert>
      )}
      {references.isSuccess && list.length === 0 && (
        <p className="text-sm text-slate-600">
          {role === 'landlord'
            ? 'No reference asked for yet. We email the previous landlord named in the application a one-time link; their answer shows here, and the tenant sees it too.'
            : 'No reference asked for yet. If the landlord asks your previous landlord, their answer shows here for you as well.'}
        </p>
      )}
      {list.length > 0 && (
        <ul className="space-y-3">
          {list.map((reference) => (
            <li key={reference.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{reference.refereeName}</span>
                <Badge variant={STATUS[reference.status].variant}>{STATUS[reference.status].label}</Badge>
                <span className="text-slate-600">
                  Asked {day(reference.requestedAt)}
                  {reference.status === 'requested' && `; the link works until ${day(reference.expiresAt)}`}
                </span>
              </div>
              {reference.answer && (
                <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
                  <dt className="text-slate-600">Tenancy</dt>
                  <dd className="text-slate-900">
                    {day(reference.answer.tenancyFrom)} to{' '}
                    {reference.answer.tenancyTo ? day(reference.answer.tenancyTo) : 'now'}
                  </dd>
                  <dt className="text-slate-600">Rent paid on time</dt>
                  <dd className="text-slate-900">{RENT_ON_TIME_LABELS[reference.answer.rentOnTime]}</dd>
                  <dt className="text-slate-600">Would let to them again</dt>
                  <dd className="text-slate-900">{reference.answer.wouldLetAgain ? 'Yes' : 'No'}</dd>
                  <dt className="text-slate-600">Comments</dt>
                  <dd className="whitespace-pre-line break-words text-slate-900">
                    {reference.answer.comments ?? 'None given'}
                  </dd>
                  <dt className="text-slate-600">Answered</dt>
                  <dd className="text-slate-900">{day(reference.answer.answeredAt)}</dd>
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
