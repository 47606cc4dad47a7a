// Five stars for an average rating (doc 1 "Contractor list" card) and the 1-5 star choice of the review form.
import { Star } from 'lucide-react';
import { useId } from 'react';
import { ratingBasis } from '../../../../domain/trade-claims';
import { cn } from '../../../lib/cn';
import { formatRating } from '../format';

function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className="flex items-center gap-0.5" aria-hidden>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn(
            className ?? 'h-4 w-4',
            n <= Math.round(value) ? 'fill-amber-400 text-amber-500' : 'fill-slate-200 text-slate-300',
          )}
        />
      ))}
    </span>
  );
}

/**
 * "★★★★☆ 4.3 from 12 verified jobs", "★★★★★ 5.0 from 3 reviews, none from a verified job" (decision 0073: the figure
 * says what it rests on), or "No reviews yet" before anyone has written one.
 */
export function StarRating({
  rating,
  reviewCount,
  verifiedReviewCount,
  size = 'sm',
}: {
  rating: number | null;
  reviewCount: number;
  verifiedReviewCount: number;
  size?: 'sm' | 'lg';
}) {
  if (rating === null || reviewCount === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Stars value={0} className={size === 'lg' ? 'h-5 w-5' : undefined} />
        No reviews yet
      </p>
    );
  }
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-0.5 text-slate-700',
        size === 'lg' ? 'text-base' : 'text-sm',
      )}
    >
      <Stars value={rating} className={size === 'lg' ? 'h-5 w-5' : undefined} />
      <span className="sr-only">Rated</span>
      <span className="font-semibold text-slate-900">{formatRating(rating)}</span>
      <span className="sr-only">out of 5</span>
      <span className="text-slate-600" data-testid="rating-basis">
        {ratingBasis({ reviewCount, verifiedReviewCount })}
      </span>
    </p>
  );
}

/** A single review's stars, e.g. on a review. */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`}>
      <Stars value={rating} />
    </span>
  );
}

/** Choosing 1 to 5 stars: a radio group, so arrows and screen readers work as they expect. */
export function StarInput({
  value,
  onChange,
  error,
  label = 'Your rating',
}: {
  value: number;
  onChange: (value: number) => void;
  error?: string;
  label?: string;
}) {
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <Star
              className={cn(
                'h-7 w-7',
                n <= value ? 'fill-amber-400 text-amber-500' : 'fill-white text-slate-400',
              )}
              aria-hidden
            />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
