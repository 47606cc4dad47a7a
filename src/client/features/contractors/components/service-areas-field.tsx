// A profile's service areas (issue 17): any UK place, added from the place box's suggestions (or typed, and checked
// by the server), or one of the ten cities with a quick pick; each listed once, with a remove button.
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_SERVICE_AREAS } from '../../../../domain/contractor-options';
import { Chips } from '../../../components/ui/tag-input';
import { PlaceCombobox } from '../../places/components/place-combobox';
import { SERVICE_AREA_OPTIONS } from '../url-state';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function ServiceAreasField({
  values,
  onChange,
  error,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const full = values.length >= MAX_SERVICE_AREAS;
  const add = (name: string) => {
    if (name && !full && !values.some((v) => same(v, name))) onChange([...values, name]);
    setText('');
  };
  const remove = (name: string) => onChange(values.filter((v) => v !== name));

  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Service areas</legend>
      <label htmlFor={`${id}-place`} className="sr-only">
        Add a service area
      </label>
      <PlaceCombobox
        id={`${id}-place`}
        value={text}
        onValueChange={setText}
        onPick={add}
        invalid={!!error}
        placeholder={full ? `At most ${MAX_SERVICE_AREAS} areas` : 'Add a town, district or postcode'}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Pick places from the suggestions: searches in and near each one find you ({values.length} of{' '}
        {MAX_SERVICE_AREAS}).
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}

      <div role="group" aria-label="Quick add a city" className="mt-2 flex flex-wrap gap-1.5">
        {SERVICE_AREA_OPTIONS.filter((city) => !values.some((v) => same(v, city))).map((city) => (
          <button
            key={city}
            type="button"
            disabled={full}
            onClick={() => add(city)}
            aria-label={`Add ${city}`}
            className="inline-flex h-8 items-center gap-1 rounded-full border border-slate-300 bg-white px-3 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            <Plus className="h-3 w-3" aria-hidden />
            {city}
          </button>
        ))}
      </div>

      <Chips label="Service areas added" values={values} onRemove={remove} />
    </fieldset>
  );
}
