// One interface for card payments: Stripe when STRIPE_SECRET_KEY is set, the built-in test provider otherwise.
import type { PaymentProviderName, Plan } from '../../domain/payments';
import type { users } from '../db/schema';
import type { SubscriptionRow } from './events';

export type UserRow = typeof users.$inferSelect;

export interface CreatedSubscription {
  providerSubscriptionId: string;
  /** Handed to the browser to confirm the first payment (Stripe Elements, or the test card form). */
  clientSecret: string;
  status: string;
  /** The provider's customer for this user, when the provider keeps one (saved on the user). */
  customerId: string | null;
}

export interface SubscriptionSnapshot {
  status: string;
  cancelAtPeriodEnd: boolean;
}

export interface RefundRequest {
  /** The paid invoice whose payment is refunded (the plan's first payment). */
  providerInvoiceId: string;
  amountPence: number;
  /** The same key gives the same refund: a retried cancellation never refunds twice. */
  idempotencyKey: string;
}

export interface RefundResult {
  providerRefundId: string;
  /** The provider's status: succeeded, pending (cards can take days), failed. */
  status: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** A subscription for the plan's monthly price, waiting for its first payment (nothing granted yet). */
  createSubscription(user: UserRow, plan: Plan): Promise<CreatedSubscription>;
  /**
   * Where a subscription's first payment stands at the provider: still payable (with its client secret),
   * already paid (a webhook may not have arrived yet), or expired.
   */
  paymentState(subscription: SubscriptionRow): Promise<{ status: string; clientSecret: string | null }>;
  /** Stop renewing; access lasts to the end of the paid period (terms §9: no refunds for partial months). */
  cancelAtPeriodEnd(subscription: SubscriptionRow): Promise<SubscriptionSnapshot>;
  /** Undo a cancellation before the period ends. */
  resume(subscription: SubscriptionRow): Promise<SubscriptionSnapshot>;
  /** End at once, with no further charges (account deletion, cancellation within 14 days). */
  cancelNow(subscription: SubscriptionRow): Promise<void>;
  /** Give back part of a paid invoice's payment to the card it came from. */
  refund(subscription: SubscriptionRow, request: RefundRequest): Promise<RefundResult>;
}
