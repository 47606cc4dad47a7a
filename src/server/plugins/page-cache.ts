// Server-rendered pages kept for visitors who are not signed in (issue 15): every such visitor of /properties?…
// gets the same HTML, so it is rendered once and served from memory while it is fresh. A page is kept with the
// listing version it was rendered under (the counter every write to listings and photos raises: decision 0010)
// and for at most PAGE_CACHE_TTL_MS, which bounds how old anything else on it (trades, figures) can be.
// Signed-in members' pages show who they are and what they saved, and are always rendered for them.
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
