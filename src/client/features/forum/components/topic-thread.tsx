// The selected topic's thread: a 600 px scrollable panel (doc 2 §9) announcing new messages politely,
// and the message box (Enter sends, Shift+Enter starts a new line). Text is rendered as text.
import { ArrowLeft, Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { FORUM_LIMITS, type TForumMessage, ZCreateMessageRequest } from '../../../../domain/forum';
import { Button } from '../../../components/ui/button';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { Label, Textarea } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { usePostMessage, useThread } from '../api';
import { formatMessageTime } from '../format';
import { PremiumRequired } from './premium-required';

export function TopicThread({ topicId, onBack }: { topicId: string; onBack: () => void }) {
  const { state, addMessage, loadEarlier, loadingEarlier, retry } = useThread(topicId);
  const panel = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const messageCount = state.status === 'ready' ? state.messages.length : 0;
  const lastId = state.status === 'ready' ? state.messages.at(-1)?.id : undefined;

  // Follow new messages when the reader is at the bottom; leave them be when they have scrolled up to read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    const el = panel.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId, messageCount]);

  const back = (
    <Button variant="ghost" size="sm" className="mb-3 lg:hidden" onClick={onBack}>
      <ArrowLeft className="h-4 w-4" aria-hidden /> Back to topics
    </Button>
  );

  if (state.status === 'loading') {
    return (
      <div>
        {back}
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="mt-3 h-[600px] w-full" />
      </div>
    );
  }
  if (state.status === 'error') {
    if (state.error instanceof ApiError && state.error.status === 403) return <PremiumRequired />;
    const gone = state.error instanceof ApiError && state.error.status === 404;
    return (
      <div>
        {back}
        <Alert
          tone="error"
          title={gone ? 'This topic no longer exists.' : 'The messages could not be loaded'}
        >
          {!gone && (
            <Button variant="outline" size="sm" className="mt-2" onClick={retry}>
              Try again
            </Button>
          )}
        </Alert>
      </div>
    );
  }

  const { topic, messages, hasEarlier } = state;
  return (
    <section aria-labelledby="thread-title">
      {back}
      <header className="rounded-t-xl border border-b-0 border-slate-200 bg-white p-4">
        <h2 id="thread-title" className="text-xl font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {topic.title}
        </h2>
        <p className="mt-1 text-xs text-slate-600">
          Started by {topic.author.name} ·{' '}
          <time dateTime={topic.createdAt}>{formatMessageTime(topic.createdAt)}</time>
        </p>
        <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]">
          {topic.description}
        </p>
      </header>
      <div
        ref={panel}
        role="log"
        aria-live="polite"
        aria-label={`Messages in ${topic.title}`}
        // A scrollable region must be reachable by keyboard to be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable log panel
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
        }}
        className="h-[600px] overflow-y-auto border border-slate-200 bg-slate-50 p-4"
      >
        {hasEarlier && (
          <div className="mb-3 text-center">
            <Button variant="outline" size="sm" busy={loadingEarlier} onClick={loadEarlier}>
              Show earlier messages
            </Button>
          </div>
        )}
        {messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-600">No replies yet. Be the first to reply.</p>
        ) : (
          <ol className="space-y-3">
            {messages.map((message) => (
              <li key={message.id} className="rounded-lg bg-white p-3 shadow-sm">
                <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
                  <span className="font-semibold text-slate-900">{message.author.name}</span>
                  <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
                </p>
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]">
                  {message.content}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
      <MessageComposer
        topicId={topic.id}
        onSent={(message) => {
          stickToBottom.current = true;
          addMessage(message);
        }}
      />
    </section>
  );
}

function MessageComposer({ topicId, onSent }: { topicId: string; onSent: (message: TForumMessage) => void }) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const post = usePostMessage(topicId);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (post.isPending) return;
    const parsed = ZCreateMessageRequest.safeParse({ content });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    post.mutate(parsed.data, {
      onSuccess: (message) => {
        setContent('');
        onSent(message);
      },
      // What was typed stays in the box, to send again.
      onError: (failure) =>
        toast({
          title: 'Error',
          description: errorMessage(failure, 'Failed to send message. Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={send} className="rounded-b-xl border border-t-0 border-slate-200 bg-white p-3">
      <Label htmlFor="forum-message">Message</Label>
      <div className="flex items-end gap-2">
        <Textarea
          id="forum-message"
          rows={2}
          value={content}
          maxLength={FORUM_LIMITS.messageMax}
          placeholder="Write a reply. Enter sends, Shift+Enter adds a line."
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'forum-message-error' : undefined}
          onChange={(e) => {
            setContent(e.target.value);
            if (error) setError(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" busy={post.isPending} aria-label="Send">
          {!post.isPending && <Send className="h-4 w-4" aria-hidden />}
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      {error && (
        <p id="forum-message-error" className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
