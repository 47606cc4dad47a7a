// The filter sidebar (doc 1 "Property list"; §9 rent sliders 0-5000 step 50, bedrooms Studio-4+). Selects
// apply at once; typing and sliding apply after a pause, so the URL (and the history) gets one entry per change.
// Before the scripts have run it is a plain GET form to /properties under the URL's own names, sent by Apply
// filters (decision 0061).
import { RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { BEDROOM_OPTIONS, PROPERTY_TYPES, RENT_SLIDER } from '../../../../domain/constants';
import { formatPence } from '../../../../domain/money';
import { FILTER_LIMITS } from '../../../../domain/property-filters';
import { RADIUS_OPTIONS, SORT_LABELS, SORTS } from '../../../../domain/property-options';
import { Button, buttonClass } from '../../../components/ui/button';
import { Input, Label, Select } from '../../../components/ui/input';
import { useHydrated } from '../../../lib/hydrated';
import { PlaceCombobox } from '../../places/components/place-combobox';
import { propertyTypeLabel } from '../format';
import type { BedroomsFilter, PropertyFilters } from '../url-state';

export const FILTER_DEBOUNCE_MS = 400;

/**
 * A draft that follows `value` when it changes from outside (Back, Clear All) and is committed after a pause
 * (`delay` null: only when taken). `take()` hands over a pending draft at once (Enter, leaving the field), so it joins
 * one URL change.
 */
function useDraft<T>(value: T, commit: (next: T) => void, delay: number | null = FILTER_DEBOUNCE_MS) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ value: T } | null>(null);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    clearTimeout(timer.current);
    pending.current = null;
    setDraft(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const take = (): { value: T } | null => {
    clearTimeout(timer.current);
    const taken = pending.current;
    pending.current = null;
    return taken;
  };

  const update = (next: T) => {
    setDraft(next);
    pending.current = { value: next };
    clearTimeout(timer.current);
    if (delay === null) return;
    timer.current = setTimeout(() => {
      const taken = take();
      if (taken) commitRef.current(taken.value);
    }, delay);
  };
  return { draft, update, take };
}

const money = (pounds: number) => formatPence(pounds * 100);

function rentPatch(draft: string): Pick<PropertyFilters, 'minRent' | 'maxRent'> {
  const [minRent, maxRent] = draft.split('-').map(Number);
  return { minRent, maxRent };
}

export function FiltersPanel({
  filters,
  onChange,
  onClear,
}: {
  filters: PropertyFilters;
  onChange: (patch: Partial<PropertyFilters>) => void;
  onClear: () => void;
}) {
  const id = useId();
  // A place is searched when picked, entered or left, not at each pause in typing a name ("Manch…").
  const locationDraft = useDraft(filters.location, (v) => onChange({ location: v }), null);
  const qDraft = useDraft(filters.q, (v) => onChange({ q: v }));
  const rentDraft = useDraft(
    // A fresh object each render would reset the draft: key it by the two numbers.
    `${filters.minRent}-${filters.maxRent}`,
    (v) => onChange(rentPatch(v)),
  );
  const location = locationDraft.draft;
  const [minRent, maxRent] = rentDraft.draft.split('-').map(Number);
  // Before the scripts have run the distance stays open: a location typed then is sent with it (and without a
  // location the API ignores a distance). The hint under it shows whenever there is no location, drawn by the
  // server too, so hydrating the page moves nothing below it.
  const hydrated = useHydrated();
  const noLocation = location.trim() === '';
  const radiusOpen = !noLocation || !hydrated;

  /** Everything typed or slid but not yet applied, as one change. */
  const pendingPatch = (): Partial<PropertyFilters> => {
    const patch: Partial<PropertyFilters> = {};
    const l = locationDraft.take();
    if (l) patch.location = l.value;
    const k = qDraft.take();
    if (k) patch.q = k.value;
    const r = rentDraft.take();
    if (r) Object.assign(patch, rentPatch(r.value));
    return patch;
  };
  const applyPending = () => {
    const patch = pendingPatch();
    if (Object.keys(patch).length > 0) onChange(patch);
  };
  /** A select applies at once, together with anything still pending. */
  const change = (patch: Partial<PropertyFilters>) => onChange({ ...pendingPatch(), ...patch });

  return (
    <form
      aria-label="Filter properties"
      method="get"
      action="/properties"
      className="space-y-5"
      onSubmit={(e) => {
        // Enter applies what was typed without waiting.
        e.preventDefault();
        applyPending();
      }}
    >
      <div>
        <Label htmlFor={`${id}-location`}>Location</Label>
        <PlaceCombobox
          id={`${id}-location`}
          name="location"
          placeholder="Town, district or postcode"
          maxLength={FILTER_LIMITS.location}
          value={location}
          onValueChange={locationDraft.update}
          onPick={(place) => {
            locationDraft.take();
            onChange({ ...pendingPatch(), location: place });
          }}
          onBlur={applyPending}
        />
      </div>

      <div>
        <Label htmlFor={`${id}-radius`}>Distance</Label>
        <Select
          id={`${id}-radius`}
          name="radius"
          value={filters.radius === null ? '' : String(filters.radius)}
          disabled={!radiusOpen}
          aria-describedby={noLocation ? `${id}-radius-hint` : undefined}
          onChange={(e) => change({ radius: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">This area only</option>
          {RADIUS_OPTIONS.map((miles) => (
            <option key={miles} value={miles}>
              Within {miles} {miles === 1 ? 'mile' : 'miles'}
            </option>
          ))}
        </Select>
        {noLocation && (
          <p id={`${id}-radius-hint`} className="mt-1 text-xs text-slate-600">
            Enter a location to search around it.
          </p>
        )}
      </div>

      <div>
        <Label htmlFor={`${id}-type`}>Property type</Label>
        <Select
          id={`${id}-type`}
          name="propertyType"
          value={filters.propertyType}
          onChange={(e) => change({ propertyType: e.target.value as PropertyFilters['propertyType'] })}
        >
          <option value="all">Any type</option>
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {propertyTypeLabel(type)}
            </option>
          ))}
        </Select>
      </div>

      <div>
        <Label htmlFor={`${id}-bedrooms`}>Bedrooms</Label>
        <Select
          id={`${id}-bedrooms`}
          name="bedrooms"
          value={String(filters.bedrooms)}
          onChange={(e) =>
            change({
              bedrooms: (e.target.value === 'all' ? 'all' : Number(e.target.value)) as BedroomsFilter,
            })
          }
        >
          <option value="all">Any</option>
          {BEDROOM_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>

      <fieldset className="space-y-3">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Rent per month</legend>
        <div>
          <div className="flex items-baseline justify-between text-sm">
            <label htmlFor={`${id}-min-rent`} className="text-slate-700">
              Minimum rent
            </label>
            <output htmlFor={`${id}-min-rent`} className="font-semibold text-slate-900">
              {minRent > RENT_SLIDER.min ? money(minRent) : 'No min'}
            </output>
          </div>
          <input
            id={`${id}-min-rent`}
            name="minRent"
            type="range"
            min={RENT_SLIDER.min}
            max={RENT_SLIDER.max}
            step={RENT_SLIDER.step}
            value={minRent}
            aria-valuetext={minRent > RENT_SLIDER.min ? `${money(minRent)} per month` : 'No minimum'}
            onChange={(e) => {
              const next = Number(e.target.value);
              // The two handles never cross: the other one moves along.
              rentDraft.update(`${next}-${Math.max(next, maxRent)}`);
            }}
            onPointerUp={applyPending}
            className="w-full accent-primary-700"
          />
        </div>
        <div>
          <div className="flex items-baseline justify-between text-sm">
            <label htmlFor={`${id}-max-rent`} className="text-slate-700">
              Maximum rent
            </label>
            <output htmlFor={`${id}-max-rent`} className="font-semibold text-slate-900">
              {maxRent < RENT_SLIDER.max ? money(maxRent) : 'No max'}
            </output>
          </div>
          <input
            id={`${id}-max-rent`}
            name="maxRent"
            type="range"
            min={RENT_SLIDER.min}
            max={RENT_SLIDER.max}
            step={RENT_SLIDER.step}
            value={maxRent}
            aria-valuetext={maxRent < RENT_SLIDER.max ? `${money(maxRent)} per month` : 'No maximum'}
            onChange={(e) => {
              const next = Number(e.target.value);
              rentDraft.update(`${Math.min(minRent, next)}-${next}`);
            }}
            onPointerUp={applyPending}
            className="w-full accent-primary-700"
          />
        </div>
      </fieldset>

      <div>
        <Label htmlFor={`${id}-q`}>Keywords</Label>
        <Input
          id={`${id}-q`}
          name="q"
          type="search"
          placeholder="e.g. garden, parking"
          autoComplete="off"
          enterKeyHint="search"
          value={qDraft.draft}
          onChange={(e) => qDraft.update(e.target.value)}
          onBlur={applyPending}
        />
      </div>

      <div className="flex items-start gap-2">
        <input
          id={`${id}-let-agreed`}
          type="checkbox"
          name="includeLetAgreed"
          value="1"
          checked={filters.includeLetAgreed}
          aria-describedby={`${id}-let-agreed-hint`}
          onChange={(e) => change({ includeLetAgreed: e.target.checked })}
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary-700"
        />
        <div>
          <label htmlFor={`${id}-let-agreed`} className="text-sm font-medium text-slate-800">
            Include let agreed
          </label>
          <p id={`${id}-let-agreed-hint`} className="text-xs text-slate-600">
            Homes already let agreed are hidden unless you tick this.
          </p>
        </div>
      </div>

      <div>
        <Label htmlFor={`${id}-sort`}>Sort by</Label>
        <Select
          id={`${id}-sort`}
          name="sort"
          value={filters.sort}
          onChange={(e) => change({ sort: e.target.value as PropertyFilters['sort'] })}
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </Select>
      </div>

      {/* Sends the form before the scripts have run; then it applies at once what is still being typed. */}
      <Button type="submit" className="w-full">
        Apply filters
      </Button>

      <a
        href="/properties"
        className={buttonClass('outline', 'md', 'w-full')}
        onClick={(e) => {
          e.preventDefault();
          pendingPatch();
          onClear();
        }}
      >
        <RotateCcw className="h-4 w-4" aria-hidden />
        Clear All
      </a>
    </form>
  );
}
