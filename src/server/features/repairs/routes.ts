// Repairs (issue 32 items 1 and 2). Answers depend on who asks: never cached. Thin: read the request, call the service.
// A report is a JSON body, or a multipart form (its text fields and up to six files in "photos") when it has photos.
import type { FastifyRequest } from 'fastify';
import {
  REPAIR_MESSAGES,
  REPAIR_PHOTOS_MAX,
  ZRepairCreated,
  ZRepairList,
  ZRepairView,
  ZResolveRepair,
} from '../../../domain/repairs';
import { type RoutesPlugin, uuidParams } from '../../lib/contract';
import { actorOf, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import { readPhotoForm } from './photo-form';
import {
  getRepair,
  listRepairs,
  type RepairReportInput,
  reportingParty,
  reportRepair,
  resolveRepair,
} from './service';
import { visitRoutes } from './visit-routes';

const tags = ['repairs'];

/** The report's fields and photos from a multipart form; more than the limit of photos is refused unread. */
const readReport = (request: FastifyRequest): Promise<RepairReportInput> =>
  readPhotoForm(request, {
    max: REPAIR_PHOTOS_MAX,
    tooMany: REPAIR_MESSAGES.tooManyPhotos,
    photoField: REPAIR_MESSAGES.photoField,
  });

const repairsRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const report = {
    summary:
      'Report a repair on a tenancy (its tenant, or its landlord): JSON {title, description, category, urgency, accessNotes?}, or the same as a multipart form with up to six photos in "photos" (5 MB each).',
    tags,
    params: uuidParams({ id: REPAIR_MESSAGES.tenancyNotFound }),
    upload: 'photos',
    response: { 201: ZRepairCreated },
  };
  app.post('/api/tenancies/:id/repairs', { ...SIGNED_IN_ROUTE, schema: report }, async (request, reply) => {
    const actor = actorOf(request);
    const party = await reportingParty(ctx, actor, request.params.id);
    const input = await readReport(request);
    return reply.status(201).send(await reportRepair(ctx, actor, party, input));
  });

  const mine = {
    summary: "The repairs on the signed-in person's tenancies (as tenant or landlord), open ones first.",
    tags,
    response: { 200: ZRepairList },
  };
  app.get('/api/repairs', { ...SIGNED_IN_ROUTE, schema: mine }, async (request) =>
    listRepairs(ctx, actorOf(request)),
  );

  const params = uuidParams({ id: REPAIR_MESSAGES.notFound });
  const one = {
    summary: 'One repair with its clock, photos and timeline (the parties to its tenancy).',
    tags,
    params,
    response: { 200: ZRepairView },
  };
  app.get('/api/repairs/:id', { ...SIGNED_IN_ROUTE, schema: one }, async (request) =>
    getRepair(ctx, actorOf(request), request.params.id),
  );

  const resolve = {
    summary: 'Mark the repair fixed, with a note of what was done (the landlord).',
    tags,
    params,
    body: ZResolveRepair,
    response: { 200: ZRepairView },
  };
  app.post('/api/repairs/:id/resolve', { ...SIGNED_IN_ROUTE, schema: resolve }, async (request) =>
    resolveRepair(ctx, actorOf(request), request.params.id, request.body),
  );

  // From an accepted quote to a confirmed fix, and the three-party conversation (decision 0072).
  await visitRoutes(app);
};

export default repairsRoutes;
