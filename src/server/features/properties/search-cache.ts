// Search results kept in memory, per server process, so a popular search is answered without running it.
//
// Correct invalidation: every statement that writes properties or property_images raises the one-row
// listing_version counter in the same transaction (drizzle/0003). A page is kept with the version it was
// read under and served only while the counter still holds that value, so a committed change (an approval,
// an edit, a deletion, a cascade from a deleted account) is seen by the next search on every process. The
// version is read before the search runs, so a page can only be newer than its version, never older.
// Listings also leave the lists by time alone (an admin's "live until"): a page is kept no later than the
// next such instant among live listings.
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { coalesced } from '../../lib/coalesce';
import { ByteLru } from '../../lib/lru';
import { prepareCacheStatements } from './queries';

export interface CachedSearch {
  version: number;
  /** The page's property ids, to fill in the viewer's saved hearts. */
  ids: string[];
  /** The reply as sent to a viewer who saved none of `ids`: serialised and encoded once, not per request, so
   * a hit is written to the socket as it is (no per-request UTF-8 encoding or length count). */
  body: Buffer;
}

/** What the kept pages may take in memory, all together (issue 15: caches bounded by bytes, not entries). */
export const SEARCH_CACHE_BYTES = 24 * 1024 * 1024;

/** An entry's memory, over-estimated: its key as a two-byte string, its body's bytes, and its ids. */
function sizeOf(key: string, entry: CachedSearch): number {
  return 2 * key.length + entry.body.length + 64 * entry.ids.length + 200;
}

export class SearchCache {
  private readonly entries: ByteLru<string, CachedSearch>;
  /** The next instant a live listing's "live until" passes, as read for `horizonVersion`. */
  private horizon: { version: number; until: number; readAt: number } | null = null;

  /** Served from memory, and run against the database; `npm run bench` reports them. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(maxBytes = SEARCH_CACHE_BYTES) {
    this.entries = new ByteLru(maxBytes);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The estimated memory of the kept pages. */
  get bytes(): number {
    return this.entries.bytes;
  }

  /** The entry for this key if it was read under `version` and no listing has expired since. */
  get(key: string, version: number, now: Date): CachedSearch | undefined {
    const entry = this.lookup(key, version, now);
    if (entry) this.stats.hits += 1;
    else this.stats.misses += 1;
    return entry;
  }

  private lookup(key: string, version: number, now: Date): CachedSearch | undefined {
    const entry = this.entries.peek(key);
    if (!entry) return undefined;
    if (entry.version !== version || !this.horizon || this.horizon.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    if (now.getTime() >= this.horizon.until || now.getTime() < this.horizon.readAt) {
      // Time moved past a listing's "live until" (or backwards): everything read before is suspect.
      this.entries.clear();
      this.horizon = null;
      return undefined;
    }
    // Least recently used goes first: a hit moves to the back.
    return this.entries.get(key);
  }

  /** Whether a page is kept for this key, fresh or not. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  needsHorizon(version: number): boolean {
    return this.horizon?.version !== version;
  }

  setHorizon(version: number, until: Date | null, now: Date) {
    this.horizon = {
      version,
      until: until ? until.getTime() : Number.POSITIVE_INFINITY,
      readAt: now.getTime(),
    };
  }

  set(key: string, entry: CachedSearch) {
    if (this.horizon?.version !== entry.version) return;
    this.entries.set(key, entry, sizeOf(key, entry));
  }
}

const caches = new WeakMap<AppContext, SearchCache>();

/** This app's cache (one per process in production; one per test app). */
export function searchCacheFor(ctx: AppContext): SearchCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new SearchCache();
    caches.set(ctx, cache);
  }
  return cache;
}

const statements = new WeakMap<Db, ReturnType<typeof prepareCacheStatements>>();
function statementsFor(db: Db) {
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = prepareCacheStatements(db);
    statements.set(db, prepared);
  }
  return prepared;
}

const versionReads = new WeakMap<Db, (key: 1) => Promise<number | undefined>>();

/**
 * The listing version, for a search or a page that did not come with a session (the session lookup reads it
 * too). The visitors' requests that arrive together share one read (lib/coalesce.ts), each read after it asked.
 */
export async function readListingVersion(db: Db): Promise<number> {
  let read = versionReads.get(db);
  if (!read) {
    read = coalesced(async () => {
      const [row] = await statementsFor(db).version.execute();
      return new Map([[1 as const, Number(row?.version ?? 0)]]);
    });
    versionReads.set(db, read);
  }
  return (await read(1)) ?? 0;
}

/** Saved ids kept for all users together; past it the least recently seen users' sets go (about 6 MB). */
export const MAX_SAVED_IDS = 100_000;

/**
 * Each user's saved property ids, kept while their saves_version (raised by a trigger on every save and
 * unsave, and read with the session) is unchanged: a cached page gets its hearts without a query. Bounded by the
 * number of ids held, not of users, so a few long lists cannot grow it.
 */
export class SavedSets {
  private readonly sets = new Map<string, { version: number; ids: Set<string> }>();
  private held = 0;

  constructor(private readonly maxIds = MAX_SAVED_IDS) {}

  get ids(): number {
    return this.held;
  }

  private forget(userId: string) {
    const known = this.sets.get(userId);
    if (!known) return;
    this.sets.delete(userId);
    this.held -= known.ids.size + 1;
  }

  async get(db: Db, userId: string, version: number): Promise<Set<string>> {
    const known = this.sets.get(userId);
    if (known && known.version === version) {
      this.sets.delete(userId);
      this.sets.set(userId, known);
      return known.ids;
    }
    const rows = await statementsFor(db).savedIds.execute({ userId });
    const ids = new Set(rows.map((row) => row.id));
    this.forget(userId);
    // Each user counts one more than their ids, so users with none are bounded too.
    if (ids.size + 1 > this.maxIds) return ids;
    this.sets.set(userId, { version, ids });
    this.held += ids.size + 1;
    while (this.held > this.maxIds) {
      const oldest = this.sets.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    return ids;
  }
}

const savedSets = new WeakMap<AppContext, SavedSets>();

export function savedSetsFor(ctx: AppContext): SavedSets {
  let sets = savedSets.get(ctx);
  if (!sets) {
    sets = new SavedSets();
    savedSets.set(ctx, sets);
  }
  return sets;
}
