// Where uploaded photos are kept (decision 0041): one interface, two stores. `local`, the embedded default, is the
// folder DATA_DIR/media; `s3` is a bucket on any S3-compatible service (AWS S3, Cloudflare R2, MinIO) through AWS
// SDK v3 (./s3-storage.ts, loaded only when asked for, so the quick start never loads the SDK). Keys are ours alone
// (`listings/<user id>/<random>-1600.webp`): random, never named by a user, written once and never changed, so
// whatever serves them may cache them for ever. Rows keep `/media/<key>` (./urls.ts), never a store's address.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaConfig, S3Settings } from '../config';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
  /** A validator for conditional requests (If-None-Match). */
  etag: string;
  lastModified: Date;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Where the objects are, for logs and messages: a folder, or `s3://bucket` and its endpoint. Never a secret. */
  readonly location: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object with its bytes as a stream (the caller reads or destroys it); null when there is no such key. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removing a key that is not there is not an error. */
  remove(key: string): Promise<void>;
  /** Every key under `prefix` (all of them for ''), in no particular order. */
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  /** Throws, saying what to check, when the store cannot be used (a missing bucket, wrong keys). */
  check(): Promise<void>;
  close(): void;
}

/** Path segments of letters, digits, `_`, `-` and `.`, none starting with a dot (so never `..`). */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Whether `key` could be one of ours: anything else (a path escape, a hidden file) is never read or written. */
export function isMediaKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`invalid media key: ${JSON.stringify(key.slice(0, 80))}`);
}

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

/** The content type a key's extension stands for (the local folder keeps no metadata). */
export function contentTypeOf(key: string): string {
  return TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** A whole object in memory (a photo is a few hundred kB), or null when there is no such key. */
export async function readMedia(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const missing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

export interface LocalMediaStorage extends MediaStorage {
  readonly kind: 'local';
  /** DATA_DIR/media. */
  readonly root: string;
}

export function createLocalStorage(dataDir: string): LocalMediaStorage {
  const root = path.resolve(dataDir, 'media');
  const fileOf = (key: string) => {
    assertMediaKey(key);
    return path.join(root, key);
  };
  const statOf = async (key: string) => {
    try {
      const found = await stat(fileOf(key));
      return found.isFile() ? found : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    kind: 'local',
    root,
    location: root,
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      const found = await statOf(key);
      if (!found) return null;
      return {
        body: createReadStream(fileOf(key)),
        contentType: contentTypeOf(key),
        size: found.size,
        // As @fastify/static (send) made them when it served this folder.
        etag: `W/"${found.size.toString(16)}-${found.mtime.getTime().toString(16)}"`,
        lastModified: found.mtime,
      };
    },
    async exists(key) {
      return (await statOf(key)) !== null;
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list(prefix = '') {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(root, { withFileTypes: true, recursive: true });
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const dir = entry.parentPath ?? entry.path;
        const key = path.relative(root, path.join(dir, entry.name)).split(path.sep).join('/');
        if (!key.startsWith(prefix) || !isMediaKey(key)) continue;
        yield { key, size: (await stat(path.join(dir, entry.name))).size };
      }
    },
    async check() {
      await mkdir(root, { recursive: true });
    },
    close() {},
  };
}

/** A bucket and where it is, for messages: never the keys. */
export function describeBucket(s3: S3Settings): string {
  return `s3://${s3.bucket} at ${s3.endpoint ?? `AWS S3 (${s3.region})`}`;
}

/** The store the configuration names. The S3 one is checked (its bucket reached) before it is returned. */
export async function openMediaStorage(media: MediaConfig, dataDir: string): Promise<MediaStorage> {
  const storage =
    media.store === 's3' && media.s3
      ? (await import('./s3-storage')).createS3Storage(media.s3)
      : createLocalStorage(dataDir);
  await storage.check();
  return storage;
}
