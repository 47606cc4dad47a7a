// `npm run bench`: seeds N listings (default 100,000) into a fresh database, starts the real server in its own
// process, and drives it over loopback with autocannon: a Zipf mix of 1,000 distinct searches (with "Load
// More" pages), the same searches made unique so nothing is cached, detail reads, visitors' and members' page
// loads and a mixed run of visitors and members with the cache misses of a real day (issue 33). Prints
// throughput and p50/p95/p99 per kind, and the search, the page loads and the mixed kind each as a share of the
// same server sending a precomputed reply of that kind's own mean size (its ceiling; the two take turns in 5
// rounds), the server's peak memory and the initial JavaScript of /properties. Speed is measured here, never
// asserted in tests.
//
//   npm run bench                                   PGlite in a temporary folder, 100,000 listings
//   DATABASE_URL=postgres://… npm run bench         a new database on that server (dropped afterwards)
//   npm run bench -- --listings 10000 --connections 32 --duration 10
//   npm run bench -- --rounds 1                     each kind, then its ceiling, in one stretch (not 5 turns)
//   npm run bench -- --scale 10000,1000000          uncached filtered search at each size, and the ratio
//   npm run bench -- --keep                         keeps the seeded database (its address is printed), and
//   npm run bench -- --reuse URL[,URL]              runs on databases kept before (one per size), migrated
//                                                   to the current schema but not seeded again
//   npm run bench -- --only ceiling,search          only these kinds (ceiling, search, uncached, detail,
//                                                   pages, members, mixed); with BENCH_CPU_PROF=dir, the
//                                                   server's CPU profile of each, saved and summarised
//   npm run bench -- --members 40                   members signed in for the members' and mixed kinds
//   npm run bench -- --no-warm-members              the pages are loaded before the run by a visitor only, not
//                                                   also by a member of each kind
//   npm run bench -- --help                         these options

import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/server/db/client';
import { propertyInteractions, sessions, users } from '../src/server/db/schema';
import { seedDemoData } from '../src/server/db/seed';
import { hmac, randomToken } from '../src/server/lib/crypto';
import {
  meanBytesOfMix,
  percentile,
  type SearchVocabulary,
  searchQueries,
  seededRandom,
  zipfSampler,
} from './bench/mix';
import { type CpuProfile, type Share, summariseProfile } from './bench/profile';
import { ensureBuilt } from './build.mjs';
import { startServerProcess } from './server-process';
import { createThrowawayDatabase } from './throwaway-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  allowNegative: true,
  options: {
    listings: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '10' },
    searches: { type: 'string', default: '1000' },
    scale: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    only: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    members: { type: 'string', default: '40' },
    'warm-members': { type: 'boolean', default: true },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  const usage = readFileSync(fileURLToPath(import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('//   '))
    .map((line) => line.slice(5));
  console.log(`npm run bench [-- options]\n\n${usage.join('\n')}`);
  process.exit(0);
}
const CONNECTIONS = positive(args.connections, 'connections');
const DURATION = positive(args.duration, 'duration');
const DISTINCT_SEARCHES = positive(args.searches, 'searches');
/** The ceiling and the search alternate this many times (each for DURATION / ROUNDS seconds); a CPU profile
 * (BENCH_CPU_PROF) takes one round, so each kind has one profile. */
const ROUNDS = process.env.BENCH_CPU_PROF ? 1 : positive(args.rounds, 'rounds');
const KINDS = ['ceiling', 'search', 'uncached', 'detail', 'pages', 'members', 'mixed'];
/** Signed-in members of the members' and mixed kinds: premium and free tenants, and landlords. */
const MEMBERS = positive(args.members, 'members');
/** Whether members load the pages before the run too (`--no-warm-members`: visitors only). */
const WARM_MEMBERS = args['warm-members'];
const ONLY = args.only?.split(',').map((name) => name.trim());
const UNKNOWN_KINDS = ONLY?.filter((key) => !KINDS.includes(key)) ?? [];
if (UNKNOWN_KINDS.length)
  throw new Error(`--only knows ${KINDS.join(', ')}; not ${UNKNOWN_KINDS.join(', ')}`);
/** Seeded with the demo generator; anything above is cloned in SQL (fast, and the same distribution). */
const GENERATED_LISTINGS = 10_000;
const SESSION_SECRET = process.env.BENCH_SESSION_SECRET ?? randomToken() + randomToken();

function positive(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
}

function log(message: string) {
  console.log(`[bench] ${message}`);
}

// ---------------------------------------------------------------------------------------------------------
// The database: fresh, migrated, seeded to N listings, with one premium user signed in.

interface Prepared {
  kind: 'pglite' | 'postgres';
  /** Server environment that points at the database. */
  env: Record<string, string>;
  cookie: string;
  /** The members' sessions (the members' and mixed kinds draw one per request). */
  members: string[];
  /** One member of each kind (premium tenant, free tenant, landlord) with nothing saved: they load the pages first. */
  regulars: string[];
  vocabulary: SearchVocabulary;
  detailIds: string[];
  /** Listings never opened before the run (the mixed kind's cache misses). */
  coldIds: string[];
  live: number;
  cleanup: () => Promise<void>;
}

async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Clones the generated live listings (and their first photos) until there are `target` live listings. */
async function cloneListings(database: Database, target: number) {
  const { db } = database;
  const count = async () =>
    Number(
      (
        await rowsOf<{ n: number }>(
          database,
          sql`select count(*)::int as n from properties where status = 'live'`,
        )
      )[0].n,
    );
  let live = await count();
  if (live >= target) return live;
  await db.execute(sql`create table bench_base as select id from properties where status = 'live'`);
  const base = live;
  const started = performance.now();
  while (live < target) {
    const chunk = Math.min(50_000, target - live);
    const reps = Math.ceil(chunk / base);
    // Each clone: a new id, a creation time within the last 120 days, the rent moved by up to ±£200.
    await db.execute(sql`
      with src as materialized (
        select p.*, gen_random_uuid() as new_id,
          now() - random() * interval '120 days' as new_created,
          greatest(20000, p.monthly_rent_pence + (floor(random() * 41) - 20)::int * 1000) as new_rent
        from bench_base b join properties p on p.id = b.id cross join generate_series(1, ${reps}) g
        limit ${chunk}
      ), inserted as (
        insert into properties (id, landlord_id, title, description, property_type, bedrooms, bathrooms,
          area_sqm, monthly_rent_pence, deposit_pence, holding_deposit_pence, address, public_street, postcode,
          outcode, location, lat, lng, available_from, available, amenities, epc_rating, council_tax_band, furnished,
          status, is_demo, published_at, created_at, updated_at)
        select new_id, landlord_id, title, description, property_type, bedrooms, bathrooms, area_sqm, new_rent,
          deposit_pence, holding_deposit_pence, address, public_street, postcode, outcode, location, lat, lng,
          available_from, available, amenities, epc_rating, council_tax_band, furnished, status, is_demo,
          new_created, new_created, new_created
        from src
      )
      insert into property_images (property_id, position, url, thumb_url, width, height, alt)
      select s.new_id, i.position, i.url, i.thumb_url, i.width, i.height, i.alt
      from src s join property_images i on i.property_id = s.id and i.position < 3`);
    live += chunk;
    log(
      `  ${live.toLocaleString('en-GB')} live listings (${Math.round((performance.now() - started) / 1000)} s)`,
    );
  }
  await db.execute(sql`drop table bench_base`);
  return count();
}

/** A user made afresh (one kept from an earlier run is replaced) and signed in: their session's cookie. */
async function benchUser(database: Database, values: typeof users.$inferInsert) {
  await database.db.delete(users).where(eq(users.email, values.email));
  const [user] = await database.db.insert(users).values(values).returning();
  const token = randomToken();
  await database.db.insert(sessions).values({
    id: hmac(SESSION_SECRET, token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { id: user.id, cookie: `yp_session=${token}` };
}

/**
 * MEMBERS signed-in members as a real day has them: half premium tenants, a quarter free tenants, a quarter
 * landlords (of no listing here). Each tenant saved 0-6 homes, popular ones more often, so some pages show a
 * member's hearts and most show none.
 */
async function benchMembers(database: Database, detailIds: string[]): Promise<string[]> {
  const random = seededRandom(33);
  const popular = zipfSampler(detailIds.length, 0.8, random);
  const cookies: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const kind = i % 4;
    const { id, cookie } = await benchUser(database, {
      email: `bench-member-${i}@bench.invalid`,
      firstName: `Member${i}`,
      lastName: 'Bench',
      userType: kind === 3 ? 'landlord' : 'tenant',
      isPremium: kind < 2,
    });
    cookies.push(cookie);
    if (kind === 3) continue;
    const saved = new Set(Array.from({ length: Math.floor(random() * 7) }, () => detailIds[popular()]));
    if (saved.size)
      await database.db
        .insert(propertyInteractions)
        .values([...saved].map((propertyId) => ({ userId: id, propertyId, type: 'save' as const })));
  }
  return cookies;
}

/** A database kept by an earlier `--keep` run, given by `--reuse` for the run's `index`th size. */
function reused(index: number): string | undefined {
  const kept = args.reuse?.split(',').map((u) => u.trim());
  if (!kept) return undefined;
  if (!kept[index]) throw new Error(`--reuse needs one database for each size (${index + 1} or more)`);
  return kept[index];
}

async function prepareDatabase(listings: number, index = 0): Promise<Prepared> {
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const kept = reused(index);
  if (kept?.startsWith('postgres')) {
    databaseUrl = kept;
    log(`PostgreSQL: reusing ${new URL(kept).pathname.slice(1)}`);
  } else if (kept) {
    dataDir = kept;
    log(`PGlite: reusing ${kept}`);
  } else if (adminUrl) {
    const created = await createThrowawayDatabase(adminUrl, 'yp_bench');
    databaseUrl = created.url;
    drop = created.drop;
    log(`PostgreSQL: fresh database ${new URL(databaseUrl).pathname.slice(1)}`);
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yp-bench-'));
    log(`PGlite: fresh database in ${dataDir}`);
  }
  const cleanup = async () => {
    if (kept) return;
    if (args.keep) {
      log(`kept the database: ${databaseUrl ?? dataDir}`);
      return;
    }
    if (drop) await drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const database = await openDatabase({ databaseUrl, dataDir: dataDir ?? '' });
  try {
    await database.migrate();
    let live: number;
    if (kept) {
      live = await cloneListings(database, 0);
    } else {
      const started = performance.now();
      await seedDemoData(database.db, { properties: Math.min(listings, GENERATED_LISTINGS) });
      log(`seeded the demo data in ${Math.round(performance.now() - started)} ms`);
      live = await cloneListings(database, listings);
    }
    await database.db.execute(sql`vacuum analyze properties`);
    await database.db.execute(sql`vacuum analyze property_images`);

    const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(database, query);
    // Sorted, so a run at any size draws the same searches from the same places.
    const outcodes = (
      await rows<{ v: string }>(sql`select distinct outcode as v from properties where status = 'live'`)
    )
      .map((r) => r.v)
      .sort();
    const towns = (
      await rows<{ v: string }>(
        sql`select distinct location as v from properties where status = 'live' and location is not null`,
      )
    )
      .map((r) => r.v)
      .sort();
    const areas = [...new Set(outcodes.map((o) => o.match(/^[A-Z]+/)?.[0] ?? o))];
    const detailIds = (
      await rows<{ id: string }>(
        sql`select id from properties where status = 'live' order by md5(id::text) limit 4000`,
      )
    ).map((r) => r.id);
    // The first 2,000 are opened before the run; the rest are the listings a day's mix opens cold.
    const coldIds = detailIds.splice(2000);

    const { cookie } = await benchUser(database, {
      email: 'bench@bench.invalid',
      firstName: 'Bench',
      lastName: 'Mark',
      userType: 'tenant',
      isPremium: true,
    });
    const members = await benchMembers(database, detailIds);
    log(`signed in ${members.length} members, with homes saved`);
    const regular = (kind: string, values: Partial<typeof users.$inferInsert>) =>
      benchUser(database, {
        email: `bench-${kind}@bench.invalid`,
        firstName: 'Regular',
        lastName: 'Bench',
        userType: 'tenant',
        isPremium: false,
        ...values,
      }).then((user) => user.cookie);
    const regulars = [cookie, await regular('free', {}), await regular('landlord', { userType: 'landlord' })];
    await database.checkpoint();
    return {
      kind: adminUrl ? 'postgres' : 'pglite',
      env: databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir!, DATABASE_URL: '' },
      cookie,
      members,
      regulars,
      vocabulary: { outcodes, areas, towns },
      detailIds,
      coldIds,
      live,
      cleanup,
    };
  } catch (err) {
    await database.close().catch(() => {});
    await cleanup();
    throw err;
  } finally {
    await database.close().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------------------
// The server: the real one, in its own process, so the load generator does not share its event loop.

interface Server {
  url: string;
  stop(): Promise<{ peakRssMb: number }>;
}

function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(status.match(/VmHWM:\s+(\d+)\s+kB/)?.[1] ?? Number.NaN);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

async function startServer(env: Record<string, string>): Promise<Server> {
  // BENCH_NODE_FLAGS="--max-semi-space-size=4 …": V8 flags for the server only (memory experiments).
  const flags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const server = await startServerProcess({
    env: { ...env, SESSION_SECRET, SEED_DEMO: 'false', DEMO_LOGIN: 'false', BENCH_ROUTES: '1' },
    nodeArgs: flags,
    stdout: 'inherit',
  });
  return {
    url: server.url,
    async stop() {
      const peak = peakRssMb(server.pid);
      await server.stop();
      return { peakRssMb: peak };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Load: autocannon with a path chosen per request; latency of every response kept for exact percentiles.

interface Phase {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  meanBytes: number;
  /** Throughput as a share of the same server's precomputed reply of this kind's mean size, when measured. */
  share?: number;
}

interface CacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  /** The page caches' misses by why (servers before these counters give none): kept but no longer valid, kept for
   * the address but not with the member's answers, drawn with data naming another member; and entries gone to make
   * room. */
  stale?: number;
  aged?: number;
  variants?: number;
  named?: number;
  evicted?: number;
}

/** What the page caches count beside hits and misses, reported as why pages were not found. */
const MISS_COUNTS = ['stale', 'aged', 'variants', 'named', 'evicted'] as const;
type MissCount = (typeof MISS_COUNTS)[number];
const MISS_WORDS: Record<MissCount, string> = {
  stale: 'kept but stale',
  aged: 'of those older than a page lives',
  variants: "kept, not with the member's answers",
  named: 'naming another member',
  evicted: 'pages evicted meanwhile',
};

interface ServerStats {
  searchCache: CacheStats;
  detailCache: CacheStats;
  /** Visitors' kept pages, members' kept pages (decision 0075) and members' kept renders (decision 0068); absent from
   * servers before them (a server before 0075 reports its members' renders as memberPages). */
  visitorPages?: CacheStats;
  memberPages?: CacheStats;
  memberRenders?: CacheStats;
  memory: NodeJS.MemoryUsage;
}

async function serverStats(url: string): Promise<ServerStats> {
  const res = await fetch(`${url}/api/bench/stats`);
  return (await res.json()) as ServerStats;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}`;

/** Where the server's memory is at the end of a kind: what V8's heap holds, what lives outside it, the caches. */
function memoryLine({
  memory,
  searchCache,
  detailCache,
  visitorPages,
  memberPages,
  memberRenders,
}: ServerStats) {
  const pages = [visitorPages, memberPages, memberRenders].reduce(
    (sum, cache) => sum + (cache?.bytes ?? 0),
    0,
  );
  return (
    `memory: rss ${mb(memory.rss)} MB = heap ${mb(memory.heapUsed)} used of ${mb(memory.heapTotal)}, ` +
    `external ${mb(memory.external)} (array buffers ${mb(memory.arrayBuffers)}), ` +
    `the rest code, stacks and native; search cache ${mb(searchCache.bytes)} MB, ` +
    `detail cache ${mb(detailCache.bytes)} MB, page caches ${mb(pages)} MB`
  );
}

const CACHES = {
  searchCache: 'search cache',
  detailCache: 'detail cache',
  visitorPages: "visitors' pages",
  memberPages: "members' pages",
  memberRenders: "members' renders",
} as const;
type CacheName = keyof typeof CACHES;

/** What a stretch of load gave: every response's latency, and each cache's hits and misses meanwhile. */
interface Sample {
  latencies: number[];
  failures: number;
  bytes: number;
  seconds: number;
  caches: Record<CacheName, { hits: number; misses: number } & Partial<Record<MissCount, number>>>;
  stats: ServerStats;
}

/** One request of a mix: its path, and the session it is sent with (none: a visitor). */
interface Req {
  path: string;
  cookie?: string;
}

/** Every request of a mix sent with the same session (or none). */
const sentAs = (cookie: string | undefined, nextPath: () => string) => (): Req => ({
  path: nextPath(),
  cookie,
});

async function sample(url: string, next: () => Req, seconds: number) {
  const before = await serverStats(url);
  const latencies: number[] = [];
  let failures = 0;
  let bytes = 0;
  // Without a callback autocannon returns its event emitter, which is also a promise of the result.
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const { path, cookie } = next();
          const { cookie: _previous, ...headers } = request.headers ?? {};
          return { ...request, path, headers: cookie ? { ...headers, cookie } : headers };
        },
      },
    ],
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
    latencies.push(responseTime);
    bytes += resBytes;
    if (statusCode < 200 || statusCode >= 300) failures += 1;
  });
  const result = await instance;
  const stats = await serverStats(url);
  return {
    latencies,
    failures: failures + result.errors + result.timeouts,
    bytes,
    seconds,
    caches: Object.fromEntries(
      (Object.keys(CACHES) as CacheName[]).map((name) => [
        name,
        {
          hits: (stats[name]?.hits ?? 0) - (before[name]?.hits ?? 0),
          misses: (stats[name]?.misses ?? 0) - (before[name]?.misses ?? 0),
          ...Object.fromEntries(
            MISS_COUNTS.filter((count) => stats[name]?.[count] !== undefined).map((count) => [
              count,
              (stats[name]?.[count] ?? 0) - (before[name]?.[count] ?? 0),
            ]),
          ),
        },
      ]),
    ) as Sample['caches'],
    stats,
  } satisfies Sample;
}

/** One kind's figures over all its samples, logged with the search cache's share and the server's memory. */
function phaseOf(name: string, samples: Sample[]): Phase {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const sum = (pick: (s: Sample) => number) => samples.reduce((total, s) => total + pick(s), 0);
  const phase = {
    name,
    requests: latencies.length,
    perSecond: latencies.length / sum((s) => s.seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures: sum((s) => s.failures),
    meanBytes: latencies.length ? sum((s) => s.bytes) / latencies.length : 0,
  };
  // Misses to the tenth of a percent, and counted: at thousands a second, 0.5% misses is a search a second
  // run against the database, which the rounded figure called 100%.
  const cached = (Object.keys(CACHES) as CacheName[]).flatMap((cache) => {
    const [hits, misses] = [sum((s) => s.caches[cache].hits), sum((s) => s.caches[cache].misses)];
    if (hits + misses <= 100) return [];
    const share = ((hits / (hits + misses)) * 100).toFixed(1);
    // Why the misses missed, where the cache counts it: the rest were not kept (never drawn, or evicted).
    const why = MISS_COUNTS.flatMap((count) => {
      if (samples.every((s) => s.caches[cache][count] === undefined)) return [];
      const n = sum((s) => s.caches[cache][count] ?? 0);
      return n ? [`${n.toLocaleString('en-GB')} ${MISS_WORDS[count]}`] : [];
    });
    const reasons = why.length ? ` [${why.join(', ')}]` : '';
    // Each round's share too: a share falling round by round is a cache losing its pages.
    const rounds =
      samples.length > 1
        ? ` (rounds ${samples
            .map(({ caches }) => {
              const { hits: h, misses: m } = caches[cache];
              return h + m ? ((h / (h + m)) * 100).toFixed(1) : '-';
            })
            .join(', ')}%)`
        : '';
    return [`${CACHES[cache]}: ${share}% hits${rounds}, ${misses.toLocaleString('en-GB')} misses${reasons}`];
  });
  const caches = cached.length ? ` (${cached.join('; ')})` : '';
  log(
    `${name}: ${Math.round(phase.perSecond)} req/s, p95 ${phase.p95.toFixed(1)} ms, p99 ${phase.p99.toFixed(1)} ms${caches}`,
  );
  log(`  ${memoryLine(samples[samples.length - 1].stats)}`);
  return phase;
}

async function profiler(url: string, action: 'start' | 'stop'): Promise<CpuProfile> {
  const res = await fetch(`${url}/api/bench/profile?action=${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`the profiler's ${action} answered ${res.status}`);
  return (await res.json()) as CpuProfile;
}

/** BENCH_CPU_PROF=dir: the kind's profile saved as dir/<kind>.cpuprofile, and its hot spots printed. */
async function saveProfile(dir: string, key: string, profile: CpuProfile) {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${key}.cpuprofile`);
  await writeFile(file, JSON.stringify(profile));
  const { functions, areas } = summariseProfile(profile);
  const lines = (shares: Share[]) => shares.map((s) => `    ${s.percent.toFixed(1).padStart(5)}%  ${s.name}`);
  log(`  CPU profile: ${file} (self time, busy samples only)`);
  for (const line of ['  by area:', ...lines(areas), '  by function:', ...lines(functions)]) log(line);
}

async function getJson(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  // fetch asks for gzip; autocannon does not, so the size that counts is the uncompressed body.
  const text = await res.text();
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

/** A page, as a visitor or with a member's cookie: it must be answered. */
async function getPage(url: string, cookie?: string) {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  await res.arrayBuffer();
}

/** Every search of the mix once (the first pages, then the "Load More" pages of the first 200), as traffic
 * before the run would: finds the page-2 cursors and each reply's size, and leaves the pages in the search
 * cache. */
async function surveySearches(url: string, cookie: string, queries: string[]) {
  const cursors: string[] = [];
  const sizes = new Map<string, number>();
  for (const [i, query] of queries.entries()) {
    const path = `/api/properties?${query}`;
    const { body, bytes } = await getJson(`${url}${path}`, cookie);
    sizes.set(path, bytes);
    if (i < 200 && body.nextCursor) cursors.push(`${query}${query ? '&' : ''}cursor=${body.nextCursor}`);
  }
  for (const cursor of cursors) {
    const path = `/api/properties?${cursor}`;
    sizes.set(path, (await getJson(`${url}${path}`, cookie)).bytes);
  }
  return { cursors, sizes };
}

function searchMix(queries: string[], cursors: string[], seed: number) {
  const random = seededRandom(seed);
  const rank = zipfSampler(queries.length, 1.0, random);
  const pageRank = zipfSampler(Math.max(1, cursors.length), 1.0, random);
  // One search in ten is "Load More Properties" on a popular search.
  return () =>
    random() < 0.1 && cursors.length
      ? `/api/properties?${cursors[pageRank()]}`
      : `/api/properties?${queries[rank()]}`;
}

/** The same searches, each made unique by a minimum rent under £200 (whole pence, so each request differs
 * after parsing; every listing costs more, so it filters nothing). */
function uncachedMix(queries: string[], seed: number) {
  const random = seededRandom(seed);
  const rank = zipfSampler(queries.length, 1.0, random);
  let n = 0;
  return () => {
    n += 1;
    const query = queries[rank()].replace(/(^|&)minRent=[^&]*/, '');
    const unique = `minRent=${((n % 19_999) + 1) / 100}`;
    return `/api/properties?${query}${query ? '&' : ''}${unique}`;
  };
}

function detailMix(ids: string[], seed: number) {
  const random = seededRandom(seed);
  const rank = zipfSampler(ids.length, 0.8, random);
  return () => `/api/properties/${ids[rank()]}`;
}

function pageMix(ids: string[], seed: number) {
  const random = seededRandom(seed);
  const rank = zipfSampler(ids.length, 0.8, random);
  const pages = ['/', '/properties', '/contractors', '/about'];
  return () => (random() < 0.5 ? `/properties/${ids[rank()]}` : pages[Math.floor(random() * pages.length)]);
}

/** A mix sent by members: each request as one of them, drawn at random. */
function asMembers(members: string[], nextPath: () => string, seed: number): () => Req {
  const random = seededRandom(seed);
  return () => ({ path: nextPath(), cookie: members[Math.floor(random() * members.length)] });
}

/**
 * A day's traffic (issue 33): 60% searches, 20% listings, 20% pages, 70% of requests from visitors and 30% from
 * members (any of them), with the misses a day has: one search in twenty never asked before, one listing in ten
 * not opened since the caches were filled, and a quarter of the page loads a results page for a search (whose
 * long tail no page cache holds).
 */
function realDayMix(
  prepared: Pick<Prepared, 'detailIds' | 'coldIds' | 'members'>,
  queries: string[],
  cursors: string[],
  seed: number,
): () => Req {
  const random = seededRandom(seed);
  const rank = zipfSampler(queries.length, 1.0, random);
  const nextPath = weighted(
    [
      [57, searchMix(queries, cursors, seed + 1)],
      [3, uncachedMix(queries, seed + 2)],
      [18, detailMix(prepared.detailIds, seed + 3)],
      // A small database has no listings left over to open cold: its misses are the others'.
      [
        prepared.coldIds.length ? 2 : 0,
        detailMix(prepared.coldIds.length ? prepared.coldIds : prepared.detailIds, seed + 4),
      ],
      [15, pageMix(prepared.detailIds, seed + 5)],
      [5, () => `/properties?${queries[rank()]}`],
    ],
    seed + 6,
  );
  const { members } = prepared;
  return () => ({
    path: nextPath(),
    cookie: random() < 0.3 ? members[Math.floor(random() * members.length)] : undefined,
  });
}

function weighted(choices: [number, () => string][], seed: number) {
  const random = seededRandom(seed);
  const total = choices.reduce((s, [w]) => s + w, 0);
  return () => {
    let r = random() * total;
    for (const [w, next] of choices) {
      r -= w;
      if (r <= 0) return next();
    }
    return choices[choices.length - 1][1]();
  };
}

// ---------------------------------------------------------------------------------------------------------
// Reports.

function table(phases: Phase[]) {
  const header = ['kind', 'req/s', 'of ceiling', 'p50 ms', 'p95 ms', 'p99 ms', 'failed', 'bytes'];
  const rows = phases.map((p) => [
    p.name,
    Math.round(p.perSecond).toLocaleString('en-GB'),
    p.share === undefined ? '' : `${p.share.toFixed(1)}%`,
    p.p50.toFixed(1),
    p.p95.toFixed(1),
    p.p99.toFixed(1),
    String(p.failures),
    Math.round(p.meanBytes).toLocaleString('en-GB'),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** The compiled server the bench starts, and the client bundle the page loads measure: rebuilt when stale. */
async function ensureServerAndClientBuilt() {
  if ((await ensureBuilt({ log })) !== 0) throw new Error('the build failed');
}

/** Gzipped size of the JavaScript /properties needs before it can show results (no map): the entry and the
 * page's chunk with every chunk they import statically, per Vite's manifest. */
function initialJavaScriptKb(): string {
  const manifestPath = path.join(root, 'dist/client/.vite/manifest.json');
  if (!existsSync(manifestPath)) return 'unknown (no Vite manifest)';
  const manifest: Record<string, { file: string; imports?: string[]; isEntry?: boolean }> = JSON.parse(
    readFileSync(manifestPath, 'utf8'),
  );
  const page = Object.keys(manifest).find((key) => key.endsWith('properties/pages/properties-page.tsx'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!page || !entry) return 'unknown (page not in the manifest)';
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entry);
  visit(page);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join(root, 'dist/client', file))).length;
  return `${(bytes / 1024).toFixed(1)} KB gzipped in ${files.size} files`;
}

// ---------------------------------------------------------------------------------------------------------

async function fullRun(listings: number) {
  await ensureServerAndClientBuilt();
  const prepared = await prepareDatabase(listings);
  const server = await startServer(prepared.env).catch(async (err) => {
    await prepared.cleanup();
    throw err;
  });
  let peak = Number.NaN;
  try {
    const { url } = server;
    const { cookie, detailIds } = prepared;
    const queries = searchQueries(prepared.vocabulary, DISTINCT_SEARCHES);
    log(`surveying ${queries.length} distinct searches…`);
    const survey = await surveySearches(url, cookie, queries);
    const selected = (key: string) => !ONLY || ONLY.includes(key);
    if (selected('detail') || selected('mixed')) {
      // Each listing of the detail mix opened once, as traffic before the run would (as the survey does for
      // searches): the kinds measure pages served from a warm cache, not its first fill.
      log(`opening the ${detailIds.length} listings of the detail mix once…`);
      for (const id of detailIds) await getJson(`${url}/api/properties/${id}`, cookie);
    }
    // The same seed as the run's search mix: the ceiling's reply is the size the search's replies average.
    const ceilingBytes = meanBytesOfMix(searchMix(queries, survey.cursors, 1), survey.sizes);

    const profiling = process.env.BENCH_CPU_PROF;
    const measure = async (key: string, next: () => Req, seconds: number) => {
      if (profiling) await profiler(url, 'start');
      const taken = await sample(url, next, seconds);
      if (profiling) await saveProfile(profiling, key, await profiler(url, 'stop'));
      return taken;
    };
    const phases: Phase[] = [];
    const run = async (key: string, name: string, next: () => Req) => {
      if (!selected(key)) return undefined;
      const phase = phaseOf(name, [await measure(key, next, DURATION)]);
      phases.push(phase);
      return phase;
    };
    const ceilingOf = (bytes: number) => () => ({ path: `/api/bench/ceiling?bytes=${bytes}` });
    const spreadOf = (shares: number[]) =>
      shares.length > 1
        ? `; ${shares.length} rounds, each from ${Math.min(...shares).toFixed(1)}% to ${Math.max(...shares).toFixed(1)}%`
        : '';
    const shareLines: string[] = [];
    /**
     * A kind and a ceiling of its own mean reply size (measured in its first round), taking turns ROUNDS times so
     * both meet the same noise (decision 0038); the kind's share of its ceiling is reported with it.
     */
    const runAgainstCeiling = async (key: string, name: string, next: () => Req) => {
      if (!selected(key)) return undefined;
      const kindSamples: Sample[] = [];
      const ceilingSamples: Sample[] = [];
      let bytes = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const seconds = DURATION / ROUNDS;
        kindSamples.push(await measure(key, next, seconds));
        if (!bytes) {
          const first = kindSamples[0];
          bytes = Math.max(2, Math.round(first.bytes / Math.max(1, first.latencies.length)));
        }
        ceilingSamples.push(await measure(`${key}-ceiling`, ceilingOf(bytes), seconds));
      }
      const ceilingPhase = phaseOf(`ceiling (${bytes.toLocaleString('en-GB')} B)`, ceilingSamples);
      const phase = phaseOf(name, kindSamples);
      phase.share = (phase.perSecond / ceilingPhase.perSecond) * 100;
      // A round whose ceiling answered nothing (the server still busy with the kind's last requests) has no share.
      const shares = kindSamples.flatMap((taken, round) => {
        const ceiling = ceilingSamples[round].latencies.length;
        return ceiling ? [(taken.latencies.length / ceiling) * 100] : [];
      });
      const unanswered = ROUNDS - shares.length;
      const note = unanswered ? ` (${unanswered} round's ceiling answered nothing: no share)` : '';
      shareLines.push(`${name} ÷ its ceiling: ${phase.share.toFixed(1)}%${spreadOf(shares)}${note}`);
      phases.push(ceilingPhase, phase);
      return phase;
    };

    // The ceiling and the search take turns, ROUNDS times each, so both meet the same moments of a shared
    // machine's noise: their ratio is what is compared, and one kind's lucky ten seconds would skew it.
    const paired = selected('ceiling') && selected('search');
    const rounds = paired ? ROUNDS : 1;
    const ceilingSamples: Sample[] = [];
    const searchSamples: Sample[] = [];
    const searchNext = sentAs(cookie, searchMix(queries, survey.cursors, 1));
    for (let round = 0; round < rounds; round++) {
      const seconds = DURATION / rounds;
      if (selected('ceiling'))
        ceilingSamples.push(await measure('ceiling', ceilingOf(ceilingBytes), seconds));
      if (selected('search')) searchSamples.push(await measure('search', searchNext, seconds));
    }
    const ceilingPhase = ceilingSamples.length
      ? phaseOf(`ceiling (${ceilingBytes.toLocaleString('en-GB')} B)`, ceilingSamples)
      : undefined;
    const search = searchSamples.length ? phaseOf('search, Zipf mix', searchSamples) : undefined;
    if (search && ceilingPhase) search.share = (search.perSecond / ceilingPhase.perSecond) * 100;
    for (const phase of [ceilingPhase, search]) if (phase) phases.push(phase);
    // Each round's search as a share of the same round's ceiling: only when both ran (`--only search,detail` has no
    // ceiling to divide by).
    const roundShares = paired
      ? searchSamples.map(
          (taken, round) => (taken.latencies.length / ceilingSamples[round].latencies.length) * 100,
        )
      : [];
    await run('uncached', 'search, uncached', sentAs(cookie, uncachedMix(queries, 2)));
    await run('detail', 'detail', sentAs(cookie, detailMix(detailIds, 3)));
    if (selected('pages') || selected('members') || selected('mixed')) {
      // Just before the page kinds, so the pages are as old at their start as a quick load makes them (a kept page
      // is served 5 minutes at most: PAGE_MAX_AGE_MS).
      // Each page of the page mix loaded once by a visitor and by a member of each kind, as traffic before the run
      // would (the survey does it for searches and the detail mix for listings): the kinds measure pages served while
      // their data is unchanged, not each page's first render (decision 0075). The mixed kind's results pages for its
      // searches are not: they stay its misses, with its cold listings.
      const pages = [
        '/',
        '/properties',
        '/contractors',
        '/about',
        ...detailIds.map((id) => `/properties/${id}`),
      ];
      const readers = [undefined, ...(WARM_MEMBERS ? prepared.regulars : [])];
      log(`loading the ${pages.length} pages of the page mix once, as ${readers.length} kinds of reader…`);
      const started = performance.now();
      for (const reader of readers)
        for (let i = 0; i < pages.length; i += 4)
          await Promise.all(pages.slice(i, i + 4).map((page) => getPage(`${url}${page}`, reader)));
      log(`  in ${Math.round((performance.now() - started) / 1000)} s`);
    }
    await runAgainstCeiling('pages', 'page loads, visitors', sentAs(undefined, pageMix(detailIds, 4)));
    await runAgainstCeiling(
      'members',
      'page loads, members',
      asMembers(prepared.members, pageMix(detailIds, 4), 9),
    );
    await runAgainstCeiling(
      'mixed',
      'mixed 60/20/20, 70/30 visitors/members, misses',
      realDayMix(prepared, queries, survey.cursors, 5),
    );
    // Let the last requests of the run finish before the server shuts down.
    await new Promise((r) => setTimeout(r, 1000));
    ({ peakRssMb: peak } = await server.stop());

    console.log(
      `\n${prepared.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${prepared.live.toLocaleString('en-GB')} live listings, ` +
        `${CONNECTIONS} connections, ${DURATION} s per kind, ${os.cpus().length} cores, Node ${process.version}\n`,
    );
    table(phases);
    if (search?.share !== undefined)
      console.log(`\nsearch ÷ ceiling: ${search.share.toFixed(1)}% (target ≥ 70%${spreadOf(roundShares)})`);
    for (const line of shareLines) console.log(`${line} (target ≥ 25%, p95 < 50 ms)`);
    if (search) {
      console.log(`search p95 at ${CONNECTIONS} connections: ${search.p95.toFixed(1)} ms (target < 25 ms)`);
    }
    console.log(`server peak memory (RSS high-water mark): ${peak} MB`);
    console.log(
      `initial JavaScript for /properties without the map: ${initialJavaScriptKb()} (target < 150 KB)`,
    );
  } finally {
    await server.stop().catch(() => {});
    await prepared.cleanup();
  }
}

async function scaleRun(sizes: number[]) {
  const results: { size: number; phase: Phase }[] = [];
  await ensureServerAndClientBuilt();
  for (const [index, size] of sizes.entries()) {
    const prepared = await prepareDatabase(size, index);
    try {
      const server = await startServer(prepared.env);
      try {
        const queries = searchQueries(prepared.vocabulary, DISTINCT_SEARCHES);
        const phase = phaseOf(`uncached search at ${prepared.live.toLocaleString('en-GB')}`, [
          await sample(server.url, sentAs(prepared.cookie, uncachedMix(queries, 2)), DURATION),
        ]);
        results.push({ size: prepared.live, phase });
        // Let the last requests of the run finish before the server shuts down.
        await new Promise((r) => setTimeout(r, 1000));
      } finally {
        await server.stop();
      }
    } finally {
      await prepared.cleanup();
    }
  }
  console.log(
    `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, uncached filtered search (Zipf mix of ${DISTINCT_SEARCHES} searches, ` +
      `each made unique), ${CONNECTIONS} connections, ${DURATION} s each\n`,
  );
  table(results.map((r) => r.phase));
  const [first, last] = [results[0], results[results.length - 1]];
  if (first && last && first !== last) {
    console.log(
      `\n${last.size.toLocaleString('en-GB')} vs ${first.size.toLocaleString('en-GB')}: ` +
        `p50 ${(last.phase.p50 / first.phase.p50).toFixed(2)}×, p95 ${(last.phase.p95 / first.phase.p95).toFixed(2)}×, ` +
        `throughput ${(first.phase.perSecond / last.phase.perSecond).toFixed(2)}× slower (target ≤ 1.5×)`,
    );
  }
}

async function main() {
  if (args.scale) await scaleRun(args.scale.split(',').map((s) => positive(s.trim(), 'scale')));
  else await fullRun(positive(args.listings, 'listings'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
