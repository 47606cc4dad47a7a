// npm run backup / npm run restore (issue 16 item 5): back up a site with accounts, a listing with its photos and
// their files, wipe it all, restore, and find the same rows and the same files. On the embedded database, and on
// PostgreSQL when TEST_DATABASE_URL is set (pg_dump / pg_restore). The photos here are in DATA_DIR/media (the local
// store); backup-s3.test.ts does the same with them in a bucket.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { createBackup, restoreBackup } from '../../src/server/ops/backup';
import { countInExportedSnapshot } from '../../src/server/ops/backup-queries';
import { createUser } from '../factories/users';
import type { TestApp } from '../support/app';
import { adminUrl, type BackupSite, createBackupSite, PHOTO, runCommand, snapshot } from './backup.helpers';

describe(`backup and restore (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  let site: BackupSite;
  beforeAll(async () => {
    site = await createBackupSite();
  });
  afterAll(() => site?.drop());

  it('backs up, wipes, restores and finds the same accounts, listings and photos', async () => {
    const { target, dataDir } = site;
    const before = await snapshot(target);
    expect(before.users).toHaveLength(2);
    expect(before.photos).toHaveLength(2);

    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.tar.gz`);
    const manifest = await createBackup(target, file);
    expect(manifest).toMatchObject({
      database: adminUrl ? 'postgres' : 'pglite',
      mediaFiles: 2,
      mediaStore: 'local',
    });
    expect(manifest.counts).toMatchObject({ users: 2, properties: 1, propertyImages: 2 });

    // Wipe: the database and the media are gone.
    await site.wipeDatabase();
    await rm(path.join(dataDir, 'media'), { recursive: true });

    await restoreBackup(target, file);
    expect(await snapshot(target)).toEqual(before);
    for (const photo of before.photos) {
      const key = photo.url.replace(/^\/media\//, '');
      expect(await readFile(path.join(dataDir, 'media', key))).toEqual(PHOTO);
    }
    await rm(file, { force: true });
  }, 120_000);

  it('keeps what a restore replaces, and refuses a file that is not a backup', async () => {
    const { target, dataDir } = site;
    const file = path.join(os.tmpdir(), `yp-backup-${process.pid}-again.tar.gz`);
    await createBackup(target, file);
    await restoreBackup(target, file);
    expect((await readdir(dataDir)).some((name) => name.startsWith('media.replaced-'))).toBe(true);
    await rm(file, { force: true });
    await expect(restoreBackup(target, path.join(dataDir, 'no-such-backup.tar.gz'))).rejects.toThrow(
      /no backup file/,
    );
  }, 120_000);

  // PostgreSQL stays in use during a backup: the counts must be those of the snapshot pg_dump reads.
  if (adminUrl)
    it('counts the rows of the snapshot the dump reads, not writes made meanwhile', async () => {
      const { target, dataDir } = site;
      const database = await openDatabase({ databaseUrl: target.databaseUrl, poolSize: 2 });
      try {
        let inSnapshot = -1;
        const counts = await countInExportedSnapshot(database.db, async (snapshotId) => {
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
            await reader.query(`set transaction snapshot '${snapshotId}'`);
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
    const { target, dataDir } = site;
    const file = path.join(os.tmpdir(), `yp-backup-${process.pid}-cli.tar.gz`);
    const env = { DATA_DIR: dataDir, DATABASE_URL: target.databaseUrl ?? '' };
    const backup = await runCommand('backup', [file], env);
    expect(backup.out).toContain(`and 2 media files (${path.join(dataDir, 'media')})`);
    expect(backup.code).toBe(0);
    // The local store never loads the AWS SDK (on Node 20 it would say so: NodeVersionSupportWarning).
    expect(backup.out).not.toContain('AWS SDK');
    expect(existsSync(file)).toBe(true);
    const restore = await runCommand('restore', [file], env);
    expect(restore.out).toContain('Restored');
    expect(restore.code).toBe(0);
    expect((await runCommand('restore', [], env)).code).toBe(2);
    await rm(file, { force: true });
  }, 180_000);
});
