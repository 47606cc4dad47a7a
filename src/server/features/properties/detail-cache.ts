// Property pages kept in memory, per server process, so a popular listing is answered without reading it again.
// What is kept is what every viewer sees alike: the listing with its landlord, its photos and the landlord's
// "Usually replies within". The listing and its photos are invalidated exactly as search pages are (the listing
// version, drizzle/0003); the landlord's name and contact and the reply time are not listing writes, so an entry
// is also kept no longer than DETAIL_TTL_MS, and this process drops a landlord's pages at once when an enquiry
// or a reply changes their reply time (other processes within DETAIL_TTL_MS). Each viewer's own parts (saved, their conversation, the contact
// details their plan allows) are added per request.
import type { AppContext } from '../../context';
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
  /** Estimated memory: the core as two-byte JSON text, a fair upper bound of the objects it holds. */
  bytes: number;
}

export class DetailCache {
  private readonly entries = new Map<string, Entry>();
  private used = 0;
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly maxBytes = DETAIL_CACHE_BYTES) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  private remove(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.used -= entry.bytes;
  }

  get(id: string, version: number, now: number): DetailCore | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.version !== version || now - entry.readAt >= DETAIL_TTL_MS || now < entry.readAt) {
      if (entry) this.remove(id);
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.core;
  }

  /** Drops the kept pages of one landlord's listings (their reply time or details changed). */
  forgetLandlord(landlordId: string): void {
    for (const [id, entry] of this.entries)
      if (entry.core.row.property.landlordId === landlordId) this.remove(id);
  }

  set(id: string, version: number, now: number, core: DetailCore): void {
    const bytes = 2 * JSON.stringify(core).length + 200;
    if (bytes > this.maxBytes) return;
    this.remove(id);
    this.entries.set(id, { version, readAt: now, core, bytes });
    this.used += bytes;
    while (this.used > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
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
