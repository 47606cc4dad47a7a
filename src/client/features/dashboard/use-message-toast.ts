import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGE_TOAST_MS } from '../../../domain/constants';
import { toast } from '../../lib/toast';

/**
 * `?message=…` on a dashboard (doc 1 "Generic dashboard"): a 'Welcome back!' toast for 3000 ms, then the
 * query leaves the URL (history replace) so a reload or a shared link does not greet again. The text itself
 * is not shown: a link could carry any words.
 */
export function useMessageToast() {
  const [params, setParams] = useSearchParams();
  const hasMessage = params.has('message');
  useEffect(() => {
    if (!hasMessage) return;
    toast({ title: 'Welcome back!', duration: MESSAGE_TOAST_MS });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('message');
        return next;
      },
      { replace: true },
    );
  }, [hasMessage, setParams]);
}
