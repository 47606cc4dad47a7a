// /listings/{id}/applicants (issue 31): beside the listing's viewings, everyone who applied, in the order they
// applied, each with the same fields (their profile as it was when they applied), and the landlord's decisions:
// Offer, Decline with a reason, and asking their previous landlord for a reference.

import { MessagesSquare, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { TNation } from '../../../../domain/advert-rules';
import { APPLICATION_PAGES } from '../../../../domain/applications';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useProperty } from '../../properties/api';
import { useListingApplications } from '../api';
import { ApplicationRecord, StatusBadge } from '../components/application-parts';
import { DeclineDialog } from '../components/decline-dialog';
import { ListingPageHeader } from '../components/listing-tabs';
import { OfferDialog } from '../components/offer-dialog';
import { PageLoading } from '../components/page-states';
import { formatPounds, instantLabel, isOpen } from '../format';
import type { ApplicationView } from '../types';

function ApplicantCard({
  application,
  position,
  listing,
}: {
  application: ApplicationView;
  position: number;
  listing: { deposit: number | null; nation: TNation | null } | null;
}) {
  const [dialog, setDialog] = useState<'offer' | 'decline' | null>(null);
  const headingId = `applicant-${application.id}`;
  const name = application.applicant.name;
  return (
    <Card className="p-4 sm:p-5" data-testid="applicant">
      <article className="space-y-4" aria-labelledby={headingId}>
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              <span className="text-slate-500">{position}. </span>
              {name}
            </h2>
            <p className="text-sm text-slate-600">Applied on {instantLabel(application.createdAt)}</p>
          </div>
          <StatusBadge status={application.status} />
        </header>
        <ApplicationRecord application={application} viewer="landlord" />
        {application.tenancyId && (
          <p className="text-sm">
            <Link
              to={`/tenancies/${application.tenancyId}`}
              className="font-medium text-primary-700 underline"
            >
              Open the tenancy record
            </Link>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {application.status === 'submitted' && (
            <Button onClick={() => setDialog('offer')}>
              Offer<span className="sr-only"> the home to {name}</span>
            </Button>
          )}
          {isOpen(application.status) && (
            <Button variant="outline" onClick={() => setDialog('decline')}>
              Decline<span className="sr-only"> {name}</span>
            </Button>
          )}
          <ButtonLink to={`/inbox?c=${application.conversationId}`} variant="ghost">
            <MessagesSquare className="h-4 w-4" aria-hidden />
            Conversation<span className="sr-only"> with {name}</span>
          </ButtonLink>
        </div>
      </article>
      {application.status === 'submitted' && (
        <OfferDialog
          application={application}
          listingDeposit={listing?.deposit ?? null}
          nation={listing?.nation ?? null}
          open={dialog === 'offer'}
          onOpenChange={(open) => setDialog(open ? 'offer' : null)}
        />
      )}
      <DeclineDialog
        application={application}
        open={dialog === 'decline'}
        onOpenChange={(open) => setDialog(open ? 'decline' : null)}
      />
    </Card>
  );
}

export default function ListingApplicantsPage() {
  const { id = '' } = useParams();
  const { user } = useRequiredUser(APPLICATION_PAGES.listingApplicants(id));
  const applicants = useListingApplications(id);
  const listing = useProperty(id);
  const list = applicants.data?.applications ?? [];
  const open = list.filter((a) => isOpen(a.status)).length;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ListingPageHeader propertyId={id} title="Applicants" />
      {!user || applicants.isPending ? (
        <div className="mt-6">
          <PageLoading label="Loading the applicants…" blocks={['h-8 w-1/2', 'h-48']} />
        </div>
      ) : applicants.isError ? (
        <div className="mt-6">
          {applicants.error instanceof ApiError && applicants.error.status === 404 ? (
            <EmptyState title="Listing not found">
              Only the landlord of a home can see its applicants.
            </EmptyState>
          ) : (
            <ErrorPanel
              title="The applicants could not be loaded"
              onRetry={() => applicants.refetch()}
              busy={applicants.isFetching}
            />
          )}
        </div>
      ) : (
        <>
          {listing.data && (
            <p className="mt-3 text-slate-700" data-testid="listing-title">
              {listing.data.title} · {formatPounds(listing.data.monthlyRent)} per month
            </p>
          )}
          <p className="mt-2 text-sm text-slate-600">
            In the order they applied, each with the same details. Choose without asking for more rent and
            never because of children or benefits: the law forbids both.
            {list.length > 0 ? ` ${list.length} applied, ${open} still open.` : ''}
          </p>
          <div className="mt-6">
            {list.length === 0 ? (
              <EmptyState icon={<Users className="h-10 w-10" aria-hidden />} title="No applicants yet">
                Tenants who have talked to you about this home can apply from their conversation. Each
                application shows here, with their renter profile.
              </EmptyState>
            ) : (
              <ol className="space-y-4">
                {list.map((application, index) => (
                  <li key={application.id}>
                    <ApplicantCard
                      application={application}
                      position={index + 1}
                      listing={listing.data ?? null}
                    />
                  </li>
                ))}
              </ol>
            )}
          </div>
        </>
      )}
    </div>
  );
}
