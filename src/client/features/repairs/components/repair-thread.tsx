// A repair's one conversation (decision 0072): the tenants, the landlord and the accepted trade, with each step of
// the repair as a line from Your Place. New messages are announced politely to screen readers; the form keeps what
// was typed when sending fails.
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  REPAIR_MESSAGE_MAX,
  type TRepairSide,
  VISIT_MESSAGES,
  visitTimeText,
} from '../../../../domain/repair-visits';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/feedback';
import { Field, Textarea } from '../../../components/ui/input';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api';
import { usePostRepairMessage, useRepairThread } from '../visit-api';
import { toastNotSent } from './repair-parts';

const SIDE_LABELS: Record<TRepairSide, string> = { tenant: 'Tenant', landlord: 'Landlord', trade: 'Trade' };

function MessageForm({ repairId }: { repairId: string }) {
  const post = usePostRepairMessage(repairId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError(VISIT_MESSAGES.messageRequired);
    setError(undefined);
    post.mutate(body.trim(), {
      onSuccess: () => setBody(''),
      onError: (e) => {
        const message = e instanceof ApiError ? (e.fieldErrors.body?.[0] ?? null) : null;
        if (message) setError(message);
        else toastNotSent(e);
      },
    });
  };
  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-2">
      <Field label="Your message" error={error} hint="Everyone on this repair reads it">
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            value={body}
            maxLength={REPAIR_MESSAGE_MAX}
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" busy={post.isPending}>
        <Send className="h-4 w-4" aria-hidden />
        Send
      </Button>
    </form>
  );
}

export function RepairThread({ repairId }: { repairId: string }) {
  const thread = useRepairThread(repairId);
  return (
    <section aria-labelledby="thread-title">
      <h2 id="thread-title" className="text-lg font-semibold text-slate-900">
        Conversation
      </h2>
      {thread.isPending ? (
        <div className="mt-2 space-y-2" aria-busy="true">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : thread.isError ? (
        <div className="mt-2">
          <ErrorPanel title="The conversation could not be loaded" onRetry={() => thread.refetch()} />
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            With{' '}
            {thread.data.parties.map((p) => `${p.name} (${SIDE_LABELS[p.side].toLowerCase()})`).join(', ')}
          </p>
          {thread.data.messages.length === 0 ? (
            <p className="mt-3 text-slate-700">No messages yet: ask a question or say when suits you.</p>
          ) : (
            <ol className="mt-3 space-y-2" aria-live="polite" data-testid="repair-thread">
              {thread.data.messages.map((m) =>
                m.system ? (
                  <li key={m.id} className="text-center text-sm text-slate-600">
                    {m.body} · {visitTimeText(m.at)}
                  </li>
                ) : (
                  <li
                    key={m.id}
                    className={`rounded-lg border p-3 ${m.fromMe ? 'border-primary-200 bg-primary-50' : 'border-slate-200 bg-white'}`}
                  >
                    <p className="text-sm font-medium text-slate-900">
                      {m.fromMe ? 'You' : m.sender?.name}
                      {m.sender && !m.fromMe && (
                        <span className="font-normal text-slate-600"> · {SIDE_LABELS[m.sender.side]}</span>
                      )}
                      <span className="font-normal text-slate-600"> · {visitTimeText(m.at)}</span>
                    </p>
                    <p className="mt-1 whitespace-pre-line break-words text-slate-800">{m.body}</p>
                  </li>
                ),
              )}
            </ol>
          )}
          {thread.data.canPost && <MessageForm repairId={repairId} />}
        </>
      )}
    </section>
  );
}
