import { MessageSquare } from 'lucide-react';
import type { TForumTopic } from '../../../../domain/forum';
import { Button } from '../../../components/ui/button';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { cn } from '../../../lib/cn';
import type { useTopics } from '../api';
import { formatLastActivity } from '../format';

/** The topic list: newest activity first, with author, message count and last activity; Load more. */
export function TopicList({
  topics,
  selectedId,
  onSelect,
}: {
  topics: ReturnType<typeof useTopics>;
  selectedId: string | null;
  onSelect: (topic: TForumTopic) => void;
}) {
  if (topics.isLoading) {
    return (
      <ul className="space-y-2" aria-label="Loading topics">
        {[0, 1, 2, 3].map((n) => (
          <li key={n}>
            <Skeleton className="h-20 w-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (topics.isError) {
    return (
      <Alert tone="error" title="The topics could not be loaded">
        <Button variant="outline" size="sm" className="mt-2" onClick={() => topics.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  // A topic that moved up between pages appears once.
  const seen = new Set<string>();
  const list = (topics.data?.pages ?? [])
    .flatMap((page) => page.topics)
    .filter((t) => !seen.has(t.id) && seen.add(t.id));
  if (list.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
        No topics yet. Start the first one.
      </p>
    );
  }
  return (
    <div>
      <ul className="space-y-2" aria-label="Topics">
        {list.map((topic) => (
          <li key={topic.id}>
            <button
              type="button"
              onClick={() => onSelect(topic)}
              aria-current={topic.id === selectedId ? 'true' : undefined}
              className={cn(
                'w-full rounded-lg border bg-white p-3 text-left shadow-sm transition-colors hover:border-primary-500',
                topic.id === selectedId ? 'border-primary-600 ring-1 ring-primary-600' : 'border-slate-200',
              )}
            >
              <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">{topic.title}</span>
              <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                <span>by {topic.author.name}</span>
                <span className="inline-flex items-center gap-1">
                  <MessageSquare className="h-3.5 w-3.5" aria-hidden />
                  {topic.messageCount} {topic.messageCount === 1 ? 'message' : 'messages'}
                </span>
                <span>
                  <time dateTime={topic.lastActivityAt}>{formatLastActivity(topic.lastActivityAt)}</time>
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {topics.hasNextPage && (
        <Button
          variant="outline"
          className="mt-3 w-full"
          busy={topics.isFetchingNextPage}
          onClick={() => topics.fetchNextPage()}
        >
          Load more
        </Button>
      )}
    </div>
  );
}
