// The property search panel (doc 1 "Search panel"): location, type and budget, then /properties with
// only the filters that are set. The properties page reuses it with its current query as defaults.
// Before the scripts have run it is a plain GET form to /properties, whose fields carry names /properties reads
// (postcode, propertyType, budget; "any" and empty ones are ignored there: decision 0061).
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { BUDGETS, PROPERTY_TYPE_LABELS, PROPERTY_TYPES } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import { Input, Label, Select } from '../../../components/ui/input';
import { type BudgetKey, EMPTY_SEARCH, type SearchPanelValues, searchPanelHref } from '../search-query';

export function SearchPanel({
  defaultValues = EMPTY_SEARCH,
  onSearch,
  className,
}: {
  defaultValues?: SearchPanelValues;
  /** Called instead of navigating, e.g. by a page that is already /properties. */
  onSearch?: (values: SearchPanelValues, href: string) => void;
  className?: string;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [values, setValues] = useState<SearchPanelValues>(defaultValues);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const href = searchPanelHref(values);
    if (onSearch) onSearch(values, href);
    else navigate(href);
  };

  return (
    <search aria-label="Search properties" className={className}>
      <form
        method="get"
        action="/properties"
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <Label htmlFor={`${id}-location`}>Location</Label>
          <Input
            id={`${id}-location`}
            name="postcode"
            placeholder="Enter postcode or area"
            autoComplete="postal-code"
            value={values.location}
            onChange={(e) => setValues((v) => ({ ...v, location: e.target.value }))}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-type`}>Property type</Label>
          <Select
            id={`${id}-type`}
            name="propertyType"
            value={values.propertyType}
            onChange={(e) =>
              setValues((v) => ({ ...v, propertyType: e.target.value as SearchPanelValues['propertyType'] }))
            }
          >
            <option value="any">Any Type</option>
            {PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {PROPERTY_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-budget`}>Budget (per month)</Label>
          <Select
            id={`${id}-budget`}
            name="budget"
            value={values.budget}
            onChange={(e) => setValues((v) => ({ ...v, budget: e.target.value as '' | BudgetKey }))}
          >
            <option value="">Any Budget</option>
            {BUDGETS.map((budget) => (
              <option key={budget.key} value={budget.key}>
                {budget.label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" size="md" className="w-full sm:col-span-2 lg:col-span-1 lg:w-auto">
          <Search className="h-4 w-4" aria-hidden />
          Search Properties
        </Button>
      </form>
    </search>
  );
}
