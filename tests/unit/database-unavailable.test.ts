// A database that is out of reach (restarting, its connections switched off, a backend terminated) is a 503
// with Retry-After, not a 500: the request may succeed in a moment. A wrong query is still a 500.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, registerErrorHandling } from '../../src/server/plugins/errors';

/** As drizzle-orm reports a failed query: its own error, with the driver's in `cause`. */
const wrapped = (driver: Error) => new Error('Failed query: select 1\nparams: ', { cause: driver });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a database out of reach', () => {
  it('is recognised from PostgreSQL codes and from broken connections, wrapped or not', () => {
    expect(
      isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(pgError('55000', 'database "x" is not currently accepting connections'))),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('42P01', 'relation "nope" does not exist')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('not an error')).toBe(false);
  });

  it('answers 503 with Retry-After and the request id; a wrong query stays a 500', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/down', async () => {
      throw wrapped(pgError('57P01', 'terminating connection due to administrator command'));
    });
    app.get('/wrong', async () => {
      throw wrapped(pgError('42P01', 'relation "nope" does not exist'));
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ code: 'UNAVAILABLE', requestId: expect.any(String) });
    expect(down.json().message).toMatch(/briefly unavailable/);
    const wrong = await app.inject({ method: 'GET', url: '/wrong' });
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json().code).toBe('INTERNAL');
    await app.close();
  });
});
