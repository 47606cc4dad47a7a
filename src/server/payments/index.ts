// The payment provider of an app: Stripe when STRIPE_SECRET_KEY is set (and PAYMENTS_PROVIDER is not test), the
// built-in test provider otherwise (config.ts refuses that in production unless PAYMENTS_PROVIDER=test).
import type Stripe from 'stripe';
import type { AppContext } from '../context';
import type { PaymentProvider } from './provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

interface Payments {
  provider: PaymentProvider;
  /** The SDK client, when Stripe is the provider (webhook verification). */
  stripe: Stripe | null;
}

const byContext = new WeakMap<AppContext, Payments>();

export function paymentsOf(ctx: AppContext): Payments {
  let payments = byContext.get(ctx);
  if (!payments) {
    if (ctx.config.paymentsProvider === 'stripe') {
      const stripe = createStripeClient(ctx.config);
      payments = { provider: createStripeProvider(stripe), stripe };
    } else {
      payments = { provider: createTestProvider(ctx), stripe: null };
    }
    byContext.set(ctx, payments);
  }
  return payments;
}

/** The provider that holds an existing subscription (a test subscription stays the test provider's). */
export function providerNamed(ctx: AppContext, name: string): PaymentProvider | null {
  const payments = paymentsOf(ctx);
  if (payments.provider.name === name) return payments.provider;
  return name === 'test' ? createTestProvider(ctx) : null;
}

export type { PaymentProvider } from './provider';
