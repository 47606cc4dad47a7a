// /inbox (issue 13): every conversation about a home or a job, newest activity first, beside the open thread;
// stacked below 768 px (the list, or the thread with a way back). ?c={id} opens a conversation, so links from
// emails and the property page land on it. Arrow keys move through the list.
import { Inbox, MessageSquare } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { TConversationSummary } from '../../../../domain/conversations';
import { REMOVED_LISTING_NOTE } from '../../../../domain/evidence';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { cn } from '../../../lib/cn';
import { useRequiredUser } from '../../accounts/hooks/use-required-user';
import { useInbox } from '../api';
import { messageTime, Thread } from '../components/thread';

function ConversationItem({
  item,
  selected,
  onSelect,
}: {
  item: TConversationSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  const last = item.lastMessage;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid="conversation-item"
      className={cn(
        'flex w-full flex-col gap-0.5 px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600',
        selected ? 'bg-primary-50' : 'hover:bg-slate-50',
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className={cn('truncate text-slate-900', item.unread > 0 ? 'font-bold' : 'font-semibold')}>
          {item.otherParty.name}
        </span>
        {last && (
          <time dateTime={last.at} className="shrink-0 text-xs text-slate-600">
            {messageTime(last.at)}
          </time>
        )}
      </span>
      <span className="truncate text-sm text-slate-700">
        {item.kind === 'quote' ? 'Quote: ' : ''}
        {item.subject.title}
        {item.subject.removed && <span className="text-slate-500"> · {REMOVED_LISTING_NOTE}</span>}
      </span>
      <span className="flex items-center justify-between gap-2">
        <span className="truncate text-sm text-slate-600">
          {last ? `${last.fromMe ? 'You: ' : ''}${last.body}` : 'No messages yet'}
        </span>
        {item.unread > 0 && (
          <Badge variant="accent" aria-label={`${item.unread} unread`}>
            {item.unread}
          </Badge>
        )}
        {item.blocked && <Badge variant="neutral">Blocked</Badge>}
      </span>
    </button>
  );
}

export default function InboxPage() {
  const { user } = useRequiredUser('/inbox');
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const inbox = useInbox(page);
  const listRef = useRef<HTMLUListElement>(null);

  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('c', id);
    else next.delete('c');
    setParams(next, { replace: !id });
  };
  const setPage = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = Array.from(listRef.current?.querySelectorAll('button') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[at + (event.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div className="mx-auto max-w-7xl px-0 py-4 sm:px-6 sm:py-8">
      <h1 className="px-4 text-2xl font-bold tracking-tight text-slate-900 sm:px-0 sm:text-3xl">Inbox</h1>
      <p className="mt-1 px-4 text-slate-600 sm:px-0">
        Every conversation about a home or a job, in one place.
      </p>
      {!user || inbox.isPending ? (
        <div className="mt-6 space-y-2 px-4 sm:px-0" aria-busy="true">
          <span className="sr-only" role="status">
            Loading your conversations…
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : inbox.isError ? (
        <div className="mt-6 px-4 sm:px-0">
          <ErrorPanel
            title="Your inbox could not be loaded"
            onRetry={() => inbox.refetch()}
            busy={inbox.isFetching}
          />
        </div>
      ) : inbox.data.conversations.length === 0 && page === 1 ? (
        <div className="mt-6 px-4 sm:px-0">
          <EmptyState
            icon={<Inbox className="h-10 w-10" aria-hidden />}
            title="No conversations yet"
            action={
              user.userType === 'tenant' ? <ButtonLink to="/properties">Browse homes</ButtonLink> : undefined
            }
          >
            {user.userType === 'tenant'
              ? 'Enquire about a home and your conversation with the landlord appears here.'
              : 'Enquiries and quote requests appear here as soon as someone gets in touch.'}
          </EmptyState>
        </div>
      ) : (
        <div className="mt-6 grid overflow-hidden border-y border-slate-200 bg-white sm:rounded-xl sm:border md:h-[70vh] md:min-h-[28rem] md:grid-cols-[20rem_minmax(0,1fr)]">
          <nav
            aria-label="Conversations"
            // A scrolling region (issue 30): keyboard users can focus it and scroll it with the arrow keys, as the
            // thread's messages can be.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
            tabIndex={0}
            data-testid="inbox-conversations"
            className={cn(
              'min-h-0 overflow-y-auto border-slate-200 focus-visible:outline-2 focus-visible:outline-primary-600 md:border-r',
              selected && 'hidden md:block',
            )}
          >
            <ul ref={listRef} onKeyDown={onListKey} className="divide-y divide-slate-200">
              {inbox.data.conversations.map((item) => (
                <li key={item.id}>
                  <ConversationItem
                    item={item}
                    selected={item.id === selected}
                    onSelect={() => open(item.id)}
                  />
                </li>
              ))}
            </ul>
            {(page > 1 || inbox.data.hasMore) && (
              <div className="flex items-center justify-between gap-2 border-t border-slate-200 p-3">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Newer
                </Button>
                <span className="text-sm text-slate-600">Page {page}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!inbox.data.hasMore}
                  onClick={() => setPage(page + 1)}
                >
                  Older
                </Button>
              </div>
            )}
          </nav>
          <div className={cn('min-h-[60vh] md:min-h-0', !selected && 'hidden md:block')}>
            {selected ? (
              <Thread key={selected} id={selected} onBack={() => open(null)} />
            ) : (
              <div className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center text-slate-600">
                <MessageSquare className="h-10 w-10 text-slate-400" aria-hidden />
                <p>Choose a conversation to read it.</p>
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
