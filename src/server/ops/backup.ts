// Backups of everything a site holds: the database (pg_dump's custom format on PostgreSQL, PGlite's own dump of
// its data folder on the embedded database) and the uploaded media under DATA_DIR/media, in one .tar.gz with a
// manifest of row counts that a restore checks. `npm run backup` and `npm run restore -- FILE` (scripts/backup.ts)
// call these. The embedded database is one process's: stop the server before backing it up or restoring it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { type BackupCounts, countBackupRows, countInExportedSnapshot } from './backup-queries';

export const BACKUP_FORMAT = 'yourplace-backup/1';

export interface BackupTarget {
  /** PostgreSQL when set; otherwise the embedded database under dataDir. */
  databaseUrl?: string;
  /** DATA_DIR: the embedded database's folder (pglite/) and the uploaded media (media/). */
  dataDir: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'postgres' | 'pglite';
  counts: BackupCounts;
  mediaFiles: number;
}

const DUMP = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;

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

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) n += 1;
  return n;
}

async function countRows(target: BackupTarget): Promise<BackupCounts> {
  const database = await openDatabase({ ...target, poolSize: 1 });
  try {
    return await countBackupRows(database.db);
  } finally {
    await database.close();
  }
}

/** Writes a backup of the target to `file` (a .tar.gz) and returns what it holds. */
export async function createBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  const stage = await mkdtemp(path.join(os.tmpdir(), 'yp-backup-'));
  try {
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    if (!target.databaseUrl && !existsSync(path.join(target.dataDir, 'pglite', 'PG_VERSION')))
      throw new Error(`no embedded database in ${path.join(target.dataDir, 'pglite')}`);
    // One open database for the counts and the dump. On PostgreSQL the counts are read in the snapshot pg_dump
    // dumps, so writes made meanwhile by a running site cannot make the restore's check fail.
    const database = await openDatabase({ ...target, poolSize: 2 });
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
    const mediaDir = path.join(target.dataDir, 'media');
    await mkdir(path.join(stage, 'media'), { recursive: true });
    if (existsSync(mediaDir)) await run('cp', ['-a', `${mediaDir}/.`, path.join(stage, 'media')]);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: kind,
      counts,
      mediaFiles: await countFiles(path.join(stage, 'media')),
    };
    await writeFile(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await run('tar', ['-czf', path.resolve(file), '-C', stage, 'manifest.json', DUMP[kind], 'media']);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/**
 * Restores a backup over the target. What was there is kept beside it (pglite.replaced-<time>,
 * media.replaced-<time>) rather than deleted; PostgreSQL's objects are replaced in one transaction. The restored
 * row and media counts must equal the backup's, or this throws.
 */
export async function restoreBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  if (!(await stat(file).catch(() => null))?.isFile()) throw new Error(`no backup file at ${file}`);
  const stage = await mkdtemp(path.join(os.tmpdir(), 'yp-restore-'));
  try {
    await run('tar', ['-xzf', path.resolve(file), '-C', stage]);
    const manifest = JSON.parse(await readFile(path.join(stage, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new Error(`${file} is not a Your Place backup (${manifest.format})`);
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== kind)
      throw new Error(`${file} holds a ${manifest.database} database; this site uses ${kind}`);
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
    const mediaDir = path.join(target.dataDir, 'media');
    if (existsSync(mediaDir)) await rename(mediaDir, `${mediaDir}.replaced-${stamp}`);
    await mkdir(target.dataDir, { recursive: true });
    await rename(path.join(stage, 'media'), mediaDir).catch(async () => {
      // another file system: copy instead of moving
      await mkdir(mediaDir, { recursive: true });
      await run('cp', ['-a', `${path.join(stage, 'media')}/.`, mediaDir]);
    });
    const counts = await countRows(target);
    const mediaFiles = await countFiles(mediaDir);
    if (JSON.stringify(counts) !== JSON.stringify(manifest.counts) || mediaFiles !== manifest.mediaFiles)
      throw new Error(
        `restored ${JSON.stringify({ ...counts, mediaFiles })}, but the backup holds ${JSON.stringify({ ...manifest.counts, mediaFiles: manifest.mediaFiles })}`,
      );
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
