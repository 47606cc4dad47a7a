// npm run backup / npm run restore (issue 16 item 5): back up a site with accounts, a listing with its photos and
// their files, wipe it all, restore, and find the same rows and the same files. On the embedded database, and on
// PostgreSQL when TEST_DATABASE_URL is set (pg_dump / pg_restore).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { properties, propertyImages, users } from '../../src/server/db/schema';
import { createLocalStorage } from '../../src/server/media/storage';
import { mediaRef } from '../../src/server/media/urls';
import { type BackupTarget, createBackup, restoreBackup } from '../../src/server/ops/backup';
import { countInExportedSnapshot } from '../../src/server/ops/backup-queries';
import { createListing } from '../factories/listings';
import { createUser } from '../factories/users';
import type { TestApp } from '../support/app';

const adminUrl = process.env.TEST_DATABASE_URL;
const PHOTO = Buffer.from('not really a webp, but bytes that must come back exactly');

async function snapshot(target: BackupTarget) {
  const database = await openDatabase({ ...target, poolSize: 1 });
  try {
    const db = database.db;
    return {
      users: await db
        .select({ id: users.id, email: users.email, hash: users.passwordHash })
        .from(users)
        .orderBy(asc(users.id)),
      listings: await db
        .select({ id: properties.id, title: properties.title })
        .from(properties)
        .orderBy(asc(properties.id)),
      photos: await db
        .select({ id: propertyImages.id, url: propertyImages.url })
        .from(propertyImages)
        .orderBy(asc(propertyImages.id)),
    };
  } finally {
    await database.close();
  }
}

describe(`backup and restore (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  let dataDir: string;
  let target: BackupTarget;
  let dbName: string | undefined;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yp-backup-site-'));
    target = { dataDir };
    if (adminUrl) {
      dbName = `yp_backup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      await admin(`CREATE DATABASE ${dbName}`);
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      target.databaseUrl = url.toString();
    }
    // A site with data: two accounts, a listing with two photos whose files are in DATA_DIR/media.
    const database = await openDatabase({ ...target, poolSize: 2 });
    try {
      await database.migrate();
      const t = {
        db: database.db,
        clock: { now: new Date() },
        config: loadConfig({ DATA_DIR: dataDir }),
      } as unknown as TestApp;
      const landlord = await createUser(t, { userType: 'landlord' });
      await createUser(t, { userType: 'tenant' });
      const storage = createLocalStorage(dataDir);
      const urls = [];
      for (const n of [0, 1]) {
        const key = `listings/${landlord.id}/photo-${n}.webp`;
        await storage.put(key, PHOTO, 'image/webp');
        urls.push(mediaRef(key));
      }
      await createListing(t, { landlordId: landlord.id, images: urls });
    } finally {
      await database.close();
    }
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('backs up, wipes, restores and finds the same accounts, listings and photos', async () => {
    const before = await snapshot(target);
    expect(before.users).toHaveLength(2);
    expect(before.photos).toHaveLength(2);

    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`);
    const manifest = await createBackup(target, file);
    expect(manifest).toMatchObject({ database: adminUrl ? 'postgres' : 'pglite', mediaFiles: 2 });
    expect(manifest.counts).toMatchObject({ users: 2, properties: 1, propertyImages: 2 });

    // Wipe: the database and the media are gone.
    if (target.databaseUrl) {
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      await client.query(
        'drop schema public cascade; create schema public; drop schema if exists drizzle cascade',
      );
      await client.end();
    } else {
      await rm(path.join(dataDir, 'pglite'), { recursive: true });
    }
    await rm(path.join(dataDir, 'media'), { recursive: true });

    await restoreBackup(target, file);
    expect(await snapshot(target)).toEqual(before);
    for (const photo of before.photos) {
      const key = photo.url.replace(/^\/media\//, '');
      expect(await readFile(path.join(dataDir, 'media', key))).toEqual(PHOTO);
    }
    await rm(file, { force: true });
  });

  it('keeps what a restore replaces, and refuses a file that is not a backup', async () => {
    const file = path.join(os.tmpdir(), `yp-backup-${process.pid}-again.tar.gz`);
    await createBackup(target, file);
    await restoreBackup(target, file);
    expect((await readdir(dataDir)).some((name) => name.startsWith('media.replaced-'))).toBe(true);
    await rm(file, { force: true });
    await expect(restoreBackup(target, path.join(dataDir, 'no-such-backup.tar.gz'))).rejects.toThrow(
      /no backup file/,
    );
  });

  // PostgreSQL stays in use during a backup: the counts must be those of the snapshot pg_dump reads.
  if (adminUrl)
    it('counts the rows of the snapshot the dump reads, not writes made meanwhile', async () => {
      const database = await openDatabase({ ...target, poolSize: 2 });
      try {
        let inSnapshot = -1;
        const counts = await countInExportedSnapshot(database.db, async (snapshot) => {
          const t = {
            db: database.db,
            clock: { now: new Date() },
            config: loadConfig({ DATA_DIR: dataDir }),
          };
          await createUser(t as unknown as TestApp, { userType: 'tenant' }); // committed outside the snapshot
          const reader = new pg.Client({ connectionString: target.databaseUrl });
          await reader.connect();
          try {
            await reader.query('begin isolation level repeatable read read only');
            await reader.query(`set transaction snapshot '${snapshot}'`);
            inSnapshot = (await reader.query('select count(*)::int as n from users')).rows[0].n;
            await reader.query('commit');
          } finally {
            await reader.end();
          }
        });
        expect(inSnapshot).toBe(counts.users);
        expect((await snapshot(target)).users).toHaveLength(counts.users + 1);
      } finally {
        await database.close();
      }
    });

  it('runs as npm run backup and npm run restore, compiled', async () => {
    const file = path.join(os.tmpdir(), `yp-backup-${process.pid}-cli.tar.gz`);
    const run = (script: string, args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: target.databaseUrl ?? '', VITEST: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (out += d.toString()));
        child.once('exit', (code) => resolve({ code, out }));
      });
    const backup = await run('backup', [file]);
    expect(backup.out).toContain('Backed up');
    expect(backup.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    const restore = await run('restore', [file]);
    expect(restore.out).toContain('Restored');
    expect(restore.code).toBe(0);
    expect((await run('restore', [])).code).toBe(2);
    await rm(file, { force: true });
  }, 120_000);
});
