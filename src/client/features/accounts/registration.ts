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
  if (back) return checkoutForThisAccount(back, userType);
  return wantsPremium && userType === 'tenant' ? '/subscribe?plan=tenant' : '/dashboard';
}

/**
 * A checkout for another account type than the one just made (the person switched type on the form) would only say
 * "not available": go to where that checkout would have returned to instead, or the dashboard.
 */
function checkoutForThisAccount(path: string, userType: UserType): string {
  if (!path.startsWith('/subscribe?')) return path;
  const query = new URLSearchParams(path.slice('/subscribe?'.length));
  const plan = query.get('plan');
  if (!plan || plan === userType) return path;
  return safeReturnTo(query.get('returnTo')) ?? '/dashboard';
}
