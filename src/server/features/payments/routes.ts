// Payments API (doc 2 §7 POST /api/create-payment; billing for /settings; Stripe webhooks; the test card form).
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../domain/errors';
import { ZCreatePaymentRequest, ZTestConfirmRequest } from '../../../domain/payments';
import { parse } from '../../lib/validation';
import { paymentsOf } from '../../payments';
import { handleStripeWebhook } from '../../payments/stripe-provider';
import { confirmTestPayment } from '../../payments/test-provider';
import { allowEmptyJson, requireUser } from '../../plugins/request-kit';
import { cancelSubscription, getBilling, resumeSubscription, startSubscription } from './service';

const paymentsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  await app.register(async (scope) => {
    // Billing answers are about one person: never cached.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    scope.post('/api/create-payment', async (request) => {
      const user = requireUser(request);
      const { plan } = parse(ZCreatePaymentRequest, request.body);
      return startSubscription(ctx, user, plan);
    });

    // The test provider's card form; off when Stripe takes the payments.
    scope.post(
      '/api/payments/test/confirm',
      {
        config: {
          rateLimit: {
            max: 20,
            timeWindow: '10 minutes',
            keyGenerator: (request) => `test-card:${request.auth.user?.id ?? request.ip}`,
          },
        },
      },
      async (request) => {
        const user = requireUser(request);
        if (paymentsOf(ctx).provider.name !== 'test')
          throw new AppError('NOT_FOUND', 'Card payments go through Stripe on this site.');
        const body = parse(ZTestConfirmRequest, request.body);
        return confirmTestPayment(ctx, user.id, body);
      },
    );

    scope.get('/api/billing', async (request) => {
      const user = requireUser(request);
      return getBilling(ctx, user.id, request.auth.premium);
    });

    await scope.register(async (bodiless) => {
      allowEmptyJson(bodiless);
      bodiless.post('/api/billing/cancel', async (request) => {
        const user = requireUser(request);
        return cancelSubscription(ctx, user.id, request.auth.premium);
      });
      bodiless.post('/api/billing/resume', async (request) => {
        const user = requireUser(request);
        return resumeSubscription(ctx, user.id, request.auth.premium);
      });
    });
  });

  // Stripe signs the exact bytes it sent: this route alone keeps the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    scope.post('/api/stripe/webhook', async (request) => {
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
