// Issue 29 item 3 (low finding): `npm run backup` wrote a world-readable file holding password hashes and personal
// data. Now the file is owner-only from its first byte, sealed with BACKUP_ENCRYPTION_KEY when one is set, and a
// restore refuses, before touching the database or the photos, a file it cannot verify (decision 0053). On the
// embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { createBackup, restoreBackup } from '../../src/server/ops/backup';
import { BACKUP_MESSAGES } from '../../src/server/ops/backup-file';
import { createUser } from '../factories/users';
import type { TestApp } from '../support/app';
import { adminUrl, type BackupSite, createBackupSite, runCommand, snapshot } from './backup.helpers';

const KEY = 'correct horse battery staple, twice';
const WRONG_KEY = 'correct horse battery staple, once';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe(`backup files are private and verified (${adminUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  let site: BackupSite;
  let dir: string;
  let plain: string;
  let sealed: string;
  beforeAll(async () => {
    site = await createBackupSite();
    dir = await mkdtemp(path.join(os.tmpdir(), 'yp-backup-safety-'));
    plain = path.join(dir, 'new-folder', 'plain.tar.gz');
    sealed = path.join(dir, 'sealed.tar.gz.enc');
    await createBackup(site.target, plain);
    await createBackup({ ...site.target, encryptionKey: KEY }, sealed);
  }, 120_000);
  afterAll(async () => {
    await site?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Nothing a refused restore may leave: no database or media folder moved aside, the rows as they were. */
  const expectUntouched = async (rowsBefore: Awaited<ReturnType<typeof snapshot>>) => {
    expect((await readdir(site.dataDir)).filter((name) => name.includes('.replaced-'))).toEqual([]);
    expect(await snapshot(site.target)).toEqual(rowsBefore);
  };
  /** A change made after the backups, so a restore that did run would be seen to undo it. */
  const addAccount = async () => {
    const database = await openDatabase({
      databaseUrl: site.target.databaseUrl,
      dataDir: site.dataDir,
      poolSize: 1,
    });
    try {
      const t = {
        db: database.db,
        clock: { now: new Date() },
        config: loadConfig({ DATA_DIR: site.dataDir }),
      };
      await createUser(t as unknown as TestApp, { userType: 'tenant' });
    } finally {
      await database.close();
    }
  };

  it('writes the file owner-only (0600) and a folder it makes 0700, even over a readable file', async () => {
    expect(await modeOf(plain)).toBe(0o600);
    expect(await modeOf(path.dirname(plain))).toBe(0o700);
    expect(await modeOf(sealed)).toBe(0o600);
    const existing = path.join(dir, 'was-readable.tar.gz');
    await writeFile(existing, 'old', { mode: 0o644 });
    await createBackup(site.target, existing);
    expect(await modeOf(existing)).toBe(0o600);
    // No partial file is left beside it.
    expect((await readdir(dir)).filter((name) => name.includes('.partial-'))).toEqual([]);
  }, 120_000);

  it('seals the file with the key: no gzip or manifest text inside, and it restores with the key', async () => {
    const bytes = await readFile(sealed);
    expect(bytes.subarray(0, 8).toString('ascii')).toBe('YPBACKUP');
    expect(bytes.includes(Buffer.from('yourplace-backup/1'))).toBe(false);
    // The archive is not there in the clear: the 37-byte header is followed by ciphertext, not gzip's magic. (Those
    // three bytes anywhere in a file of a few megabytes of ciphertext turn up by chance about once in a few runs.)
    expect(bytes.subarray(37, 40).equals(Buffer.from([0x1f, 0x8b, 0x08]))).toBe(false);
    expect(bytes.includes(Buffer.from('ustar'))).toBe(false);
    const before = await snapshot(site.target);
    await restoreBackup({ ...site.target, encryptionKey: KEY }, sealed);
    expect(await snapshot(site.target)).toEqual(before);
    // Clean the folders that restore kept aside, for the "untouched" checks that follow.
    for (const name of await readdir(site.dataDir))
      if (name.includes('.replaced-')) await rm(path.join(site.dataDir, name), { recursive: true });
  }, 120_000);

  it('refuses, touching nothing, a wrong key, a cut or altered file, and a missing or unwanted key', async () => {
    await addAccount();
    const rowsBefore = await snapshot(site.target);
    const bytes = await readFile(sealed);
    const variant = async (name: string, content: Buffer) => {
      const file = path.join(dir, name);
      await writeFile(file, content);
      return file;
    };
    const flipped = (at: number) => {
      const copy = Buffer.from(bytes);
      copy[at] ^= 0x01;
      return copy;
    };
    const cases: Array<[string, string | undefined, RegExp | string]> = [
      [sealed, WRONG_KEY, BACKUP_MESSAGES.unverified(sealed)],
      [await variant('cut.enc', bytes.subarray(0, bytes.length - 100)), KEY, /could not be verified/],
      [await variant('middle.enc', flipped(Math.floor(bytes.length / 2))), KEY, /could not be verified/],
      [await variant('salt.enc', flipped(10)), KEY, /could not be verified/],
      [await variant('tag.enc', flipped(bytes.length - 1)), KEY, /could not be verified/],
      [await variant('header-only.enc', bytes.subarray(0, 40)), KEY, /could not be verified/],
      [sealed, undefined, BACKUP_MESSAGES.needsKey(sealed)],
      [plain, KEY, BACKUP_MESSAGES.notSealed(plain)],
    ];
    for (const [file, key, message] of cases) {
      await expect(restoreBackup({ ...site.target, encryptionKey: key }, file), file).rejects.toThrow(
        message,
      );
      await expectUntouched(rowsBefore);
    }
    await expect(restoreBackup({ ...site.target, encryptionKey: 'short' }, sealed)).rejects.toThrow(
      BACKUP_MESSAGES.shortKey,
    );
    await expect(createBackup({ ...site.target, encryptionKey: 'short' }, sealed)).rejects.toThrow(
      BACKUP_MESSAGES.shortKey,
    );
  }, 120_000);

  it('refuses a plain file that was cut short or whose dump was altered, touching nothing', async () => {
    const rowsBefore = await snapshot(site.target);
    const bytes = await readFile(plain);
    const cut = path.join(dir, 'cut.tar.gz');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    await expect(restoreBackup(site.target, cut)).rejects.toThrow(/damaged or not a backup/);
    await expectUntouched(rowsBefore);

    // Unpack, change one byte of the dump, pack again: a well-formed archive whose dump is not the one counted.
    const unpacked = await mkdtemp(path.join(dir, 'unpacked-'));
    execFileSync('tar', ['-xzf', plain, '-C', unpacked]);
    const dumpName = (await readdir(unpacked)).find((name) => name.startsWith('database.'));
    if (!dumpName) throw new Error('no dump in the archive');
    const dump = await readFile(path.join(unpacked, dumpName));
    dump[dump.length - 10] ^= 0x01;
    await writeFile(path.join(unpacked, dumpName), dump);
    const altered = path.join(dir, 'altered.tar.gz');
    execFileSync('tar', ['-czf', altered, '-C', unpacked, 'manifest.json', dumpName, 'media']);
    await expect(restoreBackup(site.target, altered)).rejects.toThrow(/does not match its manifest/);
    await expectUntouched(rowsBefore);
  }, 120_000);

  it('npm run backup seals with BACKUP_ENCRYPTION_KEY; npm run restore with another key exits 1', async () => {
    const file = path.join(dir, 'cli', 'cli.tar.gz.enc');
    const env = { DATA_DIR: site.dataDir, DATABASE_URL: site.target.databaseUrl ?? '' };
    const backup = await runCommand('backup', [file], { ...env, BACKUP_ENCRYPTION_KEY: KEY });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('(owner-only, sealed with BACKUP_ENCRYPTION_KEY)');
    expect(await modeOf(file)).toBe(0o600);
    const refused = await runCommand('restore', [file], { ...env, BACKUP_ENCRYPTION_KEY: WRONG_KEY });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('could not be verified');
    const restored = await runCommand('restore', [file], { ...env, BACKUP_ENCRYPTION_KEY: KEY });
    expect(restored.code, restored.out).toBe(0);
  }, 180_000);
});
