// The emails a plan sends under consumer law: the confirmation carrying the key terms when a plan starts (CCR 2013
// reg. 16: confirmation on a durable medium), the confirmation of a cancellation (with its refund), and the
// reminder every six months of a continuing plan. A mail problem never undoes the state change it reports.
import { BRAND_NAME, PLANS } from '../../domain/constants';
import { formatPence } from '../../domain/money';
import type { Plan } from '../../domain/payments';
import {
  CANCELLATION_EMAIL,
  cancellationPeriodEnd,
  keyTerms,
  START_NOW_CONSENT_TEXT,
  TERMS_PATH,
  withinCancellationPeriod,
} from '../../domain/subscription-terms';
import type { AppContext } from '../context';

export interface PlanContact {
  email: string;
  firstName: string;
  plan: Plan;
}

function longDate(d: Date): string {
  return d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
}

async function send(ctx: AppContext, to: string, kind: string, subject: string, paragraphs: string[]) {
  try {
    await ctx.mailer.send({ to, kind, subject, text: `${paragraphs.join('\n\n')}\n\n${BRAND_NAME}` });
  } catch (err) {
    ctx.log.warn({ err, kind }, 'plan notice not sent');
  }
}

/** When the first payment goes through: the key terms, the consent given and the link to the full terms. */
export function sendPlanStarted(
  ctx: AppContext,
  to: PlanContact,
  details: { startedAt: Date; consentAt: Date | null },
) {
  const plan = PLANS[to.plan];
  const terms = keyTerms(to.plan).map((line) => `- ${line}`);
  return send(ctx, to.email, 'plan_started', `${BRAND_NAME}: your ${plan.name} plan has started`, [
    `Hello ${to.firstName},`,
    `Thank you: your ${plan.name} plan started on ${longDate(details.startedAt)}. These are its key terms:`,
    terms.join('\n'),
    `Your 14-day cancellation period ends on ${longDate(cancellationPeriodEnd(details.startedAt))}.`,
    details.consentAt
      ? `On ${longDate(details.consentAt)} you asked us: "${START_NOW_CONSENT_TEXT}"`
      : 'You can cancel within the 14 days for a full refund of the days you have not used.',
    `The full terms: ${ctx.config.publicUrl}${TERMS_PATH}`,
    `To cancel: ${ctx.config.publicUrl}/settings#billing, or email ${CANCELLATION_EMAIL}.`,
  ]);
}

/** The amount as charged: pounds for GBP (every plan today), otherwise in the invoice's own currency. */
function paidAmount(pence: number, currency: string): string {
  if (currency.toLowerCase() === 'gbp') return formatPence(pence);
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(
      pence / 100,
    );
  } catch {
    return `${(pence / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export interface ReceiptDetails {
  providerInvoiceId: string;
  /** What the provider says it took: the invoice's amount paid, never the list price. */
  amountPence: number;
  currency: string;
  paidAt: Date;
  /** The end of the paid period: the next payment is due then, unless the plan will not renew. */
  paidUntil: Date;
  /** The subscription's monthly price for the next payment; null when the plan will not renew. */
  nextPaymentPence: number | null;
  startedAt: Date;
}

/**
 * After every payment, first and renewals (decision 0059): the plan, the amount taken, the period it pays for, when
 * the next payment is due, and how to cancel, with the 14-day right to cancel while it runs (CCR 2013 regs. 29, 30,
 * 36). Sent once per invoice: the caller sends it only when it is the one that recorded the invoice as paid.
 */
export function sendPaymentReceipt(ctx: AppContext, to: PlanContact, details: ReceiptDetails) {
  const plan = PLANS[to.plan];
  const amount = paidAmount(details.amountPence, details.currency);
  const lines = [
    `Hello ${to.firstName},`,
    `Thank you for your payment. This is your receipt.`,
    [
      `Plan: ${plan.name}`,
      `Amount paid: ${amount}`,
      `Paid on: ${longDate(details.paidAt)}`,
      `Paid up to: ${longDate(details.paidUntil)}`,
      details.nextPaymentPence !== null
        ? `Next payment: ${paidAmount(details.nextPaymentPence, details.currency)} on ${longDate(details.paidUntil)} (it renews monthly until you cancel)`
        : `Renewal: none. Your plan ends on ${longDate(details.paidUntil)} and you will not be charged again`,
      `Reference: ${details.providerInvoiceId}`,
    ].join('\n'),
  ];
  if (withinCancellationPeriod(details.startedAt, details.paidAt)) {
    lines.push(
      `You have the right to cancel within 14 days of the day your plan started, until ${longDate(cancellationPeriodEnd(details.startedAt))}. You asked us to start at once, so if you cancel by then you pay only for the days you have used and we refund the rest to your card.`,
    );
  }
  lines.push(
    `How to cancel: in Settings → Billing (${ctx.config.publicUrl}/settings#billing) choose "Cancel subscription", or email ${CANCELLATION_EMAIL}. After the 14 days you keep your plan to the end of the period you have paid for and are not charged again.`,
    `Your invoices are in Settings → Billing. The full terms: ${ctx.config.publicUrl}${TERMS_PATH}`,
  );
  return send(
    ctx,
    to.email,
    'payment_receipt',
    `${BRAND_NAME}: receipt for your ${plan.name} payment of ${amount}`,
    lines,
  );
}

/** A cancellation, confirmed: when access ends, and any refund. */
export function sendPlanCancelled(
  ctx: AppContext,
  to: PlanContact,
  details: { accessUntil: Date | null; refundPence: number | null },
) {
  const plan = PLANS[to.plan];
  const lines = [
    `Hello ${to.firstName},`,
    `We have cancelled your ${plan.name} plan. You will not be charged again.`,
  ];
  if (details.refundPence !== null) {
    lines.push(
      'You cancelled within 14 days of the start, so your plan has ended now.',
      details.refundPence > 0
        ? `We are refunding ${formatPence(details.refundPence)} to your card for the days you did not use. Card refunds usually arrive within 5 to 10 working days.`
        : 'You had used the whole period you paid for, so there is nothing to refund.',
    );
  } else if (details.accessUntil) {
    lines.push(
      `You keep your plan until ${longDate(details.accessUntil)}, the end of the period you paid for.`,
    );
  }
  lines.push(`You can subscribe again at any time: ${ctx.config.publicUrl}/subscribe?plan=${to.plan}`);
  return send(ctx, to.email, 'plan_cancelled', `${BRAND_NAME}: your ${plan.name} plan is cancelled`, lines);
}

/** Every six months of a continuing plan: what it costs, when it renews, and how to leave. */
export function sendPlanReminder(
  ctx: AppContext,
  to: PlanContact,
  details: { startedAt: Date; renewsOn: Date | null; pricePence: number },
) {
  const plan = PLANS[to.plan];
  return send(ctx, to.email, 'plan_reminder', `${BRAND_NAME}: a reminder about your ${plan.name} plan`, [
    `Hello ${to.firstName},`,
    `A reminder: you have had ${plan.name} since ${longDate(details.startedAt)}. It costs ${formatPence(details.pricePence)} a month and renews every month until you cancel${details.renewsOn ? `; the next payment is due on ${longDate(details.renewsOn)}` : ''}.`,
    `If you no longer want it, cancel in two clicks at ${ctx.config.publicUrl}/settings#billing, or email ${CANCELLATION_EMAIL}. You keep it to the end of the month you have paid for.`,
    `The full terms: ${ctx.config.publicUrl}${TERMS_PATH}`,
  ]);
}
