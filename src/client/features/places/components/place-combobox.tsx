// A place box (issue 17): type a UK town, district, area or postcode and pick one of the suggestions from the
// postcode data. The ARIA combobox pattern with a listbox popup: arrows move through the suggestions, Enter takes
// the one marked (or what is typed), Escape closes the list and then clears the box; the mouse works too.
import { MapPin } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import type { TPlaceSuggestion } from '../../../../domain/places';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { usePlaceSuggestions } from '../api';

const KIND_LABELS: Record<TPlaceSuggestion['kind'], string> = {
  town: 'Town',
  area: 'Area',
  district: 'District',
};

export function PlaceCombobox({
  id,
  name,
  value,
  onValueChange,
  onPick,
  onBlur,
  form,
  placeholder = 'Town, district or postcode',
  describedBy,
  invalid,
  maxLength = 60,
}: {
  /** The input's id, for its <label htmlFor>. */
  id: string;
  value: string;
  onValueChange: (text: string) => void;
  /** A suggestion picked, or Enter on what is typed (trimmed; may be empty). */
  onPick: (name: string) => void;
  onBlur?: () => void;
  /** The field's name (and form, by id) when a GET form sends it before the scripts have run (decision 0061). */
  name?: string;
  form?: string;
  placeholder?: string;
  describedBy?: string;
  invalid?: boolean;
  maxLength?: number;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = usePlaceSuggestions(value, open);
  const places = open && value.trim() ? (suggestions.data?.places ?? []) : [];
  const expanded = places.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const pick = (name: string) => {
    setOpen(false);
    setActive(-1);
    onPick(name.trim());
  };
  const move = (step: number) => {
    if (!open) setOpen(true);
    if (places.length === 0) return;
    // -1 is the box itself: the arrows go round the suggestions through it.
    const stops = places.length + 1;
    setActive((i) => ((i + 1 + step + stops) % stops) - 1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        // Never submits a form around the box: Enter chooses.
        event.preventDefault();
        pick(expanded && active >= 0 ? places[active].name : value);
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          onValueChange('');
        }
        break;
      default:
        break;
    }
  };

  return (
    <div className="relative">
      <MapPin
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input
        id={id}
        name={name}
        form={form}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        className="pl-9"
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          onBlur?.();
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggested places"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {places.map((place, i) => (
          <div
            key={`${place.kind}:${place.name}`}
            id={optionId(i)}
            role="option"
            // Marked by aria-activedescendant while the focus stays in the box, so never focused itself.
            tabIndex={-1}
            aria-selected={i === active}
            // Chosen before the box loses focus, so the choice is not lost to the blur.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(place.name);
            }}
            onMouseMove={() => setActive(i)}
            className={cn(
              'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm',
              i === active ? 'bg-primary-50 text-primary-900' : 'text-slate-800',
            )}
          >
            <span className="min-w-0">
              <span className="font-medium">{place.name}</span>
              <span className="block truncate text-xs text-slate-600">{place.detail}</span>
            </span>
            <span className="shrink-0 text-xs text-slate-500">{KIND_LABELS[place.kind]}</span>
          </div>
        ))}
      </div>
      <span className="sr-only" role="status" aria-live="polite">
        {expanded ? `${places.length} ${places.length === 1 ? 'place' : 'places'} suggested` : ''}
      </span>
    </div>
  );
}
