// The job on /repairs/{id} once a trade's quote is accepted (decision 0072): the trade proposes visit times (London
// time) and marks the work done with a note and photos; the tenant chooses a time, then confirms the fix or says it
// is still not fixed. Each party sees only the controls the server lets them use (the `can…` flags it sends).
import { CalendarClock, CheckCircle2, Plus, RotateCcw, Trash2, Wrench } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  checkVisitTimes,
  londonLocalOf,
  londonLocalToInstant,
  REOPEN_REASON_MAX,
  VISIT_MESSAGES,
  VISIT_TIMES_MAX,
  VISIT_WINDOW_DAYS,
  visitTimeText,
  WORK_NOTE_MAX,
  WORK_PHOTOS_MAX,
} from '../../../../domain/repair-visits';
import type { TRepairView } from '../../../../domain/repairs';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Alert } from '../../../components/ui/feedback';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  useAgreeVisit,
  useCompleteWork,
  useConfirmFixed,
  useProposeVisitTimes,
  useReopenRepair,
} from '../visit-api';
import { PHOTO_MAX_MB, PhotoPicker, usePhotos } from './photo-picker';

const DAY_MS = 86_400_000;

/** A refused step: the field's error beside it, anything else in a toast. */
function onStepError(field: string, setError: (message: string) => void, title: string) {
  return (error: unknown) => {
    const message = error instanceof ApiError ? error.fieldErrors[field]?.[0] : undefined;
    if (message) setError(message);
    else toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  };
}

function ProposeTimes({ repair }: { repair: TRepairView }) {
  const propose = useProposeVisitTimes(repair.id);
  const [times, setTimes] = useState<string[]>(['']);
  const [error, setError] = useState<string | undefined>();
  const now = new Date();
  const min = londonLocalOf(now);
  const max = londonLocalOf(new Date(now.getTime() + VISIT_WINDOW_DAYS * DAY_MS));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = times.filter((t) => t.trim());
    if (chosen.length === 0) return setError(VISIT_MESSAGES.timesRequired);
    const instants = chosen.map(londonLocalToInstant);
    if (instants.some((i) => !i)) return setError(VISIT_MESSAGES.timeInvalid);
    const iso = instants.map((i) => (i as Date).toISOString());
    const checked = checkVisitTimes(iso, new Date());
    if (!checked.ok) return setError(checked.message);
    setError(undefined);
    propose.mutate(
      checked.times.map((t) => t.toISOString()),
      {
        onSuccess: () => {
          setTimes(['']);
          toast({ title: 'Times sent', description: 'The tenant has been asked to choose one.' });
        },
        onError: onStepError('times', setError, 'The times were not sent'),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby="propose-title">
      <h3 id="propose-title" className="font-semibold text-slate-900">
        {repair.visit.at ? 'Re-arrange the visit' : 'Propose visit times'}
      </h3>
      <p id="propose-hint" className="text-sm text-slate-600">
        Up to {VISIT_TIMES_MAX} times in the next {VISIT_WINDOW_DAYS} days, in London time. The tenant chooses
        one; you see how to get in once they have.
      </p>
      <ul className="space-y-2">
        {times.map((value, i) => (
          <li key={`time-${i}`} className="flex items-end gap-2">
            <Field label={`Time ${i + 1} (London time)`} className="min-w-0 flex-1">
              {(field) => (
                <Input
                  {...field}
                  type="datetime-local"
                  min={min}
                  max={max}
                  value={value}
                  aria-describedby="propose-hint"
                  onChange={(e) => setTimes((now) => now.map((t, j) => (j === i ? e.target.value : t)))}
                />
              )}
            </Field>
            {times.length > 1 && (
              <Button
                type="button"
                variant="ghost"
                aria-label={`Remove time ${i + 1}`}
                onClick={() => setTimes((now) => now.filter((_, j) => j !== i))}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {times.length < VISIT_TIMES_MAX && (
          <Button type="button" variant="outline" onClick={() => setTimes((now) => [...now, ''])}>
            <Plus className="h-4 w-4" aria-hidden />
            Add another time
          </Button>
        )}
        <Button type="submit" busy={propose.isPending}>
          <CalendarClock className="h-4 w-4" aria-hidden />
          Send the times
        </Button>
      </div>
    </form>
  );
}

function ChooseTime({ repair }: { repair: TRepairView }) {
  const agree = useAgreeVisit(repair.id);
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!time) return setError(VISIT_MESSAGES.notProposed);
    setError(undefined);
    agree.mutate(time, {
      onSuccess: () =>
        toast({ title: 'Visit agreed', description: 'The trade and the landlord have been told.' }),
      onError: onStepError('time', setError, 'The visit was not agreed'),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <fieldset aria-describedby={error ? 'choose-error' : undefined}>
        <legend className="font-semibold text-slate-900">Choose a time</legend>
        <p className="text-sm text-slate-600">The trade can come at any of these times (London time).</p>
        <div className="mt-2 space-y-2">
          {repair.visit.options.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 has-[:checked]:border-primary-600"
            >
              <input
                type="radio"
                name="visit-time"
                value={option}
                checked={time === option}
                onChange={() => setTime(option)}
              />
              <span className="text-slate-900">{visitTimeText(option)}</span>
            </label>
          ))}
        </div>
        {error && (
          <p id="choose-error" className="mt-1 text-sm text-red-700" role="alert">
            {error}
          </p>
        )}
      </fieldset>
      <Button type="submit" busy={agree.isPending}>
        Agree this time
      </Button>
    </form>
  );
}

function MarkWorkDone({ repair }: { repair: TRepairView }) {
  const complete = useCompleteWork(repair.id);
  const picked = usePhotos(WORK_PHOTOS_MAX, VISIT_MESSAGES.tooManyPhotos);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ note?: string; photos?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return setErrors({ note: 'Please say what was done.' });
    setErrors({});
    complete.mutate(
      { note: note.trim(), photos: picked.photos.map((p) => p.file) },
      {
        onSuccess: () => {
          picked.clear();
          toast({
            title: 'Work marked done',
            description: 'The tenant has been asked to confirm it is fixed.',
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && [413, 415].includes(error.status))
            return setErrors({ photos: error.userMessage });
          const field = error instanceof ApiError ? error.fieldErrors : {};
          if (field.note || field.photos)
            return setErrors({ note: field.note?.[0], photos: field.photos?.[0] });
          toast({
            title: 'The work was not marked done',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby="done-title">
      <h3 id="done-title" className="font-semibold text-slate-900">
        Mark the work done
      </h3>
      <Field label="What was done" error={errors.note} hint="The tenant and the landlord read this">
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            value={note}
            maxLength={WORK_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
      </Field>
      <PhotoPicker
        label={`Photos of the finished work (optional, up to ${WORK_PHOTOS_MAX}, ${PHOTO_MAX_MB} MB each)`}
        picked={picked}
        error={errors.photos}
        onError={(problem) => setErrors((now) => ({ ...now, photos: problem }))}
      />
      <Button type="submit" busy={complete.isPending}>
        <Wrench className="h-4 w-4" aria-hidden />
        Mark work done
      </Button>
    </form>
  );
}

function TenantAnswer({ repair }: { repair: TRepairView }) {
  const confirm = useConfirmFixed(repair.id);
  const reopen = useReopenRepair(repair.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submitReopen = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Please say what is still wrong.');
    setError(undefined);
    reopen.mutate(reason.trim(), {
      onSuccess: () =>
        toast({ title: 'Repair reopened', description: 'The trade and the landlord have been told.' }),
      onError: onStepError('reason', setError, 'The repair was not reopened'),
    });
  };
  return (
    <div className="space-y-4">
      <div>
        <h3 className="font-semibold text-slate-900">Is it fixed?</h3>
        {repair.work.confirmBy && (
          <p className="text-sm text-slate-600">
            Please answer by {visitTimeText(repair.work.confirmBy)}: if we hear nothing by then, it counts as
            fixed.
          </p>
        )}
        <Button
          className="mt-2"
          busy={confirm.isPending}
          onClick={() =>
            confirm.mutate(undefined, {
              onSuccess: () =>
                toast({ title: 'Confirmed fixed', description: 'Thank you: everyone has been told.' }),
              onError: (e) =>
                toast({
                  title: 'Not saved',
                  description: errorMessage(e, 'Please try again.'),
                  variant: 'destructive',
                }),
            })
          }
        >
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          Confirm fixed
        </Button>
      </div>
      <form noValidate onSubmit={submitReopen} className="space-y-3">
        <Field
          label="Still not fixed? Say what is wrong"
          error={error}
          hint="The same trade is asked to come back"
        >
          {(field) => (
            <Textarea
              {...field}
              rows={3}
              value={reason}
              maxLength={REOPEN_REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="outline" busy={reopen.isPending}>
          <RotateCcw className="h-4 w-4" aria-hidden />
          Still not fixed
        </Button>
      </form>
    </div>
  );
}

/** The trade's part of the repair: who, the visit, the work done and the tenant's answer. Nothing before a quote is accepted. */
export function VisitPanel({ repair }: { repair: TRepairView }) {
  const { visit, work } = repair;
  if (!work.trade) return null;
  return (
    <section aria-labelledby="job-title" data-testid="repair-job">
      <Card>
        <CardHeader>
          <CardTitle>
            <span id="job-title">The job: {work.trade.businessName}</span>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          {visit.at && (
            <p className="text-slate-800" data-testid="visit-at">
              <CalendarClock className="mr-1.5 inline h-4 w-4 text-slate-600" aria-hidden />
              Visit agreed: <strong>{visitTimeText(visit.at)}</strong> (London time)
            </p>
          )}
          {visit.options.length > 0 && !visit.canAgree && (
            <div>
              <p className="text-slate-800">Times proposed, waiting for the tenant to choose:</p>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
                {visit.options.map((o) => (
                  <li key={o}>{visitTimeText(o)}</li>
                ))}
              </ul>
            </div>
          )}
          {visit.canAgree && <ChooseTime repair={repair} />}
          {visit.canPropose && <ProposeTimes repair={repair} />}
          {work.canComplete && <MarkWorkDone repair={repair} />}
          {work.doneAt && (
            <div data-testid="work-done">
              <h3 className="font-semibold text-slate-900">Work done · {visitTimeText(work.doneAt)}</h3>
              <p className="mt-1 whitespace-pre-line text-slate-800">{work.note}</p>
              {work.photos.length > 0 && (
                <ul
                  className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3"
                  aria-label="Photos of the finished work"
                >
                  {work.photos.map((photo, i) => (
                    <li key={photo.url}>
                      <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                        <img
                          src={photo.thumbUrl ?? photo.url}
                          alt={`The finished work, ${i + 1} of ${work.photos.length}`}
                          className="aspect-[4/3] w-full rounded-md object-cover"
                          loading="lazy"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              {!work.canConfirm && work.confirmBy && repair.status === 'work_done' && (
                <Alert tone="info">
                  Waiting for the tenant to confirm it is fixed, until {visitTimeText(work.confirmBy)}.
                </Alert>
              )}
            </div>
          )}
          {(work.canConfirm || work.canReopen) && <TenantAnswer repair={repair} />}
          {work.confirmedAt && repair.status === 'resolved' && (
            <p className="text-green-900">Fixed: confirmed {visitTimeText(work.confirmedAt)}.</p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
