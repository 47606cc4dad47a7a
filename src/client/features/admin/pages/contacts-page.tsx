// /admin/contacts (doc 2 "Admin area", §4 contact submission, §8 "Failed to update contact submission"): a list
// filterable by status and searchable; a detail dialog with status and notes. Opening an unread message marks it read.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Inbox, Search } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type {
  TAdminContactSubmission,
  TContactSubmissionsPage,
  TContactUpdateRequest,
} from '../../../../domain/admin';
import { CONTACT_STATUSES } from '../../../../domain/constants';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Alert, EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Input, Label, Select, Textarea } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { apiRequest } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { adminGet, formatDateTime, useAuthLossCheck } from '../api';
import { AdminPageHeader } from '../components/admin-layout';

type ContactStatus = (typeof CONTACT_STATUSES)[number];
const PAGE_SIZE = 20;
const UPDATE_FAILED = 'Failed to update contact submission';
const STATUS_LABEL: Record<ContactStatus, string> = { unread: 'Unread', read: 'Read', replied: 'Replied' };
const STATUS_BADGE = { unread: 'warning', read: 'neutral', replied: 'success' } as const;

function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TContactUpdateRequest }) =>
      apiRequest<TAdminContactSubmission>('PATCH', `/api/admin/contact-submissions/${id}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/contact-submissions'] }),
    onError: () => toast({ title: UPDATE_FAILED, variant: 'destructive' }),
  });
}

function ContactDialog({
  submission,
  onClose,
}: {
  submission: TAdminContactSubmission;
  onClose: () => void;
}) {
  const update = useUpdateContact();
  const [status, setStatus] = useState<ContactStatus>(
    submission.status === 'unread' ? 'read' : submission.status,
  );
  const [notes, setNotes] = useState(submission.adminNotes ?? '');
  const markedRead = useRef(false);

  // Opening an unread message marks it read (once).
  useEffect(() => {
    if (submission.status !== 'unread' || markedRead.current) return;
    markedRead.current = true;
    update.mutate({ id: submission.id, changes: { status: 'read' } });
  }, [submission.id, submission.status, update]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: submission.id, changes: { status, adminNotes: notes.trim() || null } },
      {
        onSuccess: () => {
          toast({ title: 'Saved', description: 'Status and notes updated.' });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={submission.subject}
        description={`From ${submission.name} <${submission.email}>`}
        className="max-w-2xl"
      >
        <p className="text-xs text-slate-600">Received {formatDateTime(submission.createdAt)}</p>
        <div className="mt-3 max-h-64 overflow-y-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-4 text-sm text-slate-900">
          {submission.message}
        </div>
        <p className="mt-3 text-sm">
          <a
            className="font-medium text-primary-700 underline-offset-4 hover:underline"
            href={`mailto:${submission.email}?subject=${encodeURIComponent(`Re: ${submission.subject}`)}`}
          >
            Reply by email
          </a>
        </p>
        <form className="mt-5 space-y-4" onSubmit={save}>
          <div>
            <Label htmlFor="contact-status">Status</Label>
            <Select
              id="contact-status"
              value={status}
              onChange={(e) => setStatus(e.target.value as ContactStatus)}
            >
              {CONTACT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="contact-notes">Notes</Label>
            <Textarea
              id="contact-notes"
              rows={4}
              maxLength={5000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              placeholder="For the team: what was done, who replied."
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={update.isPending}>
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function ContactsPage() {
  const [status, setStatus] = useState<ContactStatus | ''>('');
  const [searchDraft, setSearchDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);

  // Search as you type, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(searchDraft.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchDraft]);

  const list = useQuery({
    queryKey: ['/api/admin/contact-submissions', status, q, page],
    queryFn: () =>
      adminGet<TContactSubmissionsPage>('/api/admin/contact-submissions', {
        status,
        q,
        page,
        limit: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  useAuthLossCheck(list.error);
  const data = list.data;
  const open = data?.submissions.find((s) => s.id === openId) ?? null;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <div>
      <AdminPageHeader
        title="Contact submissions"
        subtitle="Messages from the contact form. We promise a reply within 24 hours."
      />
      <form
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(searchDraft.trim());
          setPage(1);
        }}
      >
        <div className="min-w-56 flex-1">
          <Label htmlFor="contact-search">Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-500"
              aria-hidden
            />
            <Input
              id="contact-search"
              type="search"
              className="pl-9"
              placeholder="Name, email, subject or message"
              value={searchDraft}
              onChange={(e) => setSearchDraft(e.target.value)}
            />
          </div>
        </div>
        <div>
          <Label htmlFor="contact-filter">Status</Label>
          <Select
            id="contact-filter"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ContactStatus | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {CONTACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </Select>
        </div>
      </form>

      <div className="mt-4" aria-live="polite">
        {list.isLoading ? (
          <div className="space-y-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        ) : list.isError ? (
          <Alert tone="error" title="Could not load the messages">
            <Button variant="outline" size="sm" className="mt-2" onClick={() => list.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : !data || data.submissions.length === 0 ? (
          <EmptyState icon={<Inbox className="h-8 w-8" aria-hidden />} title="No messages">
            {q || status
              ? 'Nothing matches this search. Try other words or another status.'
              : 'The inbox is empty.'}
          </EmptyState>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600">
              {data.total.toLocaleString('en-GB')} message{data.total === 1 ? '' : 's'}
            </p>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {data.submissions.map((submission) => (
                <li key={submission.id}>
                  <button
                    type="button"
                    onClick={() => setOpenId(submission.id)}
                    className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4"
                  >
                    <Badge variant={STATUS_BADGE[submission.status]}>{STATUS_LABEL[submission.status]}</Badge>
                    <span className="min-w-0 flex-1">
                      <span className={submission.status === 'unread' ? 'block font-semibold' : 'block'}>
                        {submission.subject}
                      </span>
                      <span className="block truncate text-sm text-slate-600">
                        {submission.name} · {submission.email} — {submission.message}
                      </span>
                    </span>
                    <span className="shrink-0 text-xs text-slate-600">
                      {formatDateTime(submission.createdAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <Pager page={page} pages={pages} onPage={setPage} label="Pages" />
          </>
        )}
      </div>
      {open && <ContactDialog key={open.id} submission={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}
