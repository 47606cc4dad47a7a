// Super Admin → Grant Trials and Premium Control (doc 2 §6; §5 "trial and premium days 1 to 365", default 30).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Gift, Star } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { ZEmail } from '../../../../domain/accounts';
import { ADMIN_MESSAGES, PREMIUM_DAYS, type TPremiumReply } from '../../../../domain/admin';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';

const ZDays = z.coerce
  .number({ error: ADMIN_MESSAGES.days })
  .int(ADMIN_MESSAGES.days)
  .min(PREMIUM_DAYS.min, ADMIN_MESSAGES.days)
  .max(PREMIUM_DAYS.max, ADMIN_MESSAGES.days);

function usePremiumCall(url: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiRequest<TPremiumReply>('POST', url, body),
    onSuccess: (reply) => {
      toast({ title: 'Done', description: reply.message });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/all-users'] });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
        variant: 'destructive',
      }),
  });
}

function validate(email: string, days: string | null) {
  const errors: { email?: string; days?: string } = {};
  const parsedEmail = ZEmail.safeParse(email);
  if (!parsedEmail.success) errors.email = parsedEmail.error.issues[0].message;
  const parsedDays = days === null ? null : ZDays.safeParse(days);
  if (parsedDays && !parsedDays.success) errors.days = parsedDays.error.issues[0].message;
  return {
    errors,
    email: parsedEmail.data,
    days: parsedDays?.success ? parsedDays.data : undefined,
  };
}

export function GrantTrialsTab() {
  const [email, setEmail] = useState('');
  const [days, setDays] = useState(String(PREMIUM_DAYS.default));
  const [errors, setErrors] = useState<{ email?: string; days?: string }>({});
  const grant = usePremiumCall('/api/admin/grant-trial');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(email, days);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length) return;
    grant.mutate({ userEmail: checked.email, trialDays: checked.days }, { onSuccess: () => setEmail('') });
  };

  return (
    <form className="max-w-md space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-slate-600">
        A free trial gives full premium access for the chosen days. A second grant adds to the end of the
        first.
      </p>
      <Field label="User email" error={errors.email}>
        {(field) => (
          <Input {...field} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        )}
      </Field>
      <Field label={`Trial days (${PREMIUM_DAYS.min}-${PREMIUM_DAYS.max})`} error={errors.days}>
        {(field) => (
          <Input
            {...field}
            type="number"
            inputMode="numeric"
            min={PREMIUM_DAYS.min}
            max={PREMIUM_DAYS.max}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" busy={grant.isPending}>
        <Gift className="h-4 w-4" aria-hidden />
        Grant trial
      </Button>
    </form>
  );
}

export function PremiumControlTab() {
  const [email, setEmail] = useState('');
  const [grant, setGrant] = useState(true);
  const [days, setDays] = useState(String(PREMIUM_DAYS.default));
  const [errors, setErrors] = useState<{ email?: string; days?: string }>({});
  const modify = usePremiumCall('/api/admin/modify-premium');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(email, grant ? days : null);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length) return;
    modify.mutate(
      grant
        ? { userEmail: checked.email, isPremium: true, subscriptionDays: checked.days }
        : { userEmail: checked.email, isPremium: false },
    );
  };

  return (
    <form className="max-w-md space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-slate-600">
        Grant premium for a number of days, or revoke what an admin granted. A paid subscription is managed by
        the customer and the payment provider, and is not changed here.
      </p>
      <Field label="User email" error={errors.email}>
        {(field) => (
          <Input {...field} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        )}
      </Field>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Action</legend>
        <div className="flex gap-6 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="premium-action" checked={grant} onChange={() => setGrant(true)} />
            Grant premium
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="premium-action" checked={!grant} onChange={() => setGrant(false)} />
            Revoke premium
          </label>
        </div>
      </fieldset>
      {grant && (
        <Field label={`Days (${PREMIUM_DAYS.min}-${PREMIUM_DAYS.max})`} error={errors.days}>
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={PREMIUM_DAYS.min}
              max={PREMIUM_DAYS.max}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          )}
        </Field>
      )}
      <Button type="submit" variant={grant ? 'primary' : 'destructive'} busy={modify.isPending}>
        <Star className="h-4 w-4" aria-hidden />
        {grant ? 'Grant premium' : 'Revoke premium'}
      </Button>
    </form>
  );
}
