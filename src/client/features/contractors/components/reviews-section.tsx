// Recent Reviews (doc 1 "Contractor detail"): the newest three, 'See all reviews' for the rest, and the reader's own
// review to write or edit when they may: after a quote request the trade answered (issue 28). Each review says
// the quote request it followed.
import { MessageSquareText, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import type { TContractorDetail, TReview } from '../../../../domain/contractors';
import { REVIEW_AFTER_QUOTE_MESSAGE } from '../../../../domain/trade-claims';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { useAuth } from '../../../lib/auth';
import { loginPathFor } from '../../accounts/return-to';
import { useAllReviews } from '../api';
import { formatDate } from '../format';
import { ReviewStars } from './star-rating';

// The form and its schema load only for someone who may write a review, not with every contractor page (issue 15).
// The server's page waits for it, so a member's page arrives with the form drawn and hydrates it when it loads.
const LazyReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));
function ReviewForm(props: Parameters<typeof LazyReviewForm>[0]) {
  return (
    <Suspense fallback={<Skeleton className="h-56 w-full" />}>
      <LazyReviewForm {...props} />
    </Suspense>
  );
}

function ReviewItem({ review }: { review: TReview }) {
  return (
    <li className="border-b border-slate-100 py-4 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {review.customerName}
          {review.own && <span className="ml-2 text-xs font-medium text-primary-700">(your review)</span>}
        </p>
        <time dateTime={review.date} className="text-sm text-slate-600">
          {formatDate(review.date)}
        </time>
      </div>
      <div className="mt-1">
        <ReviewStars rating={review.rating} />
      </div>
      {review.quoteRequestedAt && (
        <p className="mt-1 text-xs text-slate-600">
          Reviewed after a quote request on {formatDate(review.quoteRequestedAt)}
        </p>
      )}
      <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{review.comment}</p>
    </li>
  );
}

function AllReviews({ contractorId }: { contractorId: string }) {
  const all = useAllReviews(contractorId, true);
  if (all.isPending)
    return (
      <p className="py-4 text-sm text-slate-600" role="status">
        Loading reviews…
      </p>
    );
  if (all.isError)
    return (
      <div role="alert" className="py-4 text-sm text-red-700">
        The reviews could not be loaded.{' '}
        <Button variant="link" size="sm" onClick={() => all.refetch()}>
          Retry
        </Button>
      </div>
    );
  const reviews = all.data.pages.flatMap((page) => page.reviews);
  return (
    <>
      <ul>
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {all.hasNextPage && (
        <Button variant="outline" onClick={() => all.fetchNextPage()} busy={all.isFetchingNextPage}>
          Load more reviews
        </Button>
      )}
    </>
  );
}

export function ReviewsSection({ contractor }: { contractor: TContractorDetail }) {
  const [showAll, setShowAll] = useState(false);
  const [editing, setEditing] = useState(false);
  const auth = useAuth();
  const { pathname } = useLocation();

  let own: React.ReactNode = null;
  if (contractor.myReview && !editing) {
    own = (
      <div className="rounded-lg border border-primary-200 bg-primary-50 p-4">
        <p className="text-sm font-medium text-primary-900">You reviewed this contractor.</p>
        {contractor.status === 'live' && (
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit your review
          </Button>
        )}
      </div>
    );
  } else if (contractor.myReview && editing) {
    own = (
      <div className="rounded-lg border border-slate-200 p-4">
        <h3 className="mb-3 font-semibold text-slate-900">Edit your review</h3>
        <ReviewForm
          contractorId={contractor.id}
          existing={contractor.myReview}
          onDone={() => setEditing(false)}
        />
      </div>
    );
  } else if (contractor.canReview) {
    own = (
      <div className="rounded-lg border border-slate-200 p-4">
        <h3 className="mb-3 font-semibold text-slate-900">Leave a Review</h3>
        <ReviewForm contractorId={contractor.id} existing={null} />
      </div>
    );
  } else if (!auth.isAuthenticated && !auth.isLoading) {
    own = (
      <p className="text-sm text-slate-700">
        <ButtonLink to={loginPathFor(pathname)} variant="link" size="sm">
          Sign in
        </ButtonLink>{' '}
        to review a trade that answered your quote request.
      </p>
    );
  } else if (!contractor.isOwner) {
    own = <p className="text-sm text-slate-600">{REVIEW_AFTER_QUOTE_MESSAGE}</p>;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareText className="h-5 w-5 text-primary-700" aria-hidden />
          Recent Reviews
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {contractor.reviews.length === 0 ? (
          <p className="text-sm text-slate-600">No reviews yet.</p>
        ) : showAll ? (
          <AllReviews contractorId={contractor.id} />
        ) : (
          <>
            <ul>
              {contractor.reviews.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
            {contractor.reviewCount > contractor.reviews.length && (
              <Button variant="outline" onClick={() => setShowAll(true)}>
                See all reviews ({contractor.reviewCount})
              </Button>
            )}
          </>
        )}
        {own}
      </CardContent>
    </Card>
  );
}
