import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { loginPathFor } from '../accounts/return-to';
import { useMessageToast } from './use-message-toast';

/** doc 1 §9: the logged-out redirect waits 500 ms so the toast can be read. */
export const LOGGED_OUT_REDIRECT_MS = 500;

/**
 * The signed-in user of a role dashboard. Signed out: 'Unauthorized' toast, then sign-in after 500 ms
 * (doc 1 §8; the spec's /api/login redirects to /login, so the page goes there directly, returning after).
 */
export function useDashboardUser() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const warned = useRef(false);
  const signedOut = !auth.isLoading && !auth.user;
  useMessageToast();

  useEffect(() => {
    if (!signedOut) return;
    if (!warned.current) {
      warned.current = true;
      toast({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      });
    }
    const timer = setTimeout(
      () => navigate(loginPathFor(pathname), { replace: true }),
      LOGGED_OUT_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [signedOut, navigate, pathname]);

  return auth;
}
