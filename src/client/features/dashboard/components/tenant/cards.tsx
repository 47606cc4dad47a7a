// The tenant dashboard's building blocks: a figure, a section card and row placeholders.
import type { UseQueryResult } from '@tanstack/react-query';
import type { Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/feedback';

/** The dashboard shows the first three of each list; the rest are a link away. */
export const PREVIEW_COUNT = 3;

export function StatCard({
  icon: Icon,
  label,
  value,
  loading,
  failed,
  note,
}: {
  icon: typeof Heart;
  label: string;
  value: number | string | undefined;
  loading: boolean;
  failed: boolean;
  note?: string;
}) {
  return (
    <li>
      <Card className="flex h-full items-center gap-4 p-5" data-testid="stat-card">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          {loading ? (
            <Skeleton className="mt-1 h-7 w-12" />
          ) : (
            <p className="text-2xl font-bold text-slate-900" data-testid="stat-value">
              {failed || value === undefined ? <span title="Could not be loaded">—</span> : value}
            </p>
          )}
          {note && <p className="text-xs text-slate-600">{note}</p>}
        </div>
      </Card>
    </li>
  );
}

export function SectionCard({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string; srLabel: string };
  children: ReactNode;
}) {
  const id = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-3">
          <CardTitle id={id}>{title}</CardTitle>
          {link && (
            <Link
              to={link.to}
              className="shrink-0 rounded text-sm font-medium text-primary-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600"
            >
              {link.label}
              <span className="sr-only"> {link.srLabel}</span>
            </Link>
          )}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}

export type ListQuery<T> = UseQueryResult<T[]>;

export function RowSkeletons() {
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        Loading…
      </span>
      <ul className="divide-y divide-slate-100">
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex gap-3 py-3">
            <Skeleton className="h-16 w-20 shrink-0" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
