// Request contracts for accounts (doc 2 §5 and §7). Messages are the spec's.
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, NOTIFICATION_KEYS, USER_TYPES } from './constants';
import { ACCOUNT_DELETION_TERMS } from './evidence';
import { ROLES } from './identity';

const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
// The spec's message also when the field is missing altogether, not zod's "expected string".
const requiredName = (message: string) =>
  z.string({ error: message }).trim().max(80, 'Must be at most 80 characters').min(1, message);
export const ZEmail = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** The shared demo accounts' domain: nobody registers or moves an account to it (the demo logins rely on it). */
export const RESERVED_EMAIL_DOMAIN = 'demo.yourplace.test';
export const RESERVED_EMAIL_MESSAGE =
  'This address is reserved for demo accounts. Please use your own email address.';

export function isReservedEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return domain === RESERVED_EMAIL_DOMAIN || domain.endsWith(`.${RESERVED_EMAIL_DOMAIN}`);
}

/** An address someone claims as their own (registration, a new sign-in address): any but the reserved domain. */
const ownEmail = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((email) => !isReservedEmail(email), { error: RESERVED_EMAIL_MESSAGE });
export const ZOwnEmail = ownEmail(ZEmail);

export const ZUserType = z.enum(USER_TYPES, { error: 'Choose tenant, landlord or contractor' });

/** What a new password must be, as the forms show it before anyone types (issue 30). */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password. A few unrelated words make a good one.`;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  /** The server's check against its list of common passwords (src/server/lib/common-passwords.ts). */
  common:
    'This password is one of the most common ones (or one with numbers added), so it is easy to guess. Please choose another, such as a few unrelated words.',
} as const;

/** Sign-up names the field and why (issue 30: "Please fill in all required fields" named neither). */
export const SIGN_UP_MESSAGES = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  email: 'Please enter your email address',
  password: 'Please choose a password',
} as const;

const ZNewPassword = () =>
  z
    .string({ error: PASSWORD_MESSAGES.tooShort })
    .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong);

/** POST /api/register (simple registration, with password). The client may send an id; the server makes its own. */
export const ZRegisterRequest = z.strictObject({
  id: z.string().max(100).optional(),
  firstName: requiredName(SIGN_UP_MESSAGES.firstName),
  lastName: requiredName(SIGN_UP_MESSAGES.lastName),
  email: ZOwnEmail,
  password: ZNewPassword(),
  userType: ZUserType.default('tenant'),
  premium: z.boolean().optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** POST /api/auth/register (the /register form: no password; a set-password link is emailed). */
export const ZQuickRegisterRequest = z.strictObject({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  email: ZOwnEmail,
  userType: ZUserType,
});
export type TQuickRegisterRequest = z.infer<typeof ZQuickRegisterRequest>;

export const ZLoginRequest = z.strictObject({
  email: ZEmail,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD_LENGTH),
});

/** POST /api/auth/demo-login and other calls that carry nothing: an empty body or `{}`. */
export const ZEmptyRequest = z.strictObject({});

export const ZEmailOnlyRequest = z.strictObject({ email: ZEmail });

export const ZResetPasswordRequest = z.strictObject({
  token: z
    .string({ error: 'Invalid reset token' })
    .min(1, 'Invalid reset token')
    .max(200, 'Invalid reset token'),
  newPassword: ZNewPassword(),
});

export const ZProfileUpdateRequest = z.strictObject({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  email: ownEmail(
    z
      .string({ error: 'Valid email is required' })
      .trim()
      .toLowerCase()
      .max(254, 'Valid email is required')
      .pipe(z.email({ error: 'Valid email is required' })),
  ),
  /** Needed only when the email changes: a stolen session alone must not move the account to another address. */
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH).optional(),
  phone: trimmed(30)
    .regex(/^[+0-9 ()-]*$/, 'Phone may contain only digits, spaces, +, ( ) and -')
    .optional()
    .nullable(),
  bio: trimmed(1000).optional().nullable(),
});
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

/** POST /api/auth/confirm-email: the token from the link sent to the new address. */
export const ZConfirmEmailRequest = z.strictObject({
  token: z
    .string({ error: 'Invalid confirmation link' })
    .min(1, 'Invalid confirmation link')
    .max(200, 'Invalid confirmation link'),
});

/** GET /api/profile/email-change: the new address waiting for its link, if any. */
export interface TPendingEmailChange {
  pendingEmail: string | null;
  expiresAt: string | null;
}

export const ZChangePasswordRequest = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(MAX_PASSWORD_LENGTH),
  newPassword: ZNewPassword(),
});

/** DELETE /api/account: the current password, so nobody at an unlocked screen can delete the account (decision 0056). */
export const ZDeleteAccountRequest = z.strictObject({
  password: z
    .string({ error: ACCOUNT_DELETION_TERMS.passwordRequired })
    .min(1, ACCOUNT_DELETION_TERMS.passwordRequired)
    .max(MAX_PASSWORD_LENGTH),
});

/** PUT /api/notification-settings: one or more of the four switches. */
export const ZNotificationSettingsRequest = z
  .strictObject(
    Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, z.boolean().optional()])) as {
      [K in (typeof NOTIFICATION_KEYS)[number]]: z.ZodOptional<z.ZodBoolean>;
    },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Send at least one setting' });

export const ZContactRequest = z.strictObject({
  name: requiredText(120, 'Name is required'),
  email: ZEmail,
  subject: requiredText(200, 'Subject is required'),
  message: requiredText(5000, 'Message is required'),
});

export const ZPageViewRequest = z.strictObject({
  path: z.string().trim().min(1).max(500).startsWith('/'),
  referrer: z.string().max(1000).optional().nullable(),
});

/** The current-user shape the client reads (doc 1 §3, doc 2 §3). */
export const ZCurrentUser = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    userType: z.enum(USER_TYPES).nullable(),
    user_type: z.enum(USER_TYPES).nullable().describe('The same as userType (the spec reads both)'),
    role: z.enum(ROLES),
    isPremium: z.boolean(),
    is_premium: z.boolean(),
    premiumUntil: z.string().nullable(),
    stripeSubscriptionId: z.string().nullable(),
    phone: z.string().nullable(),
    bio: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    createdAt: z.string(),
    notificationSettings: z.record(z.enum(NOTIFICATION_KEYS), z.boolean()),
    impersonating: z.boolean(),
  })
  .meta({ id: 'CurrentUser' });
export type TCurrentUser = z.output<typeof ZCurrentUser>;
