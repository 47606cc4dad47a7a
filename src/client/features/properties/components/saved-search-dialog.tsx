// "Save Search & Get Alerts" (doc 1 §4 saved-search dialog, §5 saved search, §8 toasts): name (default: the
// search described in words), email alerts on by default, and the frequency only while alerts are on.
// Loaded on demand by ./save-search-button (zod and react-hook-form stay out of the list page's first load).
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS } from '../../../../domain/constants';
import { ZSavedSearchRequest } from '../../../../domain/properties';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Field, Input, Label, Select } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { useCreateSavedSearch } from '../api';
import {
  criteriaFromFilters,
  defaultSearchName,
  describeFilters,
  hasActiveFilters,
  type PropertyFilters,
} from '../url-state';

const ZSavedSearchForm = z.object({
  name: ZSavedSearchRequest.shape.name,
  emailAlerts: z.boolean(),
  alertFrequency: z.enum(ALERT_FREQUENCIES),
});
type SavedSearchForm = z.infer<typeof ZSavedSearchForm>;

/** The open dialog; closing it (Cancel, Escape, the backdrop or a saved search) calls onClose. */
export default function SavedSearchDialog({
  filters,
  onClose,
}: {
  filters: PropertyFilters;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <SavedSearchDialogBody filters={filters} onDone={onClose} />
    </Dialog>
  );
}

function SavedSearchDialogBody({ filters, onDone }: { filters: PropertyFilters; onDone: () => void }) {
  const form = useForm<SavedSearchForm>({
    resolver: zodResolver(ZSavedSearchForm),
    defaultValues: { name: defaultSearchName(filters), emailAlerts: true, alertFrequency: 'daily' },
  });
  const create = useCreateSavedSearch(onDone);
  const emailAlerts = form.watch('emailAlerts');

  const submit = form.handleSubmit((values) =>
    create.mutate({ ...values, searchCriteria: criteriaFromFilters(filters) }),
  );

  return (
    <DialogContent
      title="Save this search"
      description={
        hasActiveFilters(filters)
          ? `We'll keep “${describeFilters(filters)}” and can email you new homes that match.`
          : "We'll keep this search and can email you new homes as they are listed."
      }
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <Field label="Search name" error={form.formState.errors.name?.message}>
          {(props) => <Input {...props} {...form.register('name')} maxLength={100} autoComplete="off" />}
        </Field>

        <Controller
          control={form.control}
          name="emailAlerts"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-3">
              <div>
                <Label htmlFor="saved-search-alerts" className="mb-0">
                  Email alerts
                </Label>
                <p id="saved-search-alerts-hint" className="text-sm text-slate-600">
                  Get an email when new homes match.
                </p>
              </div>
              <Switch
                id="saved-search-alerts"
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby="saved-search-alerts-hint"
              />
            </div>
          )}
        />

        {emailAlerts && (
          <Field label="Alert frequency">
            {(props) => (
              <Select {...props} {...form.register('alertFrequency')}>
                {ALERT_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {ALERT_FREQUENCY_LABELS[frequency]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" busy={create.isPending}>
            Save Search
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
