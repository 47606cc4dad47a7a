// The navigation's unread count beside Inbox (issue 13): polled every 30 s while signed in; nothing when zero. A
// member's server-rendered page carries the count (entry-server.tsx), so the badge is there from the first paint.
import { queryOptions, useQuery } from '@tanstack/react-query';

export function unreadQuery() {
  return queryOptions<{ unread: number }>({
    queryKey: ['/api/conversations/unread'],
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}

export function UnreadBadge() {
  const { data } = useQuery(unreadQuery());
  const unread = data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white"
    >
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}
