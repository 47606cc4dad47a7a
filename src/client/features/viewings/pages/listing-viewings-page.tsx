// /listings/{id}/viewings (issue 13): the landlord's viewing calendar for one home. Publish slots (date, start,
// length, people per slot, note), see bookings by day and who is still waiting for a slot, withdraw a slot with a
// reason (its bookings are cancelled and both sides told).
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { viewingClock, viewingDay, viewingTime } from '../../../../domain/ics';
import {
  SLOT_CAPACITY,
  SLOT_MINUTES,
  type TListingViewings,
  type TViewingSlotRequest,
  ZViewingSlotRequest,
} from '../../../../domain/viewings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { applyFieldErrors } from '../../accounts/form-errors';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { ListingPageHeader } from '../../applications/components/listing-tabs';
import { useCancelSlot, useCreateSlot, useListingViewings } from '../api';

const FIELDS = ['date', 'startTime', 'durationMinutes', 'capacity', 'note'] as const;
const ZSlotForm = z
  .object({
    date: z.string(),
    startTime: z.string(),
    durationMinutes: z.coerce.number(),
    capacity: z.coerce.number(),
    note: z.string(),
  })
  .pipe(ZViewingSlotRequest as unknown as z.ZodType<TViewingSlotRequest, any>);

function SlotForm({ propertyId }: { propertyId: string }) {
  const create = useCreateSlot(propertyId);
  const form = useForm<z.input<typeof ZSlotForm>, unknown, TViewingSlotRequest>({
    resolver: zodResolver(ZSlotForm),
    defaultValues: { date: '', startTime: '10:00', durationMinutes: 30, capacity: 1, note: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (slot) => {
        toast({ title: 'Slot published', description: viewingTime(new Date(slot.startsAt)) });
        form.reset({ ...values, note: '' });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, FIELDS))
          toast({
            title: 'Not published',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Publish a viewing slot</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Date" error={errors.date?.message}>
            {(field) => <Input {...field} type="date" {...form.register('date')} />}
          </Field>
          <Field label="Start time" error={errors.startTime?.message} hint="UK time">
            {(field) => <Input {...field} type="time" {...form.register('startTime')} />}
          </Field>
          <Field
            label="Length (minutes)"
            error={errors.durationMinutes?.message}
            hint={`${SLOT_MINUTES.min} to ${SLOT_MINUTES.max}`}
          >
            {(field) => (
              <Input
                {...field}
                type="number"
                min={SLOT_MINUTES.min}
                max={SLOT_MINUTES.max}
                step={5}
                {...form.register('durationMinutes')}
              />
            )}
          </Field>
          <Field
            label="People per slot"
            error={errors.capacity?.message}
            hint={`${SLOT_CAPACITY.min} to ${SLOT_CAPACITY.max}`}
          >
            {(field) => (
              <Input
                {...field}
                type="number"
                min={SLOT_CAPACITY.min}
                max={SLOT_CAPACITY.max}
                {...form.register('capacity')}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field label="Note (optional)" error={errors.note?.message} hint="e.g. Ring the top bell">
              {(field) => <Textarea {...field} rows={2} maxLength={500} {...form.register('note')} />}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" busy={create.isPending}>
              <CalendarPlus className="h-4 w-4" aria-hidden />
              Publish slot
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SlotsByDay({ data }: { data: TListingViewings }) {
  const cancelSlot = useCancelSlot(data.propertyId);
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const open = data.slots.filter((s) => !s.cancelled);
  if (open.length === 0)
    return (
      <EmptyState title="No viewing slots yet">
        Publish a few times above; tenants who have enquired can then book one from their conversation.
      </EmptyState>
    );
  const days = new Map<string, typeof open>();
  for (const slot of open) {
    const day = viewingDay(new Date(slot.startsAt));
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return (
    <div className="space-y-4">
      {[...days].map(([day, slots]) => (
        <section key={day} aria-label={day}>
          <h3 className="font-semibold text-slate-900">{day}</h3>
          <ul className="mt-2 space-y-2">
            {slots.map((slot) => (
              <li
                key={slot.id}
                className="rounded-lg border border-slate-200 bg-white p-3"
                data-testid="slot"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{viewingClock(new Date(slot.startsAt))}</span>
                  <span className="text-sm text-slate-600">
                    {slot.durationMinutes} min · {slot.capacity - slot.remaining} of {slot.capacity} booked
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="ml-auto text-red-700"
                    onClick={() => {
                      setWithdrawing(withdrawing === slot.id ? null : slot.id);
                      setReason('');
                    }}
                  >
                    Withdraw
                  </Button>
                </div>
                {slot.note && <p className="mt-1 text-sm text-slate-600">{slot.note}</p>}
                {slot.bookings.length > 0 && (
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {slot.bookings.map((b) => (
                      <li key={b.id}>
                        <Link
                          to={`/inbox?c=${b.conversationId}`}
                          className="inline-flex items-center gap-1 text-sm text-primary-700 hover:underline"
                        >
                          {b.tenantName}
                          <Badge variant={b.status === 'confirmed' ? 'success' : 'warning'}>
                            {b.status === 'confirmed' ? 'Confirmed' : 'To confirm'}
                          </Badge>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
                {withdrawing === slot.id && (
                  <form
                    className="mt-2 flex flex-wrap items-end gap-2"
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (!reason.trim()) return;
                      cancelSlot.mutate(
                        { slotId: slot.id, reason: reason.trim() },
                        {
                          onSuccess: () => {
                            setWithdrawing(null);
                            toast({ title: 'Slot withdrawn' });
                          },
                          // The server's own words: a 429 says how many withdrawals an hour and when to retry.
                          onError: (error) =>
                            toast({
                              title: 'The slot was not withdrawn',
                              description: errorMessage(error, 'Please try again.'),
                              variant: 'destructive',
                            }),
                        },
                      );
                    }}
                  >
                    <Field label="Reason, sent to anyone booked">
                      {(field) => (
                        <Input
                          {...field}
                          value={reason}
                          required
                          onChange={(e) => setReason(e.target.value)}
                        />
                      )}
                    </Field>
                    <Button type="submit" size="sm" variant="destructive" busy={cancelSlot.isPending}>
                      Withdraw slot
                    </Button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export default function ListingViewingsPage() {
  const { id = '' } = useParams();
  const { user } = useRequiredUser(`/listings/${id}/viewings`);
  const viewings = useListingViewings(id);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ListingPageHeader propertyId={id} title="Viewings" />
      {!user || viewings.isPending ? (
        <div className="mt-6 space-y-3" aria-busy="true">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-48" />
        </div>
      ) : viewings.isError ? (
        <div className="mt-6">
          {viewings.error instanceof ApiError && viewings.error.status === 404 ? (
            <EmptyState title="Listing not found">
              Only the landlord of a home can manage its viewings.
            </EmptyState>
          ) : (
            <ErrorPanel title="Viewings could not be loaded" onRetry={() => viewings.refetch()} />
          )}
        </div>
      ) : (
        <>
          <p className="mt-1 text-slate-700" data-testid="listing-title">
            {viewings.data.title}
          </p>
          <dl className="mt-4 flex flex-wrap gap-6 text-sm">
            <div>
              <dt className="text-slate-600">Enquiries</dt>
              <dd className="text-xl font-bold text-slate-900" data-testid="enquiry-count">
                {viewings.data.enquiries}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Booked viewings</dt>
              <dd className="text-xl font-bold text-slate-900">
                {viewings.data.slots.reduce((n, s) => n + s.bookings.length, 0)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Waiting for a slot</dt>
              <dd className="text-xl font-bold text-slate-900">{viewings.data.waiting.length}</dd>
            </div>
          </dl>
          <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="space-y-6">
              <SlotForm propertyId={id} />
              <section aria-labelledby="slots-title">
                <h2 id="slots-title" className="mb-3 text-xl font-semibold text-slate-900">
                  Booked and open slots
                </h2>
                <SlotsByDay data={viewings.data} />
              </section>
            </div>
            <aside aria-labelledby="waiting-title">
              <Card>
                <CardHeader>
                  <CardTitle>
                    <span id="waiting-title" className="flex items-center gap-2">
                      <Users className="h-5 w-5" aria-hidden />
                      Waiting for a slot
                    </span>
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  {viewings.data.waiting.length === 0 ? (
                    <p className="text-sm text-slate-600">Everyone who enquired has a viewing booked.</p>
                  ) : (
                    <ul className="space-y-2">
                      {viewings.data.waiting.map((w) => (
                        <li key={w.conversationId}>
                          <Link
                            to={`/inbox?c=${w.conversationId}`}
                            className="text-primary-700 hover:underline"
                          >
                            {w.tenantName}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
