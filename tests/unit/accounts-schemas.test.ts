import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  PASSWORD_MESSAGES,
  SIGN_UP_MESSAGES,
  ZChangePasswordRequest,
  ZEmailOnlyRequest,
  ZEmptyRequest,
  ZLoginRequest,
  ZNotificationSettingsRequest,
  ZProfileUpdateRequest,
  ZQuickRegisterRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from '../../src/domain/accounts';

/** The messages a schema gives for an input, by field ('' for the whole object). */
function messages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

describe('account request schemas (doc 2 §5)', () => {
  describe('simple registration', () => {
    const valid = {
      firstName: 'Amira',
      lastName: 'Khan',
      email: 'amira@example.test',
      password: 'a-long-secret',
      userType: 'tenant',
    };

    it('accepts the form, trims names, lowercases the email and defaults the type to tenant', () => {
      const { userType: _omitted, ...rest } = valid;
      expect(
        ZRegisterRequest.parse({ ...rest, firstName: ' Amira ', email: ' Amira@Example.TEST ' }),
      ).toEqual({
        ...rest,
        firstName: 'Amira',
        email: 'amira@example.test',
        userType: 'tenant',
      });
    });

    it('accepts the client id and the premium hint', () => {
      expect(ZRegisterRequest.safeParse({ ...valid, id: 'abc', premium: true }).success).toBe(true);
    });

    it('asks for all required fields', () => {
      expect(messages(ZRegisterRequest, { email: 'a@example.test', password: 'a-long-secret' })).toEqual({
        firstName: [SIGN_UP_MESSAGES.firstName],
        lastName: [SIGN_UP_MESSAGES.lastName],
      });
      expect(messages(ZRegisterRequest, { ...valid, firstName: '   ' }).firstName).toEqual([
        SIGN_UP_MESSAGES.firstName,
      ]);
    });

    it('needs a password of at least 12 characters', () => {
      expect(messages(ZRegisterRequest, { ...valid, password: '12345678901' })).toEqual({
        password: [PASSWORD_MESSAGES.tooShort],
      });
      expect(PASSWORD_MESSAGES.tooShort).toBe('Password must be at least 12 characters long');
      expect(ZRegisterRequest.safeParse({ ...valid, password: '123456789012' }).success).toBe(true);
    });

    it('refuses unknown fields and user types', () => {
      expect(messages(ZRegisterRequest, { ...valid, role: 'admin' })['']).toBeDefined();
      expect(messages(ZRegisterRequest, { ...valid, userType: 'agent' })).toEqual({
        userType: ['Choose tenant, landlord or contractor'],
      });
    });
  });

  describe('quick registration', () => {
    it('needs names, an email and a user type, and has no password', () => {
      expect(messages(ZQuickRegisterRequest, {})).toEqual({
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
        email: ['Please enter a valid email address'],
        userType: ['Choose tenant, landlord or contractor'],
      });
      const valid = {
        firstName: 'Jon',
        lastName: 'Doyle',
        email: 'jon@example.test',
        userType: 'contractor',
      };
      expect(ZQuickRegisterRequest.safeParse(valid).success).toBe(true);
      expect(ZQuickRegisterRequest.safeParse({ ...valid, password: 'secret' }).success).toBe(false);
    });
  });

  describe('login', () => {
    it('needs a valid email and a password', () => {
      expect(messages(ZLoginRequest, { email: 'nope', password: '' })).toEqual({
        email: ['Please enter a valid email address'],
        password: ['Password is required'],
      });
      expect(messages(ZLoginRequest, { email: 'a@example.test' })).toEqual({
        password: ['Password is required'],
      });
    });
  });

  describe('forgot password and username', () => {
    it('needs a valid email', () => {
      expect(messages(ZEmailOnlyRequest, { email: 'a@' })).toEqual({
        email: ['Please enter a valid email address'],
      });
      expect(messages(ZEmailOnlyRequest, {})).toEqual({ email: ['Please enter a valid email address'] });
      expect(ZEmailOnlyRequest.parse({ email: 'A@Example.test' })).toEqual({ email: 'a@example.test' });
    });
  });

  describe('reset password', () => {
    it('needs a token and a new password of at least 12 characters', () => {
      expect(messages(ZResetPasswordRequest, { newPassword: '12345678901' })).toEqual({
        token: ['Invalid reset token'],
        newPassword: [PASSWORD_MESSAGES.tooShort],
      });
      expect(ZResetPasswordRequest.safeParse({ token: 't', newPassword: '123456789012' }).success).toBe(true);
    });
  });

  describe('profile', () => {
    const valid = { firstName: 'Priya', lastName: 'Shah', email: 'priya@example.test' };

    it('needs first name, last name and a valid email; phone and bio are optional', () => {
      expect(ZProfileUpdateRequest.safeParse(valid).success).toBe(true);
      expect(messages(ZProfileUpdateRequest, { firstName: '', lastName: '', email: 'x' })).toEqual({
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
        email: ['Valid email is required'],
      });
      expect(ZProfileUpdateRequest.safeParse({ ...valid, phone: null, bio: null }).success).toBe(true);
    });

    it('allows only phone characters and a bio up to 1000 characters', () => {
      expect(ZProfileUpdateRequest.safeParse({ ...valid, phone: '+44 (0)20 7946-0000' }).success).toBe(true);
      expect(messages(ZProfileUpdateRequest, { ...valid, phone: '<script>' }).phone).toBeDefined();
      expect(messages(ZProfileUpdateRequest, { ...valid, bio: 'x'.repeat(1001) })).toEqual({
        bio: ['Must be at most 1000 characters'],
      });
    });
  });

  describe('change password', () => {
    it('needs the current password and a new one of at least 12 characters', () => {
      expect(messages(ZChangePasswordRequest, { currentPassword: '', newPassword: '12345678901' })).toEqual({
        currentPassword: ['Current password is required'],
        newPassword: [PASSWORD_MESSAGES.tooShort],
      });
      // The current password may be any length: accounts made under the old 6-character rule still change theirs.
      expect(
        ZChangePasswordRequest.safeParse({ currentPassword: 'old', newPassword: '123456789012' }).success,
      ).toBe(true);
    });
  });

  describe('notification settings', () => {
    it('takes one or more of the four switches as booleans', () => {
      expect(ZNotificationSettingsRequest.parse({ marketingEmails: true })).toEqual({
        marketingEmails: true,
      });
      expect(
        ZNotificationSettingsRequest.safeParse({ email: false, propertyAlerts: true, securityAlerts: false })
          .success,
      ).toBe(true);
      expect(messages(ZNotificationSettingsRequest, {})).toEqual({ '': ['Send at least one setting'] });
      expect(ZNotificationSettingsRequest.safeParse({ email: 'false' }).success).toBe(false);
      expect(ZNotificationSettingsRequest.safeParse({ push: true }).success).toBe(false);
    });
  });

  describe('empty request', () => {
    it('accepts only an empty object', () => {
      expect(ZEmptyRequest.safeParse({}).success).toBe(true);
      expect(ZEmptyRequest.safeParse({ anything: 1 }).success).toBe(false);
    });
  });
});
