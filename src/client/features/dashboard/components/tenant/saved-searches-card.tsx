import { Bell, BellOff, Search } from 'lucide-react';
import { formatPence } from '../../../../../domain/money';
import type { TSavedSearch } from '../../../../../domain/properties';
import { Badge } from '../../../../components/ui/badge';
import { ButtonLink } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/feedback';
import { ErrorPanel } from '../../../../components/ui/states';
import { formatDate } from '../../../properties/format';
import { type ListQuery, PREVIEW_COUNT, RowSkeletons, SectionCard } from './cards';

const ALERT_FREQUENCY_LABELS: Record<TSavedSearch['alertFrequency'], string> = {
  instant: 'instant',
  daily: 'daily',
  weekly: 'weekly',
};

function priceText(pounds: number | null): string {
  return pounds === null ? 'Any' : formatPence(Math.round(pounds * 100));
}

export function SavedSearchesCard({ query }: { query: ListQuery<TSavedSearch> }) {
  const list = query.data ?? [];
  return (
    <SectionCard
      title="Saved Searches"
      link={{ to: '/properties?view=searches', label: 'Manage', srLabel: 'saved searches' }}
    >
      {query.isPending ? (
        <RowSkeletons />
      ) : query.isError ? (
        <ErrorPanel
          title="Failed to fetch saved searches"
          onRetry={() => query.refetch()}
          busy={query.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Search className="h-10 w-10" aria-hidden />}
          title="No saved searches yet"
          action={<ButtonLink to="/properties">Search Properties</ButtonLink>}
        >
          Use ‘Save Search &amp; Get Alerts’ on the property list to hear about new homes first.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="saved-searches">
          {list.slice(0, PREVIEW_COUNT).map((search) => (
            <li
              key={search.id}
              className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center"
              data-testid="saved-search"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="min-w-0 break-words font-semibold text-slate-900">{search.name}</h3>
                  {search.emailAlerts ? (
                    <Badge variant="success">
                      <Bell className="h-3 w-3" aria-hidden /> Alerts on (
                      {ALERT_FREQUENCY_LABELS[search.alertFrequency]})
                    </Badge>
                  ) : (
                    <Badge variant="neutral">
                      <BellOff className="h-3 w-3" aria-hidden /> Alerts off
                    </Badge>
                  )}
                </div>
                <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-0.5 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-600">Location</dt>
                    <dd className="truncate font-medium text-slate-900">{search.location ?? 'Anywhere'}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Min price</dt>
                    <dd className="font-medium text-slate-900">{priceText(search.minPrice)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Max price</dt>
                    <dd className="font-medium text-slate-900">{priceText(search.maxPrice)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Last alert</dt>
                    <dd className="font-medium text-slate-900" data-testid="last-alert">
                      {formatDate(search.lastAlert) ?? 'Never'}
                    </dd>
                  </div>
                </dl>
              </div>
              <ButtonLink
                to={`/properties?search=${encodeURIComponent(search.id)}`}
                variant="outline"
                size="sm"
                className="shrink-0"
              >
                View Results<span className="sr-only"> for {search.name}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** Premium Active with when it renews (or ends), managed in Settings; a free account is pitched £1/month. */
