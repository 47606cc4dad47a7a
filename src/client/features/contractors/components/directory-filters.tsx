// The directory's filters (doc 1 "Contractor list"): specialty, service area (any UK place, with the ten cities as
// quick picks: issue 17), a keyword search, the quick filters Top Rated and Emergency Services, and the sort. Every
// control writes the URL; the list follows it. Before the scripts have run the fields are one GET form to
// /contractors (sent by Search) and the quick picks and filters are links to their addresses (decision 0061).
import { Search, Siren, Star, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SPECIALTIES } from '../../../../domain/constants';
import {
  CONTRACTOR_SORT_LABELS,
  CONTRACTOR_SORTS,
  type ContractorSort,
} from '../../../../domain/contractor-options';
import { Button, buttonClass } from '../../../components/ui/button';
import { Input, Label, Select } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useHydrated } from '../../../lib/hydrated';
import { PlaceCombobox } from '../../places/components/place-combobox';
import { activeFilterCount, type ContractorFilters, directoryHref, SERVICE_AREA_OPTIONS } from '../url-state';

const FORM_ID = 'contractor-filters';

/**
 * A toggle: a button that says whether it is pressed once the scripts run, and before that a link to the address
 * it would make (the first browser render matches the server's, so the swap comes after hydration).
 */
function ToggleControl({
  pressed,
  href,
  onClick,
  className,
  children,
}: {
  pressed: boolean;
  href: string;
  onClick: () => void;
  className: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href={href} aria-current={pressed ? 'true' : undefined} className={className}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" aria-pressed={pressed} onClick={onClick} className={className}>
      {children}
    </button>
  );
}

function Toggle({
  pressed,
  href,
  onClick,
  icon: Icon,
  children,
}: {
  pressed: boolean;
  href: string;
  onClick: () => void;
  icon: typeof Star;
  children: string;
}) {
  return (
    <ToggleControl
      pressed={pressed}
      href={href}
      onClick={onClick}
      className={cn(
        'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
        pressed
          ? 'border-primary-700 bg-primary-700 text-white hover:bg-primary-800'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
      )}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {children}
    </ToggleControl>
  );
}

export function DirectoryFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: ContractorFilters;
  onChange: (next: Partial<ContractorFilters>) => void;
  onClear: () => void;
}) {
  // The box keeps what is typed until it is searched for; a new URL (back button, Clear) resets it.
  const [text, setText] = useState(filters.q);
  const [lastQ, setLastQ] = useState(filters.q);
  if (lastQ !== filters.q) {
    setLastQ(filters.q);
    setText(filters.q);
  }
  // The place box likewise keeps what is typed until a place is picked or the box is left.
  const [area, setArea] = useState(filters.serviceArea);
  const [lastArea, setLastArea] = useState(filters.serviceArea);
  if (lastArea !== filters.serviceArea) {
    setLastArea(filters.serviceArea);
    setArea(filters.serviceArea);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text.trim(), serviceArea: area.trim() });
  };
  /** The address with one filter changed: where a quick pick or toggle leads before the scripts have run. */
  const hrefWith = (next: Partial<ContractorFilters>) => directoryHref({ ...filters, ...next });
  const active = activeFilterCount(filters);

  return (
    <section
      aria-label="Filters"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <search>
        {/* The specialty, area and sort fields below belong to this form too (form=), so Search sends them all. */}
        <form
          id={FORM_ID}
          method="get"
          action="/contractors"
          onSubmit={submit}
          className="flex flex-col gap-2 sm:flex-row"
        >
          <div className="flex-1">
            <Label htmlFor="contractor-search" className="sr-only">
              Search contractors
            </Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
                aria-hidden
              />
              <Input
                id="contractor-search"
                name="q"
                type="search"
                value={text}
                maxLength={200}
                onChange={(event) => setText(event.target.value)}
                placeholder="Search by business name, service or keyword"
                className="pl-9"
              />
            </div>
          </div>
          {/* The quick filters are links, not fields: the form carries the ones that are on. */}
          {filters.topRated && <input type="hidden" name="topRated" value="1" />}
          {filters.emergency && <input type="hidden" name="emergency" value="1" />}
          <Button type="submit">Search</Button>
        </form>
      </search>

      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <div>
          <Label htmlFor="contractor-specialty">Specialty</Label>
          <Select
            id="contractor-specialty"
            name="specialty"
            form={FORM_ID}
            value={filters.specialty}
            onChange={(event) =>
              onChange({ specialty: event.target.value as ContractorFilters['specialty'] })
            }
          >
            <option value="all">All specialties</option>
            {SPECIALTIES.map((specialty) => (
              <option key={specialty} value={specialty}>
                {specialty}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="contractor-area">Service area</Label>
          <PlaceCombobox
            id="contractor-area"
            name="serviceArea"
            form={FORM_ID}
            value={area}
            onValueChange={setArea}
            onPick={(name) => {
              setArea(name);
              onChange({ serviceArea: name });
            }}
            // Leaving the box searches for what it says, as Enter would.
            onBlur={() => {
              if (area.trim() !== filters.serviceArea) onChange({ serviceArea: area.trim() });
            }}
          />
        </div>
        <div>
          <Label htmlFor="contractor-sort">Sort by</Label>
          <Select
            id="contractor-sort"
            name="sort"
            form={FORM_ID}
            value={filters.sort}
            onChange={(event) => onChange({ sort: event.target.value as ContractorSort })}
          >
            {CONTRACTOR_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {CONTRACTOR_SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <div
        id="contractor-area-picks"
        role="group"
        aria-label="Popular service areas"
        className="mt-3 flex flex-wrap items-center gap-1.5"
      >
        <span className="mr-1 text-xs font-medium text-slate-600" aria-hidden>
          Popular areas:
        </span>
        {SERVICE_AREA_OPTIONS.map((city) => {
          const pressed = filters.serviceArea === city;
          return (
            <ToggleControl
              key={city}
              pressed={pressed}
              href={hrefWith({ serviceArea: pressed ? '' : city })}
              onClick={() => onChange({ serviceArea: pressed ? '' : city })}
              className={cn(
                'inline-flex h-8 items-center rounded-full border px-3 text-xs font-medium transition-colors',
                pressed
                  ? 'border-primary-700 bg-primary-700 text-white hover:bg-primary-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {city}
            </ToggleControl>
          );
        })}
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-700">Quick filters:</span>
        <Toggle
          pressed={filters.topRated}
          href={hrefWith({ topRated: !filters.topRated })}
          onClick={() => onChange({ topRated: !filters.topRated })}
          icon={Star}
        >
          Top Rated
        </Toggle>
        <Toggle
          pressed={filters.emergency}
          href={hrefWith({ emergency: !filters.emergency })}
          onClick={() => onChange({ emergency: !filters.emergency })}
          icon={Siren}
        >
          Emergency Services
        </Toggle>
        {active > 0 && (
          <a
            href="/contractors"
            className={buttonClass('ghost', 'sm', 'ml-auto')}
            onClick={(event) => {
              event.preventDefault();
              onClear();
            }}
          >
            <X className="h-4 w-4" aria-hidden />
            Clear filters
          </a>
        )}
      </div>
    </section>
  );
}
