import { z } from 'zod';
import { ZContactRequest } from '../../../domain/accounts';
import type { RoutesPlugin } from '../../lib/contract';
import { authRateLimit } from '../../plugins/rate-limits';
import { submitContact } from './service';

const schema = {
  summary: 'Send a message to the team (the contact form).',
  tags: ['site'],
  body: ZContactRequest,
  response: { 201: z.object({ success: z.boolean(), id: z.string(), message: z.string() }) },
};

const contactRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/api/contact',
    { config: { rateLimit: authRateLimit(app.ctx) }, schema },
    async (request, reply) => {
      const submission = await submitContact(app.ctx, request.body, request.auth.user?.id ?? null);
      return reply.status(201).send({
        success: true,
        id: submission.id,
        message: "Thank you for your message. We'll get back to you within 24 hours.",
      });
    },
  );
};

export default contactRoutes;
