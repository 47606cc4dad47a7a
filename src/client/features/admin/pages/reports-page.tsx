// /admin/reports (issue 13): conversations a participant reported, with the reason. An admin opens one to read it
// (read-only; the server writes each read to the audit log) and closes the report once dealt with.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Thread } from '../../messages/components/thread';
import { adminGet, formatDateTime, useAuthLossCheck } from '../api';
import { AdminPageHeader } from '../components/admin-layout';

interface Report {
  id: string;
  conversationId: string;
  reason: string;
  status: 'open' | 'closed';
  createdAt: string;
  reporter: string;
  subject: string;
}

export default function ReportsPage() {
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [reading, setReading] = useState<Report | null>(null);
  const client = useQueryClient();
  const reports = useQuery<{ reports: Report[] }>({
    queryKey: ['/api/admin/reports', status],
    queryFn: () => adminGet('/api/admin/reports', { status }),
  });
  useAuthLossCheck(reports.error);
  const close = useMutation({
    mutationFn: (id: string) => apiRequest('POST', `/api/admin/reports/${id}/close`),
    onSuccess: () => {
      toast({ title: 'Report closed' });
      setReading(null);
      client.invalidateQueries({ queryKey: ['/api/admin/reports'] });
    },
    onError: (error) =>
      toast({
        title: 'Could not close the report',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <>
      <AdminPageHeader
        title="Reported conversations"
        subtitle="Read what was reported, act on it, then close the report. Every read is recorded in the audit log."
        actions={
          <fieldset className="flex gap-1">
            <legend className="sr-only">Show</legend>
            {(['open', 'closed'] as const).map((s) => (
              <Button
                key={s}
                size="sm"
                variant={status === s ? 'primary' : 'outline'}
                aria-pressed={status === s}
                onClick={() => setStatus(s)}
              >
                {s === 'open' ? 'Open' : 'Closed'}
              </Button>
            ))}
          </fieldset>
        }
      />
      {reports.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : reports.isError ? (
        <ErrorPanel title="Reports could not be loaded" onRetry={() => reports.refetch()} />
      ) : reports.data.reports.length === 0 ? (
        <EmptyState
          icon={<Flag className="h-10 w-10" aria-hidden />}
          title={status === 'open' ? 'No open reports' : 'No closed reports'}
        />
      ) : (
        <ul className="space-y-3">
          {reports.data.reports.map((report) => (
            <li
              key={report.id}
              className="rounded-xl border border-slate-200 bg-white p-4"
              data-testid="report"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{report.subject}</span>
                <Badge variant={report.status === 'open' ? 'warning' : 'neutral'}>
                  {report.status === 'open' ? 'Open' : 'Closed'}
                </Badge>
                <span className="text-sm text-slate-600">
                  by {report.reporter}, {formatDateTime(report.createdAt)}
                </span>
              </div>
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{report.reason}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => setReading(report)}>
                  Read conversation
                </Button>
                {report.status === 'open' && (
                  <Button size="sm" busy={close.isPending} onClick={() => close.mutate(report.id)}>
                    Close report
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={reading !== null} onOpenChange={(open) => !open && setReading(null)}>
        {reading && (
          <DialogContent
            title={`Reported: ${reading.subject}`}
            description={reading.reason}
            className="max-w-3xl"
          >
            <div className="h-[60vh] overflow-hidden rounded-lg border border-slate-200">
              <Thread id={reading.conversationId} />
            </div>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
