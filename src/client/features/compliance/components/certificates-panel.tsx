// The current certificates of a home, for its tenants (issue 32: "The tenant sees the current certificates on My
// home"). Self-contained: give it the home's id. It shows nothing to someone who may not see the home (404).
import { FileText } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { ApiError } from '../../../lib/api';
import { useComplianceCalendar } from '../api';
import { ComplianceStatusBadge, longDay } from './compliance-status';

export function CertificatesPanel({ propertyId }: { propertyId: string }) {
  const calendar = useComplianceCalendar(propertyId);
  if (calendar.isError && calendar.error instanceof ApiError && calendar.error.status === 404) return null;
  const items = calendar.data?.items.filter((item) => item.recorded && item.status !== 'not_required') ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Safety certificates</CardTitle>
      </CardHeader>
      <CardContent>
        {calendar.isPending ? (
          <div aria-busy="true" className="space-y-2">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : calendar.isError ? (
          <p role="alert" className="text-sm text-red-800">
            The certificates could not be loaded.{' '}
            <button type="button" className="font-medium underline" onClick={() => calendar.refetch()}>
              Try again
            </button>
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">Your landlord has not recorded any certificates here yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <li key={item.kind} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <span className="font-medium text-slate-900">{item.label}</span>
                <ComplianceStatusBadge status={item.status} recorded={item.recorded} />
                {item.dueOn && <span className="text-sm text-slate-600">Due {longDay(item.dueOn)}</span>}
                {item.certificate && (
                  <a
                    href={item.certificate.url}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline sm:ml-auto"
                  >
                    <FileText className="h-4 w-4" aria-hidden />
                    View certificate<span className="sr-only"> for {item.label} (opens in a new tab)</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
