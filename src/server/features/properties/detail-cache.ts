// Property pages kept in memory, per server process, so a popular listing is answered without reading it again.
// What is kept is what every viewer sees alike: the listing with its landlord, its photos and the landlord's
// "Usually replies within". The listing and its photos are invalidated exactly as search pages are (the listing
// version, drizzle/0003); the landlord's name and contact and the reply time are not listing writes, so an entry
// is also kept no longer than DETAIL_TTL_MS, and this process drops a landlord's pages at once when an enquiry
// or a reply changes their reply time (other processes within DETAIL_TTL_MS). Each viewer's own parts (saved, their conversation, the contact
// details their plan allows) are added per request.
import type { AppContext } from '../../context';
import { ByteLru } from '../../lib/lru';
import type { PropertyImageRow, PropertyWithLandlord } from './queries';

/** How long a kept page may show the landlord's details and reply time unchanged. */
export const DETAIL_TTL_MS = 60_000;
/** What the kept pages may take in memory, all together (bounded by bytes, not entries). */
export const DETAIL_CACHE_BYTES = 16 * 1024 * 1024;

export interface DetailCore {
  row: PropertyWithLandlord;
  images: PropertyImageRow[];
  responseTime: string | null;
}

interface Entry {
  version: number;
  readAt: number;
  core: DetailCore;
}

export class DetailCache {
  private readonly entries: ByteLru<string, Entry>;
  readonly stats = { hits: 0, misses: 0 };

  constructor(maxBytes = DETAIL_CACHE_BYTES) {
    this.entries = new ByteLru(maxBytes);
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.bytes;
  }

  get(id: string, version: number, now: number): DetailCore | undefined {
    const entry = this.entries.peek(id);
    if (!entry || entry.version !== version || now - entry.readAt >= DETAIL_TTL_MS || now < entry.readAt) {
      this.entries.delete(id);
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    return this.entries.get(id)?.core;
  }

  /** Drops the kept pages of one landlord's listings (their reply time or details changed). */
  forgetLandlord(landlordId: string): void {
    for (const id of [...this.entries.keys()])
      if (this.entries.peek(id)?.core.row.property.landlordId === landlordId) this.entries.delete(id);
  }

  set(id: string, version: number, now: number, core: DetailCore): void {
    // The core as two-byte JSON text: a fair upper bound of the objects it holds.
    this.entries.set(id, { version, readAt: now, core }, 2 * JSON.stringify(core).length + 200);
  }
}

const caches = new WeakMap<AppContext, DetailCache>();

export function detailCacheFor(ctx: AppContext): DetailCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new DetailCache();
    caches.set(ctx, cache);
  }
  return cache;
}
