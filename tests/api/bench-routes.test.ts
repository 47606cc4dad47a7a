import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

// The bench's own routes (BENCH_ROUTES=1, for `npm run bench` only): the ceiling's reply and a CPU profile of
// one kind of load.
describe('bench routes', () => {
  let bench: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    [bench, plain] = await Promise.all([createTestApp({ BENCH_ROUTES: '1' }), createTestApp()]);
  });
  afterAll(() => Promise.all([bench.close(), plain.close()]));

  it('sends a precomputed JSON string of exactly the bytes asked for', async () => {
    const res = await bench.app.inject({ method: 'GET', url: '/api/bench/ceiling?bytes=12897' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(12897);
    expect(typeof res.json()).toBe('string');
  });

  it("answers V8's CPU profile of what ran between start and stop, and refuses a stop without a start", async () => {
    expect(
      (await bench.app.inject({ method: 'POST', url: '/api/bench/profile?action=stop' })).statusCode,
    ).toBe(409);
    const started = await bench.app.inject({ method: 'POST', url: '/api/bench/profile?action=start' });
    expect(started.statusCode).toBe(200);
    // Twenty different searches, so each runs (the same one twice would be the search cache's): one search's few
    // milliseconds of JavaScript could fall between two of the sampler's ticks on a busy machine.
    for (let i = 0; i < 20; i++)
      await bench.app.inject({ method: 'GET', url: `/api/properties?minPrice=${100 + i}` });
    const stopped = await bench.app.inject({ method: 'POST', url: '/api/bench/profile?action=stop' });
    expect(stopped.statusCode).toBe(200);
    const profile = stopped.json() as {
      nodes: { callFrame: { functionName: string; url: string } }[];
      samples: number[];
    };
    expect(profile.nodes.length).toBeGreaterThan(1);
    expect(profile.samples.length).toBeGreaterThan(0);
    // Our server's code ran while it was on. Not one named function: a search's own JavaScript between its awaits
    // takes well under a millisecond, and on a fast machine the sampler (every 200 µs) missed searchProperties
    // twice in a suite; the requests' code as a whole (routing, parsing, building SQL, presenting) it does not miss.
    expect(profile.nodes.some((node) => node.callFrame.url.includes('/src/server/'))).toBe(true);
    const unknown = await bench.app.inject({ method: 'POST', url: '/api/bench/profile?action=pause' });
    expect(unknown.statusCode).toBe(400);
  });

  it('does not exist unless BENCH_ROUTES=1', async () => {
    for (const [method, url] of [
      ['GET', '/api/bench/ceiling?bytes=100'],
      ['GET', '/api/bench/stats'],
      ['POST', '/api/bench/profile?action=start'],
    ] as const)
      expect((await plain.app.inject({ method, url })).statusCode, url).toBe(404);
  });
});
