// A featured home on the landing page, from a live listing: photo, rent as the largest text, then beds, baths,
// type and district, with the one availability badge (src/domain/availability.ts).
import { Bath, BedDouble, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { PROPERTY_TYPE_LABELS } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import type { TPropertyCard } from '../../../../domain/properties';
import { Skeleton } from '../../../components/ui/feedback';
import { AvailabilityBadge } from '../../properties/components/availability-badge';
import { MarketingPhoto } from './marketing-photo';

const CARD = 'flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm';

export function FeaturedHomeCard({ home }: { home: TPropertyCard }) {
  const bedrooms = home.bedrooms ?? 0;
  const bathrooms = home.bathrooms ?? 1;
  const beds = bedrooms === 0 ? 'Studio' : `${bedrooms} bed${bedrooms > 1 ? 's' : ''}`;
  return (
    <article className={`group relative ${CARD} transition-shadow hover:shadow-md`}>
      <div className="relative">
        <MarketingPhoto
          src={home.thumbnailUrl ?? ''}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          alt={home.title}
          width={480}
          height={360}
        />
        <AvailabilityBadge listing={home} className="absolute left-3 top-3 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-2xl font-bold text-slate-900">
          {formatPence(home.monthlyRentPence)}{' '}
          <span className="text-base font-medium text-slate-600">pcm</span>
        </p>
        <h3 className="mt-1 font-semibold text-slate-900">
          {/* The whole card is the link (stretched over the card). */}
          <Link
            to={`/properties/${home.id}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {home.title}
          </Link>
        </h3>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <li className="flex items-center gap-1">
            <BedDouble className="h-4 w-4" aria-hidden />
            {beds}
          </li>
          <li className="flex items-center gap-1">
            <Bath className="h-4 w-4" aria-hidden />
            {bathrooms} bath{bathrooms > 1 ? 's' : ''}
          </li>
          <li>{PROPERTY_TYPE_LABELS[home.propertyType]}</li>
        </ul>
        <p className="mt-2 flex items-center gap-1 text-sm text-slate-600">
          <MapPin className="h-4 w-4" aria-hidden />
          {home.location ? `${home.location}, ${home.outcode}` : home.outcode}
        </p>
      </div>
      <span
        className="pointer-events-none absolute inset-0 rounded-xl ring-primary-600 ring-offset-2 group-has-[a:focus-visible]:ring-2"
        aria-hidden
      />
    </article>
  );
}

/** The card's shape while the featured homes load, so the section does not jump when they arrive. */
export function FeaturedHomeSkeleton() {
  return (
    <div className={CARD} aria-hidden>
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="p-4">
        <Skeleton className="h-8 w-32" />
        <Skeleton className="mt-2 h-5 w-3/4" />
        <Skeleton className="mt-3 h-4 w-1/2" />
        <Skeleton className="mt-3 h-4 w-2/3" />
      </div>
    </div>
  );
}
