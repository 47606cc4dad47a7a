// A list of short texts typed one at a time (a contractor's services, a listing's amenities): Enter or Add puts
// one in (trimmed, inner spaces collapsed; Enter never submits the form around it), each has a remove button,
// and the same text is never listed twice, whatever its case.
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from './button';
import { IconTooltip } from './icon-tooltip';
import { Input } from './input';

export function TagInput({
  label,
  values,
  onChange,
  max = 20,
  maxLength = 60,
  placeholder,
  error,
}: {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  max?: number;
  maxLength?: number;
  placeholder?: string;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const full = values.length >= max;
  const add = () => {
    const value = text.trim().replace(/\s+/g, ' ');
    if (!value || full) return;
    if (!values.some((v) => v.toLowerCase() === value.toLowerCase())) onChange([...values, value]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          maxLength={maxLength}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          disabled={full}
        />
        <Button variant="outline" onClick={add} disabled={!text.trim() || full}>
          <Plus className="h-4 w-4" aria-hidden />
          Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Press Enter or Add after each one ({values.length}/{max}).
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      <Chips
        label={`${label} added`}
        values={values}
        onRemove={(value) => onChange(values.filter((v) => v !== value))}
      />
    </div>
  );
}

/** The texts listed so far, each with its remove button ("Remove Ipswich"); nothing while there are none. */
export function Chips({
  label,
  values,
  onRemove,
}: {
  label: string;
  values: string[];
  onRemove: (value: string) => void;
}) {
  if (values.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={label}>
      {values.map((value) => (
        <li
          key={value}
          className="inline-flex items-center gap-1 rounded-full bg-primary-50 py-1 pl-3 pr-1 text-sm text-primary-900"
        >
          {value}
          <IconTooltip label="Remove">
            <button
              type="button"
              onClick={() => onRemove(value)}
              className="rounded-full p-1 hover:bg-primary-100 focus-visible:outline-2 focus-visible:outline-primary-600"
              aria-label={`Remove ${value}`}
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </IconTooltip>
        </li>
      ))}
    </ul>
  );
}
