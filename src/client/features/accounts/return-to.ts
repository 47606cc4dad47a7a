// The returnTo rule is the domain's (src/domain/return-to.ts), so the browser and the server refuse the same values.
import { safeReturnTo } from '../../../domain/return-to';

export { safeReturnTo };

/** The sign-in address that brings a person back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?returnTo=${encodeURIComponent(path)}`;
}

/** The sign-up address that brings a new account to `path` afterwards, with the account type chosen if known. */
export function registrationPathFor(path: string, userType?: string | null): string {
  const query = new URLSearchParams();
  if (userType) query.set('type', userType);
  query.set('returnTo', path);
  return `/simple-registration?${query}`;
}
