// Who a member's page is drawn for on the server (issue 33, decision 0068). A member's page is the visitor's page plus
// what their account and their data change: the header for their kind of account and plan, their hearts, the contact
// panel their plan opens, their unread count. The server draws it for a stand-in with everything of the account but
// what names the person, and keeps the HTML by exactly what went into it (the stand-in, the address and the page's
// data), so every member whose page would come out the same shares one render, and any difference in what a page
// shows (a heart, a count, a conversation) is a different render.
import type { TCurrentUser } from './accounts';
import { NOTIFICATION_KEYS } from './constants';

/** The stand-in's id: a UUID no account has (version nibble 0), so no record of the page can name it. */
export const PERSONA_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The user as the page's markup may use them: the kind of account, role, plan and demo session kept; who they are
 * (id, name, email, phone, picture, dates, settings) blanked. The server's markup never shows those (the avatar and
 * the menus with the name are drawn after hydration), which the API tests check by comparing with a full render.
 */
export function renderPersona(user: TCurrentUser): TCurrentUser {
  return {
    ...user,
    id: PERSONA_ID,
    email: '',
    firstName: '',
    lastName: '',
    phone: null,
    bio: null,
    profileImageUrl: null,
    createdAt: '1970-01-01T00:00:00.000Z',
    premiumUntil: null,
    stripeSubscriptionId: null,
    notificationSettings: Object.fromEntries(
      NOTIFICATION_KEYS.map((key) => [key, false]),
    ) as TCurrentUser['notificationSettings'],
  };
}

/**
 * Whether a page's data names this member (their own listing's landlord id, their email): the markup may then
 * compare the data with who they are, so the page is drawn for them alone and kept for them alone.
 */
export function dataNamesMember(dataJson: string, user: Pick<TCurrentUser, 'id' | 'email'>): boolean {
  return (
    dataJson.includes(user.id) ||
    (user.email !== '' && dataJson.includes(JSON.stringify(user.email).slice(1, -1)))
  );
}

/** A signed-in user as the page renderer receives it (GET /api/auth/user's answer), or null for anything else. */
export function asCurrentUser(user: unknown): TCurrentUser | null {
  if (typeof user !== 'object' || user === null) return null;
  const { id, email } = user as { id?: unknown; email?: unknown };
  return typeof id === 'string' && typeof email === 'string' ? (user as TCurrentUser) : null;
}
