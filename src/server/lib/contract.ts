// Route contracts (docs/decisions/0043-the-ecosystem-contract-layer.md): every route declares its parts with the
// domain's zod schemas in Fastify's `schema` option, typed through fastify-type-provider-zod. Fastify validates
// them before the handler runs (with the compiler below, which keeps our 400 body), and the OpenAPI document is
// generated from the same declarations by @fastify/swagger (features/openapi). Who may call a route is checked
// on onRequest (plugins/request-kit.ts), so a 401 or 403 still comes before a 400.
import type {
  FastifyPluginAsync,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import { ResponseSerializationError, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { isUuid } from '../../domain/ids';
import { ByteLru } from './lru';
import { parse } from './validation';

declare module 'fastify' {
  interface FastifySchema {
    /** The multipart field carrying an uploaded file (the body is read with request.file(), not validated). */
    upload?: string;
  }
}

/** A registered route as the app's onRoute hook records it (`app.routeList`): tests walk these. */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

declare const serialized: unique symbol;
/** JSON already serialised from a T (a cache's text or its UTF-8 bytes), sent as it is: typed as the reply it
 * holds. Fastify sends strings and Buffers without calling the serializer. */
export type Serialized<T> = (string | Buffer) & { readonly [serialized]: T };

/** fastify-type-provider-zod's types for a schema: what a request part or a reply is. */
type Zod<S> = ZodTypeProvider & { schema: S };
type Reply<S> = Zod<S>['serializer'];

/**
 * The provider's types (a request part is what its schema outputs, a reply what its response schema outputs), and
 * a reply may also be that reply pre-serialised (`Serialized<T>`, the caches of decision 0038).
 */
export interface ZodContract extends FastifyTypeProvider {
  validator: Zod<this['schema']>['validator'];
  serializer: [Reply<this['schema']>] extends [undefined]
    ? undefined // noBody: send() takes nothing
    : Reply<this['schema']> | Serialized<Reply<this['schema']>>;
}

/** A feature's routes: `const routes: RoutesPlugin = async (app) => { … }`. */
export type RoutesPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodContract>;
/** A scope inside one (`app.register(async (scope: RouteScope) => …)`), typed the same way. */
export type RouteScope = Parameters<RoutesPlugin>[0];

/** Path parameters that are record ids, by name, with the 404 message for one that is not a UUID (null: not
 * checked, the handler answers it). */
const idParamSchemas = new WeakMap<z.ZodType, Array<[string, string | null]>>();
/** Query schemas a route parses itself (ParsedQueries): Fastify passes the query through. */
const routeParsedQueries = new WeakSet<z.ZodType>();

/**
 * Path parameters that are record ids, so the document says `format: uuid`: `uuidParams('id')`, or with the 404
 * message a service gives for an unknown one, `uuidParams({ id: 'Property not found' })`. A value that is not a
 * UUID is a 404 (never a 400: such a record cannot exist), checked without zod (a regular expression per id).
 */
export function uuidParams<const K extends string>(
  ...spec: [K, ...K[]] | [Record<K, string | null>]
): z.ZodObject<Record<K, z.ZodUUID>> {
  const messages: Record<string, string | null> =
    typeof spec[0] === 'string'
      ? Object.fromEntries((spec as K[]).map((name) => [name, 'Not found']))
      : spec[0];
  const schema = z.object(
    Object.fromEntries(Object.keys(messages).map((name) => [name, z.uuid()])) as Record<K, z.ZodUUID>,
  );
  idParamSchemas.set(schema, Object.entries(messages));
  return schema;
}

/**
 * A path parameter that is an emailed one-time token, not a record id (/api/references/{token}): passed to the
 * handler as it is, which answers an unknown one with the link's own 404 (src/domain/one-time-links.ts).
 */
export function tokenParams<const K extends string>(name: K): z.ZodObject<Record<K, z.ZodString>> {
  const schema = z.object({
    [name]: z.string().describe('The secret token of the emailed link'),
  } as Record<K, z.ZodString>);
  idParamSchemas.set(schema, [[name, null]]);
  return schema;
}

/** The raw query string's fields, as a route that parses its query itself (ParsedQueries) reads them. */
export type RawQuery = Record<string, string | string[] | undefined>;

/**
 * Compiles each declared part into Fastify's validation step. A failure is what `parse` throws (400 with field
 * errors, the first message, NULs and lone surrogates cleaned, a missing body read as `{}`); path ids are checked
 * as UUIDs (404). Anything but a zod schema is refused at start-up.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, method, url, httpPart }) => {
  if (!(schema instanceof z.ZodType))
    throw new Error(`${method} ${url}: the ${httpPart} schema must be a zod schema (decision 0043)`);
  if (routeParsedQueries.has(schema)) return () => true;
  if (httpPart === 'params') {
    const ids = idParamSchemas.get(schema);
    if (!ids) throw new Error(`${method} ${url}: declare path parameters with uuidParams (decision 0043)`);
    return (params: Record<string, unknown>) => {
      for (const [name, message] of ids)
        if (message !== null && !isUuid(params[name])) return { error: new AppError('NOT_FOUND', message) };
      return true;
    };
  }
  return (data) => {
    try {
      return { value: parse(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

/**
 * Replies: `JSON.stringify`, as Fastify does without a schema. With `checkReplies` (outside production) each
 * reply is first checked against its response schema (the provider's encode; a mismatch is a 500 naming the route),
 * but the bytes sent are the same either way: tests see what production sends. Pre-serialised replies (strings,
 * Buffers) are sent as they are and never come here.
 */
export function serializerCompiler(checkReplies: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    if (!checkReplies || !(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      return JSON.stringify(data);
    };
  };
}

interface DeclaringRequest {
  routeOptions: { schema?: FastifySchema };
}

/** What a memo of parsed queries may take, all together (issue 15: caches bounded by bytes). */
export const PARSED_QUERIES_BYTES = 2 * 1024 * 1024;

/**
 * For a hot GET route whose query schema is pure (the same text always parses to the same value): declare the
 * query as `parsedByRoute(ZQuery)` and read it with `queries.of(request)`. Each distinct query string is parsed
 * once with the declared schema and kept, frozen, with its canonical JSON (a cache key), the least recently used
 * dropped past `maxBytes`; Fastify's own validation of it is skipped (it would parse every request again, an
 * eighth of a cached search's time: decision 0038). A query that fails to parse is not kept: it answers its 400
 * each time.
 */
export class ParsedQueries<T extends object> {
  private readonly kept: ByteLru<string, { value: Readonly<T>; json: string }>;

  constructor(maxBytes = PARSED_QUERIES_BYTES) {
    this.kept = new ByteLru(maxBytes);
  }

  get bytes(): number {
    return this.kept.bytes;
  }

  of(request: DeclaringRequest & { url: string; query: unknown }): { value: Readonly<T>; json: string } {
    const mark = request.url.indexOf('?');
    const text = mark < 0 ? '' : request.url.slice(mark + 1);
    const known = this.kept.get(text);
    if (known) return known;
    const schema = request.routeOptions.schema?.querystring;
    if (!(schema instanceof z.ZodType)) throw new Error('This route declares no querystring schema');
    const value = deepFreeze(parse(schema, request.query) as T);
    const parsed = { value, json: JSON.stringify(value) };
    // Two-byte text for the query and its JSON, and the parsed object's own fields, over-estimated.
    this.kept.set(text, parsed, 4 * (text.length + parsed.json.length) + 200);
    return parsed;
  }
}

/** A querystring schema the route parses itself with ParsedQueries: documented as declared, passed through by
 * Fastify, so `request.query` is typed as the raw query it is. */
export function parsedByRoute(schema: z.ZodType): z.ZodType<RawQuery> {
  const own = schema.clone();
  routeParsedQueries.add(own);
  return own as unknown as z.ZodType<RawQuery>;
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** A reply the document describes in words only: what it holds has no schema (bench and test-only routes). */
export function described(text: string) {
  return z.unknown().describe(text);
}

/** A reply without a body (204, a redirect): the document gives the words only. */
export function noBody(text: string) {
  return z.undefined().describe(text);
}
