// While an admin is in a demo session (doc 2 §4 "Demo impersonation"), every page says so and offers the way back.
import { useState } from 'react';
import type { TStopImpersonationReply } from '../../../domain/admin';
import { apiRequest, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { toast } from '../../lib/toast';

export function DemoBanner() {
  const { user } = useAuth();
  const [ending, setEnding] = useState(false);
  if (!user?.impersonating) return null;

  const end = async () => {
    setEnding(true);
    try {
      const reply = await apiRequest<TStopImpersonationReply>('POST', '/api/admin/stop-impersonation');
      // A full load: nothing cached from the demo account may linger.
      window.location.assign(reply.redirectTo);
    } catch (error) {
      setEnding(false);
      toast({
        title: 'Error',
        description: errorMessage(error, 'Could not end the demo session.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div role="region" aria-label="Demo session" className="bg-amber-400 text-slate-900">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-2 text-sm font-medium">
        <span>Demo session as {user.userType ?? 'user'}</span>
        <button
          type="button"
          onClick={end}
          disabled={ending}
          className="rounded-md bg-slate-900 px-3 py-1 text-white hover:bg-slate-800 disabled:opacity-60"
        >
          {ending ? 'Ending…' : 'End Demo Session'}
        </button>
      </div>
    </div>
  );
}
