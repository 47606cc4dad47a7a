// References by email (issue 31 item 4). The application's routes are for its landlord (asking) and both parties
// (reading); the token routes are the referee's, with no session, limited per IP as the other emailed-link routes.
// Answers depend on who asks or on a secret: never cached.
import {
  REFERENCE_MESSAGES,
  ZApplicationReferences,
  ZReferenceAnswer,
  ZReferenceAnswered,
  ZReferenceCreated,
  ZReferenceForm,
} from '../../../domain/references';
import { type RoutesPlugin, tokenParams, uuidParams } from '../../lib/contract';
import { authRateLimit } from '../../plugins/rate-limits';
import { actorOf, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import {
  answerReference,
  applicationReferences,
  referenceForm,
  requestReference,
  usableLink,
} from './service';

const tags = ['references'];
const application = uuidParams({ id: REFERENCE_MESSAGES.notFound });
const link = tokenParams('token');

const referencesRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;
  const rateLimit = authRateLimit(ctx);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const ask = {
    summary: 'Ask the previous landlord named in an application for a reference (the landlord of its home).',
    tags,
    params: application,
    response: { 201: ZReferenceCreated },
  };
  app.post('/api/applications/:id/references', { ...SIGNED_IN_ROUTE, schema: ask }, async (request, reply) =>
    reply.status(201).send(await requestReference(ctx, actorOf(request), request.params.id)),
  );

  const list = {
    summary: "An application's references and their answers (its tenant and its landlord).",
    tags,
    params: application,
    response: { 200: ZApplicationReferences },
  };
  app.get('/api/applications/:id/references', { ...SIGNED_IN_ROUTE, schema: list }, async (request) =>
    applicationReferences(ctx, actorOf(request), request.params.id),
  );

  const form = {
    summary: "The referee's form from the emailed link (no session): who asks, about whom, for which street.",
    tags,
    params: link,
    response: { 200: ZReferenceForm },
  };
  app.get('/api/references/:token', { config: { rateLimit }, schema: form }, async (request) =>
    referenceForm(ctx, request.params.token),
  );

  const answer = {
    summary: 'Give the reference, once (no session).',
    tags,
    params: link,
    body: ZReferenceAnswer,
    response: { 200: ZReferenceAnswered },
  };
  // The link is checked before the form is validated: a referee on a used or expired link is told that, not
  // which fields to fix.
  const linkFirst = async (request: { params: unknown }) => {
    await usableLink(ctx, String((request.params as { token?: unknown }).token ?? ''));
  };
  app.post(
    '/api/references/:token',
    { config: { rateLimit }, preValidation: linkFirst, schema: answer },
    async (request) => answerReference(ctx, request.params.token, request.body),
  );
};

export default referencesRoutes;
