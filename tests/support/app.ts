// A real app on a real, freshly migrated database per call: PGlite from the migrated snapshot by default,
// or, on the PostgreSQL server named by TEST_DATABASE_URL, a copy of the run's migrated template database (dropped
// again on close). Both are made once per run by tests/support/global-setup.ts.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { createThrowawayDatabase } from '../../scripts/throwaway-database';
import { buildApp } from '../../src/server/app';
import { type AppConfig, loadConfig } from '../../src/server/config';
import { type Database, type Db, openDatabase, pgliteDatabase } from '../../src/server/db/client';

const SNAPSHOT = path.resolve('.data-test/migrated.tar.gz');

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  /** Move the clock (expiry rules). */
  clock: { now: Date };
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = inject('templateDatabase');
    if (!template) throw new Error('TEST_DATABASE_URL was set after the run began: no template database');
    const created = await createThrowawayDatabase(url, 'yp_test', { template });
    const database = await openDatabase({ databaseUrl: created.url, poolSize: 4 });
    return {
      database,
      drop: async () => {
        await database.close();
        await created.drop();
      },
    };
  }
  const blob = new Blob([readFileSync(SNAPSHOT)]);
  const database = await pgliteDatabase(new PGlite({ loadDataDir: blob }));
  return { database, drop: () => database.close() };
}

/** `logStream`: the app logs (at LOG_LEVEL, default info here) to it instead of nowhere. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'yp-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    RATE_LIMIT_MAX: '1000',
    PUBLIC_URL: 'http://127.0.0.1:5000',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const clock = { now: new Date() };
  let frozen = false;
  const app = await buildApp(config, {
    database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    now: () => (frozen ? new Date(clock.now) : new Date()),
  });
  await app.ready();
  // Reading t.clock.now gives the app's now: the real time until a test sets it, then the frozen time.
  const proxy = new Proxy(clock, {
    get(target, key) {
      if (key === 'now' && !frozen) return new Date();
      return (target as Record<string | symbol, unknown>)[key];
    },
    set(target, key, value) {
      frozen = true;
      (target as Record<string | symbol, unknown>)[key] = value;
      return true;
    },
  });
  return {
    app,
    db: database.db,
    config,
    clock: proxy,
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'yp_session');
  if (!cookie) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `yp_session=${cookie.value}`;
}

/** Tables whose rows the migrations put there and the app needs: kept by resetDatabase. */
const MIGRATED_ROWS = new Set(['listing_version']);

/**
 * Empties every table of a test app's database (but the rows migrations made), for files whose tests each need an
 * empty database (a job that looks at every row there is) without a new database per test (issue 27). Raises the
 * listing version, as a write would, so no cached search page survives.
 */
export async function resetDatabase(t: TestApp): Promise<void> {
  const { rows } = (await t.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: Array<{ tablename: string }> };
  const tables = rows.map((r) => r.tablename).filter((name) => !MIGRATED_ROWS.has(name));
  await t.db.execute(
    sql.raw(`truncate ${tables.map((name) => `"${name}"`).join(', ')} restart identity cascade`),
  );
  await t.db.execute(sql`update listing_version set version = version + 1`);
}
