// /admin/moderation (doc 2 "Admin area", §4 content submission): the pending queue, a review panel with the full
// preview (photos, every field, and for edits the live values beside the proposed ones), Approve / Reject with a
// required reason, and Recently Reviewed (the last 5).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, CheckCircle2, ClipboardCheck, Hammer, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  ADMIN_MESSAGES,
  RECENTLY_REVIEWED,
  type TAdminSubmission,
  type TReviewReply,
} from '../../../../domain/admin';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Alert, EmptyState, Skeleton } from '../../../components/ui/feedback';
import { Field, Textarea } from '../../../components/ui/input';
import { apiRequest, errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { adminGet, formatDateTime, useAuthLossCheck } from '../api';
import { AdminPageHeader } from '../components/admin-layout';

const PENDING_KEY = ['/api/admin/content-submissions', 'pending'] as const;
const RECENT_KEY = ['/api/admin/content-submissions', 'recent'] as const;

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  businessName: 'Business name',
  description: 'Description',
  propertyType: 'Property type',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  area: 'Area (m²)',
  monthlyRent: 'Monthly rent',
  deposit: 'Deposit',
  holdingDeposit: 'Holding deposit',
  address: 'Address',
  postcode: 'Postcode',
  availableFrom: 'Available from',
  available: 'Available',
  amenities: 'Amenities',
  epcRating: 'EPC rating',
  councilTaxBand: 'Council tax band',
  furnished: 'Furnished',
  specialty: 'Specialty',
  services: 'Services',
  serviceAreas: 'Service areas',
  phone: 'Phone',
  email: 'Email',
  website: 'Website',
  emergencyCallouts: 'Emergency call-outs',
  experienceYears: 'Years of experience',
  responseTime: 'Response time',
};

function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if ((key === 'monthlyRent' || key === 'deposit' || key === 'holdingDeposit') && typeof value === 'number')
    return `£${value.toLocaleString('en-GB')}`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replaceAll('_', ' ');
}

function titleOf(submission: TAdminSubmission): string {
  const data = submission.contentData;
  const title = submission.contentType === 'property_listing' ? data.title : data.businessName;
  return typeof title === 'string' && title ? title : 'Untitled';
}

function imagesOf(data: Record<string, unknown> | null): string[] {
  const images = data?.images;
  return Array.isArray(images) ? images.filter((i): i is string => typeof i === 'string') : [];
}

function TypeBadge({ submission }: { submission: TAdminSubmission }) {
  const listing = submission.contentType === 'property_listing';
  return (
    <Badge variant={listing ? 'default' : 'accent'}>
      {listing ? <Building2 className="h-3 w-3" aria-hidden /> : <Hammer className="h-3 w-3" aria-hidden />}
      {listing ? 'Property listing' : 'Contractor profile'}
    </Badge>
  );
}

function Photos({ urls, label }: { urls: string[]; label: string }) {
  if (urls.length === 0) return <p className="text-sm text-slate-600">No photos.</p>;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={label}>
      {urls.map((url, i) => (
        <li key={url} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <img
              src={url}
              alt={`${label}, ${i + 1} of ${urls.length}`}
              loading="lazy"
              className="aspect-[4/3] w-full object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function ReviewPanel({ submission, onDone }: { submission: TAdminSubmission; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new submission starts with empty notes
  useEffect(() => {
    setNotes('');
    setNotesError(null);
  }, [submission.id]);

  const review = useMutation({
    mutationFn: (status: 'approved' | 'rejected') =>
      apiRequest<TReviewReply>('POST', `/api/admin/content-submissions/${submission.id}/review`, {
        status,
        adminNotes: notes.trim() || null,
      }),
    onSuccess: (reply, status) => {
      toast({ title: status === 'approved' ? 'Approved' : 'Rejected', description: reply.message });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/content-submissions'] });
      onDone();
    },
    onError: (error) => {
      toast({
        title: 'Review failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/content-submissions'] });
    },
  });
  const reject = () => {
    if (!notes.trim()) return setNotesError(ADMIN_MESSAGES.rejectReason);
    setNotesError(null);
    review.mutate('rejected');
  };

  const proposed = submission.contentData;
  const current = submission.current;
  // The form's order, not the stored order (jsonb keeps keys sorted by length).
  const order = Object.keys(FIELD_LABELS);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = [
    ...new Set([...Object.keys(proposed), ...Object.keys(current ?? {})].filter((key) => key !== 'images')),
  ].sort((a, b) => rank(a) - rank(b));
  const title = titleOf(submission);

  return (
    <article
      aria-labelledby="review-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <TypeBadge submission={submission} />
        {current ? (
          <Badge variant="warning">Edit of a live record</Badge>
        ) : (
          <Badge variant="neutral">New</Badge>
        )}
      </div>
      <h2 id="review-title" className="mt-3 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Submitted {formatDateTime(submission.createdAt)} by{' '}
        {submission.owner ? (
          <>
            {submission.owner.firstName} {submission.owner.lastName} ({submission.owner.email})
          </>
        ) : (
          'a deleted account'
        )}
      </p>

      <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600">Photos</h3>
      <div className="mt-2">
        <Photos urls={imagesOf(proposed)} label={current ? 'Proposed photos' : 'Photos'} />
      </div>
      {current && (
        <>
          <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">
            Live photos now
          </h3>
          <div className="mt-2">
            <Photos urls={imagesOf(current)} label="Live photos" />
          </div>
        </>
      )}

      <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600">Details</h3>
      <div className="relative mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                Field
              </th>
              {current && (
                <th scope="col" className="py-2 pr-3 font-medium">
                  Live now
                </th>
              )}
              <th scope="col" className="py-2 font-medium">
                {current ? 'Proposed' : 'Value'}
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => {
              const now = current ? show(key, current[key]) : null;
              const next = show(key, proposed[key]);
              const changed = current !== null && now !== next;
              return (
                <tr key={key} className={cn('border-b border-slate-100 align-top', changed && 'bg-amber-50')}>
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-700">
                    {FIELD_LABELS[key] ?? key}
                    {changed && <span className="sr-only"> (changed)</span>}
                  </th>
                  {current && <td className="whitespace-pre-line py-2 pr-3 text-slate-600">{now}</td>}
                  <td className="whitespace-pre-line py-2 text-slate-900">{next}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <div className="mt-6 border-t border-slate-200 pt-5">
        <Field label="Notes for the owner (required to reject)" error={notesError ?? undefined}>
          {(field) => (
            <Textarea
              {...field}
              rows={3}
              value={notes}
              maxLength={2000}
              onChange={(e) => setNotes(e.target.value)}
              placeholder="What should they change? They will see this by email and on their dashboard."
            />
          )}
        </Field>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            onClick={() => review.mutate('approved')}
            busy={review.isPending && review.variables === 'approved'}
            disabled={review.isPending}
          >
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            Approve
          </Button>
          <Button
            variant="destructive"
            onClick={reject}
            busy={review.isPending && review.variables === 'rejected'}
            disabled={review.isPending}
          >
            <XCircle className="h-4 w-4" aria-hidden />
            Reject
          </Button>
        </div>
      </div>
    </article>
  );
}

export default function ModerationPage() {
  const pending = useQuery({
    queryKey: PENDING_KEY,
    queryFn: () => adminGet<TAdminSubmission[]>('/api/admin/content-submissions', { status: 'pending' }),
    staleTime: 10_000,
  });
  const recent = useQuery({
    queryKey: RECENT_KEY,
    queryFn: () =>
      adminGet<TAdminSubmission[]>('/api/admin/content-submissions', { recent: RECENTLY_REVIEWED }),
    staleTime: 10_000,
  });
  useAuthLossCheck(pending.error);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const items = pending.data ?? [];
  const selected = items.find((s) => s.id === selectedId) ?? items[0] ?? null;

  return (
    <div>
      <AdminPageHeader
        title="Content review"
        subtitle="Property listings and contractor profiles waiting for a decision. Nothing goes live unvetted."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <section aria-labelledby="pending-heading">
          <h2 id="pending-heading" className="text-base font-semibold text-slate-900">
            Pending reviews {pending.data && <span className="text-slate-600">({items.length})</span>}
          </h2>
          <div className="mt-3">
            {pending.isLoading ? (
              <div className="space-y-2">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-16" />
                ))}
              </div>
            ) : pending.isError ? (
              <Alert tone="error" title="Could not load the queue">
                <Button variant="outline" size="sm" className="mt-2" onClick={() => pending.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : items.length === 0 ? (
              <EmptyState icon={<ClipboardCheck className="h-8 w-8" aria-hidden />} title="All caught up">
                Nothing is waiting for review.
              </EmptyState>
            ) : (
              <ul className="space-y-2">
                {items.map((submission) => (
                  <li key={submission.id}>
                    <button
                      type="button"
                      onClick={() => setSelectedId(submission.id)}
                      aria-current={selected?.id === submission.id ? 'true' : undefined}
                      className={cn(
                        'w-full rounded-lg border p-3 text-left transition-colors',
                        selected?.id === submission.id
                          ? 'border-primary-600 bg-primary-50'
                          : 'border-slate-200 bg-white hover:bg-slate-50',
                      )}
                    >
                      <span className="block font-medium text-slate-900">{titleOf(submission)}</span>
                      <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                        <TypeBadge submission={submission} />
                        {submission.current && <span>Edit</span>}
                        <span>{formatDateTime(submission.createdAt)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>

        <section aria-label="Review panel">
          {selected ? (
            <ReviewPanel submission={selected} onDone={() => setSelectedId(null)} />
          ) : (
            !pending.isLoading && (
              <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
                Choose a submission to review it.
              </p>
            )
          )}
        </section>
      </div>

      <section aria-labelledby="recent-heading" className="mt-10">
        <h2 id="recent-heading" className="text-base font-semibold text-slate-900">
          Recently Reviewed
        </h2>
        {recent.isLoading ? (
          <Skeleton className="mt-3 h-24" />
        ) : (recent.data ?? []).length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No reviews yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {(recent.data ?? []).map((submission) => (
              <li
                key={submission.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm"
              >
                <Badge variant={submission.submissionStatus === 'approved' ? 'success' : 'danger'}>
                  {submission.submissionStatus === 'approved' ? 'Approved' : 'Rejected'}
                </Badge>
                <span className="font-medium text-slate-900">{titleOf(submission)}</span>
                <TypeBadge submission={submission} />
                <span className="text-slate-600">{formatDateTime(submission.reviewedAt)}</span>
                {submission.adminNotes && (
                  <span className="w-full text-slate-600">Notes: {submission.adminNotes}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
