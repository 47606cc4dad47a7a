// Recent Reviews (doc 1 "Contractor detail"): the newest three, 'See all reviews' for the rest, and the reader's own
// review to write or edit when they may: after a job the trade finished for them (issue 32 item 5; decision 0073).
// A verified review carries a "Verified job" badge with the job's month and category; an older one says the quote
// request it followed. The trade's one reply shows under its review, and its owner replies here.
import { BadgeCheck, MessageSquareText, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import type { TContractorDetail, TReview } from '../../../../domain/contractors';
import { REVIEW_AFTER_JOB_MESSAGE } from '../../../../domain/trade-claims';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { useAuth } from '../../../lib/auth';
import { loginPathFor } from '../../accounts/return-to';
import { useAllReviews } from '../api';
import { formatDate, formatJobMonth } from '../format';
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

// The owner's reply form loads only for the owner who opens it (its rules live beside the schemas).
const LazyReplyForm = lazy(() => import('./reply-form').then((m) => ({ default: m.ReplyForm })));
function ReplyForm(props: Parameters<typeof LazyReplyForm>[0]) {
  return (
    <Suspense fallback={<Skeleton className="mt-3 h-32 w-full" />}>
      <LazyReplyForm {...props} />
    </Suspense>
  );
}

/** "Verified job · October 2026 · Plumbing and leaks": the job a review rests on, and nothing that places a home. */
function VerifiedJob({ job }: { job: NonNullable<TReview['job']> }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-700">
      <Badge variant="success" title="Written after a job this trade finished for the reviewer on Your Place">
        <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
        Verified job
      </Badge>
      <span>
        {formatJobMonth(job.month)} · {job.category}
      </span>
    </p>
  );
}

function ReviewItem({
  review,
  contractor,
}: {
  review: TReview;
  contractor: Pick<TContractorDetail, 'id' | 'businessName' | 'isOwner'>;
}) {
  const [replying, setReplying] = useState(false);
  return (
    <li className="border-b border-slate-100 py-4 last:border-b-0" data-testid="review">
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
      {review.verified && review.job ? (
        <VerifiedJob job={review.job} />
      ) : (
        review.quoteRequestedAt && (
          <p className="mt-1 text-xs text-slate-600">
            Reviewed after a quote request on {formatDate(review.quoteRequestedAt)}
          </p>
        )
      )}
      <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{review.comment}</p>
      {review.reply && (
        <div
          className="mt-3 rounded-md border-l-4 border-primary-200 bg-slate-50 p-3"
          data-testid="review-reply"
        >
          <p className="text-xs font-semibold text-slate-800">
            Reply from {contractor.businessName}
            <span className="font-normal text-slate-600"> · {formatDate(review.reply.at)}</span>
          </p>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{review.reply.body}</p>
        </div>
      )}
      {contractor.isOwner &&
        !review.reply &&
        (replying ? (
          <ReplyForm contractorId={contractor.id} review={review} onDone={() => setReplying(false)} />
        ) : (
          <Button variant="outline" size="sm" className="mt-3" onClick={() => setReplying(true)}>
            <MessageSquareText className="h-4 w-4" aria-hidden />
            Reply<span className="sr-only"> to {review.customerName}</span>
          </Button>
        ))}
    </li>
  );
}

function AllReviews({ contractor }: { contractor: TContractorDetail }) {
  const all = useAllReviews(contractor.id, true);
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
          <ReviewItem key={review.id} review={review} contractor={contractor} />
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
      <div className="rounded-lg border border-slate-200 p-4" id="review">
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
        to review a trade that finished a job for you.
      </p>
    );
  } else if (!contractor.isOwner) {
    own = <p className="text-sm text-slate-600">{REVIEW_AFTER_JOB_MESSAGE}</p>;
  }

  return (
    <Card id="reviews">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareText className="h-5 w-5 text-primary-700" aria-hidden />
          Recent Reviews
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-xs text-slate-600">
          New reviews come only from people this trade finished a job for through Your Place, one each, marked
          "Verified job"; older ones followed a quote request. The trade may reply once.
        </p>
        {contractor.reviews.length === 0 ? (
          <p className="text-sm text-slate-600">No reviews yet.</p>
        ) : showAll ? (
          <AllReviews contractor={contractor} />
        ) : (
          <>
            <ul>
              {contractor.reviews.map((review) => (
                <ReviewItem key={review.id} review={review} contractor={contractor} />
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
