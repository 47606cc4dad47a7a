// "Trades and quotes" on /repairs/{id} (decision 0071). The landlord gets quotes: suited trades near the home (or
// any live trade found by name), ticks up to three and sends; then compares the quotes and accepts one. The tenant
// sees who was asked and who was chosen (no amounts). An invited trade sees its invitation and sends its quote.
import { BadgeCheck, Search, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatPence } from '../../../../domain/money';
import {
  QUOTE_AMOUNT_MAX,
  QUOTE_NOTE_MAX,
  type TRepairInvitation,
  type TTradeSuggestion,
  ZSubmitRepairQuote,
} from '../../../../domain/repair-trades';
import type { TRepairView } from '../../../../domain/repairs';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Alert, Skeleton } from '../../../components/ui/feedback';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { formatDate } from '../../contractors/format';
import { useAcceptQuote, useInviteTrades, useSubmitQuote, useTradeSuggestions } from '../quotes-api';
import { toastNotSent } from './repair-parts';

const STATE_VARIANT = {
  invited: 'neutral',
  quoted: 'default',
  accepted: 'success',
  declined: 'neutral',
} as const;

function TradeFacts({ trade }: { trade: TRepairInvitation['trade'] }) {
  return (
    <p className="text-sm text-slate-600">
      {trade.specialty}
      {trade.rating !== null && ` · ${trade.rating.toFixed(1)}★ (${trade.reviewCount})`}
      {trade.verified && (
        <span className="ml-1 inline-flex items-center gap-0.5 text-green-800">
          · <BadgeCheck className="h-4 w-4" aria-hidden /> Verified
        </span>
      )}
    </p>
  );
}

function Invitation({ repair, invitation }: { repair: TRepairView; invitation: TRepairInvitation }) {
  const accept = useAcceptQuote(repair.id);
  const q = invitation.quote;
  const name = invitation.trade.businessName;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid="invitation">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <Link
            to={`/contractors/${invitation.trade.id}`}
            className="font-medium text-primary-700 hover:underline"
          >
            {name}
          </Link>
          <TradeFacts trade={invitation.trade} />
        </div>
        <Badge variant={STATE_VARIANT[invitation.state]}>{invitation.stateLabel}</Badge>
      </div>
      {q && (
        <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {q.amountPence !== null && (
            <div className="flex gap-1">
              <dt className="text-slate-600">Quote:</dt>
              <dd className="font-semibold text-slate-900" data-testid="quote-amount">
                {formatPence(q.amountPence)}
              </dd>
            </div>
          )}
          <div className="flex gap-1">
            <dt className="text-slate-600">Earliest visit:</dt>
            <dd className="font-medium text-slate-900">{formatDate(q.earliestVisit)}</dd>
          </div>
          {q.note && (
            <div className="sm:col-span-2">
              <dt className="sr-only">Note:</dt>
              <dd className="whitespace-pre-line text-slate-700">{q.note}</dd>
            </div>
          )}
        </dl>
      )}
      {repair.quotes.canAccept && q?.status === 'open' && (
        <Button
          className="mt-3"
          size="sm"
          busy={accept.isPending}
          aria-label={`Accept the quote from ${name}`}
          onClick={() =>
            accept.mutate(q.id, {
              onSuccess: () =>
                toast({
                  title: 'Quote accepted',
                  description: `${name}, your tenant and the other trades have been told.`,
                }),
              onError: (e) =>
                toast({
                  title: 'Not accepted',
                  description: errorMessage(e, 'Please try again.'),
                  variant: 'destructive',
                }),
            })
          }
        >
          Accept
        </Button>
      )}
    </li>
  );
}

function Invitations({ repair, empty }: { repair: TRepairView; empty: string }) {
  const list = repair.quotes.invitations;
  if (list.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="space-y-3" aria-label="Trades asked to quote">
      {list.map((invitation) => (
        <Invitation key={invitation.leadId} repair={repair} invitation={invitation} />
      ))}
    </ul>
  );
}

function SuggestionRow({
  suggestion,
  checked,
  disabled,
  onToggle,
}: {
  suggestion: TTradeSuggestion;
  checked: boolean;
  disabled: boolean;
  onToggle: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0"
        checked={checked || suggestion.invited}
        disabled={disabled || suggestion.invited}
        onChange={(e) => onToggle(e.target.checked)}
        aria-describedby={`${id}-facts`}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-slate-900">
          {suggestion.businessName}
        </label>
        <p id={`${id}-facts`} className="text-sm text-slate-600">
          {suggestion.distanceLabel} · {suggestion.specialty}
          {suggestion.rating !== null
            ? ` · ${suggestion.rating.toFixed(1)}★ (${suggestion.reviewCount})`
            : ' · No reviews yet'}
          {suggestion.verified && ' · Verified'}
          {suggestion.invited && ' · Already asked'}
          {!suggestion.suited && ' · Another trade'}
        </p>
        <Link
          to={`/contractors/${suggestion.id}`}
          target="_blank"
          className="text-sm text-primary-700 hover:underline"
        >
          View profile<span className="sr-only"> of {suggestion.businessName} (opens a new tab)</span>
        </Link>
      </div>
    </li>
  );
}

function GetQuotes({ repair }: { repair: TRepairView }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const suggestions = useTradeSuggestions(repair.id, search);
  const invite = useInviteTrades(repair.id);
  const slotsLeft = suggestions.data?.slotsLeft ?? repair.quotes.maxTrades - repair.quotes.invitations.length;
  const full = chosen.length >= slotsLeft;

  const send = () =>
    invite.mutate(chosen, {
      onSuccess: (result) => {
        setChosen([]);
        toast({
          title: 'Quotes asked for',
          description: `${result.invited.map((i) => i.businessName).join(', ')} ${result.invited.length === 1 ? 'has' : 'have'} been emailed.`,
        });
      },
      onError: (e) => toastNotSent(e),
    });
  const find = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed);
  };

  return (
    <Card>
      <CardHeader>
        <h3 className="text-lg font-semibold text-slate-900">Get quotes</h3>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-700">
          Tick up to {slotsLeft} {slotsLeft === 1 ? 'trade' : 'trades'} to ask for a quote. They see the
          report and photos and the home's area, never your tenant's details.
        </p>
        <form role="search" onSubmit={find} className="flex gap-2">
          <label htmlFor={`${repair.id}-trade-search`} className="sr-only">
            Find any trade by name or service
          </label>
          <Input
            id={`${repair.id}-trade-search`}
            value={typed}
            placeholder="Any trade by name or service"
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button type="submit" variant="outline">
            <Search className="h-4 w-4" aria-hidden />
            Find
          </Button>
        </form>
        {search && (
          <Button
            variant="link"
            size="sm"
            onClick={() => {
              setTyped('');
              setSearch('');
            }}
          >
            Back to suggestions
          </Button>
        )}
        {suggestions.isPending ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : suggestions.isError ? (
          <ErrorPanel title="Trades could not be loaded" onRetry={() => suggestions.refetch()} />
        ) : (
          <>
            <p className="text-sm text-slate-600" data-testid="suggestions-for">
              {search
                ? `Trades matching "${search}"`
                : `${suggestions.data.specialties.join(' or ')} near ${suggestions.data.area}, nearest first`}
            </p>
            {!search && suggestions.data.note && <Alert tone="info">{suggestions.data.note}</Alert>}
            {suggestions.data.suggestions.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
                {search
                  ? 'No live trade matches that. Try another name or service.'
                  : `No suited trade serves ${suggestions.data.area} yet. Find any trade by name above.`}
              </p>
            ) : (
              <fieldset>
                <legend className="sr-only">Trades to ask</legend>
                <ul className="space-y-2" data-testid="trade-suggestions">
                  {suggestions.data.suggestions.map((s) => (
                    <SuggestionRow
                      key={s.id}
                      suggestion={s}
                      checked={chosen.includes(s.id)}
                      disabled={full && !chosen.includes(s.id)}
                      onToggle={(on) =>
                        setChosen((list) => (on ? [...list, s.id] : list.filter((id) => id !== s.id)))
                      }
                    />
                  ))}
                </ul>
              </fieldset>
            )}
          </>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={send} busy={invite.isPending} disabled={chosen.length === 0}>
            <Send className="h-4 w-4" aria-hidden />
            {chosen.length > 1 ? `Ask ${chosen.length} trades for a quote` : 'Ask for a quote'}
          </Button>
          <span className="text-sm text-slate-600" aria-live="polite">
            {chosen.length} of {slotsLeft} chosen
          </span>
        </div>
      </CardContent>
    </Card>
  );
}

function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

function QuoteForm({ repair }: { repair: TRepairView }) {
  const submit = useSubmitQuote(repair.id);
  const [amount, setAmount] = useState('');
  const [earliestVisit, setEarliestVisit] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const send = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSubmitRepairQuote.safeParse({
      amount: amount.trim() === '' ? undefined : Number(amount),
      earliestVisit,
      note,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Quote sent', description: 'The landlord has been emailed.' }),
      onError: (e) => {
        const fields = e instanceof ApiError ? e.fieldErrors : {};
        const found = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? '']));
        if (Object.keys(found).length > 0) setErrors(found);
        else toastNotSent(e);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <h3 className="text-lg font-semibold text-slate-900">Send your quote</h3>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={send} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Amount (£)" error={errors.amount} hint="Including VAT, if you charge it">
            {(field) => (
              <Input
                {...field}
                inputMode="decimal"
                type="number"
                min="0.01"
                max={QUOTE_AMOUNT_MAX}
                step="0.01"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </Field>
          <Field label="Earliest visit" error={errors.earliestVisit}>
            {(field) => (
              <Input
                {...field}
                type="date"
                min={londonToday()}
                value={earliestVisit}
                onChange={(e) => setEarliestVisit(e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Note to the landlord"
            error={errors.note}
            hint="What the price covers; optional"
            className="sm:col-span-2"
          >
            {(field) => (
              <Textarea
                {...field}
                rows={3}
                maxLength={QUOTE_NOTE_MAX}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </Field>
          <p className="text-sm text-slate-600 sm:col-span-2">
            One quote per job: it cannot be changed once sent.
          </p>
          <div className="sm:col-span-2">
            <Button type="submit" busy={submit.isPending}>
              <Send className="h-4 w-4" aria-hidden />
              Send quote
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function TradeOutcome({ invitation }: { invitation: TRepairInvitation | undefined }) {
  if (invitation?.state === 'accepted')
    return (
      <Alert tone="success" title="Your quote was accepted">
        The address is shown above. The landlord and the tenant are expecting you to propose visit times.
      </Alert>
    );
  if (invitation?.state === 'declined')
    return (
      <Alert tone="info" title="Not chosen this time">
        The landlord chose another trade for this repair.
      </Alert>
    );
  if (invitation?.state === 'quoted')
    return <Alert tone="info">Your quote is with the landlord. You will be emailed when they decide.</Alert>;
  return null;
}

/** The repair page's trades and quotes, as its reader may see and act on them. */
export function RepairQuotes({ repair }: { repair: TRepairView }) {
  const { quotes } = repair;
  return (
    <section aria-labelledby="quotes-title" className="space-y-3" data-testid="repair-quotes">
      <h2 id="quotes-title" className="text-lg font-semibold text-slate-900">
        {repair.side === 'trade' ? 'Your quote' : 'Trades and quotes'}
      </h2>
      {repair.side === 'trade' ? (
        <>
          <Invitations repair={repair} empty="" />
          <TradeOutcome invitation={quotes.invitations[0]} />
          {quotes.canQuote && <QuoteForm repair={repair} />}
        </>
      ) : (
        <>
          <Invitations
            repair={repair}
            empty={
              repair.side === 'landlord'
                ? 'No trade has been asked yet.'
                : 'Your landlord has not asked a trade to quote yet.'
            }
          />
          {repair.side === 'tenant' && quotes.invitations.length > 0 && (
            <p className="text-sm text-slate-600">
              What each trade charges is between them and your landlord.
            </p>
          )}
          {quotes.canInvite && <GetQuotes repair={repair} />}
        </>
      )}
    </section>
  );
}
