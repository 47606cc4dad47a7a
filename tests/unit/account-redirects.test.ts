import { describe, expect, it } from 'vitest';
import { nextPathAfterRegistration } from '../../src/client/features/accounts/registration';
import {
  loginPathFor,
  registrationPathFor,
  safeReturnTo,
} from '../../src/client/features/accounts/return-to';
import { contactIntentOf, listingReturnPath, subscribeReturningTo } from '../../src/domain/return-to';

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

  it('refuses a backslash anywhere, spaces, tabs and DEL (a browser strips some of them and reads another host)', () => {
    for (const value of [
      '/a\\b',
      '\\\\evil.example',
      '/\t/evil.example',
      '/ /evil.example',
      '/a\u007fb',
      ' /x',
    ]) {
      expect(safeReturnTo(value), JSON.stringify(value)).toBeNull();
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

  it('builds a sign-up link that comes back to the page, with the account type when known', () => {
    expect(registrationPathFor('/subscribe')).toBe('/simple-registration?returnTo=%2Fsubscribe');
    expect(registrationPathFor('/subscribe?plan=landlord', 'landlord')).toBe(
      '/simple-registration?type=landlord&returnTo=%2Fsubscribe%3Fplan%3Dlandlord',
    );
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

  it('goes back where the sign-up link came from when it says so, and only to this site', () => {
    expect(nextPathAfterRegistration('landlord', false, '/subscribe?plan=landlord')).toBe(
      '/subscribe?plan=landlord',
    );
    expect(nextPathAfterRegistration('tenant', true, '/subscribe')).toBe('/subscribe');
    expect(nextPathAfterRegistration('tenant', false, '//evil.example')).toBe('/dashboard');
    expect(nextPathAfterRegistration('tenant', true, 'https://evil.example/')).toBe('/subscribe?plan=tenant');
  });
});

describe('the way back to a listing (issue 30)', () => {
  it('names the dialog to open on the listing, and only the two there are', () => {
    expect(listingReturnPath('abc', 'message')).toBe('/properties/abc?contact=message');
    expect(listingReturnPath('abc', 'viewing')).toBe('/properties/abc?contact=viewing');
    expect(contactIntentOf('viewing')).toBe('viewing');
    expect(contactIntentOf('admin')).toBeNull();
    expect(contactIntentOf(null)).toBeNull();
  });

  it('sends a new tenant to checkout and then back to the listing', () => {
    const back = listingReturnPath('abc', 'message');
    const checkout = subscribeReturningTo('tenant', back);
    expect(checkout).toBe('/subscribe?plan=tenant&returnTo=%2Fproperties%2Fabc%3Fcontact%3Dmessage');
    expect(nextPathAfterRegistration('tenant', false, checkout)).toBe(checkout);
  });

  it('skips a checkout for another account type than the one made, going straight back', () => {
    const back = listingReturnPath('abc', 'message');
    expect(nextPathAfterRegistration('landlord', false, subscribeReturningTo('tenant', back))).toBe(back);
    expect(nextPathAfterRegistration('landlord', false, '/subscribe?plan=tenant')).toBe('/dashboard');
    expect(
      nextPathAfterRegistration('landlord', false, subscribeReturningTo('tenant', '//evil.example')),
    ).toBe('/dashboard');
  });
});
