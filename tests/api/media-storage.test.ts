// The media store's contract (decision 0041), the same tests on both stores: the local folder and a bucket on a real
// S3-protocol server (s3rver, started here on a free port). Whatever the app does with photos goes through these
// operations, so a store that passes them serves the site.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createS3Storage } from '../../src/server/media/s3-storage';
import {
  createLocalStorage,
  isMediaKey,
  type MediaStorage,
  openMediaStorage,
  readMedia,
} from '../../src/server/media/storage';
import { type S3Server, startS3Server } from '../support/s3';

let s3: S3Server;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server({ buckets: ['contract-media', 'contract-empty'] });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'yp-media-contract-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const s3Settings = (bucket: string) => loadConfig(s3.env(bucket)).media.s3!;

const stores: Array<[string, () => MediaStorage]> = [
  ['local folder', () => createLocalStorage(dataDir)],
  ['S3 bucket', () => createS3Storage(s3Settings('contract-media'))],
];

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7) % 256));

async function keysOf(storage: MediaStorage, prefix?: string) {
  const found: Array<{ key: string; size: number }> = [];
  for await (const entry of storage.list(prefix)) found.push(entry);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each(stores)('media store contract: %s', (_name, open) => {
  let storage: MediaStorage;
  beforeAll(async () => {
    storage = open();
    await storage.check();
  });
  afterAll(() => storage.close());

  it('gives back exactly what was put, with its type, size and validators', async () => {
    const body = bytes(3000);
    await storage.put('listings/u1/abc-1600.webp', body, 'image/webp');
    const object = await storage.get('listings/u1/abc-1600.webp');
    expect(object).not.toBeNull();
    expect(object?.contentType).toBe('image/webp');
    expect(object?.size).toBe(3000);
    expect(object?.etag).toMatch(/^(W\/)?".+"$/);
    expect(object?.lastModified).toBeInstanceOf(Date);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks)).toEqual(body);
    expect(await readMedia(storage, 'listings/u1/abc-1600.webp')).toEqual(body);
  });

  it('says whether a key is stored, and gives nothing for one that is not', async () => {
    await storage.put('listings/u1/here-480.webp', bytes(10), 'image/webp');
    expect(await storage.exists('listings/u1/here-480.webp')).toBe(true);
    expect(await storage.exists('listings/u1/never-480.webp')).toBe(false);
    expect(await storage.get('listings/u1/never-480.webp')).toBeNull();
    expect(await readMedia(storage, 'nothing/here.webp')).toBeNull();
  });

  it('removes a key, and removing one that is not there is no error', async () => {
    await storage.put('avatars/u2/gone.webp', bytes(20), 'image/webp');
    await storage.remove('avatars/u2/gone.webp');
    expect(await storage.exists('avatars/u2/gone.webp')).toBe(false);
    expect(await storage.get('avatars/u2/gone.webp')).toBeNull();
    await expect(storage.remove('avatars/u2/gone.webp')).resolves.toBeUndefined();
  });

  it('lists every key under a prefix with its size, and only those', async () => {
    await storage.put('portfolio/u3/a-1600.webp', bytes(11), 'image/webp');
    await storage.put('portfolio/u3/a-480.webp', bytes(5), 'image/webp');
    await storage.put('portfolio/u4/b-1600.webp', bytes(7), 'image/webp');
    expect(await keysOf(storage, 'portfolio/u3/')).toEqual([
      { key: 'portfolio/u3/a-1600.webp', size: 11 },
      { key: 'portfolio/u3/a-480.webp', size: 5 },
    ]);
    const all = (await keysOf(storage)).map((entry) => entry.key);
    expect(all).toEqual(expect.arrayContaining(['portfolio/u4/b-1600.webp', 'listings/u1/abc-1600.webp']));
    expect(all).not.toContain('avatars/u2/gone.webp');
  });

  it('lists more keys than one page of S3 holds (1,000)', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `many/k${String(i).padStart(4, '0')}.webp`);
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, bytes(1), 'image/webp')));
    expect((await keysOf(storage, 'many/')).map((entry) => entry.key)).toEqual(keys);
  }, 120_000);

  it('refuses keys that are not ours before touching the store', async () => {
    for (const key of [
      '../escape.webp',
      '/absolute.webp',
      'a//b.webp',
      'listings/.hidden',
      'a/../b',
      '',
      'x\u0000y',
    ])
      await expect(storage.put(key, bytes(1), 'image/webp'), key).rejects.toThrow(/invalid media key/);
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/invalid media key/);
  });
});

describe('media keys', () => {
  it('are slash-separated names of letters, digits, _, - and dots, never starting with a dot', () => {
    expect(isMediaKey('listings/0b1c/AbC_x-1600.webp')).toBe(true);
    expect(isMediaKey('avatars/u/x.webp')).toBe(true);
    for (const key of ['..', 'a/..', './a', 'a/', '/a', 'a b', 'a?b', 'a%2e', 'x'.repeat(513)])
      expect(isMediaKey(key), key).toBe(false);
  });
});

describe('opening the configured store', () => {
  it('is the local folder by default, whose list skips files that could not be keys', async () => {
    const storage = await openMediaStorage(loadConfig({ DATA_DIR: dataDir }).media, dataDir);
    expect(storage.kind).toBe('local');
    await writeFile(path.join(dataDir, 'media', '.DS_Store'), 'x');
    expect((await keysOf(storage)).map((entry) => entry.key)).not.toContain('.DS_Store');
    storage.close();
  });

  it('lists nothing in a folder that was never written', async () => {
    const empty = createLocalStorage(path.join(dataDir, 'never'));
    expect(await keysOf(empty)).toEqual([]);
  });

  it('reaches the bucket before it is used, and names what to check when it cannot', async () => {
    const storage = await openMediaStorage(loadConfig(s3.env('contract-empty')).media, dataDir);
    expect(storage.kind).toBe('s3');
    expect(await keysOf(storage)).toEqual([]);
    storage.close();
    const missing = loadConfig(s3.env('no-such-bucket')).media;
    const failure = openMediaStorage(missing, dataDir);
    await expect(failure).rejects.toThrow(
      /s3:\/\/no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used/,
    );
    await expect(failure).rejects.toThrow(/check S3_BUCKET, S3_ENDPOINT, S3_REGION and the access keys/);
  });

  it('is a 503, not a 500, when the bucket stops answering', async () => {
    const down = await startS3Server({ buckets: ['short-lived'] });
    const storage = createS3Storage(loadConfig(down.env()).media.s3!);
    await storage.put('k/x.webp', bytes(3), 'image/webp');
    await down.close();
    const attempts = [
      () => storage.get('k/x.webp'),
      () => storage.exists('k/x.webp'),
      () => storage.remove('k/x.webp'),
    ];
    for (const attempt of attempts)
      await expect(attempt()).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    storage.close();
  }, 60_000);
});
