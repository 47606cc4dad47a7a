// /leads (doc 1 "Contractor dashboard" Manage Leads; §3 Lead; §4 lead status colours): the contractor's quote
// requests, newest first, each with its status badge and a status select that changes it at once, and "Mark job
// done" for an ordinary request (its customer may then review the business: decision 0073).
import { Inbox } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '../../../../domain/contractors';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Label, Select } from '../../../components/ui/input';
import { ErrorPanel } from '../../../components/ui/states';
import { useLeads } from '../api';
import { CompleteLeadButton } from '../components/complete-lead-button';
import { LeadStatusBadge, LeadStatusSelect } from '../components/lead-status';
import { LeadsGate } from '../components/leads-gate';
import { formatDate } from '../format';

export default function LeadsPage() {
  return (
    <LeadsGate returnTo="/leads">
      <LeadsList />
    </LeadsGate>
  );
}

function statusFrom(value: string | null): LeadStatus | 'all' {
  return LEAD_STATUSES.includes(value as LeadStatus) ? (value as LeadStatus) : 'all';
}

function LeadsList() {
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const leads = useLeads(status, true);
  const rows = leads.data?.pages.flatMap((page) => page.leads) ?? [];
  const total = leads.data?.pages[0]?.total ?? 0;

  let body: React.ReactNode;
  if (leads.isPending) {
    body = (
      <ul className="space-y-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton className="h-24 w-full" />
          </li>
        ))}
      </ul>
    );
  } else if (leads.isError) {
    body = (
      <ErrorPanel title="Failed to fetch leads" onRetry={() => leads.refetch()} busy={leads.isFetching} />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={<Inbox className="h-10 w-10" aria-hidden />}
        title={status === 'all' ? 'No leads yet' : `No ${LEAD_STATUS_LABELS[status].toLowerCase()} leads`}
        action={
          status === 'all' ? (
            <ButtonLink to="/contractor-profile" variant="outline">
              Improve your profile
            </ButtonLink>
          ) : (
            <Button variant="outline" onClick={() => setParams({})}>
              Show all leads
            </Button>
          )
        }
      >
        Quote requests from landlords and tenants appear here and in your email.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="space-y-3">
          {rows.map((lead) => (
            <li
              key={lead.id}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold text-slate-900">
                    <Link
                      to={lead.repairId ? `/repairs/${lead.repairId}` : `/leads/${lead.id}`}
                      className="hover:underline"
                    >
                      {lead.jobTitle}
                    </Link>
                  </h2>
                  <LeadStatusBadge status={lead.status} />
                  {lead.repairId && <Badge variant="accent">Repair: quote on its page</Badge>}
                </div>
                <p className="mt-1 text-sm text-slate-700">
                  {lead.location} · {lead.contactEmail}
                </p>
                <p className="mt-0.5 text-xs text-slate-600">
                  Received {formatDate(lead.createdAt)}
                  {lead.preferredDate && <> · Preferred date {formatDate(lead.preferredDate)}</>}
                </p>
                <div className="mt-2">
                  <CompleteLeadButton lead={lead} />
                </div>
              </div>
              <LeadStatusSelect leadId={lead.id} status={lead.status} label={`Status of ${lead.jobTitle}`} />
            </li>
          ))}
        </ul>
        {leads.hasNextPage && (
          <div className="mt-6 flex justify-center">
            <Button variant="outline" onClick={() => leads.fetchNextPage()} busy={leads.isFetchingNextPage}>
              Load more
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Manage Leads</h1>
          <p className="mt-1 text-slate-600">
            {leads.isPending ? 'Loading your leads…' : `${total} ${total === 1 ? 'lead' : 'leads'}`}
          </p>
        </div>
        <div className="sm:w-44">
          <Label htmlFor="lead-status-filter">Show</Label>
          <Select
            id="lead-status-filter"
            value={status}
            onChange={(event) =>
              setParams(event.target.value === 'all' ? {} : { status: event.target.value })
            }
          >
            <option value="all">All leads</option>
            {LEAD_STATUSES.map((value) => (
              <option key={value} value={value}>
                {LEAD_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="mt-6">{body}</div>
    </div>
  );
}
