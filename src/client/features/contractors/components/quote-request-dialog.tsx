// Request Quote (doc 1 "Contractor detail"): a dialog form (job title, description, location or postcode, contact
// email and phone, preferred date) that becomes a lead for the contractor, who is emailed. Loaded when it is
// about to open (quote-request-button.tsx), so the contractor page loads without the form and its schemas.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type TQuoteRequest, ZQuoteRequest } from '../../../../domain/contractors';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { applyFieldErrors } from '../../accounts/form-errors';
import { useRequestQuote } from '../api';

const FIELDS = [
  'jobTitle',
  'description',
  'location',
  'contactEmail',
  'contactPhone',
  'preferredDate',
] as const;

/** Today in the UK as YYYY-MM-DD: the earliest preferred date. */
function todayInLondon(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** What a form may start from (a compliance check's booking, decision 0071): the person can change any of it. */
export type QuoteRequestStart = Partial<
  Record<'jobTitle' | 'description' | 'location' | 'preferredDate', string>
>;

export function QuoteRequestDialog({
  contractorId,
  businessName,
  open,
  onOpenChange: setOpen,
  initial,
}: {
  contractorId: string;
  businessName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial?: QuoteRequestStart;
}) {
  const { user } = useAuth();
  const request = useRequestQuote(contractorId);
  const blank = () => ({
    jobTitle: initial?.jobTitle ?? '',
    description: initial?.description ?? '',
    location: initial?.location ?? '',
    contactEmail: user?.email ?? '',
    contactPhone: user?.phone ?? '',
    preferredDate: initial?.preferredDate ?? '',
  });
  const form = useForm<z.input<typeof ZQuoteRequest>, unknown, TQuoteRequest>({
    resolver: zodResolver(ZQuoteRequest),
    defaultValues: blank(),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (created) => {
        toast({ title: 'Quote Requested', description: created.message });
        form.reset(blank());
        setOpen(false);
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, FIELDS);
        toast({
          title: 'Request Failed',
          description: errorMessage(error, 'Your quote request could not be sent. Please try again.'),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        title="Request a Quote"
        description={`Tell ${businessName} about the job. Their reply will appear in your inbox.`}
      >
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field label="Job title" error={errors.jobTitle?.message}>
            {(field) => (
              <Input
                {...field}
                placeholder="e.g. Leaking roof over the kitchen"
                {...form.register('jobTitle')}
              />
            )}
          </Field>
          <Field label="Describe the job" error={errors.description?.message}>
            {(field) => (
              <Textarea
                {...field}
                rows={4}
                maxLength={2000}
                placeholder="What needs doing, access, any deadlines…"
                {...form.register('description')}
              />
            )}
          </Field>
          <Field label="Location or postcode" error={errors.location?.message}>
            {(field) => <Input {...field} autoComplete="postal-code" {...form.register('location')} />}
          </Field>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Contact email" error={errors.contactEmail?.message}>
              {(field) => (
                <Input {...field} type="email" autoComplete="email" {...form.register('contactEmail')} />
              )}
            </Field>
            <Field label="Contact phone" error={errors.contactPhone?.message} hint="Optional">
              {(field) => (
                <Input {...field} type="tel" autoComplete="tel" {...form.register('contactPhone')} />
              )}
            </Field>
          </div>
          <Field label="Preferred date" error={errors.preferredDate?.message} hint="Optional">
            {(field) => (
              <Input {...field} type="date" min={todayInLondon()} {...form.register('preferredDate')} />
            )}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" busy={request.isPending}>
              Send Request
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
