import { describe, expect, it } from 'vitest';
import { depositCapPence } from '../../src/domain/advert-rules';
import { maxDepositPence, maxHoldingDepositPence, weeklyRentPence } from '../../src/domain/deposit';

describe('tenancy deposit (Tenant Fees Act 2019)', () => {
  it('works out weekly rent as monthly × 12 / 52', () => {
    expect(weeklyRentPence(130_000)).toBe(30_000);
  });

  it("caps the deposit at five weeks' rent below £50,000 a year", () => {
    // £1,300 pcm = £300 a week → £1,500
    expect(maxDepositPence(130_000)).toBe(150_000);
  });

  it("allows six weeks' rent where the annual rent is £50,000 or more", () => {
    // £5,200 pcm = £62,400 a year = £1,200 a week → £7,200
    expect(maxDepositPence(520_000)).toBe(720_000);
    // exactly £50,000 a year counts as "or more"
    const monthly = Math.ceil(5_000_000 / 12);
    expect(maxDepositPence(monthly)).toBe(Math.floor(((monthly * 12) / 52) * 6));
  });

  it("is the same cap as England's in the rules by nation", () => {
    for (const rent of [130_000, 520_000, 99_999, Math.ceil(5_000_000 / 12)])
      expect(depositCapPence(rent, 'england')).toBe(maxDepositPence(rent));
  });

  it('rounds down to whole pence so it never exceeds the cap', () => {
    expect(Number.isInteger(maxDepositPence(99_999))).toBe(true);
    expect(maxDepositPence(99_999)).toBeLessThanOrEqual((99_999 * 12 * 5) / 52);
  });

  it("caps a holding deposit at one week's rent, in whole pence", () => {
    expect(maxHoldingDepositPence(130_000)).toBe(30_000);
    // £1,150 pcm = £265.3846… a week → £265.38
    expect(maxHoldingDepositPence(115_000)).toBe(26_538);
  });
});
