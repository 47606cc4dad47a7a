import { describe, expect, it } from 'vitest';
import { isPremium } from '../../src/domain/premium';

const now = new Date('2026-06-01T12:00:00Z');
const later = new Date('2026-06-15T00:00:00Z');
const earlier = new Date('2026-05-01T00:00:00Z');

describe('isPremium', () => {
  it('is false for a plain free account', () => {
    expect(isPremium({}, now)).toBe(false);
  });
  it('is true while the admin flag is set', () => {
    expect(isPremium({ isPremium: true }, now)).toBe(true);
  });
  it('lasts while an admin-granted period lasts, and ends with it', () => {
    expect(isPremium({ premiumUntil: later }, now)).toBe(true);
    expect(isPremium({ premiumUntil: earlier }, now)).toBe(false);
  });
  it('is true while a subscription is active within its period', () => {
    expect(isPremium({ subscriptionStatus: 'active', currentPeriodEnd: later }, now)).toBe(true);
    expect(isPremium({ subscriptionStatus: 'active', currentPeriodEnd: earlier }, now)).toBe(false);
  });
  it('keeps access to the end of the paid period after cancelling', () => {
    expect(isPremium({ subscriptionStatus: 'canceled', currentPeriodEnd: later }, now)).toBe(true);
    expect(isPremium({ subscriptionStatus: 'canceled', currentPeriodEnd: earlier }, now)).toBe(false);
  });
  it('is false for an incomplete subscription', () => {
    expect(isPremium({ subscriptionStatus: 'incomplete', currentPeriodEnd: later }, now)).toBe(false);
  });
});
