// Super Admin → Live Content lists (doc 2 §3, §9 "live content lists show 3"): what is live now, until when, and a
// delete for each.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { LIVE_CONTENT_SHOWN, type TLiveContent } from '../../../../domain/admin';
import { userTypeWords } from '../../../../domain/admin-labels';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { IconTooltip } from '../../../components/ui/icon-tooltip';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { adminGet, formatDateTime } from '../api';

export const LIVE_KEY = ['/api/admin/live-content'] as const;
type Kind = 'property' | 'contractor';

/** One kind of live content: a heading with the count, the newest few, or "None live.". */
function LiveSection({
  id,
  label,
  count,
  children,
}: {
  id: string;
  label: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-semibold text-slate-900">
        {label} ({count})
      </h3>
      {count === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None live.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">{children}</ul>
      )}
    </section>
  );
}

export function LiveLists() {
  const queryClient = useQueryClient();
  const live = useQuery({
    queryKey: LIVE_KEY,
    queryFn: () => adminGet<TLiveContent>('/api/admin/live-content'),
  });
  const [target, setTarget] = useState<{ kind: Kind; id: string; name: string } | null>(null);
  const remove = useMutation({
    mutationFn: (t: { kind: Kind; id: string }) => apiRequest('DELETE', `/api/admin/${t.kind}/${t.id}`),
    onSuccess: () => {
      toast({ title: 'Deleted', description: 'It is no longer on the site.' });
      setTarget(null);
      void queryClient.invalidateQueries({ queryKey: LIVE_KEY });
    },
    onError: (error) =>
      toast({
        title: 'Delete Error',
        description: errorMessage(error, 'Could not delete it.'),
        variant: 'destructive',
      }),
  });

  if (live.isLoading) return <Skeleton className="h-40" />;
  if (live.isError || !live.data)
    return (
      <Alert tone="error" title="Could not load the live content">
        <Button variant="outline" size="sm" className="mt-2" onClick={() => live.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const { properties, contractors, users } = live.data;
  const row = (
    kind: Kind,
    id: string,
    name: string,
    detail: string,
    until: string,
    imageUrl: string | null,
  ) => (
    <li key={id} className="flex items-center gap-3 py-2">
      {imageUrl ? (
        <img src={imageUrl} alt="" className="h-10 w-14 shrink-0 rounded object-cover" />
      ) : (
        <span className="h-10 w-14 shrink-0 rounded bg-slate-100" aria-hidden />
      )}
      <span className="min-w-0 flex-1 text-sm">
        <span className="block truncate font-medium text-slate-900">{name}</span>
        <span className="block truncate text-slate-600">
          {detail} · live until {formatDateTime(until)}
        </span>
      </span>
      <IconTooltip label="Delete">
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete ${name}`}
          onClick={() => setTarget({ kind, id, name })}
        >
          <Trash2 className="h-4 w-4 text-red-700" aria-hidden />
        </Button>
      </IconTooltip>
    </li>
  );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <LiveSection id="live-properties" label="Live properties" count={properties.length}>
        {properties
          .slice(0, LIVE_CONTENT_SHOWN)
          .map((p) =>
            row('property', p.id, p.title, `${p.postcode}, £${p.monthlyRent} pcm`, p.liveUntil, p.imageUrl),
          )}
      </LiveSection>
      <LiveSection id="live-contractors" label="Live contractors" count={contractors.length}>
        {contractors
          .slice(0, LIVE_CONTENT_SHOWN)
          .map((c) => row('contractor', c.id, c.businessName, c.specialty, c.liveUntil, c.imageUrl))}
      </LiveSection>
      <section aria-labelledby="recent-users">
        <h3 id="recent-users" className="font-semibold text-slate-900">
          Newest users
        </h3>
        <ul className="mt-1 divide-y divide-slate-100 text-sm">
          {users.slice(0, LIVE_CONTENT_SHOWN).map((u) => (
            <li key={u.id} className="py-2">
              <span className="block truncate font-medium text-slate-900">
                {u.firstName} {u.lastName}
              </span>
              <span className="block truncate text-slate-600">
                {u.email} · {userTypeWords(u.userType)}
                {u.isPremium ? ' · Premium' : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={`Delete this ${target?.kind ?? 'item'}?`}
        description={
          target ? `"${target.name}" will be removed from the site now. This cannot be undone.` : ''
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => target && remove.mutate(target)}
      />
    </div>
  );
}
