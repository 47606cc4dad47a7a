// Shared by the accounts API tests: the links in delivered mail and the profile photo upload.
import type { TestApp } from '../support/app';
import { deliveredTo, type FormPart, postMultipart } from '../support/http';

/** The token of the newest link of a kind (reset, set-password, confirm) delivered to an address. */
export async function linkTokenFromEmail(
  t: TestApp,
  to: string,
  kind: string,
  pathname: string,
): Promise<string> {
  const [mail] = await deliveredTo(t, to, kind);
  if (!mail) throw new Error(`no ${kind} email delivered to ${to}`);
  const match = mail.text.match(new RegExp(`${pathname}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return match[1];
}

/** The token of the newest reset-style link sent to an address, read from the delivered mail as a user would. */
export function resetTokenFromEmail(t: TestApp, to: string, kind = 'password_reset'): Promise<string> {
  return linkTokenFromEmail(t, to, kind, '/reset-password');
}

export function uploadPhoto(t: TestApp, cookie: string | undefined, parts: FormPart[]) {
  return postMultipart(t, '/api/profile/photo', cookie, parts);
}
