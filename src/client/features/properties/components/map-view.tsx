// The map of the current search (doc 1 "Property map"): markers for the filters inside the visible area,
// fetched 100 at a time up to a cap per view, and a legend under it ("Tap" on a touch screen). The map starts at the
// top of the results on every width; the one List/Map toggle is the toolbar's (decision 0060), and below 768 px the
// homes on the map are listed under it by outward code. Leaflet itself arrives in a separate chunk (./property-map),
// only when shown.
import { lazy, Suspense, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_TILE_URL } from '../../../../domain/constants';
import { outcodeOf } from '../../../../domain/postcodes';
import type { TPropertyCard } from '../../../../domain/properties';
import { Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { usePublicConfig } from '../../../lib/config';
import { type MapBounds, PROPERTIES_ERROR, useMapMarkers } from '../api';
import { bedsAndType, countLabel, rentPerMonth } from '../format';
import type { PropertyFilters } from '../url-state';
import { PlaceNotFound } from './place-not-found';

const PropertyMap = lazy(() => import('./property-map'));

/** Doc 1 §9: the narrow-screen toggle appears below 768 px; groups list 3 homes each. */
export const NARROW_QUERY = '(max-width: 767px)';
export const GROUP_PREVIEW = 3;
/** A screen whose main pointer is a finger. */
export const TOUCH_QUERY = '(pointer: coarse)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

const contains = (outer: MapBounds | null, inner: MapBounds) =>
  !outer ||
  (inner.north <= outer.north &&
    inner.south >= outer.south &&
    inner.east <= outer.east &&
    inner.west >= outer.west);

/** The view plus a margin, so small pans stay within what was fetched. */
function padded(bounds: MapBounds): MapBounds {
  const lat = (bounds.north - bounds.south) * 0.15;
  const lng = (bounds.east - bounds.west) * 0.15;
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return {
    north: Math.min(90, r(bounds.north + lat)),
    south: Math.max(-90, r(bounds.south - lat)),
    east: Math.min(180, r(bounds.east + lng)),
    west: Math.max(-180, r(bounds.west - lng)),
  };
}

export interface OutcodeGroup {
  outcode: string;
  properties: TPropertyCard[];
}

/** Homes grouped by the outward part of the postcode ('Unknown' without one), largest group first. */
export function groupByOutcode(properties: TPropertyCard[]): OutcodeGroup[] {
  const groups = new Map<string, TPropertyCard[]>();
  for (const property of properties) {
    const key = outcodeOf(property.postcode ?? '') || 'Unknown';
    const list = groups.get(key) ?? [];
    list.push(property);
    groups.set(key, list);
  }
  return [...groups.entries()]
    .map(([outcode, list]) => ({ outcode, properties: list }))
    .sort((a, b) => b.properties.length - a.properties.length || a.outcode.localeCompare(b.outcode));
}

function OutcodeList({ properties }: { properties: TPropertyCard[] }) {
  const groups = useMemo(() => groupByOutcode(properties), [properties]);
  if (groups.length === 0)
    return <p className="p-4 text-sm text-slate-600">No homes to show in this area.</p>;
  return (
    <ul className="space-y-3" aria-label="Homes by postcode district">
      {groups.map((group) => (
        <li key={group.outcode} className="rounded-xl border border-slate-200 bg-white p-4">
          <h3 className="flex items-baseline justify-between gap-2 font-semibold text-slate-900">
            <span>{group.outcode}</span>
            <span className="text-sm font-normal text-slate-600">
              {group.properties.length} {group.properties.length === 1 ? 'home' : 'homes'}
            </span>
          </h3>
          <ul className="mt-2 divide-y divide-slate-100">
            {group.properties.slice(0, GROUP_PREVIEW).map((property) => (
              <li key={property.id} className="py-2">
                <Link to={`/properties/${property.id}`} className="block rounded hover:bg-slate-50">
                  <span className="block font-semibold text-slate-900">
                    {rentPerMonth(property.monthlyRentPence)}
                  </span>
                  <span className="block text-sm text-slate-700">
                    {bedsAndType(property.bedrooms, property.propertyType)}
                    <span className="sr-only">: {property.title}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function MapView({ apiQuery, filters }: { apiQuery: URLSearchParams; filters: PropertyFilters }) {
  const navigate = useNavigate();
  // Below 768 px the homes on the map are also listed under it, by district (one List/Map toggle: the toolbar's).
  const narrow = useMediaQuery(NARROW_QUERY);
  // A touch screen is tapped, not clicked.
  const touch = useMediaQuery(TOUCH_QUERY);
  const groupsHeading = useId();
  const filterKey = apiQuery.toString();
  const [view, setView] = useState<{ filterKey: string; bounds: MapBounds | null }>({
    filterKey,
    bounds: null,
  });
  // A new search starts from the whole country again (and the map fits to its results).
  const bounds = view.filterKey === filterKey ? view.bounds : null;

  const config = usePublicConfig();
  const markers = useMapMarkers(apiQuery, bounds, true);
  const pages = markers.data?.pages ?? [];
  const properties = useMemo(() => pages.flatMap((page) => page.properties), [pages]);
  const total = pages[0]?.total ?? 0;
  const capped = pages[0]?.totalCapped ?? false;
  const lastPage = pages[pages.length - 1];
  const complete = !!lastPage && lastPage.nextCursor === null && !markers.isPlaceholderData;

  // Keep fetching pages until every marker of this view (or the cap) is in.
  const { hasNextPage, isFetchingNextPage, isPlaceholderData, isError, fetchNextPage } = markers;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isPlaceholderData && !isError) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isPlaceholderData, isError, fetchNextPage]);

  const onBoundsChange = (visible: MapBounds) => {
    // Everything inside the visible area is already here: nothing to ask for.
    if (complete && contains(bounds, visible)) return;
    setView({ filterKey, bounds: padded(visible) });
  };

  const loading =
    markers.isPending || markers.isFetchingNextPage || (markers.isFetching && isPlaceholderData);
  const shown = properties.length;
  const legend = markers.isPending
    ? 'Loading properties…'
    : shown < total || capped
      ? `Showing ${shown.toLocaleString('en-GB')} of ${countLabel(Math.max(total, shown), capped)}${loading ? '' : ' — zoom in to see more'}`
      : `${total.toLocaleString('en-GB')} ${total === 1 ? 'property' : 'properties'}`;
  const label = `Map of ${countLabel(total, capped)} homes to rent`;

  if (markers.isError && !markers.data) {
    return (
      <ErrorPanel title={PROPERTIES_ERROR} onRetry={() => markers.refetch()} busy={markers.isFetching} />
    );
  }

  // A place we do not know is said so, with the nearest known ones, rather than an empty map (decision 0060).
  const place = isPlaceholderData ? null : pages[0]?.place;
  if (place && !place.found) return <PlaceNotFound place={place} filters={filters} />;

  return (
    <section aria-label="Property map" className="space-y-3">
      <div className="relative h-[65vh] min-h-[360px] overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        {config.isPending ? (
          <Skeleton className="h-full w-full rounded-none" />
        ) : (
          <Suspense fallback={<Skeleton className="h-full w-full rounded-none" />}>
            <PropertyMap
              properties={properties}
              fitKey={markers.isPlaceholderData ? null : filterKey}
              tileUrl={config.data?.mapTileUrl || DEFAULT_TILE_URL}
              label={label}
              onBoundsChange={onBoundsChange}
              onOpenProperty={(id) => navigate(`/properties/${id}`)}
            />
          </Suspense>
        )}
        {loading && (
          <div className="pointer-events-none absolute inset-x-0 top-2 z-[1000] flex justify-center">
            <span className="rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-700 shadow">
              Loading markers…
            </span>
          </div>
        )}
      </div>

      <div
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-slate-200"
        data-testid="map-legend"
      >
        <p className="font-semibold text-slate-900" aria-live="polite">
          {legend}
        </p>
        <p className="text-slate-600">{touch ? 'Tap markers for details' : 'Click markers for details'}</p>
      </div>

      {narrow && (
        <section aria-labelledby={groupsHeading} className="space-y-3 pt-2">
          <h2 id={groupsHeading} className="text-base font-semibold text-slate-900">
            On the map, by postcode district
          </h2>
          <OutcodeList properties={properties} />
        </section>
      )}
    </section>
  );
}
