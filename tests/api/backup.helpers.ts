// A site to back up (tests/api/backup*.test.ts): two accounts and a listing with two stored photos, on the embedded
// database or on a new PostgreSQL database when TEST_DATABASE_URL is set, with its photos in whichever store.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { properties, propertyImages, users } from '../../src/server/db/schema';
import { type MediaStorage, openMediaStorage } from '../../src/server/media/storage';
import { mediaRef } from '../../src/server/media/urls';
import type { BackupTarget } from '../../src/server/ops/backup';
import { createListing } from '../factories/listings';
import { createUser } from '../factories/users';
import type { TestApp } from '../support/app';

export const adminUrl = process.env.TEST_DATABASE_URL;
export const PHOTO = Buffer.from('not really a webp, but bytes that must come back exactly');

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** The rows a restore must bring back exactly. */
export async function snapshot(target: BackupTarget) {
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    poolSize: 1,
  });
  try {
    const db = database.db;
    return {
      users: await db
        .select({ id: users.id, email: users.email, hash: users.passwordHash })
        .from(users)
        .orderBy(asc(users.id)),
      listings: await db
        .select({ id: properties.id, title: properties.title })
        .from(properties)
        .orderBy(asc(properties.id)),
      photos: await db
        .select({ id: propertyImages.id, url: propertyImages.url })
        .from(propertyImages)
        .orderBy(asc(propertyImages.id)),
    };
  } finally {
    await database.close();
  }
}

export interface BackupSite {
  target: BackupTarget;
  dataDir: string;
  /** The site's store, open (closed by drop). */
  storage: MediaStorage;
  /** Empties the database (the store is the caller's to empty). */
  wipeDatabase(): Promise<void>;
  drop(): Promise<void>;
}

/** A site with data: two accounts and a listing whose two photos are in the store `env` names. */
export async function createBackupSite(env: Record<string, string> = {}): Promise<BackupSite> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'yp-backup-site-'));
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const target: BackupTarget = { dataDir, media: config.media };
  let dbName: string | undefined;
  if (adminUrl) {
    dbName = `yp_backup_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    target.databaseUrl = url.toString();
  }
  const storage = await openMediaStorage(config.media, dataDir);
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir, poolSize: 2 });
  try {
    await database.migrate();
    const t = { db: database.db, clock: { now: new Date() }, config } as unknown as TestApp;
    const landlord = await createUser(t, { userType: 'landlord' });
    await createUser(t, { userType: 'tenant' });
    const urls = [];
    for (const n of [0, 1]) {
      const key = `listings/${landlord.id}/photo-${n}.webp`;
      await storage.put(key, PHOTO, 'image/webp');
      urls.push(mediaRef(key));
    }
    await createListing(t, { landlordId: landlord.id, images: urls });
  } finally {
    await database.close();
  }
  return {
    target,
    dataDir,
    storage,
    async wipeDatabase() {
      if (target.databaseUrl) {
        const client = new pg.Client({ connectionString: target.databaseUrl });
        await client.connect();
        await client.query(
          'drop schema public cascade; create schema public; drop schema if exists drizzle cascade',
        );
        await client.end();
      } else {
        await rm(path.join(dataDir, 'pglite'), { recursive: true });
      }
    },
    async drop() {
      storage.close();
      await rm(dataDir, { recursive: true, force: true });
      if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

/** `npm run backup|restore -- …args` (the compiled command), with the site's variables. */
export function runCommand(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...process.env, ...env, VITEST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (out += d.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}
