// What each plan includes (src/domain/plans.ts): the one rule the server enforces and every page reads.
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../src/domain/errors';
import {
  assertMayUse,
  FEATURE_KEYS,
  FEATURES,
  featureAccess,
  featureRefusal,
  mayUse,
  PLAN_FEATURES,
  planBenefits,
} from '../../src/domain/plans';

const visitor = null;
const free = (userType: string) => ({ user: { userType }, premium: false });
const paid = (userType: string) => ({ user: { userType }, premium: true });

describe('plans', () => {
  it('lets everyone, signed in or not, browse homes and trades', () => {
    for (const viewer of [visitor, free('tenant'), free('landlord'), free('contractor'), paid('tenant')]) {
      expect(mayUse(viewer, 'browseHomes')).toBe(true);
      expect(mayUse(viewer, 'browseTrades')).toBe(true);
    }
  });

  it('gives Tenant Premium contact, saved homes and searches, hiring trades and the forum', () => {
    for (const feature of [
      'contactLandlords',
      'saveHomes',
      'savedSearches',
      'hireContractors',
      'forum',
    ] as const) {
      expect(mayUse(paid('tenant'), feature)).toBe(true);
      expect(mayUse(free('tenant'), feature)).toBe(false);
      expect(mayUse(visitor, feature)).toBe(false);
    }
  });

  it("gives each paid plan its own features and not another plan's", () => {
    expect(mayUse(paid('landlord'), 'listHomes')).toBe(true);
    expect(mayUse(paid('landlord'), 'hireContractors')).toBe(true);
    expect(mayUse(paid('landlord'), 'contactLandlords')).toBe(false);
    expect(mayUse(paid('landlord'), 'forum')).toBe(false);
    expect(mayUse(paid('contractor'), 'manageLeads')).toBe(true);
    expect(mayUse(paid('contractor'), 'hireContractors')).toBe(false);
    expect(mayUse(paid('tenant'), 'listHomes')).toBe(false);
    // Premium without an account type (an admin granted premium) includes nothing extra.
    expect(mayUse({ user: { userType: null }, premium: true }, 'forum')).toBe(false);
  });

  it('tells each viewer the one step that gets a feature', () => {
    expect(featureAccess(visitor, 'contactLandlords')).toEqual({ kind: 'sign-in', plans: ['tenant'] });
    expect(featureAccess(free('tenant'), 'contactLandlords')).toEqual({ kind: 'upgrade', plan: 'tenant' });
    expect(featureAccess(free('landlord'), 'hireContractors')).toEqual({ kind: 'upgrade', plan: 'landlord' });
    expect(featureAccess(paid('landlord'), 'forum')).toEqual({ kind: 'other-account', plans: ['tenant'] });
    expect(featureAccess(paid('tenant'), 'forum')).toEqual({ kind: 'allowed' });
    expect(featureRefusal(free('tenant'), 'forum')).toBe(
      'Tenant Premium lets you ask and answer questions with other tenants in the community forum.',
    );
    expect(featureRefusal(paid('contractor'), 'hireContractors')).toBe(
      'This is for tenant accounts and landlord accounts with Tenant Premium or Landlord Pro.',
    );
  });

  it('refuses on the server with 401, 403 PREMIUM_REQUIRED or 403 FORBIDDEN, naming the feature', () => {
    const refusal = (viewer: Parameters<typeof assertMayUse>[0]) => {
      try {
        assertMayUse(viewer, 'saveHomes');
      } catch (err) {
        return err as AppError;
      }
      return null;
    };
    expect(refusal(paid('tenant'))).toBeNull();
    expect(refusal(visitor)?.toBody()).toMatchObject({ code: 'UNAUTHENTICATED', feature: 'saveHomes' });
    expect(refusal(free('tenant'))?.status).toBe(403);
    expect(refusal(free('tenant'))?.code).toBe('PREMIUM_REQUIRED');
    expect(refusal(paid('landlord'))?.code).toBe('FORBIDDEN');
  });

  it('words every feature, and a pricing card lists exactly what the rule grants', () => {
    for (const feature of FEATURE_KEYS) {
      expect(FEATURES[feature].label.length).toBeGreaterThan(5);
      expect(FEATURES[feature].benefit).toMatch(/\.$/);
    }
    for (const plan of ['tenant', 'landlord', 'contractor'] as const) {
      const granted = FEATURE_KEYS.filter((f) => PLAN_FEATURES[plan].includes(f));
      expect(planBenefits(plan)).toEqual(PLAN_FEATURES[plan].map((f) => FEATURES[f].label));
      for (const feature of granted) expect(mayUse(paid(plan), feature)).toBe(true);
    }
  });
});
