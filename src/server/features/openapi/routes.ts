// GET /api/openapi.json (the contract, OpenAPI 3.1) and GET /api/docs (the same, as a page): generated from the
// routes' declared schemas (decision 0025) once, on the first request for either, and kept. Not at start-up: it
// takes ~0.1 s of CPU, which every test app would pay; tests/api/openapi.test.ts builds it on every run.
import { z } from 'zod';
import pkg from '../../../../package.json' with { type: 'json' };
import type { RoutesPlugin, Serialized } from '../../lib/contract';
import { buildOpenApiDocument, type OpenApiDocument } from './document';
import { renderReferencePage } from './reference-page';

const openApiRoutes: RoutesPlugin = async (app) => {
  let built: { json: Serialized<OpenApiDocument>; page: string } | null = null;
  const contract = () => {
    if (!built) {
      const document = buildOpenApiDocument(app.routeList, pkg.version);
      built = {
        json: JSON.stringify(document) as Serialized<OpenApiDocument>,
        page: renderReferencePage(document),
      };
    }
    return built;
  };

  app.get(
    '/api/openapi.json',
    {
      schema: {
        summary: 'This API as an OpenAPI 3.1 document, generated from the schemas the routes parse with.',
        tags: ['reference'],
        response: {
          200: z
            .object({ openapi: z.string(), info: z.unknown(), paths: z.record(z.string(), z.unknown()) })
            .describe('The OpenAPI document'),
        },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .send(contract().json),
  );

  app.get(
    '/api/docs',
    {
      schema: {
        summary: 'This API as a readable reference page (HTML).',
        tags: ['reference'],
        response: { 200: z.string().describe('An HTML page') },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(contract().page),
  );
};

export default openApiRoutes;
