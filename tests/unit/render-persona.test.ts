// The stand-in a member's page is drawn for (decision 0068): everything that may change the page's markup kept,
// everything that names the member blanked, and pages whose data names them recognised.
import { describe, expect, it } from 'vitest';
import type { TCurrentUser } from '../../src/domain/accounts';
import { asCurrentUser, dataNamesMember, PERSONA_ID, renderPersona } from '../../src/domain/render-persona';

const member: TCurrentUser = {
  id: '6f1c2a9e-3b7d-4c1a-9e2f-5a8b7c6d4e3f',
  email: 'ada+rent@example.test',
  firstName: 'Ada',
  lastName: 'Okonkwo',
  userType: 'tenant',
  user_type: 'tenant',
  role: 'user',
  isPremium: true,
  is_premium: true,
  premiumUntil: '2027-01-01T00:00:00.000Z',
  stripeSubscriptionId: 'sub_123',
  phone: '07700 900123',
  bio: 'Looking in Leeds',
  profileImageUrl: '/media/ada.webp',
  createdAt: '2026-01-02T03:04:05.000Z',
  notificationSettings: { email: true, propertyAlerts: true, marketingEmails: true, securityAlerts: true },
  impersonating: false,
};

describe('renderPersona', () => {
  it('keeps the kind of account, role, plan and demo session, and nothing that names the member', () => {
    const persona = renderPersona(member);
    expect(persona).toMatchObject({
      userType: 'tenant',
      user_type: 'tenant',
      role: 'user',
      isPremium: true,
      is_premium: true,
      impersonating: false,
      id: PERSONA_ID,
    });
    const text = JSON.stringify(persona);
    for (const personal of [
      member.id,
      member.email,
      'Ada',
      'Okonkwo',
      '07700',
      'Leeds',
      'ada.webp',
      'sub_123',
      '2027',
      '2026',
    ])
      expect(text).not.toContain(personal);
  });

  it('gives two members of the same kind and plan the same stand-in', () => {
    const other = {
      ...member,
      id: '0b6e1d2c-9a8f-4e7d-8c6b-5a4f3e2d1c0b',
      email: 'bram@example.test',
      firstName: 'Bram',
    };
    expect(renderPersona(other)).toEqual(renderPersona(member));
    expect(renderPersona({ ...other, isPremium: false, is_premium: false })).not.toEqual(
      renderPersona(member),
    );
  });
});

describe('dataNamesMember', () => {
  it('finds the member’s id or email in a page’s data, as JSON writes them', () => {
    expect(dataNamesMember(JSON.stringify([{ landlordId: member.id }]), member)).toBe(true);
    expect(dataNamesMember(JSON.stringify([{ contact: member.email }]), member)).toBe(true);
    expect(dataNamesMember(JSON.stringify([{ landlordId: PERSONA_ID, title: 'Flat' }]), member)).toBe(false);
  });
});

describe('asCurrentUser', () => {
  it('takes a signed-in user and nothing else', () => {
    expect(asCurrentUser(member)).toBe(member);
    for (const other of [null, undefined, 'x', {}, { id: 1, email: 'a' }])
      expect(asCurrentUser(other)).toBeNull();
  });
});
