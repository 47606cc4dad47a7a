// Previous and next pages of a numbered list (the admin lists): "Page 2 of 7" between two buttons that are
// disabled at either end.
import { Button } from './button';

export function Pager({
  page,
  pages,
  onPage,
  label,
  previous = 'Previous',
  next = 'Next',
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark for screen readers ("User pages"). */
  label: string;
  previous?: string;
  next?: string;
}) {
  return (
    <nav className="mt-4 flex items-center justify-between" aria-label={label}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </Button>
      <span className="text-sm text-slate-600">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next}
      </Button>
    </nav>
  );
}
