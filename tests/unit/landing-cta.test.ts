// Landing page call-to-action targets (doc 1 "Landing page (/)").
import { describe, expect, it } from 'vitest';
import { ctaLabel, ctaTarget } from '../../src/client/features/marketing/cta';

describe('landing call-to-action targets for visitors', () => {
  it('sends each role to simple registration with that role preselected', () => {
    expect(ctaTarget('tenant', 'role', false)).toBe('/simple-registration?type=tenant');
    expect(ctaTarget('landlord', 'role', false)).toBe('/simple-registration?type=landlord');
    expect(ctaTarget('contractor', 'role', false)).toBe('/simple-registration?type=contractor');
  });

  it('adds premium=true only to the tenant premium upgrade', () => {
    expect(ctaTarget('tenant', 'premium', false)).toBe('/simple-registration?type=tenant&premium=true');
    expect(ctaTarget('landlord', 'premium', false)).toBe('/simple-registration?type=landlord');
    expect(ctaTarget('contractor', 'premium', false)).toBe('/simple-registration?type=contractor');
  });

  it('gives a plain sign-up link no query at all', () => {
    for (const role of ['tenant', 'landlord', 'contractor'] as const) {
      expect(ctaTarget(role, 'signup', false)).toBe('/simple-registration');
    }
  });
});

describe('landing call-to-action targets when signed in', () => {
  it('sends the tenant button to the dashboard', () => {
    expect(ctaTarget('tenant', 'role', true)).toBe('/dashboard');
    expect(ctaLabel('tenant', 'panel', true)).toBe('Go to Dashboard');
  });

  it('sends landlords to subscribe to the landlord plan (Subscribe to List / Subscribe Now)', () => {
    expect(ctaTarget('landlord', 'role', true)).toBe('/subscribe?plan=landlord');
    expect(ctaLabel('landlord', 'panel', true)).toBe('Subscribe to List');
    expect(ctaLabel('landlord', 'pricing', true)).toBe('Subscribe Now');
  });

  it('sends contractors to subscribe to the contractor plan (Subscribe to Join / Subscribe Now)', () => {
    expect(ctaTarget('contractor', 'role', true)).toBe('/subscribe?plan=contractor');
    expect(ctaLabel('contractor', 'panel', true)).toBe('Subscribe to Join');
    expect(ctaLabel('contractor', 'pricing', true)).toBe('Subscribe Now');
  });

  it('sends the tenant premium upgrade to subscribe to the tenant plan', () => {
    expect(ctaTarget('tenant', 'premium', true)).toBe('/subscribe?plan=tenant');
  });

  it('never sends a signed-in person to registration', () => {
    for (const role of ['tenant', 'landlord', 'contractor'] as const) {
      for (const kind of ['role', 'premium', 'signup'] as const) {
        expect(ctaTarget(role, kind, true)).not.toContain('/simple-registration');
      }
    }
  });
});
