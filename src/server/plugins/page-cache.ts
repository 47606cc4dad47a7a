// Server-rendered pages kept in memory (issue 15, decisions 0024, 0068 and 0075).
//
// A visitor who is not signed in sees what every such visitor sees, so the whole reply is kept per address, compressed
// once (lib/kept-page.ts), for as long as what it shows is unchanged: the listing version it was drawn under (the
// counter every write to listings and photos raises: decision 0010), the London day (a listing "available from"
// today reads "Immediately"), the directory's version (every write to trades, their photos, reviews and checks), the
// next "live until" of a listing or trade, and at most PAGE_MAX_AGE_MS, which bounds how old anything without a
// version of its own can be (a landlord's reply time, the figures). Signed-in members' markup is kept by what went into it instead
// (MemberRenders, decision 0068).
import { createHash } from 'node:crypto';
import type { KeptPage } from '../lib/kept-page';
import { ByteLru, SegmentedByteLru } from '../lib/lru';

/** The longest a kept page is served: what has no version of its own (trades, reply times) is at most this old. */
export const PAGE_MAX_AGE_MS = 5 * 60_000;
/** What the kept visitors' pages may take in memory, compressed, all together. */
export const PAGE_CACHE_BYTES = 24 * 1024 * 1024;
/** Pages also kept inflated, for clients that do not accept gzip: the most recently used within this budget. */
export const PAGE_IDENTITY_BYTES = 8 * 1024 * 1024;
/** What members' kept pages may take, compressed (one per address and kind of account, decision 0075). */
export const MEMBER_PAGES_BYTES = 16 * 1024 * 1024;
/** What the members' kept renders may take (their markup, as JavaScript strings; decision 0068). */
export const MEMBER_RENDERS_BYTES = 8 * 1024 * 1024;

/** What a kept page was drawn under: it is served only while all of it still holds. */
export interface PageValidity {
  /** The listing and directory versions (features/sitemap/page-versions.ts). */
  version: string;
  /** The day in London (YYYY-MM-DD). */
  day: string;
  /** The next instant a live listing or trade stops being live (ms; Infinity when none will). */
  until: number;
}

/** Why an entry drawn under `kept` at `storedAt` is no longer valid under `now`'s validity, or null while it is. */
function staleness(
  kept: PageValidity & { storedAt: number },
  validity: PageValidity,
  now: number,
  maxAgeMs: number,
): 'changed' | 'aged' | null {
  if (kept.version !== validity.version || kept.day !== validity.day || now >= kept.until) return 'changed';
  if (now < kept.storedAt || now - kept.storedAt >= maxAgeMs) return 'aged';
  return null;
}

/** Whether an entry drawn under `kept` at `storedAt` is still valid under `now`'s validity. */
function holds(
  kept: PageValidity & { storedAt: number },
  validity: PageValidity,
  now: number,
  maxAgeMs: number,
) {
  return staleness(kept, validity, now, maxAgeMs) === null;
}

/** One in-process API call a member's page made, and what it answered (its digest), checked again before sending. */
export interface PageCheck {
  url: string;
  status: number;
  digest: string;
}

/** A page's reply as kept: its status and everything but the per-request tail, compressed. */
export interface KeptReply {
  status: number;
  page: KeptPage;
  /** A member's page: the account ids and emails its data named (a member it names is drawn a page of their own). */
  names?: Set<string>;
}

interface Entry extends KeptReply, PageValidity {
  storedAt: number;
}

export class PageCache {
  private readonly entries: SegmentedByteLru<string, Entry>;
  private readonly identities: ByteLru<KeptPage, Buffer>;
  /**
   * Hits and misses; of the misses, `stale` found the page kept but no longer valid, `aged` of those only because it
   * was older than the page's longest life (the rest were not kept).
   */
  readonly stats = { hits: 0, misses: 0, stale: 0, aged: 0 };

  constructor(
    maxBytes = PAGE_CACHE_BYTES,
    private readonly maxAgeMs = PAGE_MAX_AGE_MS,
    identityBytes = PAGE_IDENTITY_BYTES,
  ) {
    this.entries = new SegmentedByteLru(maxBytes);
    this.identities = new ByteLru(identityBytes);
  }

  /** The kept pages' memory: compressed, and the inflated copies. */
  get bytes(): number {
    return this.entries.bytes + this.identities.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The reply kept for this key if it was drawn under `validity` within the time a page is kept. */
  get(key: string, validity: PageValidity, now: number): KeptReply | undefined {
    const entry = this.entries.peek(key);
    const stale = entry && staleness(entry, validity, now, this.maxAgeMs);
    if (!entry || stale) {
      if (entry) {
        this.entries.delete(key);
        this.stats.stale += 1;
        if (stale === 'aged') this.stats.aged += 1;
      }
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    return this.entries.get(key);
  }

  /** How many kept pages have gone to make room for others. */
  get evictions(): number {
    return this.entries.evictions;
  }

  /** Every reply kept now, valid or not (tests look inside them). */
  *kept(): IterableIterator<KeptReply> {
    for (const key of [...this.entries.keys()]) {
      const entry = this.entries.peek(key);
      if (entry) yield entry;
    }
  }

  set(key: string, validity: PageValidity, now: number, reply: KeptReply): void {
    const entry: Entry = { ...reply, ...validity, storedAt: now };
    this.entries.set(key, entry, reply.page.bytes + 2 * key.length + 200);
  }

  /** The page's shared part inflated, for a client that does not accept gzip; the most used are kept so. */
  identity(page: KeptPage): Buffer {
    const kept = this.identities.get(page);
    if (kept) return kept;
    const bytes = page.inflate();
    this.identities.set(page, bytes, bytes.length + 100);
    return bytes;
  }
}

/** The most variants of one member's page kept (members with different hearts or unread counts on it). */
export const MEMBER_PAGE_VARIANTS = 8;

interface MemberEntry extends PageValidity {
  storedAt: number;
  /** The calls of the page whose answers are not the same for everyone, in order. */
  calls: string[];
  /** The page as drawn for each set of answers to those calls (their statuses and digests, joined). */
  variants: Map<string, KeptReply>;
}

function memberEntryBytes(key: string, entry: MemberEntry): number {
  let bytes = 2 * key.length + 200 + entry.calls.reduce((sum, call) => sum + 2 * call.length + 50, 0);
  for (const [answers, reply] of entry.variants)
    bytes += reply.page.bytes + 2 * answers.length + 120 * (reply.names?.size ?? 0) + 100;
  return bytes;
}

/**
 * Members' pages (decision 0075), kept per address and kind of account (the stand-in they are drawn for: decision 0068)
 * and, within that, per set of answers to the page's calls that are not the same for everyone (search, a listing, the
 * unread count): a member is sent a kept page only when their own answers to those calls are, byte for byte, the ones
 * it was drawn with. The markup is a function of the address, the stand-in and the data, so it is the page a render
 * for them would give. Valid as visitors' pages are (listing version, day, PAGE_MAX_AGE_MS).
 */
export class MemberPages {
  private readonly entries: SegmentedByteLru<string, MemberEntry>;
  /**
   * Hits and misses (counted by plugins/site.ts); of the misses, `stale` found the address and kind kept but no longer
   * valid (`aged`: only by age), `variants` found it valid but not drawn with this member's answers, `named` drawn
   * with data naming another member (the rest were not kept).
   */
  readonly stats = { hits: 0, misses: 0, stale: 0, aged: 0, variants: 0, named: 0 };

  constructor(
    maxBytes = MEMBER_PAGES_BYTES,
    private readonly maxAgeMs = PAGE_MAX_AGE_MS,
  ) {
    this.entries = new SegmentedByteLru(maxBytes);
  }

  get bytes(): number {
    return this.entries.bytes;
  }

  /** The calls a kept page of this key is checked by, while it is valid. */
  calls(key: string, validity: PageValidity, now: number): string[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const stale = staleness(entry, validity, now, this.maxAgeMs);
    if (!stale) return entry.calls;
    this.entries.delete(key);
    this.stats.stale += 1;
    if (stale === 'aged') this.stats.aged += 1;
    return undefined;
  }

  /** How many addresses and kinds have gone, with all their pages, to make room for others. */
  get evictions(): number {
    return this.entries.evictions;
  }

  /** The page drawn with these answers, if kept. */
  get(key: string, answers: string): KeptReply | undefined {
    return this.entries.peek(key)?.variants.get(answers);
  }

  /**
   * Keeps a page drawn with these answers to these calls; beside the others of its key when the calls are the same
   * (at most MEMBER_PAGE_VARIANTS, the oldest going first), in their place when not.
   */
  set(key: string, validity: PageValidity, now: number, calls: string[], answers: string, reply: KeptReply) {
    let entry = this.entries.peek(key);
    const same =
      entry &&
      holds(entry, validity, now, this.maxAgeMs) &&
      entry.calls.length === calls.length &&
      entry.calls.every((call, i) => call === calls[i]);
    if (!entry || !same) entry = { ...validity, storedAt: now, calls, variants: new Map() };
    entry.variants.delete(answers);
    entry.variants.set(answers, reply);
    while (entry.variants.size > MEMBER_PAGE_VARIANTS)
      entry.variants.delete(entry.variants.keys().next().value as string);
    this.entries.set(key, entry, memberEntryBytes(key, entry));
  }

  /** Every page kept now, valid or not (tests look inside them). */
  *kept(): IterableIterator<KeptReply> {
    for (const key of [...this.entries.keys()]) yield* this.entries.peek(key)?.variants.values() ?? [];
  }

  /** Every kept page's key and the calls it is checked by, valid or not (tests look inside them). */
  *checks(): IterableIterator<{ key: string; calls: string[] }> {
    for (const key of [...this.entries.keys()]) {
      const entry = this.entries.peek(key);
      if (entry) yield { key, calls: entry.calls };
    }
  }
}

interface Drawn {
  html: string;
  storedAt: number;
}

/**
 * Signed-in members' markup kept by what went into it (decision 0068): the address, the day, the account as the page
 * may show it (no name: src/domain/render-persona.ts) and every query's data, hashed. Two members whose pages would
 * come out the same share one render; anything that differs on the page (a heart, an unread count, a conversation,
 * data naming the member) is other inputs and so another entry. What the data says is in the key, so an entry is kept
 * as long as a visitor's page (PAGE_MAX_AGE_MS).
 */
export class MemberRenders {
  private readonly entries: ByteLru<string, Drawn>;
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly now: () => number,
    maxBytes = MEMBER_RENDERS_BYTES,
    private readonly maxAgeMs = PAGE_MAX_AGE_MS,
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
    if (!entry || now < entry.storedAt || now - entry.storedAt >= this.maxAgeMs) {
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

/** The page caches of an app (plugins/site.ts makes them), for /metrics and the bench's report. */
export interface PageCaches {
  visitors: PageCache;
  /** Members' pages kept per address, kind of account and answers (decision 0075). */
  memberPages: MemberPages;
  /** Members' markup by the exact inputs of its render (decision 0068): pages with their own marks on them. */
  members: MemberRenders;
}

const pageCachesByApp = new WeakMap<object, PageCaches>();

/** This app's page caches, made on first use (keyed by the app's context). */
export function pageCachesFor(ctx: { now(): Date }): PageCaches {
  let caches = pageCachesByApp.get(ctx);
  if (!caches) {
    caches = {
      visitors: new PageCache(),
      memberPages: new MemberPages(),
      members: new MemberRenders(() => ctx.now().getTime()),
    };
    pageCachesByApp.set(ctx, caches);
  }
  return caches;
}
