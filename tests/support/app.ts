// A real app on a real, freshly migrated database per call: PGlite from the migrated snapshot by default,
// or a new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
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
    const created = await createThrowawayDatabase(url, 'yp_test');
    const database = await openDatabase({ databaseUrl: created.url, poolSize: 4 });
    await database.migrate();
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
