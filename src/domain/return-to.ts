// Where a person goes back to after signing in, signing up or paying (issue 30, "the way back"; decision 0059).
// One rule for the server and the browser: a `returnTo` is followed only when it is a path on this site, so no
// link can send someone from our sign-in or checkout to another site (an open redirect).

export const RETURN_TO_MAX = 500;
export const RETURN_TO_MESSAGE = 'returnTo must be a path on this site, such as /properties/…';

/**
 * The value when it is a same-site relative path: one leading slash, then not `/` or `\` (`//host`, `/\host` are
 * other hosts to a browser), no backslash anywhere, no control characters or spaces (header splitting, and the
 * tab or newline a browser strips from `/\t/host`), at most RETURN_TO_MAX characters; otherwise null.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_TO_MAX) return null;
  if (value[0] !== '/' || value[1] === '/' || value.includes('\\')) return null;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return null;
  }
  return value;
}

/** What a visitor pressed on a listing before being asked to sign in or pay: the dialog to open on return. */
export const CONTACT_INTENTS = ['message', 'viewing'] as const;
export type ContactIntent = (typeof CONTACT_INTENTS)[number];
export const CONTACT_PARAM = 'contact';

export function contactIntentOf(value: string | null | undefined): ContactIntent | null {
  return (CONTACT_INTENTS as readonly string[]).includes(value ?? '') ? (value as ContactIntent) : null;
}

/** The listing's address that opens that dialog when the page loads: `/properties/<id>?contact=message`. */
export function listingReturnPath(propertyId: string, intent: ContactIntent): string {
  return `/properties/${encodeURIComponent(propertyId)}?${CONTACT_PARAM}=${intent}`;
}

/** `/subscribe?plan=<plan>&returnTo=<path>`: checkout that comes back to `path` once paid. */
export function subscribeReturningTo(plan: string, path: string): string {
  const query = new URLSearchParams({ plan, returnTo: path });
  return `/subscribe?${query}`;
}
