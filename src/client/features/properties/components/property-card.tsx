// One listing in the results (doc 1 "Property card", STYLE "Cards"): a 4:3 photo, the rent as the largest
// text, then beds, baths, type and place. The whole card opens the listing; the heart is its own button.

import { Bath, BedDouble, Home, MapPin, Ruler } from 'lucide-react';
import { Link } from 'react-router';
import type { PropertyType } from '../../../../domain/constants';
import { Skeleton } from '../../../components/ui/feedback';
import { cn } from '../../../lib/cn';
import { areaLabel, bathroomsLabel, bedroomsLabel, propertyTypeLabel, rentPcm } from '../format';
import { AvailabilityBadge, ReducedNote } from './availability-badge';
import { ListingImage } from './listing-image';
import { SaveHeartButton } from './save-buttons';

/** What a card shows: a search result has all of it, a saved home some of it. */
export interface ListingSummary {
  id: string;
  title: string;
  description?: string;
  monthlyRentPence: number;
  propertyType: PropertyType;
  bedrooms: number | null;
  bathrooms?: number | null;
  area?: number | null;
  address?: string;
  location?: string | null;
  outcode?: string;
  available?: boolean;
  availableFrom?: string | null;
  letAgreedAt?: string | null;
  rentReducedAt?: string | null;
  thumbnailUrl: string | null;
  saved?: boolean;
}

export type CardLayout = 'grid' | 'list';

/** The address with its postcode district ("12 Park Road, Leeds LS6"), or what there is of it. */
function placeOf(listing: ListingSummary): string | null {
  const district = listing.outcode && !listing.address?.includes(listing.outcode) ? listing.outcode : '';
  if (listing.address) return district ? `${listing.address} ${district}` : listing.address;
  return [listing.location, district].filter(Boolean).join(' ') || null;
}

export function PropertyCard({
  listing,
  layout = 'grid',
  signedIn,
  priority = false,
}: {
  listing: ListingSummary;
  layout?: CardLayout;
  signedIn: boolean;
  /** The first row of cards is above the fold: their photos load at once. */
  priority?: boolean;
}) {
  const facts = [
    { key: 'bedrooms', icon: BedDouble, text: bedroomsLabel(listing.bedrooms) },
    { key: 'bathrooms', icon: Bath, text: bathroomsLabel(listing.bathrooms) },
    { key: 'type', icon: Home, text: propertyTypeLabel(listing.propertyType) },
    { key: 'area', icon: Ruler, text: areaLabel(listing.area) },
  ].filter((f): f is { key: string; icon: typeof BedDouble; text: string } => !!f.text);
  const place = placeOf(listing);
  const list = layout === 'list';

  return (
    <article
      className={cn(
        'group relative flex w-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow',
        'focus-within:ring-2 focus-within:ring-primary-600 hover:shadow-md',
        list ? 'flex-col sm:flex-row' : 'flex-col',
      )}
      data-testid="property-card"
    >
      <div className={cn('relative shrink-0', list && 'sm:w-64')}>
        <ListingImage
          src={listing.thumbnailUrl}
          alt=""
          width={480}
          height={360}
          priority={priority}
          sizes={
            list
              ? '(min-width: 640px) 256px, 100vw'
              : '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw'
          }
          imgClassName="transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {listing.availableFrom !== undefined && (
          <div className="absolute left-3 top-3">
            <AvailabilityBadge
              listing={{
                availableFrom: listing.availableFrom,
                available: listing.available,
                letAgreedAt: listing.letAgreedAt,
              }}
            />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <p className="text-2xl font-bold tracking-tight text-slate-900" data-testid="card-rent">
          {rentPcm(listing.monthlyRentPence)}
        </p>
        <ReducedNote rentReducedAt={listing.rentReducedAt} />
        <h3 className="text-base font-semibold leading-snug text-slate-900">
          {/* The stretched link makes the whole card clickable while its name stays the title. */}
          <Link
            to={`/properties/${listing.id}`}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {listing.title}
          </Link>
        </h3>
        {listing.description && <p className="line-clamp-2 text-sm text-slate-600">{listing.description}</p>}
        {facts.length > 0 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-label="Key facts">
            {facts.map(({ key, icon: Icon, text }) => (
              <li key={key} className="inline-flex items-center gap-1.5">
                <Icon className="h-4 w-4 text-slate-500" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        )}
        {place && (
          <p className="mt-auto inline-flex items-start gap-1.5 pt-1 text-sm text-slate-600">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span className="min-w-0 break-words">{place}</span>
          </p>
        )}
      </div>
      <div className="absolute right-3 top-3 z-10">
        <SaveHeartButton
          propertyId={listing.id}
          title={listing.title}
          saved={!!listing.saved}
          signedIn={signedIn}
        />
      </div>
    </article>
  );
}

export function PropertyCardSkeleton({ layout = 'grid' }: { layout?: CardLayout }) {
  return (
    <div
      className={cn(
        'flex overflow-hidden rounded-xl border border-slate-200 bg-white',
        layout === 'list' ? 'flex-col sm:flex-row' : 'flex-col',
      )}
      data-testid="property-card-skeleton"
      aria-hidden
    >
      <Skeleton className={cn('aspect-[4/3] rounded-none', layout === 'list' && 'sm:w-64')} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-7 w-32" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}
