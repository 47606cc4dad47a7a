// What the application and tenancy pages show while they load: the shape of what is coming, and its name for
// screen readers.
import { Skeleton } from '../../../components/ui/feedback';

export function PageLoading({ label, blocks }: { label: string; blocks: readonly string[] }) {
  return (
    <div className="space-y-3" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {blocks.map((size, i) => (
        <Skeleton key={i} className={size} />
      ))}
    </div>
  );
}
