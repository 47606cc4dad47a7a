// The OpenAPI 3.1 document (decision 0043): @fastify/swagger collects the routes as they are registered and
// fastify-type-provider-zod's transforms turn their zod schemas into JSON Schema (named ones, `.meta({ id })`,
// become `components.schemas`). What is added here is only what our routes declare beyond the ecosystem's
// vocabulary: an operation id for each route, multipart uploads (`upload`), bodies that may be left out, the error
// reply every operation shares, and a line for replies that have no words of their own.
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { ZErrorBody } from '../../../domain/error-body';

/** `/api/properties/:id` → `/api/properties/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** `GET /api/properties/{id}` → `getApiPropertiesId`. */
function operationIdOf(method: string, url: string): string {
  const path = openApiPath(url).replace(/[{}]/g, '');
  return `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`;
}

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Redirect',
};
/** @fastify/swagger's words for a reply without its own description. */
const SWAGGER_DEFAULT_DESCRIPTION = 'Default Response';
/** Carried from a route's transform to the document's: the body may be left out ({} is accepted). */
const OPTIONAL_BODY = 'x-optional-body';
const ERROR_REPLY = '#/components/responses/Error';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** A route's schema for the document: the provider's conversion, plus our additions. Routes without tags (the
 * site's pages, sitemaps) and hidden ones (static files, the reference page's own) are not the API. */
const transform: SwaggerTransform = (input) => {
  const { schema, url, route } = input;
  if (!schema?.tags || schema.hide) return { schema: { hide: true }, url };
  const converted = zodTransform(input);
  const out = converted.schema as Record<string, unknown>;
  out.operationId = operationIdOf([route.method].flat()[0].toLowerCase(), url);
  if (schema.upload) {
    out.consumes = ['multipart/form-data'];
    out.body = {
      type: 'object',
      properties: { [schema.upload]: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: [schema.upload],
    };
  }
  // A missing body is read as {} (lib/validation.ts): the body is optional exactly when {} is accepted.
  if (schema.body instanceof z.ZodType && schema.body.safeParse({}).success) out[OPTIONAL_BODY] = true;
  return converted;
};

type Operation = OpenAPIV3_1.OperationObject & { [OPTIONAL_BODY]?: boolean };

/** The whole document: the provider adds the named schemas; every operation gets the shared error reply. */
function finish(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const tags = new Set<string>();
  for (const item of Object.values(document.paths ?? {}))
    for (const method of METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      for (const tag of operation.tags ?? []) tags.add(tag);
      for (const [status, reply] of Object.entries(operation.responses ?? {}))
        if ('description' in reply && reply.description === SWAGGER_DEFAULT_DESCRIPTION)
          reply.description = STATUS_TEXT[status] ?? 'Reply';
      operation.responses = { ...operation.responses, default: { $ref: ERROR_REPLY } };
      if (operation[OPTIONAL_BODY] && operation.requestBody && 'required' in operation.requestBody)
        operation.requestBody.required = false;
      delete operation[OPTIONAL_BODY];
    }
  document.tags = [...tags].map((name) => ({ name }));
  return document;
}

/** @fastify/swagger's options: registered before every route (features/openapi/routes.ts). */
export function openApiOptions(version: string): FastifyDynamicSwaggerOptions {
  // Named (`.meta({ id })`), so the provider puts it in the document's components.
  const errorBody = `#/components/schemas/${z.globalRegistry.get(ZErrorBody)?.id}`;
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Your Place API',
        version,
        description:
          'The JSON API of Your Place, generated from the zod schemas its routes are validated with. Every call ' +
          'sends cookies (the session); a refusal is an error body with its HTTP status.',
      },
      components: {
        responses: {
          Error: {
            description:
              'A refusal: 400 (validation, with fieldErrors), 401, 403 (with feature when a plan is needed), ' +
              '404, 409, 413, 415, 429 or 5xx (with requestId).',
            content: { 'application/json': { schema: { $ref: errorBody } } },
          },
        },
      },
    },
    transform,
    transformObject: (input) => finish(jsonSchemaTransformObject(input) as OpenAPIV3_1.Document),
  };
}
