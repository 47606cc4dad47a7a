import { describe, expect, it } from 'vitest';
import { nextPathAfterRegistration } from '../../src/client/features/accounts/registration';
import { loginPathFor, safeReturnTo } from '../../src/client/features/accounts/return-to';

describe('safeReturnTo (sign-in returns only to this site)', () => {
  it('accepts a path on this site', () => {
    expect(safeReturnTo('/profile')).toBe('/profile');
    expect(safeReturnTo('/properties?view=map')).toBe('/properties?view=map');
  });

  it('refuses other hosts, protocol-relative and backslash tricks', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'profile',
    ]) {
      expect(safeReturnTo(value)).toBeNull();
    }
  });

  it('refuses control characters, over-long values and nothing at all', () => {
    expect(safeReturnTo('/a\nb')).toBeNull();
    expect(safeReturnTo(`/${'a'.repeat(600)}`)).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
    expect(safeReturnTo('')).toBeNull();
  });

  it('builds a sign-in link that comes back to the page', () => {
    expect(loginPathFor('/settings')).toBe('/login?returnTo=%2Fsettings');
  });
});

describe('nextPathAfterRegistration (doc 2 §4)', () => {
  it('takes a tenant who chose Premium to the tenant checkout', () => {
    expect(nextPathAfterRegistration('tenant', true)).toBe('/subscribe?plan=tenant');
  });

  it('takes everyone else to the dashboard, landlords who came from a Premium link included', () => {
    expect(nextPathAfterRegistration('tenant', false)).toBe('/dashboard');
    expect(nextPathAfterRegistration('landlord', true)).toBe('/dashboard');
    expect(nextPathAfterRegistration('contractor', false)).toBe('/dashboard');
  });
});
