// `npm run bench`: property search and detail latency through the real app (app.inject), on the demo data.
// Uses an embedded PGlite in a temporary directory, or DATABASE_URL when set (migrated, seeded when empty).
//   npm run bench -- --iterations 100 --properties 10000
// Prints p50 / p95 / mean per case. Speed is measured here, never asserted in tests.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TPropertyPage } from '../src/domain/properties';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { properties, sessions, users } from '../src/server/db/schema';
import { isDatabaseEmpty, seedDemoData } from '../src/server/db/seed';
import { hmac, randomToken } from '../src/server/lib/crypto';

const { values: args } = parseArgs({
  options: {
    iterations: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    properties: { type: 'string', default: '10000' },
  },
});
const ITERATIONS = Math.max(1, Number(args.iterations));
const WARMUP = Math.max(0, Number(args.warmup));

interface Case {
  name: string;
  url: string;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

async function inject(app: FastifyInstance, url: string, cookie: string) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return res;
}

async function main() {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'yp-bench-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: tempDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  console.log(`Database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${tempDir}`}`);
  const database = await openDatabase({ databaseUrl, dataDir: tempDir });
  let app: FastifyInstance | undefined;
  let benchUserId: string | undefined;
  try {
    await database.migrate();
    if (await isDatabaseEmpty(database.db)) {
      const started = performance.now();
      const summary = await seedDemoData(database.db, { properties: Number(args.properties) });
      await database.checkpoint();
      console.log(`Seeded ${summary.properties} listings in ${Math.round(performance.now() - started)} ms`);
    }
    const [{ live }] = await database.db
      .select({ live: sql<number>`count(*)::int` })
      .from(properties)
      .where(eq(properties.status, 'live'));
    console.log(`Live listings: ${live}`);

    app = await buildApp(config, { database, logger: false });
    await app.ready();

    // A premium user with a session made in code, as tests/factories/users.ts signIn does.
    const [user] = await database.db
      .insert(users)
      .values({
        email: `bench-${Date.now()}@bench.invalid`,
        firstName: 'Bench',
        lastName: 'Mark',
        userType: 'tenant',
        isPremium: true,
      })
      .returning();
    benchUserId = user.id;
    const token = randomToken();
    await database.db.insert(sessions).values({
      id: hmac(config.sessionSecret, token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const cookie = `yp_session=${token}`;

    // Page 3 of the rent sort: follow the cursors once, then time that request alone.
    let cursor: string | null = null;
    for (let page = 1; page < 3; page++) {
      const res = await inject(
        app,
        `/api/properties?sort=rent_asc${cursor ? `&cursor=${cursor}` : ''}`,
        cookie,
      );
      cursor = (res.json() as TPropertyPage).nextCursor;
    }
    const [detail] = await database.db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.status, 'live'), eq(properties.outcode, 'LS6')))
      .limit(1);
    const anyLive = detail ?? (await database.db.select({ id: properties.id }).from(properties).limit(1))[0];

    const cases: Case[] = [
      { name: 'newest, unfiltered', url: '/api/properties' },
      { name: 'district LS6', url: '/api/properties?postcode=LS6' },
      { name: 'full postcode + 2 beds', url: '/api/properties?postcode=LS6%203QW&bedrooms=2' },
      { name: 'area M, £800-1500', url: '/api/properties?postcode=M&minRent=800&maxRent=1500' },
      { name: 'town london, house', url: '/api/properties?location=london&type=house' },
      { name: 'free text "garden"', url: '/api/properties?q=garden' },
      { name: 'free text, 2 words', url: '/api/properties?q=balcony%20gym' },
      { name: 'radius 5 mi of LS1', url: '/api/properties?postcode=LS1&radius=5' },
      {
        name: 'map bounds London',
        url: '/api/properties?north=51.55&south=51.45&east=0&west=-0.2&limit=100',
      },
      { name: 'rent asc, page 3', url: `/api/properties?sort=rent_asc&cursor=${cursor}` },
      { name: 'detail', url: `/api/properties/${anyLive.id}` },
    ];

    const rows: string[][] = [];
    for (const c of cases) {
      for (let i = 0; i < WARMUP; i++) await inject(app, c.url, cookie);
      const times: number[] = [];
      let found = '';
      for (let i = 0; i < ITERATIONS; i++) {
        const started = performance.now();
        const res = await inject(app, c.url, cookie);
        times.push(performance.now() - started);
        if (i === 0) {
          const body = res.json() as Partial<TPropertyPage>;
          found = body.total !== undefined ? `${body.properties?.length}/${body.total}` : '1';
        }
      }
      times.sort((a, b) => a - b);
      const mean = times.reduce((s, x) => s + x, 0) / times.length;
      rows.push([
        c.name,
        found,
        percentile(times, 50).toFixed(1),
        percentile(times, 95).toFixed(1),
        mean.toFixed(1),
      ]);
    }

    const header = ['case', 'rows/total', 'p50 ms', 'p95 ms', 'mean ms'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    console.log(`\n${ITERATIONS} iterations per case after ${WARMUP} warm-up requests\n`);
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of rows) console.log(line(row));
  } finally {
    if (benchUserId) await database.db.delete(users).where(eq(users.id, benchUserId));
    if (app) await app.close();
    await database.close();
    await rm(tempDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
