// A local fake of the few Stripe API endpoints the app calls, with Stripe-shaped JSON. The real stripe SDK
// is pointed at it (STRIPE_API_HOST/PORT/PROTOCOL), so requests go through the SDK's own encoding.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey?: string;
}

type Json = Record<string, unknown>;

/** Stripe's form encoding (`items[0][price]=…`, `expand[0]=…`) back into objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

function arraysFromIndexes(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Json).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  if (entries.length && entries.every(([k]) => /^\d+$/.test(k)))
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  return Object.fromEntries(entries);
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly products = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  /** Refunds made, by id; Stripe answers a repeated idempotency key with the refund it made the first time. */
  readonly refunds = new Map<string, Json>();
  private refundsByKey = new Map<string, Json>();
  private currentKey: string | undefined;
  /** The clock the fake stamps periods with (seconds); tests move it with the app's clock. */
  nowSeconds = Math.floor(Date.now() / 1000);
  private server: http.Server;
  private counter = 0;
  port = 0;

  constructor() {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const params = req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : body;
        const parsed = parseStripeForm(params);
        const key = req.headers['idempotency-key'];
        this.requests.push({
          method: req.method ?? 'GET',
          path: url.pathname,
          body: parsed,
          idempotencyKey: typeof key === 'string' ? key : undefined,
        });
        this.currentKey = typeof key === 'string' ? key : undefined;
        const [status, payload] = this.route(req.method ?? 'GET', url.pathname, parsed);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.counter}` });
        res.end(JSON.stringify(payload));
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Environment for createTestApp: the SDK talks to this server. */
  env(webhookSecret: string): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  calls(method: string, pathPrefix: string) {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  private id(prefix: string) {
    this.counter += 1;
    return `${prefix}_fake${this.counter}`;
  }

  private notFound(what: string): [number, Json] {
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}`,
        },
      },
    ];
  }

  private expanded(subscription: Json, expand: unknown): Json {
    const wanted = Array.isArray(expand) ? (expand as string[]) : [];
    const invoiceId = subscription.latest_invoice as string;
    if (!wanted.some((e) => e.startsWith('latest_invoice'))) return subscription;
    return { ...subscription, latest_invoice: this.invoices.get(invoiceId) ?? invoiceId };
  }

  private route(method: string, path: string, body: Json): [number, Json] {
    const seg = path.split('/').filter(Boolean); // ['v1', resource, id?]
    const [, resource, id] = seg;
    if (resource === 'customers' && method === 'POST' && !id) {
      const customer = {
        id: this.id('cus'),
        object: 'customer',
        email: body.email,
        name: body.name,
        metadata: body.metadata ?? {},
        created: this.nowSeconds,
        livemode: false,
      };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (resource === 'products' && method === 'POST' && !id) {
      const product = {
        id: this.id('prod'),
        object: 'product',
        name: body.name,
        active: true,
        metadata: body.metadata ?? {},
      };
      this.products.set(product.id, product);
      return [200, product];
    }
    if (resource === 'prices' && method === 'GET' && !id) {
      const keys = (body.lookup_keys as string[] | undefined) ?? [];
      const data = [...this.prices.values()].filter((p) => p.active && keys.includes(p.lookup_key as string));
      return [200, { object: 'list', data, has_more: false, url: '/v1/prices' }];
    }
    if (resource === 'prices' && method === 'POST' && !id) {
      if (body.transfer_lookup_key === 'true')
        for (const p of this.prices.values()) if (p.lookup_key === body.lookup_key) p.lookup_key = null;
      const price = {
        id: this.id('price'),
        object: 'price',
        active: true,
        product: body.product,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: { interval: (body.recurring as Json)?.interval ?? 'month', interval_count: 1 },
        lookup_key: body.lookup_key ?? null,
        type: 'recurring',
        metadata: body.metadata ?? {},
      };
      this.prices.set(price.id, price);
      return [200, price];
    }
    if (resource === 'subscriptions' && method === 'POST' && !id) {
      const items = (body.items as Json[]) ?? [];
      const price = this.prices.get(items[0]?.price as string);
      if (!price) return this.notFound('price');
      const subscriptionId = this.id('sub');
      const invoiceId = this.id('in');
      const start = this.nowSeconds;
      const end = start + 30 * 24 * 3600;
      this.invoices.set(invoiceId, {
        id: invoiceId,
        object: 'invoice',
        status: 'open',
        customer: body.customer,
        currency: price.currency,
        amount_due: price.unit_amount,
        amount_paid: 0,
        period_start: start,
        period_end: start,
        next_payment_attempt: null,
        last_finalization_error: null,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata: body.metadata ?? {} },
        },
        lines: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: this.id('il'),
              object: 'line_item',
              amount: price.unit_amount,
              currency: price.currency,
              period: { start, end },
            },
          ],
        },
        confirmation_secret: { client_secret: `pi_${invoiceId}_secret_fake`, type: 'payment_intent' },
      });
      const subscription = {
        id: subscriptionId,
        object: 'subscription',
        status: 'incomplete',
        customer: body.customer,
        cancel_at_period_end: false,
        metadata: body.metadata ?? {},
        payment_behavior: body.payment_behavior,
        items: {
          object: 'list',
          data: [
            {
              id: this.id('si'),
              object: 'subscription_item',
              price,
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
        latest_invoice: invoiceId,
        created: start,
      };
      this.subscriptions.set(subscriptionId, subscription);
      return [200, this.expanded(subscription, body.expand)];
    }
    if (resource === 'invoice_payments' && method === 'GET' && !id) {
      // A paid invoice's payment: its PaymentIntent (the fake names it after the invoice).
      const invoice = this.invoices.get(body.invoice as string);
      const data =
        invoice && invoice.status === 'paid'
          ? [
              {
                id: `inpay_${invoice.id}`,
                object: 'invoice_payment',
                invoice: invoice.id,
                status: 'paid',
                amount_paid: invoice.amount_paid,
                currency: invoice.currency,
                is_default: true,
                payment: { type: 'payment_intent', payment_intent: `pi_${invoice.id}` },
              },
            ]
          : [];
      return [200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' }];
    }
    if (resource === 'refunds' && method === 'POST' && !id) {
      const earlier = this.currentKey ? this.refundsByKey.get(this.currentKey) : undefined;
      if (earlier) return [200, earlier];
      const paymentIntent = body.payment_intent as string | undefined;
      const invoice = paymentIntent ? this.invoices.get(paymentIntent.replace(/^pi_/, '')) : undefined;
      if (!invoice) return this.notFound('payment_intent');
      const amount = Number(body.amount ?? invoice.amount_paid);
      if (!(amount > 0) || amount > Number(invoice.amount_paid))
        return [400, { error: { type: 'invalid_request_error', message: 'Refund amount is invalid' } }];
      const refund = {
        id: this.id('re'),
        object: 'refund',
        amount,
        currency: invoice.currency,
        payment_intent: paymentIntent,
        reason: body.reason ?? null,
        metadata: body.metadata ?? {},
        status: 'succeeded',
        created: this.nowSeconds,
      };
      this.refunds.set(refund.id, refund);
      if (this.currentKey) this.refundsByKey.set(this.currentKey, refund);
      return [200, refund];
    }
    if (resource === 'subscriptions' && id) {
      const subscription = this.subscriptions.get(id);
      if (!subscription) return this.notFound('subscription');
      if (method === 'GET') return [200, this.expanded(subscription, body.expand)];
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        return [200, subscription];
      }
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        return [200, subscription];
      }
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  // ---- what Stripe would do after the browser confirms the payment, as webhook events ----

  /** The customer pays the latest invoice: the subscription goes active; returns the invoice.paid event. */
  pay(subscriptionId: string): Json {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    const invoice = this.invoices.get(subscription.latest_invoice as string) as Json;
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    subscription.status = 'active';
    return this.event('invoice.paid', invoice);
  }

  event(type: string, object: Json, id = this.id('evt')): Json {
    return {
      id,
      object: 'event',
      api_version: '2025-10-29.clover',
      created: this.nowSeconds,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
  }
}

/** A Stripe-Signature header for a payload, made by the SDK's own test helper. */
export function signPayload(payload: string, secret: string): string {
  const stripe = new Stripe('sk_test_signing_only');
  return stripe.webhooks.generateTestHeaderString({ payload, secret });
}
