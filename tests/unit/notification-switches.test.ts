// Settings shows each account only the switches that change an email it can receive (issue 12).
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KEYS, notificationKeysFor } from '../../src/domain/constants';
import { formatCount } from '../../src/domain/money';

describe('notification switches per account', () => {
  it('gives tenants messages, alerts and security, and landlords and contractors account emails and security', () => {
    expect(notificationKeysFor('tenant')).toEqual(['email', 'propertyAlerts', 'securityAlerts']);
    expect(notificationKeysFor('landlord')).toEqual(['email', 'securityAlerts']);
    expect(notificationKeysFor('contractor')).toEqual(['email', 'securityAlerts']);
    expect(notificationKeysFor(null)).toEqual(['securityAlerts']);
  });

  it('never offers the marketing switch, since no marketing email is sent', () => {
    for (const type of ['tenant', 'landlord', 'contractor', null] as const)
      expect(notificationKeysFor(type)).not.toContain('marketingEmails');
    expect(NOTIFICATION_KEYS).toContain('marketingEmails');
  });
});

describe('marketplace figures', () => {
  it('prints counts in full with thousands separators, never rounded up', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(10_004)).toBe('10,004');
  });
});
