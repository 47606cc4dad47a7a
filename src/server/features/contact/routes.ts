import type { FastifyPluginAsync } from 'fastify';
import { ZContactRequest } from '../../../domain/accounts';
import { parse } from '../../lib/validation';
import { authRateLimit } from '../../plugins/rate-limits';
import { submitContact } from './service';

const contactRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/contact', { config: { rateLimit: authRateLimit(app.ctx) } }, async (request, reply) => {
    const body = parse(ZContactRequest, request.body);
    const submission = await submitContact(app.ctx, body, request.auth.user?.id ?? null);
    return reply.status(201).send({
      success: true,
      id: submission.id,
      message: "Thank you for your message. We'll get back to you within 24 hours.",
    });
  });
};

export default contactRoutes;
