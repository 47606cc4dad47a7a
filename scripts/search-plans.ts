// `npx tsx scripts/search-plans.ts URL`: the bench's 1,000 distinct searches (scripts/bench/mix.ts), each made
// unique as the uncached kind makes them, run one at a time against a kept database (`npm run bench -- --keep`)
// through the search itself (service.ts runSearch's queries), to find which shapes cost the most. Prints each
// query's time weighted by how often the Zipf mix asks for it, the slowest shapes, and with `--explain N` the
// EXPLAIN (ANALYZE, BUFFERS) of the N slowest. A tool for reading plans, never run by the tests.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ZPropertySearchQuery } from '../src/domain/properties';
import type { AppContext } from '../src/server/context';
import { openDatabase } from '../src/server/db/client';
import { countProperties, searchStatements } from '../src/server/features/properties/queries';
import { searchFiltersFor } from '../src/server/features/properties/service';
import { isCommonText } from '../src/server/features/properties/text-frequency';
import { searchQueries } from './bench/mix';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    explain: { type: 'string', default: '0' },
    repeat: { type: 'string', default: '3' },
    searches: { type: 'string', default: '1000' },
    /** Only these query strings (repeatable), each explained. */
    query: { type: 'string', multiple: true },
  },
});
const url = positionals[0] ?? process.env.DATABASE_URL;
if (!url) throw new Error('usage: tsx scripts/search-plans.ts postgres://…/kept_database [--explain N]');

const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
const { db } = database;
const ctx = { db, now: () => new Date() } as unknown as AppContext;
type Rows<T> = { rows: T[] };
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;
const distinct = async (column: string) =>
  (
    await rows<{ v: string }>(
      sql.raw(
        `select distinct ${column} as v from properties where status = 'live' and ${column} is not null`,
      ),
    )
  )
    .map((r) => r.v)
    .sort();
const outcodes = await distinct('outcode');
const towns = await distinct('location');
const areas = [...new Set(outcodes.map((o) => o.match(/^[A-Z]+/)?.[0] ?? o))];
const queries = args.query ?? searchQueries({ outcodes, areas, towns }, Number(args.searches));

// The Zipf weight of each rank (s = 1, as the bench's uncached mix draws them).
const harmonic = queries.reduce((sum, _q, k) => sum + 1 / (k + 1), 0);
const weightOf = (rank: number) => 1 / (rank + 1) / harmonic;

interface Timed {
  rank: number;
  query: string;
  total: number;
  countMs: number;
  pageMs: number;
  countSql: { sql: string; params: unknown[] };
  pageSql: { sql: string; params: unknown[] };
}

const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query('set jit = off');

/** The server's own time for a statement (planning and execution, without per-node timing), the best of `repeat`. */
async function serverMs(q: { sql: string; params: unknown[] }): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < Number(args.repeat); i++) {
    const { rows: out } = await client.query(`explain (analyze, timing off, format json) ${q.sql}`, q.params);
    const [plan] = out[0]['QUERY PLAN'] as Array<{ 'Planning Time': number; 'Execution Time': number }>;
    best = Math.min(best, plan['Planning Time'] + plan['Execution Time']);
  }
  return best;
}

const results: Timed[] = [];
for (const [rank, raw] of queries.entries()) {
  const base = raw.replace(/(^|&)minRent=[^&]*/, '');
  const query = args.query ? raw : `${base}${base ? '&' : ''}minRent=${((rank % 19_999) + 1) / 100}`;
  const parsed = ZPropertySearchQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  const filters = searchFiltersFor(parsed, new Date());
  if (filters.text) filters.text.common = await isCommonText(ctx, filters.text.query);
  const total = await countProperties(db, filters);
  const { count: countSql, page: pageSql } = searchStatements(db, {
    filters,
    sort: parsed.sort,
    after: null,
    limit: parsed.limit + 1,
    viewerId: null,
    few: total <= 1000,
  });
  results.push({
    rank,
    query,
    total,
    countMs: await serverMs(countSql),
    pageMs: await serverMs(pageSql),
    countSql,
    pageSql,
  });
}

const weighted = (pick: (r: Timed) => number) => results.reduce((s, r) => s + weightOf(r.rank) * pick(r), 0);
console.log(
  `${results.length} searches; weighted mean per request: count ${weighted((r) => r.countMs).toFixed(2)} ms, ` +
    `page ${weighted((r) => r.pageMs).toFixed(2)} ms; unweighted mean count ` +
    `${(results.reduce((s, r) => s + r.countMs, 0) / results.length).toFixed(2)} ms, page ` +
    `${(results.reduce((s, r) => s + r.pageMs, 0) / results.length).toFixed(2)} ms`,
);
const share = (r: Timed) => weightOf(r.rank) * (r.countMs + r.pageMs);
const byShare = [...results].sort((a, b) => share(b) - share(a));
const all = weighted((r) => r.countMs + r.pageMs);
console.log('\nlargest shares of the weighted time (rank, share, count ms, page ms, total, query):');
for (const r of byShare.slice(0, 30))
  console.log(
    `${String(r.rank).padStart(4)} ${((share(r) / all) * 100).toFixed(1).padStart(5)}% ` +
      `${r.countMs.toFixed(2).padStart(7)} ${r.pageMs.toFixed(2).padStart(7)} ${String(r.total).padStart(5)}  ${r.query}`,
  );
const slowest = [...results].sort((a, b) => b.countMs + b.pageMs - (a.countMs + a.pageMs));
console.log('\nslowest (rank, count ms, page ms, total, query):');
for (const r of slowest.slice(0, 30))
  console.log(
    `${String(r.rank).padStart(4)} ${r.countMs.toFixed(2).padStart(7)} ${r.pageMs.toFixed(2).padStart(7)} ${String(r.total).padStart(5)}  ${r.query}`,
  );

// Buckets: which shapes the time goes to.
const shapeOf = (q: string) => {
  const p = new URLSearchParams(q);
  return [
    p.has('location')
      ? 'town'
      : p.has('postcode')
        ? /\d/.test(p.get('postcode') ?? '')
          ? 'district'
          : 'area'
        : 'no place',
    p.has('radius') ? 'radius' : '',
    p.has('q') ? 'words' : '',
    p.get('sort') ?? 'newest',
  ]
    .filter(Boolean)
    .join(' ');
};
const buckets = new Map<string, { n: number; weight: number; time: number }>();
for (const r of results) {
  const key = `${shapeOf(r.query)}${r.total > 1000 ? ' many' : ' few'}`;
  const b = buckets.get(key) ?? { n: 0, weight: 0, time: 0 };
  b.n += 1;
  b.weight += weightOf(r.rank);
  b.time += share(r);
  buckets.set(key, b);
}
console.log('\nshapes (n, share of requests, share of time, mean ms):');
for (const [key, b] of [...buckets].sort((a, b) => b[1].time - a[1].time))
  console.log(
    `${key.padEnd(34)} ${String(b.n).padStart(4)} ${(b.weight * 100).toFixed(1).padStart(5)}% ${((b.time / all) * 100).toFixed(1).padStart(5)}% ${(b.time / b.weight).toFixed(2).padStart(7)}`,
  );

const explain = args.query ? args.query.length : Number(args.explain);
for (const r of slowest.slice(0, explain)) {
  for (const [name, q] of [
    ['count', r.countSql],
    ['page', r.pageSql],
  ] as const) {
    const plan = await client.query(`explain (analyze, buffers) ${q.sql}`, q.params);
    console.log(
      `\n=== ${name} of #${r.rank} ${r.query}\n${plan.rows.map((l: Record<string, string>) => l['QUERY PLAN']).join('\n')}`,
    );
  }
}
await client.end();
await database.close();
