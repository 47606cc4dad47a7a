// Call-to-action targets on the landing page (doc 1 "Landing page"). Signed-in people are sent to the
// dashboard or the role's subscription; visitors to simple registration with their role preselected.
import type { UserType } from '../../../domain/constants';
import { subscribePath } from '../../../domain/plans';

/**
 * - `role`: the role's main button (sign-up panel, pricing card, hero role card).
 * - `premium`: the premium upgrade (for tenants the £1 plan; for the paid roles, their plan).
 * - `signup`: a plain sign-up link, not tied to a role.
 */
export type CtaKind = 'role' | 'premium' | 'signup';

export function ctaTarget(role: UserType, kind: CtaKind, signedIn: boolean): string {
  if (kind === 'signup') return signedIn ? '/dashboard' : '/simple-registration';
  if (signedIn) {
    if (role === 'tenant') return kind === 'premium' ? subscribePath('tenant') : '/dashboard';
    return `/subscribe?plan=${role}`;
  }
  const premium = kind === 'premium' && role === 'tenant' ? '&premium=true' : '';
  return `/simple-registration?type=${role}${premium}`;
}

/** Button words for the signed-in variant come from the spec; visitors get an invitation to join. */
export function ctaLabel(role: UserType, placement: 'panel' | 'pricing', signedIn: boolean): string {
  if (signedIn) {
    if (role === 'tenant') return placement === 'pricing' ? 'Upgrade to Premium' : 'Go to Dashboard';
    if (placement === 'pricing') return 'Subscribe Now';
    return role === 'landlord' ? 'Subscribe to List' : 'Subscribe to Join';
  }
  if (placement === 'pricing') return role === 'tenant' ? 'Get Premium' : 'Get Started';
  return { tenant: 'Sign Up Free', landlord: 'Start Listing', contractor: 'Join the Network' }[role];
}
