// /admin/moderation (doc 2 "Admin area", §4 content submission): the pending queue, a review panel with the full
// preview (photos, every field, and for edits the live values beside the proposed ones), Approve / Reject with a
// required reason, and Recently Reviewed (the last 5).
// The pieces are in ../moderation: how a submission reads (submission-details.ts), the data and the decision
// (use-moderation.ts), the queue, the panel and the recent list.
import { useState } from 'react';
import { AdminPageHeader } from '../components/admin-layout';
import { PendingQueue } from '../moderation/pending-queue';
import { RecentlyReviewed } from '../moderation/recently-reviewed';
import { ReviewPanel } from '../moderation/review-panel';
import { useModerationQueue } from '../moderation/use-moderation';

export default function ModerationPage() {
  const { pending, recent } = useModerationQueue();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const items = pending.data ?? [];
  // The one chosen, or else the first waiting.
  const selected = items.find((s) => s.id === selectedId) ?? items[0] ?? null;

  return (
    <div>
      <AdminPageHeader
        title="Content review"
        subtitle="Property listings and contractor profiles waiting for a decision. Nothing goes live unvetted."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <PendingQueue pending={pending} selectedId={selected?.id ?? null} onSelect={setSelectedId} />

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

      <RecentlyReviewed recent={recent} />
    </div>
  );
}
