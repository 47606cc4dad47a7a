// Request contracts for accounts (doc 2 §5 and §7). Messages are the spec's.
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, NOTIFICATION_KEYS, USER_TYPES } from './constants';

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

export const ZUserType = z.enum(USER_TYPES, { error: 'Choose tenant, landlord or contractor' });

const ZNewPassword = (message: string) =>
  z
    .string({ error: message })
    .min(MIN_PASSWORD_LENGTH, message)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

/** POST /api/register (simple registration, with password). The client may send an id; the server makes its own. */
export const ZRegisterRequest = z.strictObject({
  id: z.string().max(100).optional(),
  firstName: requiredName('Please fill in all required fields'),
  lastName: requiredName('Please fill in all required fields'),
  email: ZEmail,
  password: ZNewPassword('Password must be at least 6 characters long'),
  userType: ZUserType.default('tenant'),
  premium: z.boolean().optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/** POST /api/auth/register (the /register form: no password; a set-password link is emailed). */
export const ZQuickRegisterRequest = z.strictObject({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  email: ZEmail,
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
  newPassword: ZNewPassword('Password must be at least 6 characters'),
});

export const ZProfileUpdateRequest = z.strictObject({
  firstName: requiredName('First name is required'),
  lastName: requiredName('Last name is required'),
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .toLowerCase()
    .max(254, 'Valid email is required')
    .pipe(z.email({ error: 'Valid email is required' })),
  phone: trimmed(30)
    .regex(/^[+0-9 ()-]*$/, 'Phone may contain only digits, spaces, +, ( ) and -')
    .optional()
    .nullable(),
  bio: trimmed(1000).optional().nullable(),
});
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

export const ZChangePasswordRequest = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(MAX_PASSWORD_LENGTH),
  newPassword: ZNewPassword('Password must be at least 6 characters'),
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
export interface TCurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userType: 'tenant' | 'landlord' | 'contractor' | null;
  user_type: 'tenant' | 'landlord' | 'contractor' | null;
  role: 'user' | 'admin' | 'super_admin';
  isPremium: boolean;
  is_premium: boolean;
  premiumUntil: string | null;
  stripeSubscriptionId: string | null;
  phone: string | null;
  bio: string | null;
  profileImageUrl: string | null;
  createdAt: string;
  notificationSettings: Record<(typeof NOTIFICATION_KEYS)[number], boolean>;
  impersonating: boolean;
}
