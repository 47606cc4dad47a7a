// The OpenAPI 3.1 document, generated from the routes' declared zod schemas (decision 0025): never written by hand,
// so it says what the handlers parse and what the response schemas (type-checked against the handlers) allow.
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { ZErrorBody } from '../../../domain/error-body';
import type { DeclaredRoute } from '../../lib/contract';

type Json = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{
    name: string;
    in: 'path' | 'query';
    required: boolean;
    description?: string;
    schema: Json;
  }>;
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: Json }> };
  responses: Record<string, Json>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json> };
}

const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  302: 'Redirect',
};

/** `/api/properties/:id` → `/api/properties/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Converts zod schemas, collecting the named ones (`.meta({ id })`) as shared components. */
class SchemaConverter {
  readonly components: Record<string, Json> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const {
      $schema: _dialect,
      $defs,
      ...out
    } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      override: ({ jsonSchema }) => {
        // zod's safe-integer bounds and UUID pattern say nothing a reader needs (`integer`, `format: uuid` do).
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
        if (jsonSchema.format === 'uuid') delete jsonSchema.pattern;
      },
    }) as Json;
    const renames: Record<string, string> = {};
    const defs = ($defs ?? {}) as Record<string, Json>;
    for (const [id, def] of Object.entries(defs)) {
      // The same named schema can read differently as a request (defaults optional) and as a reply.
      const known = this.components[id];
      renames[id] =
        known && JSON.stringify(known) !== JSON.stringify(this.relink(def, {})) ? `${id}Input` : id;
    }
    for (const [id, def] of Object.entries(defs)) this.components[renames[id]] ??= this.relink(def, renames);
    return this.relink(out, renames);
  }

  /** `#/$defs/X` → `#/components/schemas/X` (or its renamed twin). */
  private relink(schema: Json, renames: Record<string, string>): Json {
    return JSON.parse(
      JSON.stringify(schema).replace(
        /"#\/\$defs\/([^"]+)"/g,
        (_m, id: string) => `"#/components/schemas/${renames[id] ?? id}"`,
      ),
    ) as Json;
  }
}

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

function parametersOf(route: DeclaredRoute, convert: SchemaConverter): OpenApiOperation['parameters'] {
  const parameters: NonNullable<OpenApiOperation['parameters']> = [];
  const declaredParams = isZod(route.schema?.params) ? convert.convert(route.schema.params, 'input') : null;
  for (const [, name] of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
    const schema = ((declaredParams?.properties as Record<string, Json> | undefined)?.[name] ?? {
      type: 'string',
    }) as Json;
    parameters.push({ name, in: 'path', required: true, schema });
  }
  if (isZod(route.schema?.querystring)) {
    const query = convert.convert(route.schema.querystring, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
      const { description, ...rest } = schema;
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  return parameters.length ? parameters : undefined;
}

function requestBodyOf(schema: FastifySchema, convert: SchemaConverter): OpenApiOperation['requestBody'] {
  if (schema.upload)
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { [schema.upload]: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: [schema.upload],
          },
        },
      },
    };
  if (!isZod(schema.body)) return undefined;
  // parse() reads a missing body as {}: the body is optional exactly when {} is accepted.
  return {
    required: !schema.body.safeParse({}).success,
    content: { 'application/json': { schema: convert.convert(schema.body, 'input') } },
  };
}

function responsesOf(schema: FastifySchema, convert: SchemaConverter): OpenApiOperation['responses'] {
  const responses: OpenApiOperation['responses'] = {};
  for (const [status, reply] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    if (!isZod(reply)) continue;
    const description = reply.description ?? STATUS_TEXT[status] ?? 'Reply';
    const json = convert.convert(reply, 'output');
    const hasBody = Object.keys(json).length > 0 && status !== '204' && !status.startsWith('3');
    responses[status] = hasBody
      ? { description, content: { 'application/json': { schema: json } } }
      : { description };
  }
  responses.default = { $ref: '#/components/responses/Error' };
  return responses;
}

export function buildOpenApiDocument(routes: DeclaredRoute[], version: string): OpenApiDocument {
  const convert = new SchemaConverter();
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const schema = route.schema;
    if (!schema || schema.hide || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const path = openApiPath(route.url);
    const method = route.method.toLowerCase();
    for (const tag of schema.tags ?? []) tags.add(tag);
    const requestBody = requestBodyOf(schema, convert);
    const parameters = parametersOf(route, convert);
    paths[path] ??= {};
    paths[path][method] = {
      operationId: `${method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`,
      ...(schema.summary ? { summary: schema.summary } : {}),
      ...(schema.description ? { description: schema.description } : {}),
      ...(schema.tags ? { tags: [...schema.tags] } : {}),
      ...(parameters ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(schema, convert),
    };
  }
  const errorSchema = convert.convert(ZErrorBody, 'output');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Your Place API',
      version,
      description:
        'The JSON API of Your Place, generated from the zod schemas the routes parse with. Every call sends ' +
        'cookies (the session); a refusal is an error body with its HTTP status.',
    },
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: convert.components,
      responses: {
        Error: {
          description:
            'A refusal: 400 (validation, with fieldErrors), 401, 403 (with feature when a plan is needed), 404, ' +
            '409, 413, 415, 429 or 5xx (with requestId).',
          content: { 'application/json': { schema: errorSchema } },
        },
      },
    },
  };
}
