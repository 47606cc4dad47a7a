import { Skeleton } from '../../../components/ui/feedback';
import { CardSkeletons } from './property-results';

/** The list page while the visitor's session loads: the heading, the filters column and a grid of cards. */
export function ListPageSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading…
      </span>
      <Skeleton className="h-9 w-64" />
      <div className="mt-8 flex gap-8">
        <Skeleton className="hidden h-[32rem] w-72 shrink-0 lg:block" />
        <div className="flex-1">
          <CardSkeletons layout="grid" />
        </div>
      </div>
    </div>
  );
}
