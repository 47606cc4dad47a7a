import { Skeleton } from '../../../components/ui/feedback';

/** The saved searches while they (or the list's code) load. */
export function SavedSearchesSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading saved searches…
      </span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-36 w-full rounded-xl" />
      ))}
    </div>
  );
}
