// One Drizzle database over either driver: PGlite (embedded default) or node-postgres (DATABASE_URL).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Flush PGlite's WAL after bulk loads; a no-op on PostgreSQL. */
  checkpoint(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite in memory (tests). */
  inMemory?: boolean;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Our queries are short lookups: compiling one with JIT (PostgreSQL does when a plan's estimated cost
      // passes jit_above_cost, as big tables make it) costs tens of milliseconds and saves none.
      options: '-c jit=off',
    });
    pool.on('error', () => {
      // idle client errors (server restart) are reported by the next query; keep the process alive
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await pool.end();
      },
      checkpoint: async () => {},
    };
  }
  let client: PGlite;
  if (options.inMemory) {
    client = new PGlite();
  } else {
    const dir = path.resolve(options.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  return pgliteDatabase(client);
}

/** A Database over an open PGlite (a data folder, memory, or a loaded snapshot in tests). */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  await client.waitReady;
  // As on PostgreSQL (above); PGlite is built without a JIT provider, so this only keeps the two alike.
  await client.exec('set jit = off');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    checkpoint: async () => {
      await client.exec('CHECKPOINT');
    },
  };
}
