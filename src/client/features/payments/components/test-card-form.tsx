// The built-in test provider's card form: Stripe's documented test numbers, checked as Stripe would, and
// posted to the server (no card data leaves this site, and nothing is charged).
import { type FormEvent, useState } from 'react';
import {
  CARD_MESSAGES,
  expiryProblem,
  luhnValid,
  type TPaymentConfirmation,
} from '../../../../domain/payments';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { confirmTestCard } from '../api';
import { formatCardNumber, formatExpiry } from '../format';

type CardField = 'name' | 'cardNumber' | 'expiry' | 'cvc';

function problems(card: Record<CardField, string>): Partial<Record<CardField, string>> {
  const found: Partial<Record<CardField, string>> = {};
  if (!card.name.trim()) found.name = CARD_MESSAGES.nameRequired;
  if (!luhnValid(card.cardNumber)) found.cardNumber = CARD_MESSAGES.invalidNumber;
  const expiry = expiryProblem(card.expiry);
  if (expiry) found.expiry = expiry;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) found.cvc = CARD_MESSAGES.cvcIncomplete;
  return found;
}

export function TestCardForm({
  clientSecret,
  onSuccess,
  onFailure,
}: {
  clientSecret: string;
  onSuccess: (result: TPaymentConfirmation) => Promise<void> | void;
  onFailure: (message: string) => void;
}) {
  const [card, setCard] = useState<Record<CardField, string>>({
    name: '',
    cardNumber: '',
    expiry: '',
    cvc: '',
  });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: CardField, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problems(card);
    setErrors(found);
    const first = (Object.keys(found) as CardField[])[0];
    if (first) {
      document.querySelector<HTMLInputElement>(`form[aria-label="Card details"] [name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await confirmTestCard({ clientSecret, ...card });
      await onSuccess(result);
    } catch (error) {
      const message = error instanceof ApiError ? error.userMessage : 'Your payment could not be completed.';
      if (error instanceof ApiError) {
        const fieldErrors: Partial<Record<CardField, string>> = {};
        for (const field of ['name', 'cardNumber', 'expiry', 'cvc'] as const) {
          const text = error.fieldErrors[field]?.[0];
          if (text) fieldErrors[field] = text;
        }
        setErrors(fieldErrors);
      }
      // Nothing typed is lost: the person can correct the card and try again.
      onFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const input = (field: CardField) => ({
    value: card[field],
    name: field,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Card details">
      <Field label="Name on card" error={errors.name}>
        {(props) => (
          <Input
            {...props}
            {...input('name')}
            autoComplete="cc-name"
            onChange={(e) => set('name', e.target.value)}
          />
        )}
      </Field>
      <Field label="Card number" error={errors.cardNumber}>
        {(props) => (
          <Input
            {...props}
            {...input('cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            onChange={(e) => set('cardNumber', formatCardNumber(e.target.value))}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM/YY)" error={errors.expiry}>
          {(props) => (
            <Input
              {...props}
              {...input('expiry')}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              onChange={(e) => set('expiry', formatExpiry(e.target.value))}
            />
          )}
        </Field>
        <Field label="CVC" error={errors.cvc}>
          {(props) => (
            <Input
              {...props}
              {...input('cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder="123"
              onChange={(e) => set('cvc', e.target.value.replace(/\D/g, ''))}
            />
          )}
        </Field>
      </div>
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <p className="font-semibold">Test payments: no real card is charged</p>
        <ul className="mt-1 space-y-0.5">
          <li>
            <span className="font-mono">4242 4242 4242 4242</span> succeeds
          </li>
          <li>
            <span className="font-mono">4000 0000 0000 0002</span> is declined
          </li>
          <li>
            <span className="font-mono">4000 0000 0000 9995</span> fails for insufficient funds
          </li>
        </ul>
        <p className="mt-1">Use any future expiry date and any three-digit CVC.</p>
      </div>
      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {busy ? 'Processing...' : 'Subscribe Now'}
      </Button>
    </form>
  );
}
