// /properties?filter=saved: the homes the user saved (GET /api/saved-properties), as cards with a filled heart.
import { Heart } from 'lucide-react';
import type { TSavedProperty } from '../../../../domain/properties';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { useSavedProperties } from '../api';
import { type CardLayout, type ListingSummary, PropertyCard } from './property-card';
import { CardSkeletons, gridClass } from './property-results';

function toListing(saved: TSavedProperty): ListingSummary {
  return {
    id: saved.id,
    title: saved.title,
    monthlyRentPence: Math.round(saved.monthlyRent * 100),
    propertyType: saved.propertyType,
    bedrooms: saved.bedrooms,
    location: saved.location,
    thumbnailUrl: saved.thumbnailUrl,
    available: saved.available,
    availableFrom: saved.availableFrom,
    letAgreedAt: saved.letAgreedAt,
    rentReducedAt: saved.rentReducedAt,
    saved: true,
  };
}

export function SavedPropertiesList({ layout }: { layout: CardLayout }) {
  const saved = useSavedProperties();
  if (saved.isPending) return <CardSkeletons layout={layout} />;
  if (saved.isError) {
    return (
      <ErrorPanel
        title="Failed to fetch saved properties"
        onRetry={() => saved.refetch()}
        busy={saved.isFetching}
      />
    );
  }
  if (saved.data.length === 0) {
    return (
      <EmptyState
        icon={<Heart className="h-10 w-10" aria-hidden />}
        title="No saved properties yet"
        action={<ButtonLink to="/properties">Browse Properties</ButtonLink>}
      >
        Tap the heart on any home to keep it here.
      </EmptyState>
    );
  }
  return (
    <ul className={gridClass(layout)}>
      {saved.data.map((property, index) => (
        <li key={property.id} className="flex">
          <PropertyCard listing={toListing(property)} layout={layout} signedIn priority={index < 3} />
        </li>
      ))}
    </ul>
  );
}
