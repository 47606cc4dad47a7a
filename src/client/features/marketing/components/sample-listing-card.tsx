import { Bath, BedDouble, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { formatPence } from '../../../../domain/money';
import { AvailabilityBadge } from '../../properties/components/availability-badge';
import type { SampleListing } from '../data/samples';
import { samplePhoto } from '../data/samples';
import { MarketingPhoto } from './marketing-photo';
import { PROPERTY_TYPE_LABELS } from './search-panel';

/** A featured sample listing: photo, rent as the largest text, then beds, baths, type and district. */
export function SampleListingCard({ listing }: { listing: SampleListing }) {
  const photo = listing.photoUrl ? { src: listing.photoUrl, srcSet: undefined } : samplePhoto(listing.photo);
  const beds =
    listing.bedrooms === 0 ? 'Studio' : `${listing.bedrooms} bed${listing.bedrooms > 1 ? 's' : ''}`;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative">
        <MarketingPhoto
          src={photo.src}
          srcSet={photo.srcSet}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          alt={listing.photoAlt}
          width={480}
          height={360}
        />
        <AvailabilityBadge listing={listing.availability} className="absolute left-3 top-3 shadow-sm" />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-2xl font-bold text-slate-900">
          {formatPence(listing.rentPence)} <span className="text-base font-medium text-slate-600">pcm</span>
        </p>
        <h3 className="mt-1 font-semibold text-slate-900">
          {/* The whole card is the link (stretched over the card). */}
          <Link
            to={listing.href ?? '/properties'}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {listing.title}
          </Link>
        </h3>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <li className="flex items-center gap-1">
            <BedDouble className="h-4 w-4" aria-hidden />
            {beds}
          </li>
          <li className="flex items-center gap-1">
            <Bath className="h-4 w-4" aria-hidden />
            {listing.bathrooms} bath{listing.bathrooms > 1 ? 's' : ''}
          </li>
          <li>{PROPERTY_TYPE_LABELS[listing.propertyType]}</li>
        </ul>
        <p className="mt-2 flex items-center gap-1 text-sm text-slate-600">
          <MapPin className="h-4 w-4" aria-hidden />
          {listing.district}, {listing.outcode}
        </p>
      </div>
      <span
        className="pointer-events-none absolute inset-0 rounded-xl ring-primary-600 ring-offset-2 group-has-[a:focus-visible]:ring-2"
        aria-hidden
      />
    </article>
  );
}
