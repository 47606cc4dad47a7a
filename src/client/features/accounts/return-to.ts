/**
 * A `returnTo` value is followed only when it is a path on this site: one leading slash, not `//host`
 * or `/\host`, no control characters (open-redirect guard; the server applies the same rule).
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20) return null;
  return value;
}

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
