import { Skeleton } from '../../../components/ui/feedback';

/** What an account page shows while the current user loads (its heading stays, so the page never jumps). */
export function AccountPageSkeleton() {
  return (
    <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-3" aria-busy="true">
      <span className="sr-only" role="status">
        Loading your account…
      </span>
      <Skeleton className="h-64 lg:col-span-1" />
      <Skeleton className="h-96 lg:col-span-2" />
    </div>
  );
}
