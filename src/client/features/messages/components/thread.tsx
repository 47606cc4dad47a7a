// One conversation (issue 13): its messages oldest first, new ones arriving by polling, the scam shield's
// warnings beside messages from the other side, a composer, and Report and Block. Text is rendered as text.
// Issue 28: wording the law forbids in a tenancy is flagged to both sides, and confirmed before it is sent.
import { AlertTriangle, ArrowLeft, Ban, Flag, Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  CONVERSATION_MESSAGES,
  MESSAGE_MAX,
  SCAM_WARNING_TEXT,
  type TEnquiryDetails,
  type TMessage,
} from '../../../../domain/conversations';
import { REMOVED_LISTING_NOTE } from '../../../../domain/evidence';
import { isFeature } from '../../../../domain/plans';
import { UpgradePrompt } from '../../../components/plan/upgrade-prompt';
import { Button } from '../../../components/ui/button';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { Textarea } from '../../../components/ui/input';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { ApplyPanel } from '../../applications/components/apply-panel';
import { ViewingPanel } from '../../viewings/components/viewing-panel';
import { useBlock, useMarkRead, useReport, useSendMessage, useThread } from '../api';
import { LawConfirm, LawWarningNote, lawWarningsToConfirm } from './law-warning';

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
export const messageTime = (iso: string) => timeFormat.format(new Date(iso));

function DetailsList({ details }: { details: TEnquiryDetails }) {
  const rows: Array<[string, string]> = [];
  if (details.moveInDate)
    rows.push([
      'Move-in',
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${details.moveInDate}T00:00:00Z`),
      ),
    ]);
  if (details.occupants !== null) rows.push(['People', String(details.occupants)]);
  if (details.pets !== null) rows.push(['Pets', details.pets ? 'Yes' : 'No']);
  if (rows.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 border-t border-current/20 pt-2 text-xs">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="opacity-80">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MessageItem({ message }: { message: TMessage }) {
  if (message.system) {
    return (
      <li className="flex justify-center" data-testid="system-line">
        <p className="rounded-full bg-slate-100 px-3 py-1 text-center text-xs text-slate-700">
          {message.body} · <time dateTime={message.at}>{messageTime(message.at)}</time>
        </p>
      </li>
    );
  }
  return (
    <li className={cn('flex flex-col', message.fromMe ? 'items-end' : 'items-start')} data-testid="message">
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2 sm:max-w-[75%]',
          message.fromMe ? 'bg-primary-700 text-white' : 'bg-white text-slate-900 ring-1 ring-slate-200',
        )}
      >
        <p className="sr-only">{message.fromMe ? 'You' : message.senderName} wrote:</p>
        <p className="whitespace-pre-wrap break-words">{message.body}</p>
        {message.details && <DetailsList details={message.details} />}
      </div>
      <p className="mt-1 px-1 text-xs text-slate-600">
        {message.fromMe ? 'You' : message.senderName} ·{' '}
        <time dateTime={message.at}>{messageTime(message.at)}</time>
      </p>
      {message.warnings.map((warning) => (
        <div
          key={warning}
          role="note"
          data-testid="scam-warning"
          className="mt-1 flex max-w-[85%] gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 sm:max-w-[75%]"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
          <span>{SCAM_WARNING_TEXT[warning]}</span>
        </div>
      ))}
      {message.lawWarnings.map((warning) => (
        <LawWarningNote key={warning.ruleId} warning={warning} />
      ))}
    </li>
  );
}

function ReportDialog({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const report = useReport(conversationId);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Flag className="h-4 w-4" aria-hidden />
        Report
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Report this conversation"
        description="Our team will read the conversation and act on it. The other person is not told."
        label="What is wrong?"
        requiredMessage="Please say what is wrong"
        maxLength={1000}
        rows={4}
        submitLabel="Send report"
        busy={report.isPending}
        serverError={serverError}
        onSubmit={(reason, clear) => {
          setServerError(null);
          report.mutate(reason ?? '', {
            onSuccess: (reply) => {
              toast({ title: 'Reported', description: reply.message });
              setOpen(false);
              clear();
            },
            onError: (err) =>
              setServerError(errorMessage(err, 'The report could not be sent. Please try again.')),
          });
        }}
      />
    </>
  );
}

export function Thread({ id, onBack }: { id: string; onBack?: () => void }) {
  const auth = useAuth();
  const thread = useThread(id);
  const markRead = useMarkRead(id);
  const send = useSendMessage(id);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  /** The law warnings the server asked the sender to confirm for the current draft. */
  const [toConfirm, setToConfirm] = useState<string[] | null>(null);
  const composerId = useId();
  const endRef = useRef<HTMLLIElement>(null);
  const data = thread.data;
  const block = useBlock(id, data?.conversation.otherParty.id ?? '');
  const lastId = data?.messages.at(-1)?.id;
  const canRead = !!data && !data.conversation.readOnly;

  // Seen: mark read when the thread opens and whenever a new message arrives while it is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useEffect(() => {
    if (lastId && canRead) markRead.mutate();
    endRef.current?.scrollIntoView({ block: 'nearest' });
  }, [lastId, canRead]);

  if (thread.isPending) {
    return (
      <div className="space-y-3 p-4" aria-busy="true">
        <span className="sr-only" role="status">
          Loading conversation…
        </span>
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-16 w-2/3" />
        <Skeleton className="ml-auto h-16 w-2/3" />
      </div>
    );
  }
  if (thread.isError) {
    const body = thread.error instanceof ApiError ? thread.error.body : null;
    if (body?.feature && isFeature(body.feature))
      return <UpgradePrompt feature={body.feature} title="Answer quote requests" className="m-4" />;
    return (
      <div className="p-4">
        <ErrorPanel
          title={errorMessage(thread.error, 'This conversation could not be loaded')}
          onRetry={() => thread.refetch()}
          busy={thread.isFetching}
        />
      </div>
    );
  }

  const { conversation, messages } = thread.data;
  const disabled = conversation.blocked || conversation.readOnly || conversation.otherParty.deleted;
  const sendDraft = (confirmLawWarnings: boolean) => {
    const body = draft.trim();
    if (!body) {
      setDraftError('Please write a message');
      return;
    }
    send.mutate(
      { body, confirmLawWarnings },
      {
        onSuccess: () => {
          setDraft('');
          setDraftError(null);
          setToConfirm(null);
        },
        onError: (err) => {
          const warnings = lawWarningsToConfirm(err, 'body');
          if (warnings) setToConfirm(warnings);
          else setDraftError(errorMessage(err, 'Your message could not be sent. Please try again.'));
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendDraft(false);
  };
  const describedBy =
    [draftError ? `${composerId}-error` : null, toConfirm ? `${composerId}-law` : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <section aria-labelledby={`${composerId}-title`} className="flex h-full min-h-0 flex-col">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3 sm:p-4">
        {onBack && (
          <Button variant="ghost" size="sm" onClick={onBack} className="md:hidden">
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Inbox
          </Button>
        )}
        <div className="min-w-0 flex-1">
          <h2 id={`${composerId}-title`} className="truncate font-semibold text-slate-900">
            {conversation.otherParty.name}
          </h2>
          <p className="truncate text-sm text-slate-600">
            {conversation.kind === 'quote' ? 'Quote request: ' : 'About '}
            {conversation.subject.href ? (
              <Link to={conversation.subject.href} className="text-primary-700 underline underline-offset-2">
                {conversation.subject.title}
              </Link>
            ) : (
              conversation.subject.title
            )}
            {conversation.subject.removed && (
              <span className="text-slate-500"> · {REMOVED_LISTING_NOTE}</span>
            )}
          </p>
        </div>
        {!conversation.readOnly && (
          <div className="flex gap-1">
            <ReportDialog conversationId={id} />
            <Button
              variant="ghost"
              size="sm"
              busy={block.isPending}
              onClick={() =>
                block.mutate(!conversation.blocked, {
                  onSuccess: (reply) =>
                    toast({
                      title: reply.blocked ? 'Blocked' : 'Unblocked',
                      description: reply.blocked
                        ? `${conversation.otherParty.name} can no longer message you.`
                        : `You and ${conversation.otherParty.name} can message each other again.`,
                    }),
                })
              }
            >
              <Ban className="h-4 w-4" aria-hidden />
              {conversation.blocked ? 'Unblock' : 'Block'}
            </Button>
          </div>
        )}
      </header>

      <ol
        className="min-h-0 flex-1 space-y-3 overflow-y-auto bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-primary-600 sm:p-4"
        aria-label="Messages"
        aria-live="polite"
        // A scrolling region: keyboard users can focus it and scroll it with the arrow keys.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
        tabIndex={0}
        data-testid="thread-messages"
      >
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
        <li ref={endRef} aria-hidden className="h-px" />
      </ol>

      {conversation.kind === 'enquiry' && !conversation.readOnly && !conversation.blocked && (
        <ViewingPanel conversationId={id} propertyId={conversation.propertyId} />
      )}
      {conversation.kind === 'enquiry' &&
        !conversation.readOnly &&
        !conversation.blocked &&
        !conversation.subject.removed &&
        conversation.propertyId &&
        conversation.role === 'starter' &&
        auth.isPremiumTenant && (
          <section aria-label="Apply" className="border-t border-slate-200 bg-white px-3 py-3 sm:px-4">
            <ApplyPanel propertyId={conversation.propertyId} title={conversation.subject.title} />
          </section>
        )}
      {conversation.readOnly ? (
        <Alert tone="info" className="m-3">
          You are reading a reported conversation as an admin. It is read-only, and this access is recorded.
          {conversation.heldIdentities.map((who) => (
            <span key={who.userId} className="mt-1 block">
              Deleted account, kept while the report holds it: {who.name} ({who.email}
              {who.phone ? `, ${who.phone}` : ''}).
            </span>
          ))}
        </Alert>
      ) : conversation.otherParty.deleted ? (
        <Alert tone="info" className="m-3">
          {CONVERSATION_MESSAGES.otherPartyDeleted}
        </Alert>
      ) : conversation.blocked ? (
        <Alert tone="warning" className="m-3">
          Messaging is blocked between you and {conversation.otherParty.name}.
        </Alert>
      ) : (
        <form noValidate onSubmit={submit} className="border-t border-slate-200 bg-white p-3">
          <label htmlFor={composerId} className="sr-only">
            Write a message
          </label>
          <div className="flex items-end gap-2">
            <Textarea
              id={composerId}
              rows={2}
              maxLength={MESSAGE_MAX}
              value={draft}
              disabled={disabled}
              placeholder="Write a message"
              aria-invalid={draftError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => {
                setDraft(e.target.value);
                setDraftError(null);
                setToConfirm(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
              }}
              className="min-h-[2.75rem] flex-1 resize-y"
            />
            <Button type="submit" busy={send.isPending} aria-label="Send message">
              <Send className="h-4 w-4" aria-hidden />
              <span className="hidden sm:inline">Send</span>
            </Button>
          </div>
          {draftError && (
            <p id={`${composerId}-error`} className="mt-1 text-sm text-red-700" role="alert">
              {draftError}
            </p>
          )}
          {toConfirm && (
            <LawConfirm
              id={`${composerId}-law`}
              warnings={toConfirm}
              busy={send.isPending}
              onConfirm={() => sendDraft(true)}
              onEdit={() => {
                setToConfirm(null);
                document.getElementById(composerId)?.focus();
              }}
            />
          )}
        </form>
      )}
    </section>
  );
}
