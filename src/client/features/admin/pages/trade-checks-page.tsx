// /admin/trade-checks (issue 28): the checks behind a trade's "Verified" badge. An admin finds a live profile,
// records what they checked (an insurer and expiry, or a Gas Safe or NICEIC number and its expiry) and revokes a
// check that no longer holds. The server audits both; the badge lapses by itself when the document expires.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import type {
  TContractorPage,
  TTradeCheck,
  TTradeCheckForm,
  TTradeCheckList,
} from '../../../../domain/contractors';
import { TRADE_CHECK_KINDS, TRADE_CHECK_LABELS, type TradeCheckKind } from '../../../../domain/trade-claims';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Field, Input, Select } from '../../../components/ui/input';
import { ErrorPanel } from '../../../components/ui/states';
import { ApiError, apiRequest, errorMessage, getJson } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { checkSummary, formatDate } from '../../contractors/format';
import { adminGet, formatDateTime, useAuthLossCheck } from '../api';
import { AdminPageHeader } from '../components/admin-layout';
import { AdminFindForm } from '../components/find-form';

const checksKey = (id: string) => ['/api/admin/contractors', id, 'checks'] as const;

export default function TradeChecksPage() {
  const [params, setParams] = useSearchParams();
  const contractorId = params.get('contractor') ?? '';
  return (
    <>
      <AdminPageHeader
        title="Trade checks"
        subtitle="Record what you checked before a trade shows the Verified badge: an insurance policy or a Gas Safe or NICEIC registration, with its expiry. The badge lapses by itself when the document expires."
      />
      <FindTrade onChoose={(id) => setParams({ contractor: id })} />
      {contractorId && <TradeChecks contractorId={contractorId} />}
    </>
  );
}

function FindTrade({ onChoose }: { onChoose: (id: string) => void }) {
  const [query, setQuery] = useState('');
  const found = useQuery<TContractorPage>({
    queryKey: ['/api/contractors', { text: query, limit: 10 }],
    queryFn: () => getJson(`/api/contractors?q=${encodeURIComponent(query)}&limit=10&sort=name`),
    enabled: query.length > 0,
  });
  return (
    <section aria-labelledby="find-title" className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="find-title" className="font-semibold text-slate-900">
        Find a trade
      </h2>
      <AdminFindForm label="Business name or service" searching={found.isFetching} onSearch={setQuery} />
      {found.data && (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Trades found">
          {found.data.contractors.length === 0 && (
            <li className="py-2 text-sm text-slate-600">No live trade found.</li>
          )}
          {found.data.contractors.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-sm">
                <span className="font-medium text-slate-900">{c.businessName}</span>{' '}
                <span className="text-slate-600">· {c.specialty}</span>
                {c.verified && (
                  <Badge variant="success" className="ml-2">
                    Verified
                  </Badge>
                )}
              </span>
              <Button size="sm" variant="outline" onClick={() => onChoose(c.id)}>
                Checks for {c.businessName}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function checkState(check: TTradeCheck): { label: string; variant: 'success' | 'neutral' | 'warning' } {
  if (check.revokedAt) return { label: 'Revoked', variant: 'neutral' };
  if (!check.active) return { label: 'Expired', variant: 'warning' };
  return { label: 'Counts', variant: 'success' };
}

function TradeChecks({ contractorId }: { contractorId: string }) {
  const client = useQueryClient();
  const list = useQuery<TTradeCheckList>({
    queryKey: checksKey(contractorId),
    queryFn: () => adminGet(`/api/admin/contractors/${contractorId}/checks`),
  });
  useAuthLossCheck(list.error);
  const revoke = useMutation({
    mutationFn: (checkId: string) =>
      apiRequest<TTradeCheck>('DELETE', `/api/admin/contractors/${contractorId}/checks/${checkId}`),
    onSuccess: () => {
      toast({ title: 'Check revoked', description: 'It no longer counts towards the badge.' });
      void client.invalidateQueries({ queryKey: checksKey(contractorId) });
    },
    onError: (error) =>
      toast({
        title: 'Could not revoke the check',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  if (list.isPending)
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-40" />
      </div>
    );
  if (list.isError)
    return (
      <ErrorPanel
        title={errorMessage(list.error, 'The checks could not be loaded')}
        onRetry={() => list.refetch()}
      />
    );
  const { contractor, checks } = list.data;
  return (
    <section aria-labelledby="checks-title" className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="checks-title" className="text-xl font-semibold text-slate-900">
          {contractor.businessName}
        </h2>
        {contractor.verified ? (
          <Badge variant="success">
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden />
            Verified
          </Badge>
        ) : (
          <Badge variant="neutral">Not verified</Badge>
        )}
        <a href={`/contractors/${contractor.id}`} className="text-sm text-primary-700 underline">
          Public page
        </a>
      </div>
      <RecordCheck contractorId={contractor.id} />
      {checks.length === 0 ? (
        <EmptyState title="No checks recorded">Record one above once you have seen the document.</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Recorded checks">
          {checks.map((check) => {
            const state = checkState(check);
            return (
              <li key={check.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">{checkSummary(check)}</p>
                  <Badge variant={state.variant}>{state.label}</Badge>
                </div>
                <p className="mt-1 text-slate-700">
                  Valid until {formatDate(check.expiresOn)}. Checked {formatDateTime(check.checkedAt)} by{' '}
                  {check.checkedBy ?? 'a removed account'}.
                  {check.revokedAt &&
                    ` Revoked ${formatDateTime(check.revokedAt)} by ${check.revokedBy ?? 'a removed account'}.`}
                </p>
                {!check.revokedAt && (
                  <Button
                    size="sm"
                    variant="outline"
                    className="mt-2"
                    busy={revoke.isPending && revoke.variables === check.id}
                    onClick={() => revoke.mutate(check.id)}
                  >
                    Revoke {TRADE_CHECK_LABELS[check.kind].toLowerCase()}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const EMPTY: TTradeCheckForm = { kind: 'insurance', provider: '', registrationNumber: '', expiresOn: '' };

function RecordCheck({ contractorId }: { contractorId: string }) {
  const client = useQueryClient();
  const [form, setForm] = useState<TTradeCheckForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const record = useMutation({
    mutationFn: (body: TTradeCheckForm) =>
      apiRequest<TTradeCheck>('POST', `/api/admin/contractors/${contractorId}/checks`, body),
    onSuccess: () => {
      toast({ title: 'Check recorded', description: 'The trade shows the Verified badge while it holds.' });
      setForm(EMPTY);
      setErrors({});
      void client.invalidateQueries({ queryKey: checksKey(contractorId) });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors);
      toast({
        title: 'Could not record the check',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
  const kind = form.kind as TradeCheckKind;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TTradeCheckForm =
      kind === 'insurance'
        ? { kind, provider: form.provider, expiresOn: form.expiresOn }
        : { kind, registrationNumber: form.registrationNumber, expiresOn: form.expiresOn };
    record.mutate(body);
  };
  const set = (key: keyof TTradeCheckForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));
  return (
    <form
      onSubmit={submit}
      aria-labelledby="record-title"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2"
      noValidate
    >
      <h3 id="record-title" className="font-semibold text-slate-900 sm:col-span-2">
        Record a check
      </h3>
      <Field label="What you checked" error={errors.kind?.[0]}>
        {(field) => (
          <Select {...field} value={kind} onChange={set('kind')}>
            {TRADE_CHECK_KINDS.map((k) => (
              <option key={k} value={k}>
                {TRADE_CHECK_LABELS[k]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {kind === 'insurance' ? (
        <Field label="Insurer" error={errors.provider?.[0]} hint="As named on the policy schedule">
          {(field) => (
            <Input {...field} value={form.provider ?? ''} onChange={set('provider')} maxLength={100} />
          )}
        </Field>
      ) : (
        <Field
          label={kind === 'gas_safe' ? 'Gas Safe registration number' : 'NICEIC registration number'}
          error={errors.registrationNumber?.[0]}
          hint={kind === 'gas_safe' ? 'Checked on the Gas Safe Register' : 'Checked on the NICEIC register'}
        >
          {(field) => (
            <Input
              {...field}
              value={form.registrationNumber ?? ''}
              onChange={set('registrationNumber')}
              maxLength={20}
            />
          )}
        </Field>
      )}
      <Field label="Expiry date" error={errors.expiresOn?.[0]} hint="The day the document stops being valid">
        {(field) => <Input {...field} type="date" value={form.expiresOn} onChange={set('expiresOn')} />}
      </Field>
      <div className="flex items-end">
        <Button type="submit" busy={record.isPending}>
          Record check
        </Button>
      </div>
    </form>
  );
}
