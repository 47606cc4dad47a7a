// The search box admin pages use to find one record to act on (a home to pin, a trade to check): a labelled search
// form, and "Searching…" announced while the answer is on its way. The page keeps what was typed and what is shown.
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';

export function AdminFindForm({
  label,
  searching,
  onSearch,
}: {
  label: string;
  searching: boolean;
  /** The trimmed text, when the form is sent. */
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2" role="search">
        <Field label={label} className="min-w-0 flex-1">
          {(field) => <Input {...field} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        <Button type="submit" variant="outline">
          <Search className="h-4 w-4" aria-hidden />
          Search
        </Button>
      </form>
      {searching && (
        <p className="mt-3 text-sm text-slate-600" role="status">
          Searching…
        </p>
      )}
    </>
  );
}
