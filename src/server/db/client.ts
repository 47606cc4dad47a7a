// One Drizzle database over either driver: PGlite (embedded default) or node-postgres (DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectPath } from '../lib/paths';
import { fillPublicStreets } from './public-street';
import * as schema from './schema';
import { MEMORY_SETTING, PGLITE_SHARED_BUFFERS } from './settings';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: a read or write that may run inside a caller's transaction or on its own. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The SQL migrations, then the data steps they leave to the app (public-street.ts). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Flush PGlite's WAL after bulk loads; a no-op on PostgreSQL. */
  checkpoint(): Promise<void>;
  /** Connections for /metrics: open, idle, and queries waiting for one (PGlite: one connection, never waiting). */
  poolStats(): { size: number; idle: number; waiting: number; max: number };
}

export const MIGRATIONS_DIR = projectPath('drizzle');

/** The session-level advisory lock instances take while they migrate ("YPM" 1), so two starting together migrate once. */
export const MIGRATION_LOCK = 0x59_50_4d_01;

/**
 * Run the migrations holding MIGRATION_LOCK on a connection of its own: a second instance waits at the lock, then
 * finds every migration applied (drizzle's journal table) and applies none. A crash releases the lock with its
 * connection.
 */
async function migrateLocked(connectionString: string, run: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await run();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await lock.end();
  }
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite in memory (tests). */
  inMemory?: boolean;
  /**
   * PGlite in a data folder: make each commit reach the disk (fsync) before it returns. On unless false
   * (PGLITE_FSYNC=off). Off, a crash of this process still loses nothing; a crash of the machine can.
   */
  fsync?: boolean;
  poolSize?: number;
  /** PGlite in a data folder: PostgreSQL's shared_buffers (PGLITE_SHARED_BUFFERS; decision 0040). */
  sharedBuffers?: string;
  /** PGlite only: a new data folder starts from this dump (`dumpDataDir`), as a restore does. */
  loadDataDir?: Blob;
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
    // A client checked out of the pool (in a transaction, between two of its queries) has no error listener of
    // the pool's: when its backend is terminated or the server goes away, its 'error' event would end the
    // process. The query that uses it next fails instead (a 503), and the pool discards it on release.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    // Readiness checks use their own connection: behind a busy pool (every connection lent, requests queued)
    // /readyz would wait its turn and a balancer would take a loaded but healthy instance out.
    const health = new pg.Pool({ connectionString: options.databaseUrl, max: 1, idleTimeoutMillis: 0 });
    health.on('error', () => {});
    health.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () =>
        migrateLocked(options.databaseUrl as string, async () => {
          await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
          await fillPublicStreets(db);
        }),
      ping: async () => {
        await health.query('select 1');
      },
      close: async () => {
        await Promise.all([pool.end(), health.end()]);
      },
      checkpoint: async () => {},
      poolStats: () => ({
        size: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: options.poolSize ?? 10,
      }),
    };
  }
  let client: PGlite;
  if (options.inMemory) {
    client = new PGlite();
  } else {
    const dir = path.resolve(options.dataDir ?? './data', 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    const durable = options.fsync ?? true;
    const created = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    if (options.loadDataDir && !created)
      throw new Error(`${dir} already holds a database; a dump loads into a new one`);
    client = new PGlite({
      ...pgliteOptions(dir, durable, options.sharedBuffers ?? PGLITE_SHARED_BUFFERS),
      loadDataDir: options.loadDataDir,
    });
    await client.waitReady;
    // PGlite builds a new cluster in memory and unpacks it into the folder without syncing it; PostgreSQL's
    // initdb syncs the folder before the first start, and so do we (and the folder holding it).
    if (durable && created) {
      syncTree(dir);
      syncPath(path.dirname(dir));
    }
  }
  return pgliteDatabase(client);
}

// PGlite (0.5.16) runs PostgreSQL compiled to WebAssembly with fsync=off (`-F` in its start parameters),
// and removing the flag alone changes nothing on the disk: Emscripten's Node file system (NODEFS) has no
// fsync operation, so PostgreSQL's fsync() returns success without the host syncing anything, and its
// fdatasync() is a stub that never reaches the file system at all. So, in a data folder:
//  - start without `-F` and sync the WAL with fsync() (wal_sync_method=fsync, not the fdatasync default),
//  - give NODEFS the missing fsync operation: Node's fsyncSync on the host file. Its writes are already
//    plain writeSync calls, unbuffered, so the fsync covers everything PostgreSQL wrote before it.
// Then a commit returns after its WAL is on the disk, and a checkpoint after the data files are, as on
// PostgreSQL. docs/decisions/0011-embedded-database-durability.md has the measurements.
/** PGlite's start parameters for a data folder, with or without fsync. */
export function pgliteStartParams(durable: boolean): string[] {
  if (!durable) return [...PGlite.defaultStartParams];
  return [
    ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
  ];
}

function pgliteOptions(dir: string, durable: boolean, sharedBuffers: string): PGliteOptions {
  if (!MEMORY_SETTING.test(sharedBuffers))
    throw new Error(
      `shared_buffers must be a whole number of kB, MB or GB (like 96MB), not "${sharedBuffers}"`,
    );
  const filesystem = durable ? new SyncingNodeFS(dir) : new NodeFS(dir);
  return {
    dataDir: dir,
    fs: filesystem,
    startParams: [...pgliteStartParams(durable), '-c', `shared_buffers=${sharedBuffers}`],
  };
}

interface NodeFsStream {
  nfd?: number;
}
interface NodeFsModule {
  NODEFS?: { stream_ops?: { fsync?: (stream: NodeFsStream) => number } };
}

/** NodeFS whose fsync reaches the host file; installed before PostgreSQL starts, so recovery syncs too. */
class SyncingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [...(emscriptenOpts.preRun ?? []), (mod: unknown) => installFsync(mod as NodeFsModule)];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

function installFsync(mod: NodeFsModule): void {
  const ops = mod.NODEFS?.stream_ops;
  if (!ops) {
    throw new Error(
      'PGlite: no NODEFS stream operations to add fsync to (set PGLITE_FSYNC=off to run without)',
    );
  }
  if (ops.fsync) return; // a PGlite that syncs by itself
  ops.fsync = (stream) => {
    const fd = stream.nfd;
    if (fd === undefined) return 0;
    try {
      fs.fsyncSync(fd);
    } catch (err) {
      // PostgreSQL answers a failed fsync with PANIC and crash recovery from its WAL: the kernel may have
      // dropped the pages it could not write, so trying again proves nothing. PGlite cannot survive a PANIC
      // (it hangs), so stop the process here; the next start recovers, as after a crash.
      process.stderr.write(`PGlite: fsync failed, stopping (the next start recovers): ${String(err)}\n`);
      process.exit(1);
    }
    return 0;
  };
}

/** fsync every file and folder under dir (folders after their entries, so new names are durable too). */
function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else if (entry.isFile()) syncPath(full);
  }
  syncPath(dir);
}

function syncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
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
      await fillPublicStreets(db);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    poolStats: () => ({ size: 1, idle: 1, waiting: 0, max: 1 }),
    checkpoint: async () => {
      await client.exec('CHECKPOINT');
    },
  };
}
