import type { UserType } from '../../../domain/constants';
import { safeReturnTo } from './return-to';

/**
 * Where a new account goes after /simple-registration: back where the person came from when the link says so
 * (`returnTo`, a path on this site: /subscribe asks a visitor to sign up first); otherwise checkout only for a
 * tenant who came from a Premium call to action (premium=true), and everyone else to the dashboard, which
 * pitches their own plan.
 */
export function nextPathAfterRegistration(
  userType: UserType,
  wantsPremium: boolean,
  returnTo: string | null = null,
): string {
  const back = safeReturnTo(returnTo);
  if (back) return back;
  return wantsPremium && userType === 'tenant' ? '/subscribe?plan=tenant' : '/dashboard';
}
