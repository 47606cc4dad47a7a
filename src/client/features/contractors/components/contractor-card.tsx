// A directory card (doc 1 "Contractor list"): business name, specialty, five-star rating with the review count, the
// first two service areas then '+N more', the Verified badge (only from an admin's recorded check that has not
// expired: issue 28), description, View Profile and Visit Website (a new tab).
import { BadgeCheck, ExternalLink, MapPin, Siren } from 'lucide-react';
import { CARD_SERVICE_AREAS } from '../../../../domain/contractor-options';
import type { TContractorCard } from '../../../../domain/contractors';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/feedback';
import { displayName } from '../format';
import { serviceAreaSummary } from '../url-state';
import { StarRating } from './star-rating';

export function ServiceAreas({ areas }: { areas: readonly string[] }) {
  const { shown, more } = serviceAreaSummary(areas, CARD_SERVICE_AREAS);
  if (shown.length === 0) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-700">
      <MapPin className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
      <span className="sr-only">Covers</span>
      {shown.join(', ')}
      {more > 0 && <span className="text-slate-600">+{more} more</span>}
    </p>
  );
}

/** "Verified": Your Place recorded a check (insurance, Gas Safe, NICEIC) whose document has not expired. */
export function VerifiedBadge() {
  return (
    <Badge
      variant="success"
      title="Your Place checked an insurance policy or registration that has not expired"
    >
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
      Verified
    </Badge>
  );
}

export function ContractorCard({
  contractor,
  headingLevel: Heading = 'h2',
}: {
  contractor: TContractorCard;
  /** h2 in the directory; h3 where the cards sit under a section heading (the landing page). */
  headingLevel?: 'h2' | 'h3';
}) {
  const name = displayName(contractor);
  return (
    <article
      data-testid="contractor-card"
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{contractor.specialty}</Badge>
        {contractor.verified && <VerifiedBadge />}
        {contractor.emergencyCallouts && (
          <Badge variant="warning">
            <Siren className="h-3.5 w-3.5" aria-hidden />
            Emergency call-outs
          </Badge>
        )}
      </div>
      <Heading className="mt-3 text-lg font-semibold text-slate-900">{name}</Heading>
      <div className="mt-1">
        <StarRating
          rating={contractor.rating}
          reviewCount={contractor.reviewCount}
          verifiedReviewCount={contractor.verifiedReviewCount}
        />
      </div>
      <div className="mt-2">
        <ServiceAreas areas={contractor.serviceAreas} />
      </div>
      <div className="mt-3 flex-1">
        <p className="line-clamp-3 text-sm text-slate-700">{contractor.description}</p>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink to={`/contractors/${contractor.id}`} size="sm">
          View Profile<span className="sr-only"> of {name}</span>
        </ButtonLink>
        {contractor.website && (
          <a
            href={contractor.website}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('outline', 'sm')}
          >
            Visit Website<span className="sr-only"> of {name} (opens in a new tab)</span>
            <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </a>
        )}
      </div>
    </article>
  );
}

/** doc 1 §9: six placeholders while the list loads. */
export function CardSkeletons({ count = 6 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="rounded-xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="mt-4 h-6 w-3/4" />
          <Skeleton className="mt-2 h-4 w-40" />
          <Skeleton className="mt-4 h-16 w-full" />
          <Skeleton className="mt-4 h-8 w-28" />
        </li>
      ))}
    </ul>
  );
}
