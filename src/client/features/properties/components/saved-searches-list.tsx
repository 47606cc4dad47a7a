// /properties?view=searches: the user's saved searches with their alert settings (doc 1 "Tenant dashboard"
// saved searches; §9 alert frequencies). View Results opens the search; Delete asks first. The page loads this
// module on demand (it brings the delete dialog and the alert switches).
import { Bell, BellOff, Search, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS } from '../../../../domain/constants';
import type { TSavedSearch } from '../../../../domain/properties';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/feedback';
import { Label, Select } from '../../../components/ui/input';
import { ErrorPanel } from '../../../components/ui/states';
import { Switch } from '../../../components/ui/switch';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api';
import { formatDate } from '../format';
import { describeFilters, filtersFromCriteria, hasActiveFilters } from '../url-state';
import { SavedSearchesSkeleton } from './saved-searches-skeleton';

export function criteriaSummary(search: TSavedSearch): string {
  const filters = filtersFromCriteria(search.searchCriteria);
  return hasActiveFilters(filters) ? describeFilters(filters) : 'All homes';
}

function SavedSearchRow({
  search,
  onView,
  onDelete,
}: {
  search: TSavedSearch;
  onView: (search: TSavedSearch) => void;
  onDelete: (search: TSavedSearch) => void;
}) {
  const id = useId();
  const update = useUpdateSavedSearch();
  const busy = update.isPending && update.variables?.id === search.id;
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="saved-search"
    >
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-slate-900">{search.name}</h2>
          <p className="mt-1 break-words text-sm text-slate-700">{criteriaSummary(search)}</p>
          <p className="mt-1 text-sm text-slate-600">Last alert: {formatDate(search.lastAlert) ?? 'Never'}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" size="sm" onClick={() => onView(search)}>
            <Search className="h-4 w-4" aria-hidden />
            View Results
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onDelete(search)}
            aria-label={`Delete ${search.name}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </Button>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-4 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:gap-8">
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-alerts`}
            checked={search.emailAlerts}
            disabled={busy}
            onCheckedChange={(checked) => update.mutate({ id: search.id, emailAlerts: checked })}
          />
          <Label htmlFor={`${id}-alerts`} className="mb-0 inline-flex items-center gap-1.5">
            {search.emailAlerts ? (
              <Bell className="h-4 w-4 text-primary-700" aria-hidden />
            ) : (
              <BellOff className="h-4 w-4 text-slate-500" aria-hidden />
            )}
            Email alerts {search.emailAlerts ? 'on' : 'off'}
          </Label>
        </div>
        {search.emailAlerts && (
          <div className="flex items-center gap-3">
            <Label htmlFor={`${id}-frequency`} className="mb-0 shrink-0">
              Frequency
            </Label>
            <Select
              id={`${id}-frequency`}
              value={search.alertFrequency}
              disabled={busy}
              className="w-auto"
              onChange={(e) =>
                update.mutate({
                  id: search.id,
                  alertFrequency: e.target.value as TSavedSearch['alertFrequency'],
                })
              }
            >
              {ALERT_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {ALERT_FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
    </li>
  );
}

export function SavedSearchesList({ onView }: { onView: (search: TSavedSearch) => void }) {
  const searches = useSavedSearches();
  const [toDelete, setToDelete] = useState<TSavedSearch | null>(null);
  const remove = useDeleteSavedSearch(() => setToDelete(null));

  if (searches.isPending) {
    return <SavedSearchesSkeleton />;
  }
  if (searches.isError) {
    return (
      <ErrorPanel
        title="Failed to fetch saved searches"
        onRetry={() => searches.refetch()}
        busy={searches.isFetching}
      />
    );
  }
  if (searches.data.length === 0) {
    return (
      <EmptyState icon={<Bell className="h-10 w-10" aria-hidden />} title="No saved searches yet">
        Search for homes, then choose “Save Search &amp; Get Alerts” to hear about new matches.
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="space-y-4">
        {searches.data.map((search) => (
          <SavedSearchRow key={search.id} search={search} onView={onView} onDelete={setToDelete} />
        ))}
      </ul>
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete this saved search?"
        description={
          toDelete ? `“${toDelete.name}” and its email alerts will be removed. This cannot be undone.` : ''
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
      />
    </>
  );
}
