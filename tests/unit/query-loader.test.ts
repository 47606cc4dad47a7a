// The default data loader (doc 1 §7) and where a 401 means "no data" (docs/decisions/0027-small-departures-settled.md):
// only for who is signed in; every other read refuses loudly, so a lapsed session is never shown as "nothing".
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, setApiTransport } from '../../src/client/lib/api';
import { createQueryClient, getQueryFn } from '../../src/client/lib/query-client';

const calls: string[] = [];
function answer(status: number, body: unknown) {
  setApiTransport(async (url) => {
    calls.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => {
  calls.length = 0;
  setApiTransport((url, init) => fetch(url, init));
});

const run = <T>(fn: ReturnType<typeof getQueryFn<T>>, queryKey: readonly unknown[]) =>
  new QueryClient().fetchQuery({ queryKey, queryFn: fn });

describe('the default loader', () => {
  it('GETs the query key joined as a path and parses the JSON', async () => {
    answer(200, { unread: 3 });
    await expect(run(getQueryFn({ on401: 'throw' }), ['/api/conversations', 'unread'])).resolves.toEqual({
      unread: 3,
    });
    expect(calls).toEqual(['/api/conversations/unread']);
  });

  it('answers null for a 401 where asked (the current user: nobody is signed in)', async () => {
    answer(401, { code: 'UNAUTHENTICATED', message: 'Please sign in' });
    await expect(run(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user'])).resolves.toBeNull();
  });

  it('by default refuses a 401 as an error carrying the status and message, never as empty data', async () => {
    answer(401, { code: 'UNAUTHENTICATED', message: 'Please sign in' });
    const client = createQueryClient();
    const error = await client.fetchQuery({ queryKey: ['/api/saved-properties'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).userMessage).toBe('Please sign in');
  });
});
