import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/domain/errors';
import { ParsedQueries } from '../../src/server/lib/contract';

/** A route's request as ParsedQueries reads it: its URL, Fastify's parsed query and the declared schema. */
function requestFor(schema: z.ZodType, url: string) {
  const query = Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));
  return { url, query, routeOptions: { schema: { querystring: schema } } } as never;
}

describe('ParsedQueries', () => {
  let parses = 0;
  const schema = z
    .object({ page: z.coerce.number().int().min(1).optional(), area: z.string().optional() })
    .transform((q) => {
      parses += 1;
      return { page: q.page ?? 1, area: q.area ?? null, bounds: { north: 1 } };
    });

  it('parses each distinct query string once, and answers it frozen with its JSON', () => {
    const queries = new ParsedQueries<{ page: number; area: string | null; bounds: { north: number } }>();
    parses = 0;
    const first = queries.of(requestFor(schema, '/api/x?page=2&area=LS1'));
    const again = queries.of(requestFor(schema, '/api/x?page=2&area=LS1'));
    expect(parses).toBe(1);
    expect(again).toBe(first);
    expect(first.value).toEqual({ page: 2, area: 'LS1', bounds: { north: 1 } });
    expect(first.json).toBe(JSON.stringify(first.value));
    // Shared between requests, so nothing may change it.
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(Object.isFrozen(first.value.bounds)).toBe(true);
    // Another spelling is another entry; no query string is one too.
    queries.of(requestFor(schema, '/api/x?area=LS1&page=2'));
    expect(queries.of(requestFor(schema, '/api/x')).value.page).toBe(1);
    expect(parses).toBe(3);
  });

  it('keeps no failed parse: a bad query answers its 400 every time', () => {
    const queries = new ParsedQueries();
    for (let i = 0; i < 2; i++) {
      const attempt = () => queries.of(requestFor(schema, '/api/x?page=0'));
      expect(attempt).toThrow(AppError);
    }
    expect(queries.bytes).toBe(0);
  });

  it('stays within its byte budget', () => {
    const queries = new ParsedQueries(2000);
    for (let page = 1; page <= 100; page++) queries.of(requestFor(schema, `/api/x?page=${page}`));
    expect(queries.bytes).toBeGreaterThan(0);
    expect(queries.bytes).toBeLessThanOrEqual(2000);
  });
});
