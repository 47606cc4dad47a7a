// Views of a listing ("opening the page while signed in records a view interaction once") are counted without a
// database write in the request: each process buffers the (user, listing) pairs it saw and writes them in one
// statement every few seconds, when the buffer fills, and when the server closes (app.ts flushes before the
// database closes, so a graceful shutdown loses none). A view repeated before the flush is one pair; one already
// stored is ignored by the unique (user, property, type) index, and one this process has stored lately is not
// sent again at all.
import type { AppContext } from '../../context';
import { ByteLru } from '../../lib/lru';
import { recordViews } from './queries';

/** How often buffered views are written. */
export const VIEW_FLUSH_MS = 2_000;
/** A buffer this full is written at once. */
const FLUSH_AT = 500;
/** If the database is unreachable, at most this many views wait; past it the oldest are dropped (and logged). */
const MAX_WAITING = 20_000;
/** The memory for the pairs this process stored lately (about 10,000), which need no write when seen again. */
export const STORED_VIEWS_BYTES = 2 * 1024 * 1024;

export interface PendingView {
  userId: string;
  propertyId: string;
  at: Date;
}

const pairOf = (view: { userId: string; propertyId: string }) => `${view.userId}:${view.propertyId}`;

export class ViewRecorder {
  private pending = new Map<string, PendingView>();
  /** Pairs already stored: a member reopening a listing, or paging through the same homes, writes nothing. */
  private readonly stored = new ByteLru<string, true>(STORED_VIEWS_BYTES);
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: AppContext) {}

  get waiting(): number {
    return this.pending.size;
  }

  record(userId: string, propertyId: string, at: Date): void {
    const key = pairOf({ userId, propertyId });
    if (this.pending.has(key) || this.stored.get(key)) return;
    this.pending.set(key, { userId, propertyId, at });
    if (this.pending.size >= FLUSH_AT) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, VIEW_FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes everything buffered so far; resolves once it is stored (or put back after a failure). */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = recordViews(this.ctx.db, batch)
      .then(() => {
        for (const view of batch) this.stored.set(pairOf(view), true, 2 * pairOf(view).length + 100);
      })
      .catch((err) => {
        // Put them back, newest kept, to try again with the next flush.
        this.ctx.log.warn({ err, views: batch.length }, 'could not store views; will retry');
        for (const view of batch) this.pending.set(pairOf(view), view);
        const excess = this.pending.size - MAX_WAITING;
        if (excess > 0) {
          const keys = [...this.pending.keys()].slice(0, excess);
          for (const key of keys) this.pending.delete(key);
          this.ctx.log.error({ dropped: excess }, 'dropped views while the database was unreachable');
        }
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  /** The last flush, at shutdown: no timer is left behind. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

const recorders = new WeakMap<AppContext, ViewRecorder>();

export function viewRecorderFor(ctx: AppContext): ViewRecorder {
  let recorder = recorders.get(ctx);
  if (!recorder) {
    recorder = new ViewRecorder(ctx);
    recorders.set(ctx, recorder);
  }
  return recorder;
}

/** Called by the app as it closes, before the database goes. */
export async function flushViews(ctx: AppContext): Promise<void> {
  await recorders.get(ctx)?.close();
}
