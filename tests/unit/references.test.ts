// The rules of references by email (issue 31 item 4; decision 0065): a request's status, what a click on the link
// reads, when a new request may be sent, the snapshot's previous landlord and the answer's shape.
import { describe, expect, it } from 'vitest';
import { ONE_TIME_LINK_LIFETIMES_MS } from '../../src/domain/one-time-links';
import {
  blockingRequest,
  previousLandlordOf,
  referenceLinkState,
  referenceStatus,
  ZReferenceAnswer,
} from '../../src/domain/references';

const NOW = new Date('2026-11-27T12:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const request = (over: Partial<{ answeredAt: Date | null; usedAt: Date | null; expiresAt: Date }> = {}) => ({
  answeredAt: null,
  usedAt: null,
  expiresAt: later(ONE_TIME_LINK_LIFETIMES_MS.reference),
  ...over,
});

describe('reference requests', () => {
  it('live for 14 days', () => {
    expect(ONE_TIME_LINK_LIFETIMES_MS.reference).toBe(14 * 24 * 60 * 60 * 1000);
  });

  it('are requested, then answered once used, or expired when their link ran out unanswered', () => {
    expect(referenceStatus(request(), NOW)).toBe('requested');
    expect(referenceStatus(request({ answeredAt: NOW, usedAt: NOW }), NOW)).toBe('answered');
    expect(referenceStatus(request({ expiresAt: NOW }), NOW)).toBe('expired');
    // An answer given in time stays answered after the link's lifetime.
    expect(referenceStatus(request({ answeredAt: NOW, usedAt: NOW, expiresAt: NOW }), later(1))).toBe(
      'answered',
    );
  });

  it('block a new request while one is outstanding or answered, not once expired', () => {
    expect(blockingRequest([], NOW)).toBeNull();
    expect(blockingRequest([request({ expiresAt: NOW })], NOW)).toBeNull();
    expect(blockingRequest([request({ expiresAt: NOW }), request()], NOW)?.status).toBe('requested');
    expect(blockingRequest([request({ answeredAt: NOW, usedAt: NOW, expiresAt: NOW })], NOW)?.status).toBe(
      'answered',
    );
  });
});

describe("the referee's link", () => {
  const row = (over: Partial<{ usedAt: Date | null; expiresAt: Date; applicationStatus: string }> = {}) => ({
    usedAt: null,
    expiresAt: later(1000),
    applicationStatus: 'submitted',
    ...over,
  });

  it('reads as every one-time link does: unknown, used before expired, expired', () => {
    expect(referenceLinkState(undefined, NOW)).toBe('unknown');
    expect(referenceLinkState(row(), NOW)).toBe('usable');
    expect(referenceLinkState(row({ usedAt: NOW, expiresAt: NOW }), NOW)).toBe('used');
    expect(referenceLinkState(row({ expiresAt: NOW }), NOW)).toBe('expired');
  });

  it('is no longer needed once the application is withdrawn, declined or accepted', () => {
    expect(referenceLinkState(row({ applicationStatus: 'offered' }), NOW)).toBe('usable');
    for (const status of ['withdrawn', 'declined', 'accepted'])
      expect(referenceLinkState(row({ applicationStatus: status }), NOW), status).toBe('closed');
    // A used link says it was used, whatever became of the application.
    expect(referenceLinkState(row({ usedAt: NOW, applicationStatus: 'withdrawn' }), NOW)).toBe('used');
  });
});

describe("the application snapshot's previous landlord", () => {
  it('is read from the contract field, and null when absent or incomplete', () => {
    expect(previousLandlordOf({ previousLandlord: { name: ' Pat ', email: 'pat@example.test' } })).toEqual({
      name: 'Pat',
      email: 'pat@example.test',
    });
    for (const profile of [
      {},
      null,
      'text',
      { previousLandlord: null },
      { previousLandlord: { name: '', email: 'pat@example.test' } },
      { previousLandlord: { name: 'Pat', email: 'not an address' } },
    ])
      expect(previousLandlordOf(profile), JSON.stringify(profile)).toBeNull();
  });
});

describe('the answer', () => {
  const good = { tenancyFrom: '2023-09-01', rentOnTime: 'always', wouldLetAgain: true };

  it('needs a start, a rent answer and a yes or no; the end and comments are optional', () => {
    expect(ZReferenceAnswer.parse(good)).toEqual({ ...good, tenancyTo: null, comments: null });
    expect(ZReferenceAnswer.parse({ ...good, comments: '  ' }).comments).toBeNull();
    for (const bad of [
      { ...good, tenancyFrom: undefined },
      { ...good, rentOnTime: 'sometimes' },
      { ...good, wouldLetAgain: undefined },
      { ...good, tenancyTo: '2023-08-31' },
      { ...good, comments: 'x'.repeat(2001) },
      { ...good, score: 5 },
    ])
      expect(ZReferenceAnswer.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
