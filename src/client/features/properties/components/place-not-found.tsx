// A search for a place we do not know (decision 0060): "We couldn't find 'Atlantis'", with links to the known places
// whose names are nearest (the API's `place.suggestions`), each keeping the other filters. Links, so they work before
// the page's scripts have run.
import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router';
import type { TSearchedPlace } from '../../../../domain/properties';
import { EmptyState } from '../../../components/ui/feedback';
import { listViewHref } from '../list-views';
import type { PropertyFilters } from '../url-state';

export function PlaceNotFound({ place, filters }: { place: TSearchedPlace; filters: PropertyFilters }) {
  return (
    <div data-testid="place-not-found">
      <EmptyState
        icon={<MapPinOff className="h-10 w-10" aria-hidden />}
        title={`We couldn't find '${place.query}'`}
      >
        {place.suggestions.length > 0 ? (
          <>
            <p>It is not a UK town, district or postcode we know. Did you mean:</p>
            <ul className="mt-3 flex flex-wrap justify-center gap-2" aria-label="Places with similar names">
              {place.suggestions.map((suggestion) => (
                <li key={`${suggestion.kind}:${suggestion.name}`}>
                  <Link
                    to={listViewHref({ ...filters, location: suggestion.name, radius: null }, 'results')}
                    className="inline-flex flex-col rounded-lg border border-slate-300 px-3 py-1.5 text-left hover:border-primary-600 hover:bg-primary-50"
                  >
                    <span className="font-medium text-primary-800">{suggestion.name}</span>
                    <span className="text-xs text-slate-600">{suggestion.detail}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>
            It is not a UK town, district or postcode we know. Check the spelling, or try a postcode such as
            LS1.
          </p>
        )}
      </EmptyState>
    </div>
  );
}
