// Server-rendered pages kept for visitors who are not signed in (issue 15): every such visitor of /properties?…
// gets the same HTML, so it is rendered once and served from memory while it is fresh. A page is kept with the
// listing version it was rendered under (the counter every write to listings and photos raises: decision 0010)
// and for at most PAGE_CACHE_TTL_MS, which bounds how old anything else on it (trades, figures) can be.
// Signed-in members' pages are kept by what went into them instead (MemberRenders, decision 0068).
import { createHash } from 'node:crypto';
import { ByteLru } from '../lib/lru';

/** What a rendered page adds to the shell, ready to send. */
export interface CachedPage {
  /** The markup of #root. */
  html: string;
  /** The page-state data block (escaped JSON). */
  state: string;
  /** Preload links: the page's first high-priority photo. */
  preloads: string;
  /** The page's chunks, fetched after its first paint (plugins/site.ts, decision 0039). */
  chunks: string[];
}

interface Entry extends CachedPage {
  version: number;
  storedAt: number;
}

export const PAGE_CACHE_TTL_MS = 10_000;
/** What the kept pages may take in memory, all together. */
export const PAGE_CACHE_BYTES = 16 * 1024 * 1024;

/** An entry's memory, over-estimated: its strings as two-byte characters. */
function sizeOf(key: string, page: CachedPage): number {
  return (
    2 * (key.length + page.html.length + page.state.length + page.preloads.length) +
    100 * page.chunks.length +
    200
  );
}

export class PageCache {
  private readonly entries: ByteLru<string, Entry>;
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    maxBytes = PAGE_CACHE_BYTES,
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
  ) {
    this.entries = new ByteLru(maxBytes);
  }

  get bytes(): number {
    return this.entries.bytes;
  }

  /** The page for this key if it was rendered under `version` within the time it is kept. */
  get(key: string, version: number, now: number): CachedPage | undefined {
    const entry = this.entries.peek(key);
    const fresh =
      entry && entry.version === version && now >= entry.storedAt && now - entry.storedAt < this.ttlMs;
    if (!fresh) {
      this.entries.delete(key);
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    return this.entries.get(key);
  }

  set(key: string, version: number, now: number, page: CachedPage): void {
    this.entries.set(key, { ...page, version, storedAt: now }, sizeOf(key, page));
  }
}

interface Drawn {
  html: string;
  storedAt: number;
}

/**
 * Signed-in members' markup kept by what went into it (decision 0068): the address, the account as the page may
 * show it (no name: src/domain/render-persona.ts) and every query's data, hashed. Two members whose pages would come
 * out the same share one render; anything that differs on the page (a heart, an unread count, a conversation, data
 * naming the member) is other inputs and so another entry. Kept PAGE_CACHE_TTL_MS at most, as visitors' pages are,
 * which bounds how old a page's relative dates may be.
 */
export class MemberRenders {
  private readonly entries: ByteLru<string, Drawn>;
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly now: () => number,
    maxBytes = PAGE_CACHE_BYTES,
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
  ) {
    this.entries = new ByteLru(maxBytes);
  }

  get bytes(): number {
    return this.entries.bytes;
  }

  private static keyOf(inputs: string): string {
    return createHash('sha256').update(inputs).digest('base64');
  }

  get(inputs: string): string | undefined {
    const key = MemberRenders.keyOf(inputs);
    const entry = this.entries.peek(key);
    const now = this.now();
    if (!entry || now < entry.storedAt || now - entry.storedAt >= this.ttlMs) {
      if (entry) this.entries.delete(key);
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    return this.entries.get(key)?.html;
  }

  set(inputs: string, html: string): void {
    const key = MemberRenders.keyOf(inputs);
    this.entries.set(key, { html, storedAt: this.now() }, 2 * (key.length + html.length) + 100);
  }
}

/** The two page caches of an app (plugins/site.ts makes them), for /metrics and the bench's report. */
export interface PageCaches {
  visitors: PageCache;
  members: MemberRenders;
}

const pageCachesByApp = new WeakMap<object, PageCaches>();

/** This app's page caches, made on first use (keyed by the app's context). */
export function pageCachesFor(ctx: { now(): Date }): PageCaches {
  let caches = pageCachesByApp.get(ctx);
  if (!caches) {
    caches = { visitors: new PageCache(), members: new MemberRenders(() => ctx.now().getTime()) };
    pageCachesByApp.set(ctx, caches);
  }
  return caches;
}
