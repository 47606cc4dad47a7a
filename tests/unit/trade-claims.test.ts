// What a trade's page may claim (issue 28): the badge only from a check whose document has not expired and that
// was not revoked, lapsing on the day after expiry; a response time only from enough real replies.
import { describe, expect, it } from 'vitest';
import { ZTradeCheckRequest } from '../../src/domain/contractors';
import {
  isCheckActive,
  isVerifiedOn,
  ratingBasis,
  responseTimeBasis,
  TRADE_RESPONSE_MIN_REQUESTS,
} from '../../src/domain/trade-claims';
import { tradeResponseTime } from '../../src/domain/trade-response';

const HOUR = 3_600_000;

describe('the Verified badge', () => {
  const check = { expiresOn: '2027-03-01', revokedAt: null };

  it('counts a check through its expiry day and lapses the day after, with nothing written', () => {
    expect(isCheckActive(check, '2026-11-27')).toBe(true);
    expect(isCheckActive(check, '2027-03-01')).toBe(true);
    expect(isCheckActive(check, '2027-03-02')).toBe(false);
  });

  it('does not count a revoked check, whatever its expiry', () => {
    expect(isCheckActive({ ...check, revokedAt: '2026-11-20T10:00:00Z' }, '2026-11-27')).toBe(false);
  });

  it('needs at least one check that counts', () => {
    expect(isVerifiedOn([], '2026-11-27')).toBe(false);
    const lapsed = { expiresOn: '2026-01-01', revokedAt: null };
    expect(isVerifiedOn([lapsed], '2026-11-27')).toBe(false);
    expect(isVerifiedOn([lapsed, check], '2026-11-27')).toBe(true);
  });
});

describe('what an admin may record', () => {
  const parse = (body: unknown) => ZTradeCheckRequest.safeParse(body);

  it('needs an insurer for insurance and a registration number for Gas Safe or NICEIC', () => {
    expect(parse({ kind: 'insurance', provider: 'Aviva', expiresOn: '2027-03-01' }).success).toBe(true);
    expect(parse({ kind: 'insurance', expiresOn: '2027-03-01' }).success).toBe(false);
    expect(
      parse({ kind: 'gas_safe', registrationNumber: '123 456', expiresOn: '2027-03-01' }).data,
    ).toMatchObject({ registrationNumber: '123456' });
    expect(parse({ kind: 'gas_safe', registrationNumber: '12345', expiresOn: '2027-03-01' }).success).toBe(
      false,
    );
    expect(parse({ kind: 'gas_safe', expiresOn: '2027-03-01' }).success).toBe(false);
    expect(
      parse({ kind: 'niceic', registrationNumber: 'ab1234', expiresOn: '2027-03-01' }).data,
    ).toMatchObject({
      registrationNumber: 'AB1234',
    });
    expect(parse({ kind: 'niceic', registrationNumber: 'AB-1234', expiresOn: '2027-03-01' }).success).toBe(
      false,
    );
  });

  it('needs a real expiry day and a known kind', () => {
    expect(parse({ kind: 'insurance', provider: 'Aviva', expiresOn: '2027-02-30' }).success).toBe(false);
    expect(parse({ kind: 'insurance', provider: 'Aviva' }).success).toBe(false);
    expect(parse({ kind: 'trustmark', provider: 'x', expiresOn: '2027-03-01' }).success).toBe(false);
  });
});

describe("a trade's response time", () => {
  it(`says nothing below ${TRADE_RESPONSE_MIN_REQUESTS} quote requests`, () => {
    expect(tradeResponseTime([])).toBeNull();
    expect(tradeResponseTime([HOUR, HOUR])).toBeNull();
  });

  it('is the median of the first-reply delays, an unanswered request counting as the slowest', () => {
    expect(tradeResponseTime([0.5 * HOUR, 0.2 * HOUR, 30 * HOUR])).toEqual({
      label: 'Usually replies within an hour',
      requests: 3,
      windowDays: 365,
    });
    expect(tradeResponseTime([3 * HOUR, null, null])?.label).toBe('Usually slow to reply');
  });

  it('says what it is measured over', () => {
    expect(responseTimeBasis({ requests: 4, windowDays: 365 })).toBe(
      'Median over 4 quote requests in the last 12 months',
    );
    expect(responseTimeBasis({ requests: 4, windowDays: 90 })).toBe(
      'Median over 4 quote requests in the last 90 days',
    );
  });
});

describe('what a rating rests on (decision 0073)', () => {
  it('names the verified jobs when there are any, else says none of the reviews is from one', () => {
    expect(ratingBasis({ reviewCount: 0, verifiedReviewCount: 0 })).toBeNull();
    expect(ratingBasis({ reviewCount: 1, verifiedReviewCount: 0 })).toBe(
      'from 1 review, none from a verified job',
    );
    expect(ratingBasis({ reviewCount: 3, verifiedReviewCount: 0 })).toBe(
      'from 3 reviews, none from a verified job',
    );
    expect(ratingBasis({ reviewCount: 5, verifiedReviewCount: 1 })).toBe('from 1 verified job');
    expect(ratingBasis({ reviewCount: 1500, verifiedReviewCount: 1200 })).toBe('from 1,200 verified jobs');
  });
});
