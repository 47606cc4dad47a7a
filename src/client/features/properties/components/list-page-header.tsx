// The list page's heading, its line of introduction and the tabs between its three views.
import { Heart, Search, SlidersHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { LIST_VIEWS, type ListView, listViewHref } from '../list-views';
import type { PropertyFilters } from '../url-state';

const TABS = [
  ['results', Search],
  ['saved', Heart],
  ['searches', SlidersHorizontal],
] as const;

export function ListPageHeader({ view, filters }: { view: ListView; filters: PropertyFilters }) {
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {LIST_VIEWS[view].heading}
        </h1>
        <p className="mt-1 text-slate-600">
          {LIST_VIEWS[view].intro}
          {view === 'results' && (
            <>
              {' '}
              <Link className="text-primary-700 underline" to="/what-we-check">
                What we check
              </Link>
            </>
          )}
        </p>
      </div>
      <nav aria-label="Property views" className="flex flex-wrap gap-1">
        {TABS.map(([tab, Icon]) => (
          <Link
            key={tab}
            to={listViewHref(filters, tab)}
            aria-current={view === tab ? 'page' : undefined}
            className={cn(
              'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-medium',
              view === tab ? 'bg-primary-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <Icon className="h-4 w-4" aria-hidden />
            {LIST_VIEWS[tab].tab}
          </Link>
        ))}
      </nav>
    </div>
  );
}
