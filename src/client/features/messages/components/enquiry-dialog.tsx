// The enquiry form on a property page (issue 13): a message (10-2,000 characters) and, optionally, move-in date,
// how many people would live there and pets: only what a landlord may use before a viewing (issue 28; no children,
// no employment: docs/decisions/0048-what-an-enquiry-may-ask.md). It opens (or continues) the tenant's conversation
// about the home, then offers the way to it. Wording the law forbids is confirmed before it is sent.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  ENQUIRY_MIN,
  MESSAGE_MAX,
  OCCUPANTS_MAX,
  type TEnquiryRequest,
  ZEnquiryRequest,
} from '../../../../domain/conversations';
import { viewingTime } from '../../../../domain/ics';
import type { TViewingSlot } from '../../../../domain/viewings';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field, Input, Select, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { applyFieldErrors } from '../../accounts/form-errors';
import { useSendEnquiry } from '../api';
import { LawConfirm, lawWarningsToConfirm } from './law-warning';

const FIELDS = ['message', 'moveInDate', 'occupants', 'pets'] as const;

/** The form's own strings ("2", "", "yes") become the request's types before the shared schema checks them. */
const ZEnquiryForm = z
  .object({
    message: z.string(),
    moveInDate: z.string(),
    // A number the shared schema then checks (whole, 1 to OCCUPANTS_MAX), with its messages.
    occupants: z.string().transform((v) => (v.trim() === '' ? null : Number(v))),
    pets: z.enum(['', 'yes', 'no']).transform((v) => (v === '' ? null : v === 'yes')),
  })
  // The shared request schema gives the messages; its input is looser than this form's output.
  .pipe(ZEnquiryRequest as unknown as z.ZodType<TEnquiryRequest, any>);

type FormInput = z.input<typeof ZEnquiryForm>;
const BLANK: FormInput = { message: '', moveInDate: '', occupants: '', pets: '' };

export function EnquiryDialog({
  open,
  onOpenChange,
  propertyId,
  title,
  landlordName,
  preset,
  viewing,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  propertyId: string;
  title: string;
  landlordName: string;
  /** Text to start the message with (Schedule Viewing). */
  preset?: string;
  /**
   * Schedule Viewing (issue 30): the landlord's published times to pick one from, and how to book the one picked in
   * the conversation the enquiry opens. Null while they load.
   */
  viewing?: {
    slots: TViewingSlot[] | null;
    book: (conversationId: string, slotId: string) => Promise<unknown>;
  };
}) {
  const navigate = useNavigate();
  const send = useSendEnquiry(propertyId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [slotId, setSlotId] = useState('');
  const [booked, setBooked] = useState<TViewingSlot | null>(null);
  const slotsId = useId();
  /** The law warnings the server asked the tenant to confirm for this message. */
  const [toConfirm, setToConfirm] = useState<string[] | null>(null);
  const lawId = useId();
  const form = useForm<FormInput, unknown, TEnquiryRequest>({
    resolver: zodResolver(ZEnquiryForm),
    values: { ...BLANK, message: preset ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const length = form.watch('message')?.length ?? 0;

  const sendWith = (confirmLawWarnings: boolean) => (values: TEnquiryRequest) =>
    send.mutate(
      { ...values, confirmLawWarnings },
      {
        onSuccess: async ({ conversationId }) => {
          form.reset({ ...BLANK });
          setToConfirm(null);
          const slot = viewing?.slots?.find((s) => s.id === slotId) ?? null;
          if (viewing && slot) {
            try {
              await viewing.book(conversationId, slot.id);
              setBooked(slot);
            } catch (error) {
              toast({
                title: 'Viewing not booked',
                description: errorMessage(error, 'Your message was sent; pick a time in the conversation.'),
                variant: 'destructive',
              });
            }
          }
          setSlotId('');
          setSentTo(conversationId);
        },
        onError: (error) => {
          const warnings = lawWarningsToConfirm(error, 'message');
          if (warnings) setToConfirm(warnings);
          else if (!applyFieldErrors(error, form.setError, FIELDS))
            toast({
              title: 'Enquiry not sent',
              description: errorMessage(error, 'Your enquiry could not be sent. Please try again.'),
              variant: 'destructive',
            });
        },
      },
    );
  const submit = form.handleSubmit(sendWith(false));
  const confirm = form.handleSubmit(sendWith(true));

  const close = (next: boolean) => {
    if (!next) {
      setSentTo(null);
      setBooked(null);
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={sentTo ? 'Enquiry sent' : `Ask ${landlordName} about this home`}
        description={sentTo ? undefined : title}
      >
        {sentTo ? (
          <div className="space-y-4" role="status">
            {booked && (
              <p className="font-medium text-slate-900">
                Viewing requested for {viewingTime(new Date(booked.startsAt))}: waiting for {landlordName} to
                confirm.
              </p>
            )}
            <p className="text-slate-700">
              {landlordName} has your message. Their reply will appear in your inbox, and we will email you
              when it does.
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => close(false)}>
                Close
              </Button>
              <Button onClick={() => navigate(`/inbox?c=${sentTo}`)}>Open conversation</Button>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            <Field
              label="Message"
              error={errors.message?.message}
              hint={`${length.toLocaleString('en-GB')} / ${MESSAGE_MAX.toLocaleString('en-GB')} characters, at least ${ENQUIRY_MIN}`}
            >
              {(field) => (
                <Textarea
                  {...field}
                  aria-describedby={
                    [field['aria-describedby'], toConfirm ? lawId : null].filter(Boolean).join(' ') ||
                    undefined
                  }
                  rows={5}
                  maxLength={MESSAGE_MAX}
                  {...form.register('message', { onChange: () => setToConfirm(null) })}
                />
              )}
            </Field>
            {toConfirm && (
              <LawConfirm
                id={lawId}
                warnings={toConfirm}
                busy={send.isPending}
                onConfirm={() => confirm()}
                onEdit={() => {
                  setToConfirm(null);
                  form.setFocus('message');
                }}
              />
            )}
            {viewing && (
              <fieldset className="space-y-2" aria-describedby={`${slotsId}-hint`}>
                <legend className="text-sm font-medium text-slate-900">Choose a viewing time</legend>
                <p id={`${slotsId}-hint`} className="text-sm text-slate-600">
                  {viewing.slots === null
                    ? 'Loading the times the landlord has published…'
                    : viewing.slots.length === 0
                      ? 'The landlord has not published viewing times yet: suggest some in your message.'
                      : 'The times the landlord has published. Your booking waits for the landlord to confirm.'}
                </p>
                {viewing.slots && viewing.slots.length > 0 && (
                  <ul className="space-y-1" data-testid="published-slots">
                    {[...viewing.slots.map((slot) => ({ id: slot.id, slot })), { id: '', slot: null }].map(
                      ({ id, slot }) => (
                        <li key={id || 'none'}>
                          <label className="flex items-center gap-2 text-sm text-slate-800">
                            <input
                              type="radio"
                              name={`${slotsId}-slot`}
                              value={id}
                              checked={slotId === id}
                              onChange={() => setSlotId(id)}
                              className="h-4 w-4 accent-primary-700"
                            />
                            {slot
                              ? `${viewingTime(new Date(slot.startsAt))} · ${slot.durationMinutes} min`
                              : 'None of these: I will suggest times in my message'}
                          </label>
                        </li>
                      ),
                    )}
                  </ul>
                )}
              </fieldset>
            )}
            <p className="text-sm text-slate-600">Optional: helps the landlord answer you.</p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field label="Desired move-in date" error={errors.moveInDate?.message}>
                {(field) => <Input {...field} type="date" {...form.register('moveInDate')} />}
              </Field>
              <Field
                label="How many people would live there"
                error={errors.occupants?.message}
                hint="Everyone, of any age: the law limits how many people a home may hold"
              >
                {(field) => (
                  <Input
                    {...field}
                    type="number"
                    min={1}
                    max={OCCUPANTS_MAX}
                    inputMode="numeric"
                    {...form.register('occupants')}
                  />
                )}
              </Field>
              <Field label="Pets" error={errors.pets?.message}>
                {(field) => (
                  <Select {...field} {...form.register('pets')}>
                    <option value="">Prefer not to say</option>
                    <option value="yes">Yes</option>
                    <option value="no">No</option>
                  </Select>
                )}
              </Field>
            </div>
            <div className="flex justify-end">
              <Button type="submit" busy={send.isPending}>
                Send enquiry
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
