// Client form schemas: the domain request contracts (src/domain/accounts.ts), plus the confirmation fields
// and the "all fields" message of the forms that have them (doc 2 §5).
import { z } from 'zod';
import {
  ZChangePasswordRequest,
  ZEmail,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZUserType,
} from '../../../domain/accounts';
import { MIN_PASSWORD_LENGTH } from '../../../domain/constants';

export const PASSWORDS_DONT_MATCH = "Passwords don't match";
const FILL_ALL = 'Please fill in all required fields';
const required = (schema: z.ZodType<string, string>) => z.string().trim().min(1, FILL_ALL).pipe(schema);

/** /simple-registration: every field required first, then the request's own rules. */
export const ZSimpleRegistrationForm = z.object({
  firstName: required(ZRegisterRequest.shape.firstName),
  lastName: required(ZRegisterRequest.shape.lastName),
  email: required(ZEmail),
  password: z.string().min(1, FILL_ALL).pipe(ZRegisterRequest.shape.password),
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
