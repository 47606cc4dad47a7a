// The user list's search form: name or email, type and premium, and the bulk delete for what is selected.
import { Trash2 } from 'lucide-react';
import type { Dispatch } from 'react';
import { USER_TYPES } from '../../../../../domain/constants';
import { Button } from '../../../../components/ui/button';
import { Input, Label, Select } from '../../../../components/ui/input';
import { USER_TYPE_LABELS, type UserFiltersAction, type UserListFilters } from './user-list-state';

const TYPE_OPTIONS = [
  ['', 'All types'],
  ...USER_TYPES.map((type) => [type, USER_TYPE_LABELS[type]] as const),
] as const;
const PREMIUM_OPTIONS = [
  ['', 'Everyone'],
  ['true', 'Premium'],
  ['false', 'Free'],
] as const;

export function UserFilters({
  filters,
  dispatch,
  selectedCount,
  onBulkDelete,
}: {
  filters: UserListFilters;
  dispatch: Dispatch<UserFiltersAction>;
  selectedCount: number;
  onBulkDelete: () => void;
}) {
  return (
    <form
      role="search"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        dispatch({ type: 'searched' });
      }}
    >
      <div className="min-w-56 flex-1">
        <Label htmlFor="users-search">Search users</Label>
        <Input
          id="users-search"
          type="search"
          placeholder="Name or email"
          value={filters.draft}
          onChange={(e) => dispatch({ type: 'typed', draft: e.target.value })}
        />
      </div>
      <FilterSelect
        id="users-type"
        label="Type"
        value={filters.userType}
        options={TYPE_OPTIONS}
        onChange={(userType) => dispatch({ type: 'userType', userType })}
      />
      <FilterSelect
        id="users-premium"
        label="Premium"
        value={filters.premium}
        options={PREMIUM_OPTIONS}
        onChange={(premium) => dispatch({ type: 'premium', premium })}
      />
      <Button variant="destructive" disabled={selectedCount === 0} onClick={onBulkDelete}>
        <Trash2 className="h-4 w-4" aria-hidden />
        Bulk Delete ({selectedCount})
      </Button>
    </form>
  );
}

function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}
