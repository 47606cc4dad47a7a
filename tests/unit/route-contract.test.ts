// The route contract's compilers (decision 0043) in a bare Fastify: what a failed part answers, the order of the
// checks, and the reply check outside production.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/domain/errors';
import {
  noBody,
  ParsedQueries,
  parsedByRoute,
  type RoutesPlugin,
  serializerCompiler,
  uuidParams,
  validatorCompiler,
} from '../../src/server/lib/contract';
import { registerErrorHandling } from '../../src/server/plugins/errors';

const ID = '00000000-0000-4000-8000-000000000000';
const ZNote = z.strictObject({
  title: z.string({ error: 'Please give a title' }).min(1, 'Please give a title'),
});

async function appWith(routes: RoutesPlugin, checkReplies = true) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(checkReplies));
  registerErrorHandling(app);
  await app.register(routes);
  await app.ready();
  return app;
}

describe('the route contract', () => {
  it('answers a bad body with our 400, checks path ids as UUIDs (404), and reads a missing body as {}', async () => {
    const app = await appWith(async (scope) => {
      scope.post(
        '/notes/:id',
        {
          // A guard on onRequest answers before anything is validated.
          onRequest: async (request) => {
            if (request.headers['x-who'] !== 'me') throw new AppError('UNAUTHENTICATED');
          },
          schema: {
            params: uuidParams({ id: 'Note not found' }),
            body: ZNote,
            response: { 200: z.object({ id: z.uuid(), title: z.string() }) },
          },
        },
        async (request) => ({ id: request.params.id, title: request.body.title }),
      );
      scope.post(
        '/empty',
        { schema: { body: z.strictObject({}), response: { 204: noBody('Done') } } },
        async (_request, reply) => reply.status(204).send(),
      );
    });
    const post = (url: string, payload?: unknown, who = 'me') =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-who': who } });

    expect((await post(`/notes/${ID}`, { title: 'Hello' })).json()).toEqual({ id: ID, title: 'Hello' });
    const bad = await post(`/notes/${ID}`, { title: '', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { title: ['Please give a title'], _: ['Unexpected field: extra'] },
    });
    expect((await post(`/notes/${ID}`, { title: 'a\u0000b' })).json().title).toBe('ab');
    const notAnId = await post('/notes/not-a-uuid', { title: '' });
    expect(notAnId.statusCode).toBe(404);
    expect(notAnId.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Note not found' });
    expect((await post('/notes/not-a-uuid', { title: '' }, 'someone')).statusCode).toBe(401);
    expect((await post('/empty')).statusCode).toBe(204);
    expect((await post('/empty', { more: true })).statusCode).toBe(400);
    await app.close();
  });

  it('refuses, at start-up, a schema that is not zod and path parameters not declared with uuidParams', async () => {
    await expect(
      appWith(async (scope) => {
        scope.get('/a', { schema: { querystring: { type: 'object' } as never } }, async () => 'ok');
      }),
    ).rejects.toThrow(/must be a zod schema/);
    await expect(
      appWith(async (scope) => {
        scope.get('/a/:id', { schema: { params: z.object({ id: z.string() }) } }, async () => 'ok');
      }),
    ).rejects.toThrow(/uuidParams/);
  });

  it('leaves a query declared with parsedByRoute to the route, which parses each distinct one once', async () => {
    let parses = 0;
    const ZQuery = z.object({ page: z.coerce.number().int().min(1).default(1) }).transform((q) => {
      parses += 1;
      return q;
    });
    const queries = new ParsedQueries<{ page: number }>();
    const app = await appWith(async (scope) => {
      scope.get(
        '/list',
        { schema: { querystring: parsedByRoute(ZQuery), response: { 200: z.object({ page: z.number() }) } } },
        async (request) => ({ page: queries.of(request).value.page }),
      );
    });
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ method: 'GET', url: '/list?page=2' })).json()).toEqual({ page: 2 });
    expect(parses).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/list?page=0' })).statusCode).toBe(400);
    await app.close();
  });

  it('checks replies against their schema outside production, and sends the same bytes either way', async () => {
    const routes: RoutesPlugin = async (scope) => {
      const reply = z.object({ count: z.number() });
      scope.get('/right', { schema: { response: { 200: reply } } }, async () => ({ count: 1 }));
      // A handler that disagrees with its schema (only possible past the type checker).
      scope.get('/wrong', { schema: { response: { 200: reply } } }, async () => ({ count: 'one' }) as never);
      scope.get(
        '/extra',
        { schema: { response: { 200: reply } } },
        async () => ({ count: 2, more: 3 }) as never,
      );
    };
    const checked = await appWith(routes, true);
    const unchecked = await appWith(routes, false);
    expect((await checked.inject({ url: '/right' })).body).toBe('{"count":1}');
    const wrong = await checked.inject({ url: '/wrong' });
    expect(wrong.statusCode).toBe(500);
    expect((await unchecked.inject({ url: '/wrong' })).body).toBe('{"count":"one"}');
    // Nothing is stripped: tests see what production sends.
    expect((await checked.inject({ url: '/extra' })).body).toBe('{"count":2,"more":3}');
    expect((await unchecked.inject({ url: '/extra' })).body).toBe('{"count":2,"more":3}');
    await checked.close();
    await unchecked.close();
  });
});
