// A listing's availability and rent reduction as every card, row, popup and page shows them: the label comes
// from the one rule in src/domain/availability.ts, never worked out here.
import { TrendingDown } from 'lucide-react';
import { type AvailabilityFacts, availabilityOf, reducedLabel } from '../../../../domain/availability';
import { Badge } from '../../../components/ui/badge';

const VARIANT = {
  now: 'success',
  from: 'warning',
  'let-agreed': 'accent',
  'not-available': 'neutral',
} as const;

export function AvailabilityBadge({
  listing,
  className,
}: {
  listing: AvailabilityFacts;
  className?: string;
}) {
  const availability = availabilityOf(listing);
  return (
    <Badge variant={VARIANT[availability.kind]} className={className} data-availability={availability.kind}>
      {availability.label}
    </Badge>
  );
}

/** "Reduced on 3 Nov" while the latest rent change was a reduction. */
export function ReducedNote({ rentReducedAt }: { rentReducedAt?: string | null }) {
  const label = reducedLabel(rentReducedAt);
  if (!label) return null;
  return (
    <span className="inline-flex items-center gap-1 text-sm font-medium text-green-800" data-testid="reduced">
      <TrendingDown className="h-4 w-4" aria-hidden />
      {label}
    </span>
  );
}
