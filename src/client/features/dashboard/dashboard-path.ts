// Which dashboard a person lands on from /dashboard (doc 1 "Generic dashboard").
import type { TCurrentUser } from '../../../domain/accounts';
import { isAdmin } from '../../../domain/identity';

export type DashboardUser = Pick<TCurrentUser, 'role' | 'userType' | 'isPremium'>;

/**
 * Signed out → '/'; an administrator without an account type → the admin statistics; landlord and
 * contractor → their own dashboards; a premium tenant → the tenant dashboard; everyone else → the free one.
 * `isPremium` is the server's effective premium (admin grant or live subscription, src/domain/premium.ts).
 */
export function dashboardPathFor(user: DashboardUser | null | undefined): string {
  if (!user) return '/';
  if (isAdmin(user) && !user.userType) return '/admin/statistics';
  if (user.userType === 'landlord') return '/landlord-dashboard';
  if (user.userType === 'contractor') return '/contractor-dashboard';
  if (user.userType === 'tenant' && user.isPremium) return '/tenant-dashboard';
  return '/free-dashboard';
}

/** The target with the `message` query carried along, so the dashboard it reaches can greet the person. */
export function withMessage(path: string, message: string | null): string {
  return message === null ? path : `${path}?${new URLSearchParams({ message })}`;
}
