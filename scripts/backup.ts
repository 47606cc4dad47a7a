// Back up or restore a site: the database (DATABASE_URL, else the embedded one under DATA_DIR) and the stored photos
// (DATA_DIR/media, or the bucket MEDIA_STORE=s3 and S3_* name).
//   npm run backup [-- FILE]        writes FILE (default backups/yourplace-<time>.tar.gz, .tar.gz.enc when sealed)
//   npm run restore -- FILE         restores FILE over the current data, keeping what was there beside it
// The file is owner-only (0600). With BACKUP_ENCRYPTION_KEY it is sealed (AES-256-GCM), and a restore accepts only
// a file it can verify with that key (decision 0053).
// Compiled to dist/server/backup.js (`node dist/server/backup.js backup|restore …` where only that is installed).
// Stop the server first on the embedded database (one process at a time); PostgreSQL may stay in use.
import path from 'node:path';
import { loadMediaConfig } from '../src/server/config';
import { describeBucket } from '../src/server/media/storage';
import { createBackup, restoreBackup } from '../src/server/ops/backup';

const USAGE = 'Usage: npm run backup [-- FILE]\n       npm run restore -- FILE';

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if (
    (command !== 'backup' && command !== 'restore') ||
    rest.length > 0 ||
    (command === 'restore' && !file)
  ) {
    console.error(USAGE);
    return 2;
  }
  const media = loadMediaConfig(process.env);
  const target = {
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(process.env.DATA_DIR || './data'),
    media,
    encryptionKey: process.env.BACKUP_ENCRYPTION_KEY || undefined,
  };
  const where = target.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${target.dataDir}`;
  const photos = media.s3 ? describeBucket(media.s3) : path.join(target.dataDir, 'media');
  if (command === 'backup') {
    const suffix = target.encryptionKey ? '.tar.gz.enc' : '.tar.gz';
    const out =
      file ?? path.join('backups', `yourplace-${new Date().toISOString().replace(/[:.]/g, '-')}${suffix}`);
    const manifest = await createBackup(target, out);
    const sealed = target.encryptionKey ? ', sealed with BACKUP_ENCRYPTION_KEY' : '';
    console.log(
      `Backed up ${where} and ${manifest.mediaFiles} media files (${photos}) to ${out} (owner-only${sealed})`,
    );
    console.log(JSON.stringify(manifest.counts));
    return 0;
  }
  const manifest = await restoreBackup(target, file);
  console.log(
    `Restored ${file} (made ${manifest.createdAt}) into ${where}: ${JSON.stringify(manifest.counts)}`,
  );
  console.log(
    `and ${manifest.mediaFiles} media files into ${photos}; what was there before is kept (*.replaced-<time> beside it, or in the bucket)`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
