// /leads/{id}: one quote request in full, with its status (doc 1 §4 colours) and the select that changes it.
import { ArrowLeft, CalendarDays, Inbox, Mail, MapPin, MessagesSquare, Phone, User } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { TLead } from '../../../../domain/contractors';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/page-meta';
import { useLead } from '../api';
import { CompleteLeadButton } from '../components/complete-lead-button';
import { LeadStatusBadge, LeadStatusSelect } from '../components/lead-status';
import { LeadsGate } from '../components/leads-gate';
import { formatDate, telHref } from '../format';

export default function LeadDetailPage() {
  const { id = '' } = useParams();
  return (
    <LeadsGate returnTo={`/leads/${id}`}>
      <LeadView id={id} />
    </LeadsGate>
  );
}

function LeadView({ id }: { id: string }) {
  const lead = useLead(id, true);
  useDocumentTitle(lead.data ? `Lead: ${lead.data.jobTitle}` : undefined);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link
        to="/leads"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        All leads
      </Link>
      <div className="mt-4">
        {lead.isPending ? (
          <Skeleton className="h-80 w-full" />
        ) : lead.isError ? (
          lead.error instanceof ApiError && lead.error.status === 404 ? (
            <EmptyState
              icon={<Inbox className="h-10 w-10" aria-hidden />}
              title="Lead Not Found"
              action={<ButtonLink to="/leads">Back to leads</ButtonLink>}
            >
              This lead does not exist or belongs to another business.
            </EmptyState>
          ) : (
            <ErrorPanel title="Failed to fetch lead" onRetry={() => lead.refetch()} busy={lead.isFetching} />
          )
        ) : (
          <LeadCard lead={lead.data} />
        )}
      </div>
    </div>
  );
}

function Row({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Mail;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <dt className="flex w-36 shrink-0 items-center gap-2 text-slate-600">
        <Icon className="h-4 w-4" aria-hidden />
        {label}
      </dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function LeadCard({ lead }: { lead: TLead }) {
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{lead.jobTitle}</h1>
          <div className="mt-2">
            <LeadStatusBadge status={lead.status} />
          </div>
        </div>
        <LeadStatusSelect leadId={lead.id} status={lead.status} label="Lead status" />
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby="job-title">
          <CardTitle className="text-base">
            <span id="job-title">The job</span>
          </CardTitle>
          <p className="mt-2 whitespace-pre-line text-slate-700">
            {lead.description || 'No description given.'}
          </p>
        </section>
        <dl className="space-y-3 text-sm">
          {lead.requesterName && (
            <Row icon={User} label="From">
              {lead.requesterName}
            </Row>
          )}
          <Row icon={MapPin} label="Location">
            {lead.location}
          </Row>
          <Row icon={Mail} label="Email">
            <a href={`mailto:${lead.contactEmail}`} className="text-primary-700 hover:underline">
              {lead.contactEmail}
            </a>
          </Row>
          {lead.contactPhone && (
            <Row icon={Phone} label="Phone">
              <a href={telHref(lead.contactPhone)} className="text-primary-700 hover:underline">
                {lead.contactPhone}
              </a>
            </Row>
          )}
          <Row icon={CalendarDays} label="Preferred date">
            {lead.preferredDate ? formatDate(lead.preferredDate) : 'Flexible'}
          </Row>
          <Row icon={Inbox} label="Received">
            {formatDate(lead.createdAt)}
          </Row>
        </dl>
        {lead.repairId && (
          <ButtonLink to={`/repairs/${lead.repairId}`}>
            <MessagesSquare className="h-4 w-4" aria-hidden />
            See the repair and quote
          </ButtonLink>
        )}
        <CompleteLeadButton lead={lead} />
        {lead.conversationId && (
          <ButtonLink to={`/inbox?c=${lead.conversationId}`}>
            <MessagesSquare className="h-4 w-4" aria-hidden />
            Reply in your inbox
          </ButtonLink>
        )}
      </CardContent>
    </Card>
  );
}
