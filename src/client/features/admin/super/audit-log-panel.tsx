// The audit log viewer (super admin): who did what to which record, when and from where, newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAuditLogPage } from '../../../../domain/admin';
import { auditActionWords, auditTargetWords, changeLines } from '../../../../domain/admin-labels';
import { Button } from '../../../components/ui/button';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { Label, Select } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { adminGet, formatDateTime } from '../api';

const PAGE_SIZE = 25;
const ACTIONS = [
  ['', 'All actions'],
  ['admin.login', 'Admin sign-ins'],
  ['content.', 'Moderation'],
  ['contact.', 'Contact submissions'],
  ['user.', 'User deletions'],
  ['premium.', 'Trials and premium'],
  ['impersonation.', 'Demo sessions'],
  ['live_content.', 'Live content'],
  ['property.', 'Property deletions'],
  ['contractor.', 'Contractor deletions'],
  ['featured.', 'Featured homes'],
] as const;

/** What changed, field by field in words (issue 30: "Premium: No → Yes", never `{"isPremium":true}`). */
function Change({ before, after }: { before: unknown; after: unknown }) {
  const lines = changeLines(before, after);
  if (lines.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <ul className="space-y-0.5">
      {lines.map((line, index) => (
        <li key={`${line.label}-${index}`}>
          <span className="font-medium">{line.label}:</span>{' '}
          {line.before !== null && line.after !== null && line.before !== line.after
            ? `${line.before} → ${line.after}`
            : (line.after ?? line.before)}
        </li>
      ))}
    </ul>
  );
}

export function AuditLogPanel() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['/api/admin/audit-log', action, page],
    queryFn: () => adminGet<TAuditLogPage>('/api/admin/audit-log', { action, page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <section
      aria-labelledby="audit-heading"
      className="mt-10 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">
            Audit log
          </h2>
          <p className="text-sm text-slate-600">Every admin action and sign-in attempt.</p>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <Label htmlFor="audit-action">Show</Label>
            <Select
              id="audit-action"
              value={action}
              onChange={(e) => {
                setAction(e.target.value);
                setPage(1);
              }}
            >
              {ACTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="outline" onClick={() => log.refetch()} busy={log.isFetching}>
            Refresh
          </Button>
        </div>
      </div>
      <div className="mt-4">
        {log.isLoading ? (
          <Skeleton className="h-40" />
        ) : log.isError || !data ? (
          <Alert tone="error" title="Could not load the audit log">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => log.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : data.entries.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing recorded yet.</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Who
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Action
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Target
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-100 align-top last:border-0">
                    <td className="whitespace-nowrap py-2 pr-3 text-slate-600">
                      {formatDateTime(entry.createdAt)}
                    </td>
                    <td className="py-2 pr-3">
                      <span className="block break-all">{entry.actorEmail ?? '—'}</span>
                      {entry.ip && <span className="block text-xs text-slate-600">{entry.ip}</span>}
                    </td>
                    <td className="py-2 pr-3" data-testid="audit-action">
                      {auditActionWords(entry.action)}
                    </td>
                    <td className="py-2 pr-3 text-xs">
                      {auditTargetWords(entry.targetType)}{' '}
                      <span className="break-all text-slate-600">{entry.targetId ?? ''}</span>
                    </td>
                    <td className="max-w-md break-words py-2 text-xs text-slate-700">
                      <Change before={entry.before} after={entry.after} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && data.total > PAGE_SIZE && (
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            label="Audit log pages"
            previous="Newer"
            next="Older"
          />
        )}
      </div>
    </section>
  );
}
