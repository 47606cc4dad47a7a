// npm run backup / npm run restore with the photos in a bucket (decision 0041): the objects go into the archive
// (media/<key>, counted by the manifest) and a restore puts them back, deleting nothing from the bucket. The bucket is
// on s3rver, a real S3-protocol server started here. On the embedded database, and on PostgreSQL when
// TEST_DATABASE_URL is set.
import { execFileSync } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { type MediaStorage, openMediaStorage, readMedia } from '../../src/server/media/storage';
import { createBackup, restoreBackup } from '../../src/server/ops/backup';
import { type S3Server, startS3Server } from '../support/s3';
import { adminUrl, type BackupSite, createBackupSite, PHOTO, runCommand, snapshot } from './backup.helpers';

async function keysIn(storage: MediaStorage) {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys.sort();
}

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server({ buckets: ['backup-media', 'backup-cli', 'moved-media'] });
});
afterAll(() => s3?.close());

describe(`backup and restore of a bucket (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  let site: BackupSite;
  let file: string;
  beforeAll(async () => {
    site = await createBackupSite(s3.env('backup-media'));
    file = path.join(os.tmpdir(), `yp-backup-s3-${process.pid}.tar.gz`);
  });
  afterAll(async () => {
    await site?.drop();
    await rm(file, { force: true });
  });

  it('puts the objects in the archive, and brings back rows and objects after both are wiped', async () => {
    const { target, storage } = site;
    const before = await snapshot(target);
    const keys = await keysIn(storage);
    expect(keys).toHaveLength(2);

    const manifest = await createBackup(target, file);
    expect(manifest).toMatchObject({ mediaFiles: 2, mediaStore: 's3' });
    expect(manifest.counts).toMatchObject({ users: 2, properties: 1, propertyImages: 2 });
    const archived = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n');
    for (const key of keys) expect(archived).toContain(`media/${key}`);
    // The local folder is not where the photos are: nothing of them is there.
    expect(await readdir(site.dataDir)).not.toContain('media');

    await site.wipeDatabase();
    for (const key of keys) await storage.remove(key);
    expect(await keysIn(storage)).toEqual([]);

    await restoreBackup(target, file);
    expect(await snapshot(target)).toEqual(before);
    expect(await keysIn(storage)).toEqual(keys);
    for (const photo of before.photos)
      expect(await readMedia(storage, photo.url.replace(/^\/media\//, ''))).toEqual(PHOTO);
  }, 120_000);

  it('puts back what went and deletes nothing from the bucket', async () => {
    const { target, storage } = site;
    await createBackup(target, file);
    const [first, second] = await keysIn(storage);
    await storage.remove(first);
    await storage.put('listings/after-the-backup/new-1600.webp', Buffer.from('newer'), 'image/webp');
    const manifest = await restoreBackup(target, file);
    expect(manifest.mediaFiles).toBe(2);
    expect(await keysIn(storage)).toEqual([first, second, 'listings/after-the-backup/new-1600.webp'].sort());
  }, 120_000);

  it('restores a backup of a local site into a bucket: the way to move photos to object storage', async () => {
    const local = await createBackupSite();
    const localFile = path.join(os.tmpdir(), `yp-backup-local-${process.pid}.tar.gz`);
    const moved = await openMediaStorage(loadConfig(s3.env('moved-media')).media, local.dataDir);
    try {
      expect(await createBackup(local.target, localFile)).toMatchObject({
        mediaFiles: 2,
        mediaStore: 'local',
      });
      const before = await snapshot(local.target);
      await restoreBackup({ ...local.target, media: loadConfig(s3.env('moved-media')).media }, localFile);
      expect(await snapshot(local.target)).toEqual(before);
      for (const photo of before.photos)
        expect(await readMedia(moved, photo.url.replace(/^\/media\//, ''))).toEqual(PHOTO);
    } finally {
      moved.close();
      await local.drop();
      await rm(localFile, { force: true });
    }
  }, 120_000);

  it('stops before replacing anything when the bucket cannot be used', async () => {
    const { target, dataDir } = site;
    await createBackup(target, file);
    const before = await snapshot(target);
    const folders = await readdir(dataDir);
    const nowhere = { ...target, media: loadConfig(s3.env('no-such-bucket')).media };
    await expect(restoreBackup(nowhere, file)).rejects.toThrow(/s3:\/\/no-such-bucket .* cannot be used/);
    await expect(createBackup(nowhere, `${file}.never`)).rejects.toThrow(/cannot be used/);
    expect(await snapshot(target)).toEqual(before);
    expect(await readdir(dataDir)).toEqual(folders);
  }, 60_000);
});

describe('npm run backup and npm run restore with MEDIA_STORE=s3', () => {
  let site: BackupSite;
  beforeAll(async () => {
    site = await createBackupSite(s3.env('backup-cli'));
  });
  afterAll(() => site?.drop());

  it('back up the bucket and restore it, compiled, saying where the photos are', async () => {
    const file = path.join(os.tmpdir(), `yp-backup-s3-${process.pid}-cli.tar.gz`);
    const env = {
      ...s3.env('backup-cli'),
      DATA_DIR: site.dataDir,
      DATABASE_URL: site.target.databaseUrl ?? '',
    };
    const backup = await runCommand('backup', [file], env);
    expect(backup.out).toContain(`and 2 media files (s3://backup-cli at ${s3.endpoint}) to ${file}`);
    expect(backup.code).toBe(0);
    const keys = await keysIn(site.storage);
    for (const key of keys) await site.storage.remove(key);
    const restore = await runCommand('restore', [file], env);
    expect(restore.out).toContain(`and 2 media files into s3://backup-cli at ${s3.endpoint}`);
    expect(restore.code).toBe(0);
    expect(await keysIn(site.storage)).toEqual(keys);
    const refused = await runCommand('backup', [file], { ...env, S3_REGION: '' });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('S3_REGION: MEDIA_STORE=s3 needs S3_REGION');
    expect(refused.out).not.toContain('S3RVER');
    await rm(file, { force: true });
  }, 180_000);
});
