// The compliance calendar API (issue 32 item 4; decision 0069): a home's calendar for its landlord and current
// tenants, recording a check, attaching its certificate, fetching a certificate, and the dashboard's badges.
import { z } from 'zod';
import {
  COMPLIANCE_MESSAGES,
  ZCertificate,
  ZComplianceCalendar,
  ZComplianceRecorded,
  ZComplianceRecordRequest,
  ZComplianceSummaries,
} from '../../../domain/compliance';
import { AppError } from '../../../domain/errors';
import { type RoutesPlugin, uuidParams } from '../../lib/contract';
import { actorOf, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import { attachCertificate } from './certificates';
import { certificateFor, complianceCalendar, complianceSummaries, recordCompliance } from './service';

const tags = ['compliance'];
const home = uuidParams({ id: COMPLIANCE_MESSAGES.notFound });
const record = uuidParams({ id: COMPLIANCE_MESSAGES.notFound, recordId: COMPLIANCE_MESSAGES.recordNotFound });

const complianceRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  // Every answer is about one home and who asks: never kept by a shared cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const calendar = {
    summary: "A home's compliance calendar (its landlord and current tenants; 404 for anyone else).",
    tags,
    params: home,
    response: { 200: ZComplianceCalendar },
  };
  app.get('/api/properties/:id/compliance', { ...SIGNED_IN_ROUTE, schema: calendar }, async (request) =>
    complianceCalendar(ctx, actorOf(request), request.params.id),
  );

  const add = {
    summary: 'Record a compliance check for your home (gas safety, EICR, EPC, alarms, deposit, licence).',
    tags,
    params: home,
    body: ZComplianceRecordRequest,
    response: { 201: ZComplianceRecorded },
  };
  app.post('/api/properties/:id/compliance', { ...SIGNED_IN_ROUTE, schema: add }, async (request, reply) =>
    reply.status(201).send(await recordCompliance(ctx, actorOf(request), request.params.id, request.body)),
  );

  const attach = {
    summary: "Attach a record's certificate: a PDF or a picture, at most 5 MB (the landlord).",
    tags,
    params: record,
    upload: 'certificate',
    response: { 201: ZCertificate },
  };
  app.post(
    '/api/properties/:id/compliance/:recordId/certificate',
    { ...SIGNED_IN_ROUTE, schema: attach },
    async (request, reply) => {
      const certificate = await attachCertificate(
        ctx,
        actorOf(request),
        request.params.id,
        request.params.recordId,
        async () => {
          const file = await request.file();
          const chooseFile = () =>
            new AppError('VALIDATION_FAILED', COMPLIANCE_MESSAGES.chooseFile, {
              certificate: [COMPLIANCE_MESSAGES.chooseFile],
            });
          if (!file) throw chooseFile();
          if (file.fieldname !== 'certificate') {
            file.file.resume();
            throw chooseFile();
          }
          return { bytes: await file.toBuffer(), name: file.filename };
        },
      );
      return reply.status(201).send(certificate);
    },
  );

  const download = {
    summary: "A record's certificate, to the home's landlord and current tenants only (404 for anyone else).",
    tags,
    params: record,
    response: {
      200: z
        .string()
        .meta({ format: 'binary', description: 'The certificate file (application/pdf or image/jpeg).' }),
    },
  };
  app.get(
    '/api/properties/:id/compliance/:recordId/certificate',
    { ...SIGNED_IN_ROUTE, schema: download },
    async (request, reply) => {
      const row = await certificateFor(ctx, actorOf(request), request.params.id, request.params.recordId);
      const object = await ctx.storage.get(row.certificateKey);
      if (!object) throw new AppError('NOT_FOUND', 'Certificate not found');
      reply
        .type(row.certificateType)
        .header('content-length', object.size)
        .header('content-disposition', `inline; filename="${row.certificateName}"`)
        .header('x-content-type-options', 'nosniff');
      // A stream is sent as it is (never serialised); the declared string is the document's binary body.
      return reply.send(object.body as unknown as string);
    },
  );

  const summaries = {
    summary: "The compliance status of each of your homes (the landlord dashboard's badges).",
    tags,
    response: { 200: ZComplianceSummaries },
  };
  app.get('/api/compliance/homes', { ...SIGNED_IN_ROUTE, schema: summaries }, async (request) =>
    complianceSummaries(ctx, actorOf(request)),
  );
};

export default complianceRoutes;
