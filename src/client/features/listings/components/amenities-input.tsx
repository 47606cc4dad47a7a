// Amenities of a listing (doc 1 §5): typed one at a time, added with the button or Enter, trimmed, never listed
// twice (whatever the case), each removable.
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/** ZPropertyListingContent: at most 30 amenities of at most 40 characters. */
const MAX_AMENITIES = 30;
const MAX_LENGTH = 40;

export function AmenitiesInput({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (amenities: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const full = value.length >= MAX_AMENITIES;

  const add = () => {
    const amenity = text.trim().replace(/\s+/g, ' ');
    if (!amenity || full) return;
    if (!value.some((v) => v.toLowerCase() === amenity.toLowerCase())) onChange([...value, amenity]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the amenity; it must not submit the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        Amenities
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          maxLength={MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="e.g. Parking"
          disabled={full}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <Button variant="outline" onClick={add} disabled={!text.trim() || full}>
          <Plus className="h-4 w-4" aria-hidden />
          Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Press Enter or Add after each one ({value.length}/{MAX_AMENITIES}).
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {value.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Amenities added">
          {value.map((amenity) => (
            <li
              key={amenity}
              className="inline-flex items-center gap-1 rounded-full bg-primary-50 py-1 pl-3 pr-1 text-sm text-primary-900"
            >
              {amenity}
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== amenity))}
                className="rounded-full p-1 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-primary-600"
                aria-label={`Remove ${amenity}`}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
