// Backups of everything a site holds: the database (pg_dump's custom format on PostgreSQL, PGlite's own dump of
// its data folder on the embedded database) and every stored photo (the objects of the media store, DATA_DIR/media
// or the S3 bucket, each under media/<key>), in one .tar.gz with a manifest of row and object counts that a restore
// checks. `npm run backup` and `npm run restore -- FILE` (scripts/backup.ts) call these. The embedded database is
// one process's: stop the server before backing it up or restoring it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaConfig } from '../config';
import { openDatabase } from '../db/client';
import { contentTypeOf, isMediaKey, type MediaStorage, openMediaStorage, readMedia } from '../media/storage';
import { assertUsableKey, openBackupFile, writeBackupFile } from './backup-file';
import { type BackupCounts, countBackupRows, countInExportedSnapshot } from './backup-queries';

export const BACKUP_FORMAT = 'yourplace-backup/1';

export interface BackupTarget {
  /** PostgreSQL when set; otherwise the embedded database under dataDir. */
  databaseUrl?: string;
  /** DATA_DIR: the embedded database's folder (pglite/) and, with the local store, the photos (media/). */
  dataDir: string;
  /** Where the photos are (MEDIA_STORE, S3_*); the local folder when unset. */
  media?: MediaConfig;
  /** BACKUP_ENCRYPTION_KEY: a backup is sealed with it, and a restore accepts only files sealed with it. */
  encryptionKey?: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'postgres' | 'pglite';
  counts: BackupCounts;
  /** Stored photos in the archive (media/<key>). */
  mediaFiles: number;
  /** The store they came from (a restore puts them in whichever store the site has now). */
  mediaStore?: 'local' | 's3';
  /** SHA-256 (hex) of the database dump in the archive: a restore checks it before touching the database. Absent
   * from backups made before issue 29, which are restored unchecked on that point. */
  dumpSha256?: string;
}

const DUMP = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;
/** The archive inside a backup file, in the private staging folder. */
const ARCHIVE = 'archive.tar.gz';

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Runs a command to the end; its standard error is in the error when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d.toString();
    });
    child.once('error', (err) =>
      reject(new Error(`${command} could not run (${err.message}); is it installed and on PATH?`)),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/** Objects copied at once: a bucket answers each request in milliseconds, so a few in flight keep it busy. */
const MEDIA_CONCURRENCY = 8;

/** Runs `work` for each item, at most `limit` at a time; the first failure stops it. */
async function eachLimited<T>(
  items: AsyncIterable<T> | Iterable<T>,
  limit: number,
  work: (item: T) => Promise<void>,
) {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const task: Promise<void> = work(item).then(() => {
      running.delete(task);
    });
    running.add(task);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
}

const openStore = (target: BackupTarget) =>
  openMediaStorage(target.media ?? { store: 'local' }, target.dataDir);

/** Every object of the store written under `dir`/<key>; how many. */
async function copyOutOfStore(storage: MediaStorage, dir: string): Promise<number> {
  let copied = 0;
  await eachLimited(storage.list(), MEDIA_CONCURRENCY, async ({ key }) => {
    const bytes = await readMedia(storage, key);
    if (!bytes) return; // removed since it was listed (the upload clean-up): not part of the backup
    const file = path.join(dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    copied += 1;
  });
  return copied;
}

/** The keys of the files under `dir` (media/<key> in an archive). */
async function keysUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const keys: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    const key = path.relative(dir, full).split(path.sep).join('/');
    if (isMediaKey(key)) keys.push(key);
  }
  return keys;
}

/** Puts every file under `dir` into the store by its key; how many of those keys the store then holds. */
async function copyIntoStore(storage: MediaStorage, dir: string): Promise<number> {
  const keys = await keysUnder(dir);
  await eachLimited(keys, MEDIA_CONCURRENCY, async (key) => {
    await storage.put(key, await readFile(path.join(dir, key)), contentTypeOf(key));
  });
  const wanted = new Set(keys);
  let found = 0;
  for await (const { key } of storage.list()) if (wanted.has(key)) found += 1;
  return found;
}

async function countRows(target: BackupTarget): Promise<BackupCounts> {
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    poolSize: 1,
  });
  try {
    return await countBackupRows(database.db);
  } finally {
    await database.close();
  }
}

/** Writes a backup of the target to `file` (a .tar.gz) and returns what it holds. */
export async function createBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  assertUsableKey(target.encryptionKey);
  const stage = await mkdtemp(path.join(os.tmpdir(), 'yp-backup-'));
  try {
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    if (!target.databaseUrl && !existsSync(path.join(target.dataDir, 'pglite', 'PG_VERSION')))
      throw new Error(`no embedded database in ${path.join(target.dataDir, 'pglite')}`);
    // One open database for the counts and the dump. On PostgreSQL the counts are read in the snapshot pg_dump
    // dumps, so writes made meanwhile by a running site cannot make the restore's check fail.
    const database = await openDatabase({
      databaseUrl: target.databaseUrl,
      dataDir: target.dataDir,
      poolSize: 2,
    });
    let counts: BackupCounts;
    try {
      const url = target.databaseUrl;
      if (url) {
        counts = await countInExportedSnapshot(database.db, (snapshot) =>
          run('pg_dump', [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${snapshot}`,
            `--file=${path.join(stage, DUMP.postgres)}`,
            url,
          ]),
        );
      } else {
        counts = await countBackupRows(database.db);
        const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } })
          .$client;
        const dump = await client.dumpDataDir('gzip');
        await writeFile(path.join(stage, DUMP.pglite), Buffer.from(await dump.arrayBuffer()));
      }
    } finally {
      await database.close();
    }
    // After the dump: a photo uploaded meanwhile is in the archive without its row (the clean-up removes such
    // files), rather than a row without its photo.
    await mkdir(path.join(stage, 'media'), { recursive: true });
    const storage = await openStore(target);
    let mediaFiles: number;
    try {
      mediaFiles = await copyOutOfStore(storage, path.join(stage, 'media'));
    } finally {
      storage.close();
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: kind,
      counts,
      mediaFiles,
      mediaStore: storage.kind,
      dumpSha256: await sha256Of(path.join(stage, DUMP[kind])),
    };
    await writeFile(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Built in the private (0700) staging folder, then written out owner-only, and sealed with a key.
    const archive = path.join(stage, ARCHIVE);
    await run('tar', ['-czf', archive, '-C', stage, 'manifest.json', DUMP[kind], 'media']);
    await writeBackupFile(archive, file, target.encryptionKey);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/**
 * Unpacks the backup into `stage` and checks everything that can be checked before the database is touched: the seal
 * (key and tag), the archive (gzip's CRC catches a cut or damaged plain file), the manifest, the dump's SHA-256 and
 * the number of photos. Throws, saying nothing was restored, on the first mismatch.
 */
async function verifiedContents(target: BackupTarget, file: string, stage: string): Promise<BackupManifest> {
  const archive = path.join(stage, ARCHIVE);
  await openBackupFile(file, archive, target.encryptionKey);
  const refuse = (why: string) => new Error(`${file} ${why}. Nothing was restored.`);
  await run('tar', ['-xzf', archive, '-C', stage]).catch((err: Error) => {
    throw refuse(`is damaged or not a backup (${err.message.split('\n')[0]})`);
  });
  await rm(archive);
  const manifest = (await readFile(path.join(stage, 'manifest.json'), 'utf8')
    .then(JSON.parse)
    .catch(() => null)) as BackupManifest | null;
  if (manifest?.format !== BACKUP_FORMAT)
    throw refuse(`is not a Your Place backup (${manifest?.format ?? 'no manifest'})`);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind)
    throw new Error(`${file} holds a ${manifest.database} database; this site uses ${kind}`);
  const dump = path.join(stage, DUMP[kind]);
  if (!existsSync(dump)) throw refuse('has no database dump');
  if (manifest.dumpSha256 && (await sha256Of(dump)) !== manifest.dumpSha256)
    throw refuse("has a database dump that does not match its manifest's checksum");
  const photos = (await keysUnder(path.join(stage, 'media'))).length;
  if (photos !== manifest.mediaFiles)
    throw refuse(`holds ${photos} media files, but its manifest says ${manifest.mediaFiles}`);
  return manifest;
}

/**
 * Restores a backup over the target. What was there is kept beside it (pglite.replaced-<time>, and with the local
 * store media.replaced-<time>) rather than deleted; PostgreSQL's objects are replaced in one transaction; a bucket
 * gets the backup's objects back and keeps any others (nothing is deleted from it). The photos go into whichever
 * store the target has, so a backup of a local site restores into a bucket. The restored rows and photos must be
 * those the backup counted, or this throws.
 */
export async function restoreBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  if (!(await stat(file).catch(() => null))?.isFile()) throw new Error(`no backup file at ${file}`);
  assertUsableKey(target.encryptionKey);
  // Reached before anything is replaced: a bucket that cannot be used stops the restore here.
  const storage = await openStore(target);
  const stage = await mkdtemp(path.join(os.tmpdir(), 'yp-restore-'));
  try {
    const manifest = await verifiedContents(target, file, stage);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    if (target.databaseUrl) {
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        `--dbname=${target.databaseUrl}`,
        path.join(stage, DUMP.postgres),
      ]);
    } else {
      const folder = path.join(target.dataDir, 'pglite');
      if (existsSync(folder)) await rename(folder, `${folder}.replaced-${stamp}`);
      const dump = new Blob([new Uint8Array(await readFile(path.join(stage, DUMP.pglite)))]);
      const database = await openDatabase({ dataDir: target.dataDir, loadDataDir: dump });
      await database.close();
    }
    if (storage.kind === 'local') {
      const mediaDir = path.join(target.dataDir, 'media');
      if (existsSync(mediaDir)) await rename(mediaDir, `${mediaDir}.replaced-${stamp}`);
    }
    const mediaFiles = await copyIntoStore(storage, path.join(stage, 'media'));
    const counts = await countRows(target);
    if (JSON.stringify(counts) !== JSON.stringify(manifest.counts) || mediaFiles !== manifest.mediaFiles)
      throw new Error(
        `restored ${JSON.stringify({ ...counts, mediaFiles })}, but the backup holds ${JSON.stringify({ ...manifest.counts, mediaFiles: manifest.mediaFiles })}`,
      );
    return manifest;
  } finally {
    storage.close();
    await rm(stage, { recursive: true, force: true });
  }
}
