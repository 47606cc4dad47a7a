// Who is asking, defined once (STYLE.md "One identity", issue 27 item 5): a Viewer (who is looking, possibly
// nobody) and an Actor (who is acting, signed in), each with their role and plan, built from the request by the
// server's request kit and passed down, never re-derived per feature; and the one reading of a role, for the
// server's guards and the pages alike. Pure, and without zod: any page may import it.
import type { UserType } from './constants';

export const ROLES = ['user', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];
/** The admin area's staff: an admin, or the super admin. */
export const STAFF_ROLES = ['admin', 'super_admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What the identity rules read of a person: a session's user row, the current-user body. */
export interface Person {
  id: string;
  role: Role;
  userType: UserType | null;
}

/** Whoever is looking: a person or nobody, and whether their plan is paid up now (src/domain/premium.ts). */
export interface Viewer<P extends Person = Person> {
  user: P | null;
  premium: boolean;
}

/** A signed-in person acting, through which session and from where (rate limits and the audit log). */
export interface Actor<P extends Person = Person> extends Viewer<P> {
  user: P;
  ip: string;
  sessionId: string | null;
  /** The admin who started this demo session (impersonation), or null. */
  impersonatorId: string | null;
}

type WithRole = { role?: string | null } | null | undefined;

/** Staff: an admin or the super admin (the admin area, moderation, any listing or profile in any state). */
export function isAdmin<P extends WithRole>(person: P): person is P & { role: StaffRole } {
  return person?.role === 'admin' || person?.role === 'super_admin';
}

/** The super admin: accounts, premium, live content, and deleting anyone's content (doc 2 §4). */
export function isSuperAdmin<P extends WithRole>(person: P): person is P & { role: 'super_admin' } {
  return person?.role === 'super_admin';
}
