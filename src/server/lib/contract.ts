// Route contracts (docs/decisions/0025-openapi-from-route-schemas.md): every route declares its parts with the
// domain's zod schemas in Fastify's own `schema` option. Fastify does not validate with them (the compilers below
// accept everything); the handler parses when it is ready to, with `queryOf`/`bodyOf`, which read the schema the
// route declared, so the 400 replies and the order of checks (401 before 400) are what they always were. The
// OpenAPI document (features/openapi) is generated from the same declarations.
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchema,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import { ByteLru } from './lru';
import { parse } from './validation';

declare module 'fastify' {
  interface FastifySchema {
    /** One line for the reference page and the OpenAPI operation. */
    summary?: string;
    description?: string;
    /** Groups on the reference page; the feature's name. */
    tags?: readonly string[];
    /** The multipart field carrying an uploaded file (the body is read with request.file(), not parsed). */
    upload?: string;
    /** Left out of the document (the static file server's routes say so themselves). */
    hide?: boolean;
  }
}

/** A registered route as the app's onRoute hook records it (`app.routeList`): tests walk these, and the OpenAPI
 * document is generated from their schemas. */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

declare const unparsed: unique symbol;
/** A request part as received: typed by its schema, but only readable through `queryOf`/`bodyOf`. */
export interface Unparsed<T> {
  readonly [unparsed]: T;
}

declare const serialized: unique symbol;
/** JSON already serialised from a T (a cache's text or its UTF-8 bytes), sent as it is: typed as the reply it
 * holds. */
export type Serialized<T> = (string | Buffer) & { readonly [serialized]: T };

/** Types requests (unparsed) and replies (what the response schema accepts) from the declared zod schemas. */
export interface ZodContract extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? Unparsed<z.output<this['schema']>> : unknown;
  serializer: this['schema'] extends z.ZodType
    ? [z.input<this['schema']>] extends [undefined]
      ? undefined // noBody: send() takes nothing
      : z.input<this['schema']> | Serialized<z.input<this['schema']>>
    : unknown;
}

/** A feature's routes: `const routes: RoutesPlugin = async (app) => { … }`. */
export type RoutesPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodContract>;
/** A scope inside one (`app.register(async (scope: RouteScope) => …)`), typed the same way. */
export type RouteScope = Parameters<RoutesPlugin>[0];

type Part = 'querystring' | 'body';
interface DeclaringRequest {
  routeOptions: { schema?: FastifySchema };
}

function declared(request: DeclaringRequest, part: Part): z.ZodType {
  const schema = request.routeOptions.schema?.[part];
  if (!(schema instanceof z.ZodType)) throw new Error(`This route declares no ${part} schema`);
  return schema;
}

/** The query string, parsed with the route's declared `querystring` schema (400 with field errors otherwise). */
export function queryOf<T>(request: DeclaringRequest & { query: Unparsed<T> }): T {
  return parse(declared(request, 'querystring'), request.query) as T;
}

/** What a memo of parsed queries may take, all together (issue 15: caches bounded by bytes). */
export const PARSED_QUERIES_BYTES = 2 * 1024 * 1024;

/**
 * `queryOf` for a hot GET route whose schema is pure (the same text always parses to the same value): each
 * distinct query string is parsed once and kept, frozen, with its canonical JSON (a cache key), the least
 * recently used dropped past `maxBytes`. A query that fails to parse is not kept: it answers its 400 each time.
 */
export class ParsedQueries<T extends object> {
  private readonly kept: ByteLru<string, { value: Readonly<T>; json: string }>;

  constructor(maxBytes = PARSED_QUERIES_BYTES) {
    this.kept = new ByteLru(maxBytes);
  }

  get bytes(): number {
    return this.kept.bytes;
  }

  of(request: DeclaringRequest & { url: string; query: Unparsed<T> }): { value: Readonly<T>; json: string } {
    const mark = request.url.indexOf('?');
    const text = mark < 0 ? '' : request.url.slice(mark + 1);
    const known = this.kept.get(text);
    if (known) return known;
    const value = deepFreeze(queryOf<T>(request));
    const parsed = { value, json: JSON.stringify(value) };
    // Two-byte text for the query and its JSON, and the parsed object's own fields, over-estimated.
    this.kept.set(text, parsed, 4 * (text.length + parsed.json.length) + 200);
    return parsed;
  }
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The JSON body, parsed with the route's declared `body` schema (400 with field errors otherwise). */
export function bodyOf<T>(request: DeclaringRequest & { body: Unparsed<T> }): T {
  return parse(declared(request, 'body'), request.body) as T;
}

/** A reply the document describes in words only: what it holds has no schema (bench and test-only routes). */
export function described(text: string) {
  return z.unknown().describe(text);
}

/** A reply without a body (204, a redirect): the document gives the words only. */
export function noBody(text: string) {
  return z.undefined().describe(text);
}

/**
 * Path parameters that are record ids, so the document says `format: uuid`. Like every part they are not
 * validated by Fastify: the handler reads them with paramOf/idParam, and a non-UUID answers what it always did
 * (404, decision 0025).
 */
export function uuidParams<const K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.uuid()])) as Record<K, z.ZodUUID>);
}

/**
 * Lets routes declare zod schemas: Fastify neither validates nor serialises with them (the handler parses with
 * queryOf/bodyOf; replies are JSON.stringify'd as before). Anything but a zod schema is refused at start-up.
 */
export function acceptRouteContracts(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, method, url, httpPart }) => {
    if (!(schema instanceof z.ZodType))
      throw new Error(`${method} ${url}: the ${httpPart} schema must be a zod schema (decision 0025)`);
    return () => true;
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
