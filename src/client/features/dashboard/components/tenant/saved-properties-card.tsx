import { Heart } from 'lucide-react';
import type { TSavedProperty } from '../../../../../domain/properties';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/feedback';
import { ErrorPanel } from '../../../../components/ui/states';
import { useSaveProperty } from '../../../properties/api';
import { ListingImage } from '../../../properties/components/listing-image';
import { rentPcm } from '../../../properties/format';
import { type ListQuery, PREVIEW_COUNT, RowSkeletons, SectionCard } from './cards';

export function SavedPropertiesCard({ query }: { query: ListQuery<TSavedProperty> }) {
  const list = query.data ?? [];
  return (
    <SectionCard
      title="Saved Properties"
      link={
        list.length > 0
          ? { to: '/properties?filter=saved', label: 'View all', srLabel: 'saved properties' }
          : undefined
      }
    >
      {query.isPending ? (
        <RowSkeletons />
      ) : query.isError ? (
        <ErrorPanel
          title="Failed to fetch saved properties"
          onRetry={() => query.refetch()}
          busy={query.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Heart className="h-10 w-10" aria-hidden />}
          title="No saved properties yet"
          action={<ButtonLink to="/properties">Search Properties</ButtonLink>}
        >
          Tap the heart on any home to keep it here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="saved-properties">
          {list.slice(0, PREVIEW_COUNT).map((property) => (
            <SavedPropertyRow key={property.id} property={property} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function SavedPropertyRow({ property }: { property: TSavedProperty }) {
  // The properties feature's own save/unsave: same toast, and every cached heart follows.
  const { state, saved, toggle } = useSaveProperty({
    propertyId: property.id,
    initiallySaved: true,
    signedIn: true,
  });
  return (
    <li
      className="flex flex-col gap-3 py-3 min-[420px]:flex-row min-[420px]:items-center"
      data-testid="saved-property"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <ListingImage
          src={property.thumbnailUrl}
          alt=""
          className="w-20 shrink-0 rounded-md sm:w-24"
          width={4}
          height={3}
        />
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900" title={property.title}>
            {property.title}
          </h3>
          {property.location && <p className="truncate text-sm text-slate-600">{property.location}</p>}
          <p className="text-sm font-semibold text-slate-900">{rentPcm(Math.round(property.price * 100))}</p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <ButtonLink to={`/properties/${property.id}`} variant="outline" size="sm">
          View Details<span className="sr-only"> of {property.title}</span>
        </ButtonLink>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50"
          onClick={toggle}
          busy={state === 'pending'}
          // Removed: the row leaves with the refetch; a second click must not save it again.
          disabled={!saved}
        >
          Remove<span className="sr-only"> {property.title}</span>
        </Button>
      </div>
    </li>
  );
}
