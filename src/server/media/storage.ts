// Media storage on local disk under DATA_DIR/media, served at /media/. Keys are random; nothing user-named.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface MediaStorage {
  root: string;
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
}

export function createLocalStorage(dataDir: string): MediaStorage {
  const root = path.resolve(dataDir, 'media');
  const safe = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('invalid media key');
    return full;
  };
  return {
    root,
    async put(key, body) {
      const full = safe(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, body);
      return `/media/${key}`;
    },
    async remove(key) {
      await rm(safe(key), { force: true });
    },
    urlFor(key) {
      return `/media/${key}`;
    },
  };
}
