// The fleet test's judgement (scripts/fleet/verdict.ts): what the faults excuse, and what they never do.
import { describe, expect, it } from 'vitest';
import { isExcused, missingByKind, type RequestRecord, summarise } from '../../scripts/fleet/verdict';

const request = (over: Partial<RequestRecord>): RequestRecord => ({
  op: 'search',
  phase: 'warm-up',
  startedAt: 1000,
  endedAt: 1100,
  status: 200,
  cause: 'ok',
  inFlightAtKill: false,
  ...over,
});

describe('fleet verdict', () => {
  const outage = { from: 5000, to: 9000 };

  it('excuses a failed request that was in flight when an instance was killed', () => {
    expect(isExcused(request({ status: 502, cause: 'HTTP 502', inFlightAtKill: true }), outage)).toBe(true);
    expect(isExcused(request({ status: 0, cause: 'ECONNRESET', inFlightAtKill: true }), null)).toBe(true);
  });

  it('never excuses a failure outside the faults, as in a rolling restart', () => {
    expect(isExcused(request({ phase: 'rolling restart', status: 502, cause: 'HTTP 502' }), outage)).toBe(
      false,
    );
    expect(isExcused(request({ status: 0, cause: 'ECONNRESET' }), null)).toBe(false);
  });

  it('excuses only a 503 during the database outage, never a 500', () => {
    const during = { startedAt: 6000, endedAt: 6010 };
    expect(isExcused(request({ ...during, status: 503, cause: 'HTTP 503' }), outage)).toBe(true);
    expect(isExcused(request({ ...during, status: 500, cause: 'HTTP 500' }), outage)).toBe(false);
    // A request that began before the outage and ended in it overlaps it too.
    expect(
      isExcused(request({ startedAt: 4000, endedAt: 5001, status: 503, cause: 'HTTP 503' }), outage),
    ).toBe(true);
    // After the outage, a 503 is a failure again.
    expect(
      isExcused(request({ startedAt: 9001, endedAt: 9002, status: 503, cause: 'HTTP 503' }), outage),
    ).toBe(false);
  });

  it('counts failures, excused failures and percentiles per phase', () => {
    const records = [
      request({ endedAt: 1010 }),
      request({ endedAt: 1020 }),
      request({ endedAt: 1030, status: 500, cause: 'HTTP 500', op: 'save' }),
      request({ phase: 'SIGKILL', status: 502, cause: 'HTTP 502', inFlightAtKill: true }),
    ];
    const [warm, , kill] = summarise(records, null);
    expect(warm).toMatchObject({
      requests: 3,
      failed: 1,
      excused: 0,
      causes: { 'save: HTTP 500': 1 },
      p50: 20,
    });
    expect(kill).toMatchObject({
      requests: 1,
      failed: 0,
      excused: 1,
      excusedCauses: { 'search: HTTP 502': 1 },
    });
  });

  it('names every acknowledged write the database does not have', () => {
    const ledger = [
      { kind: 'save', key: 'u1:p1' },
      { kind: 'save', key: 'u1:p2' },
      { kind: 'forum topic', key: 'Fleet topic 1' },
    ];
    expect(missingByKind(ledger, new Set(['save|u1:p1', 'forum topic|Fleet topic 1']))).toEqual({
      save: ['u1:p2'],
    });
    expect(missingByKind(ledger, new Set(['save|u1:p1', 'save|u1:p2', 'forum topic|Fleet topic 1']))).toEqual(
      {},
    );
  });
});
