// /applications (issue 31): the tenant's applications, newest first, each with its status, the home, the dates, the
// offer (with Accept), the reason when declined, Withdraw while it is open, and its references.

import { ClipboardList, Home, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { APPLICATION_PAGES } from '../../../../domain/applications';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useApplicationAction, useApplications } from '../api';
import { ApplicationRecord, OfferFacts, StatusBadge } from '../components/application-parts';
import { PageLoading } from '../components/page-states';
import { formatPounds, instantLabel, isOpen, tenantStatusNote } from '../format';
import type { ApplicationView } from '../types';

type Asking = 'accept' | 'withdraw' | null;

function ApplicationCard({ application }: { application: ApplicationView }) {
  const action = useApplicationAction(application);
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const { property } = application;
  const headingId = `application-${application.id}`;
  const ask = (what: Asking) => {
    setError(null);
    setAsking(what);
  };
  const run = (what: 'accept' | 'withdraw') =>
    action.mutate(
      { kind: what },
      {
        onSuccess: (reply) => {
          setAsking(null);
          if (what === 'accept') {
            toast({ title: 'Offer accepted', description: 'Welcome home: your tenancy is recorded.' });
            navigate(
              reply?.tenancyId
                ? `${APPLICATION_PAGES.myHome}?tenancy=${reply.tenancyId}`
                : APPLICATION_PAGES.myHome,
            );
          } else toast({ title: 'Application withdrawn' });
        },
        onError: (err) => setError(errorMessage(err, 'That did not work. Please try again.')),
      },
    );

  return (
    <Card className="p-4 sm:p-5" data-testid="application">
      <article className="space-y-3" aria-labelledby={headingId}>
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              <Link to={`/properties/${property.id}`} className="hover:underline">
                {property.title}
              </Link>
            </h2>
            <p className="text-sm text-slate-600">
              {[property.street, property.outcode].filter(Boolean).join(', ')}
              {' · '}
              {formatPounds(property.rent)} per month
            </p>
          </div>
          <StatusBadge status={application.status} />
        </header>
        <p className="text-sm text-slate-700">
          Applied on {instantLabel(application.createdAt)}.{' '}
          {application.withdrawnAt ? `Withdrawn on ${instantLabel(application.withdrawnAt)}. ` : ''}
          {application.acceptedAt ? `Accepted on ${instantLabel(application.acceptedAt)}. ` : ''}
          {tenantStatusNote(application)}
        </p>
        <ApplicationRecord application={application} viewer="tenant" />
        <div className="flex flex-wrap gap-2">
          {application.status === 'offered' && (
            <Button onClick={() => ask('accept')}>
              Accept offer<span className="sr-only"> for {property.title}</span>
            </Button>
          )}
          {application.status === 'accepted' && (
            <ButtonLink to={APPLICATION_PAGES.myHome} variant="primary">
              <Home className="h-4 w-4" aria-hidden />
              My home
            </ButtonLink>
          )}
          <ButtonLink to={`/inbox?c=${application.conversationId}`} variant="outline">
            <MessagesSquare className="h-4 w-4" aria-hidden />
            Conversation<span className="sr-only"> about {property.title}</span>
          </ButtonLink>
          {isOpen(application.status) && (
            <Button variant="ghost" className="text-red-700" onClick={() => ask('withdraw')}>
              Withdraw<span className="sr-only"> application for {property.title}</span>
            </Button>
          )}
        </div>
      </article>
      {application.offer && (
        <ConfirmDialog
          open={asking === 'accept'}
          onOpenChange={(open) => !open && !action.isPending && setAsking(null)}
          title="Accept this offer?"
          description={`${property.title} becomes your home from the start date: the tenancy is recorded for you and the landlord, and the listing is marked let agreed.`}
          confirmLabel="Accept offer"
          tone="primary"
          onConfirm={() => run('accept')}
          busy={action.isPending}
          error={error}
        >
          <div className="mb-4">
            <OfferFacts offer={application.offer} />
          </div>
        </ConfirmDialog>
      )}
      <ConfirmDialog
        open={asking === 'withdraw'}
        onOpenChange={(open) => !open && !action.isPending && setAsking(null)}
        title="Withdraw this application?"
        description={`The landlord of ${property.title} is told in your conversation. You can apply again later while the home is still available.`}
        confirmLabel="Withdraw application"
        onConfirm={() => run('withdraw')}
        busy={action.isPending}
        error={error}
      />
    </Card>
  );
}

export default function MyApplicationsPage() {
  const { user } = useRequiredUser(APPLICATION_PAGES.myApplications);
  const isTenant = user?.userType === 'tenant';
  const applications = useApplications(isTenant);
  const list = applications.data?.applications ?? [];
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My applications</h1>
      <p className="mt-1 text-slate-600">
        The homes you have applied for, what each landlord decided and why.{' '}
        <Link to="/renter-profile" className="text-primary-700 underline underline-offset-2">
          Your renter profile
        </Link>{' '}
        is what landlords see when you apply.
      </p>
      <div className="mt-6">
        {!user || (isTenant && applications.isPending) ? (
          <PageLoading label="Loading your applications…" blocks={['h-40', 'h-40']} />
        ) : !isTenant ? (
          <EmptyState title="Applications are made by tenants">
            Landlords see their applicants beside each listing&apos;s viewings.{' '}
            <Link to="/dashboard" className="text-primary-700 underline">
              Go to your dashboard
            </Link>
          </EmptyState>
        ) : applications.isError ? (
          <ErrorPanel
            title="Your applications could not be loaded"
            onRetry={() => applications.refetch()}
            busy={applications.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState
            icon={<ClipboardList className="h-10 w-10" aria-hidden />}
            title="No applications yet"
            action={<ButtonLink to="/inbox">Open your conversations</ButtonLink>}
          >
            After you have talked to a landlord about a home, apply from that conversation or the home&apos;s
            page with one click.
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {list.map((application) => (
              <li key={application.id}>
                <ApplicationCard application={application} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
