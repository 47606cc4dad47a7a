// Client form schemas: the domain request contracts (src/domain/accounts.ts), plus the confirmation fields
// and the "all fields" message of the forms that have them (doc 2 §5).
import { z } from 'zod';
import {
  SIGN_UP_MESSAGES,
  ZChangePasswordRequest,
  ZEmail,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZUserType,
} from '../../../domain/accounts';
import { MIN_PASSWORD_LENGTH } from '../../../domain/constants';

export const PASSWORDS_DONT_MATCH = "Passwords don't match";
const required = (schema: z.ZodType<string, string>, message: string) =>
  z.string().trim().min(1, message).pipe(schema);

/** /simple-registration: each empty field says what it wants, then the request's own rules say why not. */
export const ZSimpleRegistrationForm = z.object({
  firstName: required(ZRegisterRequest.shape.firstName, SIGN_UP_MESSAGES.firstName),
  lastName: required(ZRegisterRequest.shape.lastName, SIGN_UP_MESSAGES.lastName),
  email: required(ZEmail, SIGN_UP_MESSAGES.email),
  password: z.string().min(1, SIGN_UP_MESSAGES.password).pipe(ZRegisterRequest.shape.password),
  userType: ZUserType,
});
export type TSimpleRegistrationForm = z.input<typeof ZSimpleRegistrationForm>;

/** /reset-password: the token comes from the link, the person types the new password twice. */
export const ZResetPasswordForm = z
  .object({
    newPassword: ZResetPasswordRequest.shape.newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

/** Settings → Change Password: the mismatch is reported on the confirmation field. */
export const ZChangePasswordForm = z
  .object({
    currentPassword: ZChangePasswordRequest.shape.currentPassword,
    newPassword: ZChangePasswordRequest.shape.newPassword,
    confirmPassword: z.string().min(MIN_PASSWORD_LENGTH, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;
