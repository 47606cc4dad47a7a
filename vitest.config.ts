import { defineConfig } from 'vitest/config';

// Which test files a run takes (issue 27). `npm test` takes them all, on PGlite, or on PostgreSQL with
// TEST_DATABASE_URL. CI's gate (.ci/run) runs TEST_SUITE=gate on PostgreSQL (every unit and API test once) and
// TEST_SUITE=engine on PGlite (what the engine changes); `bash .ci/run --full` runs everything on both.
const ALL = ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'src/**/*.test.ts'];

/** The tests whose answers depend on the database engine: plans, text search, locks, dumps. */
export const ENGINE_SENSITIVE = [
  'tests/api/properties-search.test.ts', // filters, sorts, radius and totals through the planner's indexes
  'tests/api/properties-search-cache.test.ts', // the listing-version triggers behind the cache
  'tests/api/properties-text-frequency.test.ts', // full-text search and word frequencies (text search config)
  'tests/api/search-index-privacy.test.ts', // what the full-text index holds; migration 0021's data step
  'tests/api/properties-detail.test.ts', // the detail query and its view counter
  'tests/api/saved-search-alerts.test.ts', // advisory locks: PGlite is one connection, PostgreSQL many
  'tests/api/contractors-directory.test.ts', // distance and text ranking
  'tests/api/sitemap.test.ts', // streamed cursors over every live row
  'tests/api/backup.test.ts', // pg_dump/pg_restore on PostgreSQL, PGlite's own dump otherwise
  'tests/api/admin-premium-sql.test.ts', // date arithmetic in SQL against the domain's rule
  'tests/api/contractors-claims.test.ts', // a check's expiry against a London day, reply delays in SQL
  'tests/api/properties-featured.test.ts', // the pin limit under an advisory lock; the pool's SQL date and photo counts
  'tests/api/applications.test.ts', // racing applications and decisions under row locks and a partial unique index
  'tests/api/tenancies.test.ts', // two acceptances racing for one home under row locks
  'tests/api/compliance.test.ts', // two reminder runs racing under an advisory lock and a unique claim key
  'tests/api/repairs.test.ts', // two reminder runs racing under an advisory lock and SKIP LOCKED claims
];

/** Long proofs of the process and the embedded database's durability: `--full` only. */
export const FULL_ONLY = [
  'tests/api/pglite-durability.test.ts',
  'tests/api/pglite-server-kill.test.ts',
  'tests/api/server-process.test.ts',
];

const suite = process.env.TEST_SUITE ?? 'all';
const SUITES: Record<string, { include: string[]; exclude: string[] }> = {
  all: { include: ALL, exclude: [] },
  gate: { include: ALL, exclude: FULL_ONLY },
  engine: { include: ENGINE_SENSITIVE, exclude: [] },
};
const chosen = SUITES[suite];
if (!chosen) throw new Error(`TEST_SUITE must be one of ${Object.keys(SUITES).join(', ')}, not "${suite}"`);

export default defineConfig({
  test: {
    include: chosen.include,
    exclude: ['**/node_modules/**', ...chosen.exclude],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/console-guard.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Files share a worker's modules (no fresh import of the app per file): the PostgreSQL suite went from 6 min 45 s
    // to 4 min 10 s on a busy 2-core machine, its CPU time from 145 s to 65 s. Nothing a test builds lives in a
    // module (each app has its own caches, metrics registry and database); TEST_ISOLATE=1 re-imports per file, as
    // `bash .ci/run --full` does, so an order-dependent test cannot hide there.
    isolate: process.env.TEST_ISOLATE === '1',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
