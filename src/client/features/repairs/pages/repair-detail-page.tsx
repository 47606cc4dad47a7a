// /repairs/{id} (issue 32 items 1 and 2): one repair as both parties see it: its clock, the report and its photos,
// who to contact, and a timeline of every step. The landlord marks it fixed here with a note of what was done.
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { visitTimeText } from '../../../../domain/repair-visits';
import { REPAIR_PAGES, RESOLUTION_NOTE_MAX, type TRepairView } from '../../../../domain/repairs';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Field, Textarea } from '../../../components/ui/input';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/page-meta';
import { toast } from '../../../lib/toast';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useRepair, useResolveRepair } from '../api';
import { BackToRepairs, RepairClock } from '../components/repair-parts';
import { RepairQuotes } from '../components/repair-quotes';
import { RepairThread } from '../components/repair-thread';
import { TradeReviewCard } from '../components/trade-review-card';
import { VisitPanel } from '../components/visit-panel';

const when = visitTimeText;

function ResolveForm({ repair }: { repair: TRepairView }) {
  const resolve = useResolveRepair(repair.id);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError('Please say what was done to fix it.');
      return;
    }
    setError(undefined);
    resolve.mutate(note.trim(), {
      onSuccess: () => toast({ title: 'Marked fixed', description: 'Your tenant has been told.' }),
      onError: (e) => {
        const message = e instanceof ApiError ? (e.fieldErrors.note?.[0] ?? e.userMessage) : undefined;
        if (message) setError(message);
        else
          toast({
            title: 'Not saved',
            description: errorMessage(e, 'Please try again.'),
            variant: 'destructive',
          });
      },
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mark it fixed</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="space-y-3">
          <Field label="What was done" error={error} hint="Your tenant reads this and is emailed it">
            {(field) => (
              <Textarea
                {...field}
                rows={3}
                value={note}
                maxLength={RESOLUTION_NOTE_MAX}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" busy={resolve.isPending}>
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            Mark fixed
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RepairBody({ repair }: { repair: TRepairView }) {
  return (
    <>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Badge variant={repair.status === 'resolved' ? 'success' : 'default'} data-testid="repair-status">
          {repair.statusLabel}
        </Badge>
        <span className="text-sm text-slate-600">
          {repair.categoryLabel} · {repair.urgencyLabel}
        </span>
      </div>
      <div className="mt-3 rounded-lg border border-slate-200 bg-white p-4">
        <p className="text-sm font-medium text-slate-800">{repair.clock.label}</p>
        <div className="mt-1">
          <RepairClock clock={repair.clock} />
        </div>
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="space-y-6">
          <section aria-labelledby="report-title">
            <h2 id="report-title" className="text-lg font-semibold text-slate-900">
              The report
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {repair.reportedBy.name} ({repair.reportedBy.side}) · {when(repair.reportedAt)}
            </p>
            <p className="mt-2 whitespace-pre-line text-slate-800">{repair.description}</p>
            {repair.accessNotes && (
              <div className="mt-3">
                <h3 className="text-sm font-medium text-slate-800">Access notes</h3>
                <p className="whitespace-pre-line text-sm text-slate-700">{repair.accessNotes}</p>
              </div>
            )}
            {repair.photos.length > 0 && (
              <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Photos">
                {repair.photos.map((photo, i) => (
                  <li key={photo.url}>
                    <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                      <img
                        src={photo.thumbUrl ?? photo.url}
                        alt={`The repair, ${i + 1} of ${repair.photos.length}`}
                        className="aspect-[4/3] w-full rounded-md object-cover"
                        loading="lazy"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {repair.resolutionNote && (
              <div className="mt-3 rounded-md bg-green-50 p-3 text-sm text-green-900">
                <span className="font-medium">Fixed: </span>
                {repair.resolutionNote}
              </div>
            )}
          </section>
          <RepairQuotes repair={repair} />
          <VisitPanel repair={repair} />
          <section aria-labelledby="timeline-title">
            <h2 id="timeline-title" className="text-lg font-semibold text-slate-900">
              Timeline
            </h2>
            <ol className="mt-2 space-y-3 border-l-2 border-slate-200 pl-4" data-testid="timeline">
              {repair.timeline.map((step, i) => (
                <li key={`${step.kind}-${i}`}>
                  <p className="font-medium text-slate-900">{step.label}</p>
                  <p className="text-sm text-slate-600">
                    {when(step.at)}
                    {step.by ? ` · ${step.by}` : ''}
                  </p>
                  {step.note && (
                    <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{step.note}</p>
                  )}
                </li>
              ))}
            </ol>
          </section>
          <RepairThread repairId={repair.id} />
        </div>
        <aside className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle>The home</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-sm text-slate-800">{repair.property.title}</p>
              <p className="text-sm text-slate-600">{repair.property.address}</p>
              <p className="mt-3 text-sm text-slate-800">Landlord: {repair.landlord.name}</p>
              {repair.tenants.map((t) => (
                <p key={t.name} className="text-sm text-slate-800">
                  Tenant: {t.name}
                  {t.phone && (
                    <>
                      {' · '}
                      <a href={`tel:${t.phone}`} className="text-primary-700 hover:underline">
                        {t.phone}
                      </a>
                    </>
                  )}
                </p>
              ))}
            </CardContent>
          </Card>
          {repair.canResolve && <ResolveForm repair={repair} />}
          <TradeReviewCard repair={repair} />
        </aside>
      </div>
    </>
  );
}

export default function RepairDetailPage() {
  const { id = '' } = useParams();
  const { user } = useRequiredUser(REPAIR_PAGES.one(id));
  const repair = useRepair(id, !!user);
  useDocumentTitle(repair.data?.title ?? 'Repair');
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <BackToRepairs />
      {!user || repair.isPending ? (
        <div className="mt-6 space-y-3" aria-busy="true">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-40" />
        </div>
      ) : repair.isError ? (
        <div className="mt-6">
          {repair.error instanceof ApiError && repair.error.status === 404 ? (
            <EmptyState title="Repair not found">
              Only the tenant and the landlord of a home, and the trades asked to quote or doing the work, see
              its repairs.
            </EmptyState>
          ) : (
            <ErrorPanel title="The repair could not be loaded" onRetry={() => repair.refetch()} />
          )}
        </div>
      ) : (
        <>
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {repair.data.title}
          </h1>
          <RepairBody repair={repair.data} />
        </>
      )}
    </div>
  );
}
