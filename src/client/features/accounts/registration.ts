import type { UserType } from '../../../domain/constants';

/**
 * Where a new account goes after /simple-registration: checkout only for a tenant who came from a
 * Premium call to action (premium=true); everyone else to the dashboard, which pitches their own plan.
 */
export function nextPathAfterRegistration(userType: UserType, wantsPremium: boolean): string {
  return wantsPremium && userType === 'tenant' ? '/subscribe?plan=tenant' : '/dashboard';
}
