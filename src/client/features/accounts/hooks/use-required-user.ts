import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { loginPathFor } from '../return-to';

/**
 * The signed-in user of a private page; a signed-out visitor is sent to sign in and brought back after.
 * `enabled: false` holds the redirect while the page itself is leaving (e.g. after deleting the account).
 */
export function useRequiredUser(returnTo: string, { enabled = true }: { enabled?: boolean } = {}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const signedOut = !auth.isLoading && !auth.user;
  useEffect(() => {
    if (enabled && signedOut) navigate(loginPathFor(returnTo), { replace: true });
  }, [enabled, signedOut, navigate, returnTo]);
  return auth;
}
