// The viewing panel in an enquiry thread (issue 13). The tenant books one of the landlord's open slots, moves to
// another or cancels; the landlord confirms, cancels with a reason or proposes another time. Times are London time.
import { CalendarCheck, CalendarDays, CalendarX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { viewingTime } from '../../../../domain/ics';
import type { TViewingSlot } from '../../../../domain/viewings';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/input';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useThreadViewings, useViewingAction } from '../api';

const when = (slot: TViewingSlot) => `${viewingTime(new Date(slot.startsAt))} · ${slot.durationMinutes} min`;

export function ViewingPanel({
  conversationId,
  propertyId,
}: {
  conversationId: string;
  propertyId: string | null;
}) {
  const viewings = useThreadViewings(conversationId, true);
  const action = useViewingAction(conversationId);
  const [cancelling, setCancelling] = useState(false);
  const [proposal, setProposal] = useState('');
  if (!viewings.data) return null;
  const { booking, slots, role } = viewings.data;
  const live = booking && booking.status !== 'cancelled' ? booking : null;
  const others = slots.filter((s) => s.id !== live?.slot.id);

  const run = (input: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(input, {
      onSuccess: () => toast({ title: done }),
      onError: (error) =>
        toast({
          title: 'That did not work',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <section
      aria-label="Viewing"
      data-testid="viewing-panel"
      className="border-t border-slate-200 bg-white px-3 py-3 text-sm sm:px-4"
    >
      {live ? (
        <div className="flex flex-wrap items-center gap-2">
          <CalendarCheck className="h-4 w-4 text-primary-700" aria-hidden />
          <span className="font-medium text-slate-900">Viewing {when(live.slot)}</span>
          <Badge variant={live.status === 'confirmed' ? 'success' : 'warning'}>
            {live.status === 'confirmed' ? 'Confirmed' : 'Waiting for the landlord to confirm'}
          </Badge>
          <span className="ml-auto flex flex-wrap gap-2">
            {role === 'owner' && live.status === 'booked' && (
              <Button
                size="sm"
                busy={action.isPending}
                onClick={() => run({ kind: 'confirm', bookingId: live.id }, 'Viewing confirmed')}
              >
                Confirm
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => setCancelling(true)}>
              <CalendarX className="h-4 w-4" aria-hidden />
              Cancel
            </Button>
          </span>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-slate-700">
          <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden />
          {booking?.status === 'cancelled'
            ? `The viewing on ${viewingTime(new Date(booking.slot.startsAt))} was cancelled${booking.cancelReason ? `: ${booking.cancelReason}` : '.'}`
            : 'No viewing booked yet.'}
        </p>
      )}

      {role === 'starter' && others.length > 0 && (
        <div className="mt-2">
          <p className="text-slate-700">{live ? 'Move to another time:' : 'Book a viewing:'}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {others.map((slot) => (
              <li key={slot.id}>
                <Button
                  size="sm"
                  variant="outline"
                  busy={action.isPending}
                  onClick={() =>
                    run({ kind: 'book', slotId: slot.id }, live ? 'Viewing moved' : 'Viewing booked')
                  }
                >
                  {when(slot)}
                  <span className="sr-only">, {slot.remaining} places left</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {role === 'starter' && !live && others.length === 0 && (
        <p className="mt-1 text-slate-600">
          The landlord has not published viewing times yet. Ask in a message.
        </p>
      )}

      {role === 'owner' && live && others.length > 0 && (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (proposal) run({ kind: 'propose', bookingId: live.id, slotId: proposal }, 'Time proposed');
          }}
        >
          <Field label="Propose another time">
            {(field) => (
              <Select {...field} value={proposal} onChange={(e) => setProposal(e.target.value)}>
                <option value="">Choose a slot</option>
                {others.map((slot) => (
                  <option key={slot.id} value={slot.id}>
                    {when(slot)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" size="sm" variant="outline" disabled={!proposal}>
            Propose
          </Button>
        </form>
      )}
      {role === 'owner' && !live && propertyId && (
        <p className="mt-1 text-slate-600">
          <Link
            to={`/listings/${propertyId}/viewings`}
            className="text-primary-700 underline underline-offset-2"
          >
            Publish viewing times
          </Link>{' '}
          and the tenant can book one here.
        </p>
      )}

      {live && (
        <ReasonDialog
          open={cancelling}
          onOpenChange={setCancelling}
          title="Cancel the viewing"
          description="Both of you are emailed, with the calendar entry removed."
          label={role === 'owner' ? 'Reason' : 'Reason (optional)'}
          requiredMessage={role === 'owner' ? 'Please give the tenant a reason' : null}
          maxLength={500}
          submitLabel="Cancel viewing"
          destructive
          busy={action.isPending}
          onSubmit={(reason, clear) =>
            action.mutate(
              { kind: 'cancel', bookingId: live.id, reason },
              {
                onSuccess: () => {
                  setCancelling(false);
                  clear();
                  toast({ title: 'Viewing cancelled' });
                },
                onError: (error) =>
                  toast({
                    title: 'That did not work',
                    description: errorMessage(error, 'Please try again.'),
                    variant: 'destructive',
                  }),
              },
            )
          }
        />
      )}
    </section>
  );
}
