// The backup file on disk (decision 0053): written owner-only (0600, in a 0700 folder when it makes one) from the
// first byte, and, with BACKUP_ENCRYPTION_KEY, sealed with AES-256-GCM so a copied file gives nothing away and a
// restore can prove the file is whole and unaltered before it touches the database.
//
// Sealed layout, version 1:  "YPBACKUP" | 0x01 | scrypt salt (16) | GCM nonce (12) | ciphertext | GCM tag (16).
// The 37-byte header is the GCM additional data, so changing the version, salt or nonce also fails the tag.
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const MAGIC = Buffer.from('YPBACKUP', 'ascii');
const VERSION = 1;
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + SALT_BYTES + NONCE_BYTES;
/** scrypt cost: N = 2^15, r = 8 (32 MiB, about 0.1 s): cheap once per backup, dear for a guesser. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
/** A passphrase shorter than this is refused: the key is all that protects the password hashes in the file. */
export const MIN_KEY_LENGTH = 16;

/** Owner-only modes: the file holds password hashes and personal data. */
export const BACKUP_FILE_MODE = 0o600;
export const BACKUP_DIR_MODE = 0o700;

export const BACKUP_MESSAGES = {
  shortKey: `BACKUP_ENCRYPTION_KEY must be at least ${MIN_KEY_LENGTH} characters.`,
  needsKey: (file: string) =>
    `${file} is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with. Nothing was restored.`,
  notSealed: (file: string) =>
    `${file} is not encrypted, but BACKUP_ENCRYPTION_KEY is set: this site only restores sealed backups. Unset the key to restore a plain one on purpose. Nothing was restored.`,
  unverified: (file: string) =>
    `${file} could not be verified: the key is wrong, or the file was altered or cut short. Nothing was restored.`,
  unknownVersion: (file: string, version: number) =>
    `${file} is a sealed backup of an unknown version (${version}). Nothing was restored.`,
} as const;

export function assertUsableKey(key: string | undefined): void {
  if (key !== undefined && key.length < MIN_KEY_LENGTH) throw new Error(BACKUP_MESSAGES.shortKey);
}

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase, salt, 32, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** A stream that writes the header, the ciphertext of what passes through, then the tag. */
async function sealing(key: string): Promise<Transform> {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION]), salt, nonce]);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(key, salt), nonce);
  cipher.setAAD(header);
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const sealed = cipher.update(chunk);
      done(null, started ? sealed : Buffer.concat([header, sealed]));
      started = true;
    },
    flush(done) {
      done(null, Buffer.concat([started ? Buffer.alloc(0) : header, cipher.final(), cipher.getAuthTag()]));
    },
  });
}

/**
 * Moves `source` to `file` as an owner-only file: written to a new file beside it created 0600 (never chmod after,
 * so there is no moment it is readable by others) and renamed over `file` when complete, so a failed backup
 * never leaves a half file under the wanted name. With a key, the bytes are sealed on the way.
 */
export async function writeBackupFile(source: string, file: string, key: string | undefined): Promise<void> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true, mode: BACKUP_DIR_MODE });
  const partial = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    // 'wx': a new file, created with its mode (the umask can only narrow it), never one someone else put there.
    const sink = createWriteStream(partial, { flags: 'wx', mode: BACKUP_FILE_MODE });
    const input = createReadStream(source);
    if (key) await pipeline(input, await sealing(key), sink);
    else await pipeline(input, sink);
    const written = await open(partial, 'r');
    await written.sync().finally(() => written.close());
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/** True when the file starts with the sealed header's magic. */
export async function isSealed(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(MAGIC.length), 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && buffer.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * The archive inside a backup file, checked, at `out` (a file in the restore's private folder). A sealed file is
 * decrypted and its tag checked; nothing is trusted, nor is the database touched, until this resolves.
 */
export async function openBackupFile(file: string, out: string, key: string | undefined): Promise<void> {
  const sealed = await isSealed(file);
  if (!sealed) {
    if (key) throw new Error(BACKUP_MESSAGES.notSealed(file));
    await pipeline(createReadStream(file), createWriteStream(out, { mode: BACKUP_FILE_MODE }));
    return;
  }
  if (!key) throw new Error(BACKUP_MESSAGES.needsKey(file));
  const { size } = await stat(file);
  if (size < HEADER_BYTES + TAG_BYTES) throw new Error(BACKUP_MESSAGES.unverified(file));
  const head = await open(file, 'r');
  let header: Buffer;
  let tag: Buffer;
  try {
    header = (await head.read(Buffer.alloc(HEADER_BYTES), 0, HEADER_BYTES, 0)).buffer;
    tag = (await head.read(Buffer.alloc(TAG_BYTES), 0, TAG_BYTES, size - TAG_BYTES)).buffer;
  } finally {
    await head.close();
  }
  const version = header[MAGIC.length];
  if (version !== VERSION) throw new Error(BACKUP_MESSAGES.unknownVersion(file, version));
  const salt = header.subarray(MAGIC.length + 1, MAGIC.length + 1 + SALT_BYTES);
  const nonce = header.subarray(MAGIC.length + 1 + SALT_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(key, salt), nonce);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      createWriteStream(out, { mode: BACKUP_FILE_MODE }),
    );
  } catch {
    await rm(out, { force: true });
    throw new Error(BACKUP_MESSAGES.unverified(file));
  }
}
