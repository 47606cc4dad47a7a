// Applications and tenancies (issue 31). Answers depend on who asks: never cached. Thin: parse, call the service.
import type { z } from 'zod';
import {
  APPLICATION_MESSAGES,
  ZApplicationCreated,
  ZApplicationList,
  ZApplicationView,
  ZApplyRequest,
  ZDeclineRequest,
  ZOfferRequest,
  ZTenancyCreated,
  ZTenancyList,
  ZTenancyPatch,
  ZTenancyView,
} from '../../../domain/applications';
import { type RoutesPlugin, uuidParams } from '../../lib/contract';
import { actorOf, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import {
  acceptOffer,
  applyForHome,
  declineApplication,
  getApplication,
  getTenancy,
  listApplications,
  listingApplications,
  listTenancies,
  offerHome,
  updateTenancyRecord,
  withdrawApplication,
} from './service';

const tags = ['applications'];
const params = {
  listing: uuidParams({ id: APPLICATION_MESSAGES.propertyNotFound }),
  application: uuidParams({ id: APPLICATION_MESSAGES.notFound }),
  tenancy: uuidParams({ id: APPLICATION_MESSAGES.tenancyNotFound }),
};
type On = keyof typeof params;
const about = <T extends z.ZodType>(on: On, summary: string, reply: T, status: 200 | 201 = 200) => ({
  summary,
  tags,
  params: params[on],
  response: { [status]: reply } as Record<200 | 201, T>,
});

const applicationsRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const apply = {
    ...about(
      'listing',
      'Apply for a live home you have a conversation about (premium tenant).',
      ZApplicationCreated,
      201,
    ),
    body: ZApplyRequest,
  };
  app.post(
    '/api/properties/:id/applications',
    { ...SIGNED_IN_ROUTE, schema: apply },
    async (request, reply) =>
      reply.status(201).send(await applyForHome(ctx, actorOf(request), request.params.id, request.body)),
  );

  const ofListing = about(
    'listing',
    "A listing's applications in the order they applied (its landlord).",
    ZApplicationList,
  );
  app.get('/api/properties/:id/applications', { ...SIGNED_IN_ROUTE, schema: ofListing }, async (request) =>
    listingApplications(ctx, actorOf(request), request.params.id),
  );

  const mine = {
    summary: "The tenant's applications, or every application on the landlord's listings.",
    tags,
    response: { 200: ZApplicationList },
  };
  app.get('/api/applications', { ...SIGNED_IN_ROUTE, schema: mine }, async (request) =>
    listApplications(ctx, actorOf(request)),
  );

  const one = about('application', 'One application (its tenant and the landlord).', ZApplicationView);
  app.get('/api/applications/:id', { ...SIGNED_IN_ROUTE, schema: one }, async (request) =>
    getApplication(ctx, actorOf(request), request.params.id),
  );

  const offer = {
    ...about(
      'application',
      'Offer the home at the advertised rent or less (the landlord).',
      ZApplicationView,
    ),
    body: ZOfferRequest,
  };
  app.post('/api/applications/:id/offer', { ...SIGNED_IN_ROUTE, schema: offer }, async (request) =>
    offerHome(ctx, actorOf(request), request.params.id, request.body),
  );

  const decline = {
    ...about('application', 'Decline with a reason from the fixed list (the landlord).', ZApplicationView),
    body: ZDeclineRequest,
  };
  app.post('/api/applications/:id/decline', { ...SIGNED_IN_ROUTE, schema: decline }, async (request) =>
    declineApplication(ctx, actorOf(request), request.params.id, request.body),
  );

  const withdraw = about('application', 'Withdraw the application (its tenant).', ZApplicationView);
  app.post('/api/applications/:id/withdraw', { ...SIGNED_IN_ROUTE, schema: withdraw }, async (request) =>
    withdrawApplication(ctx, actorOf(request), request.params.id),
  );

  const accept = about(
    'application',
    'Accept the offer (its tenant): the tenancy is recorded and the home let agreed.',
    ZTenancyCreated,
    201,
  );
  app.post('/api/applications/:id/accept', { ...SIGNED_IN_ROUTE, schema: accept }, async (request, reply) =>
    reply.status(201).send(await acceptOffer(ctx, actorOf(request), request.params.id)),
  );

  const tenancies = {
    summary: 'The tenancies the signed-in person is a party to.',
    tags: ['tenancies'],
    response: { 200: ZTenancyList },
  };
  app.get('/api/tenancies', { ...SIGNED_IN_ROUTE, schema: tenancies }, async (request) =>
    listTenancies(ctx, actorOf(request)),
  );

  const tenancy = {
    ...about('tenancy', 'One tenancy (its parties only).', ZTenancyView),
    tags: ['tenancies'],
  };
  app.get('/api/tenancies/:id', { ...SIGNED_IN_ROUTE, schema: tenancy }, async (request) =>
    getTenancy(ctx, actorOf(request), request.params.id),
  );

  const patch = {
    ...about(
      'tenancy',
      'Record the deposit and information sheet, or move the start (the landlord).',
      ZTenancyView,
    ),
    tags: ['tenancies'],
    body: ZTenancyPatch,
  };
  app.patch('/api/tenancies/:id', { ...SIGNED_IN_ROUTE, schema: patch }, async (request) =>
    updateTenancyRecord(ctx, actorOf(request), request.params.id, request.body),
  );
};

export default applicationsRoutes;
