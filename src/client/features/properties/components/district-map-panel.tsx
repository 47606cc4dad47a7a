// The property page's district map panel: a box of fixed height (nothing below it moves when the map arrives)
// that loads Leaflet only once it is near the viewport. It shows the postcode district, not the address.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { DEFAULT_TILE_URL } from '../../../../domain/constants';
import type { TPropertyDetail } from '../../../../domain/properties';
import { Skeleton } from '../../../components/ui/feedback';
import { usePublicConfig } from '../../../lib/config';

const DistrictMap = lazy(() => import('./district-map'));

/** Start loading a little before the panel scrolls into view. */
const NEAR_VIEWPORT = '300px';

function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

export function DistrictMapPanel({
  property,
}: {
  property: Pick<TPropertyDetail, 'lat' | 'lng' | 'outcode'>;
}) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const config = usePublicConfig();
  const centre =
    property.lat !== null && property.lng !== null ? { lat: property.lat, lng: property.lng } : null;
  const caption = `The shaded circle is the ${property.outcode} postcode district; the map never shows the exact address.`;
  return (
    <figure className="overflow-hidden rounded-b-xl border border-t-0 border-slate-200 bg-white">
      {centre ? (
        <div
          ref={ref}
          data-testid="district-map"
          role="region"
          aria-label={`Map of the ${property.outcode} district`}
          className="relative z-0 h-56 bg-slate-100 sm:h-64"
        >
          {near && !config.isPending ? (
            <Suspense fallback={<Skeleton className="h-full w-full rounded-none" />}>
              <DistrictMap centre={centre} tileUrl={config.data?.mapTileUrl || DEFAULT_TILE_URL} />
            </Suspense>
          ) : (
            <Skeleton className="h-full w-full rounded-none" />
          )}
        </div>
      ) : null}
      <figcaption className="px-5 py-3 text-sm text-slate-600">
        {centre ? caption : `We have no map for the ${property.outcode} district yet.`}
      </figcaption>
    </figure>
  );
}
