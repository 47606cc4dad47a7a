// How common the words of a free-text search are among listings, from the statistics PostgreSQL keeps for
// the search_vector column (pg_stats.most_common_elems, refreshed by ANALYZE and autovacuum).
//
// Why: the planner prices a GIN lookup far too low. For "balcony" among studios under £1,700 it lists every
// one of the 150,000 listings that mention a balcony (97 ms at 1,000,000 listings), where walking the
// studios and checking each for the word stops after about 7,000 rows. Words that together appear in at
// least one listing in ten are therefore checked row by row (queries.ts); rarer words still use the index.
import type { AppContext } from '../../context';
import { findLexemeShares, findLexemes } from './queries';

/** Together in at least this share of listings, the words are checked row by row rather than looked up. */
export const COMMON_TEXT_SHARE = 0.1;
/** pg_stats changes only when the table is analysed; reading it every few minutes is plenty. */
const STATS_TTL_MS = 5 * 60_000;
const MAX_QUERIES = 1000;

interface TextStats {
  readAt: number;
  /** Share of listings holding each common lexeme; a lexeme not here is rarer than all of these. */
  shares: Map<string, number>;
  /** The lexemes of each query text seen (to_tsvector's stemming, so "parking" is "park"). */
  lexemes: Map<string, string[]>;
}

const stats = new WeakMap<AppContext, TextStats>();

async function readShares(ctx: AppContext): Promise<Map<string, number>> {
  return new Map((await findLexemeShares(ctx.db)).map((row) => [row.lexeme, Number(row.share)]));
}

async function lexemesOf(ctx: AppContext, entry: TextStats, text: string): Promise<string[]> {
  const known = entry.lexemes.get(text);
  if (known) return known;
  const lexemes = await findLexemes(ctx.db, text);
  if (entry.lexemes.size >= MAX_QUERIES) entry.lexemes.clear();
  entry.lexemes.set(text, lexemes);
  return lexemes;
}

/**
 * The share of listings expected to hold all these lexemes (as if independent); 0 when any is rarer than
 * the statistics record, or there are none.
 */
export function combinedShare(lexemes: readonly string[], shares: ReadonlyMap<string, number>): number {
  if (lexemes.length === 0) return 0;
  return lexemes.reduce((product, lexeme) => product * (shares.get(lexeme) ?? 0), 1);
}

/** Whether the words of `text` are common enough to check row by row (see the top of this file). */
export async function isCommonText(ctx: AppContext, text: string): Promise<boolean> {
  const now = Date.now();
  let entry = stats.get(ctx);
  if (!entry || now - entry.readAt > STATS_TTL_MS) {
    entry = { readAt: now, shares: await readShares(ctx), lexemes: entry?.lexemes ?? new Map() };
    stats.set(ctx, entry);
  }
  if (entry.shares.size === 0) return false;
  return combinedShare(await lexemesOf(ctx, entry, text), entry.shares) >= COMMON_TEXT_SHARE;
}
