// The embedded database in a data folder syncs each commit to the disk (PGLITE_FSYNC, on by default):
// PostgreSQL runs with fsync on, and its fsync() reaches the host file (PGlite's NODEFS has none of its own).
// A process killed mid-write keeps every commit it acknowledged; a failed fsync stops the process, and the
// next start recovers. Always PGlite, whatever TEST_DATABASE_URL says. See docs/decisions/0011.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';

const CLIENT = path.resolve('src/server/db/client.ts');
const dirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yp-durable-'));
  dirs.push(dir);
  return dir;
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function setting(database: Database, name: string): Promise<string> {
  return (await rows<Record<string, string>>(database, sql.raw(`show ${name}`)))[0][name];
}

/** A Node process running `body` (an async module body) with `openDatabase`, `sql` and `fs` in scope. */
function child(dataDir: string, body: string): ChildProcessByStdio<null, Readable, Readable> {
  const code = `
    const { openDatabase } = await import(${JSON.stringify(CLIENT)});
    const { sql } = await import('drizzle-orm');
    const fs = (await import('node:fs')).default;
    const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    ${body}
  `;
  return spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

afterEach(async () => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('PGlite durability', () => {
  it('takes its page cache size from the options, and refuses one PostgreSQL would not read', async () => {
    const database = await openDatabase({ dataDir: await tempDir(), sharedBuffers: '48MB' });
    try {
      expect(await setting(database, 'shared_buffers')).toBe('48MB');
    } finally {
      await database.close();
    }
    await expect(openDatabase({ dataDir: await tempDir(), sharedBuffers: '48 MB' })).rejects.toThrow(
      /shared_buffers must be a whole number/,
    );
  }, 120_000);

  it('commits reach the disk: fsync on, and each commit calls the host fsync', async () => {
    const database = await openDatabase({ dataDir: await tempDir() });
    try {
      expect(await setting(database, 'fsync')).toBe('on');
      expect(await setting(database, 'synchronous_commit')).toBe('on');
      // fdatasync() is a no-op stub in PGlite's WebAssembly build; fsync() is the one that reaches the host.
      expect(await setting(database, 'wal_sync_method')).toBe('fsync');
      // Decision 0040: a smaller page cache than PostgreSQL's 128MB, for the process's memory.
      expect(await setting(database, 'shared_buffers')).toBe('96MB');
      await database.db.execute(sql`create table durable_probe (id int primary key)`);

      const fsyncs = vi.spyOn(fs, 'fsyncSync');
      await database.db.execute(sql`insert into durable_probe values (1)`);
      await database.db.execute(sql`insert into durable_probe values (2)`);
      expect(fsyncs.mock.calls.length).toBeGreaterThanOrEqual(2);
      fsyncs.mockClear();
      await database.db.execute(sql`select count(*) from durable_probe`);
      expect(fsyncs).not.toHaveBeenCalled(); // reads do not pay for it
    } finally {
      await database.close();
    }
  }, 120_000);

  it('PGLITE_FSYNC=off (fsync: false) runs as PGlite does by default: nothing synced', async () => {
    const database = await openDatabase({ dataDir: await tempDir(), fsync: false });
    try {
      expect(await setting(database, 'fsync')).toBe('off');
      await database.db.execute(sql`create table durable_probe (id int primary key)`);
      const fsyncs = vi.spyOn(fs, 'fsyncSync');
      await database.db.execute(sql`insert into durable_probe values (1)`);
      expect(fsyncs).not.toHaveBeenCalled();
    } finally {
      await database.close();
    }
  });

  it('a process killed with SIGKILL while writing keeps every commit it acknowledged', async () => {
    const dataDir = await tempDir();
    // Rows one commit at a time, each id printed once its commit has returned.
    const writer = child(
      dataDir,
      `await database.db.execute(sql\`create table acked (id int primary key, note text not null)\`);
      for (let id = 1; ; id++) {
        await database.db.execute(sql\`insert into acked values (\${id}, \${'row ' + id})\`);
        process.stdout.write(id + '\\n');
      }`,
    );
    let out = '';
    let err = '';
    writer.stderr.on('data', (d) => {
      err += d.toString();
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      writer.on('exit', (_code, signal) => resolve(signal)),
    );
    const acked = await new Promise<number[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        writer.kill('SIGKILL');
        reject(new Error(`the writer did not commit 300 rows in time:\n${out.slice(-500)}\n${err}`));
      }, 60_000);
      writer.stdout.on('data', (d) => {
        out += d.toString();
        // A line without its newline was not fully acknowledged.
        const ids = out.split('\n').slice(0, -1).map(Number);
        if (ids.length >= 300) {
          writer.kill('SIGKILL'); // mid-write: the next insert is in flight
          clearTimeout(timer);
          resolve(ids);
        }
      });
      writer.on('exit', () => {
        clearTimeout(timer);
        reject(new Error(`the writer exited early:\n${out.slice(-500)}\n${err}`));
      });
    });
    expect(await exited).toBe('SIGKILL');

    const database = await openDatabase({ dataDir });
    try {
      const stored = new Set(
        (await rows<{ id: number }>(database, sql`select id from acked`)).map((r) => r.id),
      );
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('a failed fsync stops the process (PGlite would hang on the PANIC); the next start recovers', async () => {
    const dataDir = await tempDir();
    const writer = child(
      dataDir,
      `await database.db.execute(sql\`create table acked (id int primary key)\`);
      await database.db.execute(sql\`insert into acked values (1)\`);
      fs.fsyncSync = () => {
        throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
      };
      await database.db.execute(sql\`insert into acked values (2)\`);
      process.stdout.write('acknowledged without fsync\\n');`,
    );
    let out = '';
    writer.stdout.on('data', (d) => {
      out += d.toString();
    });
    writer.stderr.on('data', (d) => {
      out += d.toString();
    });
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => writer.kill('SIGKILL'), 60_000);
      writer.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(code, out).toBe(1);
    expect(out).toContain('PGlite: fsync failed, stopping');
    expect(out).not.toContain('acknowledged without fsync');

    const database = await openDatabase({ dataDir });
    try {
      const ids = (await rows<{ id: number }>(database, sql`select id from acked order by id`)).map(
        (r) => r.id,
      );
      expect(ids[0]).toBe(1); // row 2 was never acknowledged: there or not, both are right
    } finally {
      await database.close();
    }
  }, 90_000);
});
