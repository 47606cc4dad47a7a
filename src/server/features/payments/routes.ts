// Payments API (doc 2 §7 POST /api/create-payment; billing for /settings; Stripe webhooks; the test card form).
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { LIMITS } from '../../../domain/limits';
import {
  ZBilling,
  ZCreatePaymentRequest,
  ZCreatePaymentResponse,
  ZPaymentConfirmation,
  ZTestConfirmRequest,
} from '../../../domain/payments';
import type { RouteScope, RoutesPlugin } from '../../lib/contract';
import { paymentsOf } from '../../payments';
import { handleStripeWebhook } from '../../payments/stripe-provider';
import { confirmTestPayment } from '../../payments/test-provider';
import { actorOf, allowEmptyJson, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import { cancelSubscription, getBilling, resumeSubscription, startSubscription } from './service';

const tags = ['payments'];
const about = <T extends z.ZodType>(summary: string, reply: T) => ({
  summary,
  tags,
  response: { 200: reply },
});

const paymentsRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  await app.register(async (scope: RouteScope) => {
    // Billing answers are about one person: never cached.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    const create = {
      ...about(
        'Start a subscription to a plan: the client secret the card form confirms.',
        ZCreatePaymentResponse,
      ),
      body: ZCreatePaymentRequest,
    };
    scope.post('/api/create-payment', { ...SIGNED_IN_ROUTE, schema: create }, async (request) =>
      startSubscription(ctx, actorOf(request).user, request.body.plan, {
        consentVersion: request.body.consentVersion,
        returnTo: request.body.returnTo,
      }),
    );

    // The test provider's card form; off when Stripe takes the payments (a 404 before what was sent is read).
    scope.post(
      '/api/payments/test/confirm',
      {
        onRequest: [
          SIGNED_IN_ROUTE.onRequest,
          async () => {
            if (paymentsOf(ctx).provider.name !== 'test')
              throw new AppError('NOT_FOUND', 'Card payments go through Stripe on this site.');
          },
        ],
        config: {
          rateLimit: {
            max: LIMITS.testCardPaymentsPerUser.max,
            timeWindow: LIMITS.testCardPaymentsPerUser.windowMs,
            keyGenerator: (request) => `test-card:${request.auth.user?.id ?? request.ip}`,
          },
        },
        schema: {
          ...about(
            "The test provider's card form (404 when Stripe takes the payments).",
            ZPaymentConfirmation,
          ),
          body: ZTestConfirmRequest,
        },
      },
      async (request) => confirmTestPayment(ctx, actorOf(request).user.id, request.body),
    );

    const billing = about('Your plan, renewal date and payments.', ZBilling);
    scope.get('/api/billing', { ...SIGNED_IN_ROUTE, schema: billing }, async (request) => {
      const actor = actorOf(request);
      return getBilling(ctx, actor.user.id, actor.premium);
    });

    await scope.register(async (bodiless: RouteScope) => {
      allowEmptyJson(bodiless);
      const cancel = about('Cancel at the end of the paid period.', ZBilling);
      bodiless.post('/api/billing/cancel', { ...SIGNED_IN_ROUTE, schema: cancel }, async (request) => {
        const actor = actorOf(request);
        return cancelSubscription(ctx, actor.user.id, actor.premium);
      });
      const resume = about('Undo a cancellation before the period ends.', ZBilling);
      bodiless.post('/api/billing/resume', { ...SIGNED_IN_ROUTE, schema: resume }, async (request) => {
        const actor = actorOf(request);
        return resumeSubscription(ctx, actor.user.id, actor.premium);
      });
    });
  });

  // Stripe signs the exact bytes it sent: this route alone keeps the raw body.
  await app.register(async (scope: RouteScope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    const webhook = {
      summary: "Stripe's signed events (the raw body is checked against the Stripe-Signature header).",
      tags,
      response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
    };
    scope.post('/api/stripe/webhook', { schema: webhook }, async (request) => {
      const { stripe } = paymentsOf(ctx);
      if (!stripe) throw new AppError('NOT_FOUND', 'Stripe is not configured on this site.');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const signature = request.headers['stripe-signature'];
      const result = await handleStripeWebhook(
        ctx,
        stripe,
        raw,
        Array.isArray(signature) ? signature[0] : signature,
      );
      request.log.info({ stripeEvent: result.type, outcome: result.outcome }, 'stripe webhook');
      return { received: true, duplicate: result.outcome === 'duplicate' };
    });
  });
};

export default paymentsRoutes;
