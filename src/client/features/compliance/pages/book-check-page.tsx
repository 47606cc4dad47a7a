// /listings/{id}/compliance/book?kind=gas_safety (issue 32 item 4; decision 0071): "Book a Gas Safe engineer" and the
// like. The check's trade near the home, nearest first, each with Request Quote opening the ordinary quote request
// already filled in for the check (its job, the home's area, the due date). An ordinary lead: nothing more.

import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BadgeCheck } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  BOOKABLE_CHECKS,
  type TBookableCheck,
  type TBookingSuggestions,
} from '../../../../domain/repair-trades';
import { Card, CardContent } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/page-meta';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { QuoteRequestButton } from '../../contractors/components/quote-request-button';
import { formatDate } from '../../contractors/format';

function useBookingSuggestions(propertyId: string, kind: TBookableCheck | null, enabled: boolean) {
  return useQuery<TBookingSuggestions>({
    queryKey: [`/api/properties/${propertyId}/trade-suggestions?kind=${kind}`],
    enabled: enabled && !!kind,
    staleTime: 0,
  });
}

function Booking({ data }: { data: TBookingSuggestions }) {
  return (
    <>
      <p className="mt-1 text-slate-700">{data.property.title}</p>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        {data.specialties.join(' or ')} serving {data.area}, nearest first.
        {data.dueOn ? ` The check is due by ${formatDate(data.dueOn)}.` : ''} Request Quote opens the form
        filled in for "{data.request.jobTitle}": read it, change anything, and send. It goes to the trade as
        an ordinary quote request.
      </p>
      {data.suggestions.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={`No ${data.specialties.join(' or ')} trade serves ${data.area} yet`}>
            Try the whole directory.
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Trades to ask" data-testid="booking-trades">
          {data.suggestions.map((trade) => (
            <li key={trade.id}>
              <Card>
                <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/contractors/${trade.id}`}
                      className="font-semibold text-primary-700 hover:underline"
                    >
                      {trade.businessName}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {trade.distanceLabel}
                      {trade.rating !== null
                        ? ` · ${trade.rating.toFixed(1)}★ (${trade.reviewCount})`
                        : ' · No reviews yet'}
                      {trade.verified && (
                        <span className="ml-1 inline-flex items-center gap-0.5 text-green-800">
                          · <BadgeCheck className="h-4 w-4" aria-hidden /> Verified
                        </span>
                      )}
                    </p>
                  </div>
                  <div className="sm:w-48">
                    <QuoteRequestButton
                      contractorId={trade.id}
                      businessName={trade.businessName}
                      size="md"
                      accessibleName={`Request Quote from ${trade.businessName}`}
                      initial={{
                        jobTitle: data.request.jobTitle,
                        description: data.request.description,
                        location: data.request.location,
                        preferredDate: data.request.preferredDate ?? '',
                      }}
                    />
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6 text-sm text-slate-600">
        Or{' '}
        <Link
          className="text-primary-700 hover:underline"
          to={`/contractors?${new URLSearchParams({ specialty: data.specialties[0] ?? '', serviceArea: data.area })}`}
        >
          browse every {data.specialties[0]} trade in the directory
        </Link>
        .
      </p>
    </>
  );
}

export default function BookCheckPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const asked = params.get('kind');
  const kind = BOOKABLE_CHECKS.includes(asked as TBookableCheck) ? (asked as TBookableCheck) : null;
  const { user } = useRequiredUser(`/listings/${id}/compliance/book?kind=${asked ?? ''}`);
  const booking = useBookingSuggestions(id, kind, !!user);
  useDocumentTitle(booking.data?.label ?? 'Book a check');
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Link
        to={`/listings/${id}/compliance`}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to compliance
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {booking.data?.label ?? 'Book a check'}
      </h1>
      {!kind ? (
        <div className="mt-6">
          <EmptyState title="Choose a check to book">
            Open this page from a check on the home's compliance calendar.
          </EmptyState>
        </div>
      ) : !user || booking.isPending ? (
        <div className="mt-6 space-y-3" aria-busy="true">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : booking.isError ? (
        <div className="mt-6">
          {booking.error instanceof ApiError && [403, 404].includes(booking.error.status) ? (
            <EmptyState title="Home not found">Only the landlord of a home books its checks.</EmptyState>
          ) : (
            <ErrorPanel title="Trades could not be loaded" onRetry={() => booking.refetch()} />
          )}
        </div>
      ) : (
        <Booking data={booking.data} />
      )}
    </div>
  );
}
