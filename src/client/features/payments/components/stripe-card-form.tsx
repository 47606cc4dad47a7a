// Stripe Elements (PaymentElement), loaded only when the site's config says Stripe takes the payments:
// this module, and Stripe.js from js.stripe.com, are fetched on /subscribe and nowhere else.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

interface Props {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the browser if the card needs a redirect (3-D Secure): from the server, this site only. */
  returnUrl: string;
  onSuccess: () => Promise<void> | void;
  onFailure: (message: string) => void;
  /** Stripe.js could not be loaded (blocked or offline). */
  onLoadError: () => void;
}

export default function StripeCardForm({
  publishableKey,
  clientSecret,
  returnUrl,
  onSuccess,
  onFailure,
  onLoadError,
}: Props) {
  const stripePromise = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  useEffect(() => {
    stripePromise.then((stripe) => !stripe && onLoadError()).catch(onLoadError);
  }, [stripePromise, onLoadError]);
  return (
    <Elements
      stripe={stripePromise}
      options={{
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#0f5f5c' } },
      }}
    >
      <PaymentForm returnUrl={returnUrl} onSuccess={onSuccess} onFailure={onFailure} />
    </Elements>
  );
}

function PaymentForm({
  returnUrl,
  onSuccess,
  onFailure,
}: Pick<Props, 'returnUrl' | 'onSuccess' | 'onFailure'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      // doc 2 §4: confirmed through the provider's client, returning (only if a redirect is needed) to where the
      // person came from: the server's returnUrl, a path on this site (issue 30), else /dashboard.
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (error) onFailure(error.message ?? 'Your payment could not be completed.');
      else await onSuccess();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Card details">
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" busy={busy} disabled={!stripe || !elements}>
        {busy ? 'Processing...' : 'Subscribe Now'}
      </Button>
    </form>
  );
}
