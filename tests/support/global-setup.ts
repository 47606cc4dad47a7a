// Once per run, before any test file: the database every test app copies.
// - PGlite (default): migrate one in-memory PGlite and save its data directory; each test app loads that snapshot.
// - TEST_DATABASE_URL: migrate one template database on that server; each test app is a `CREATE DATABASE … TEMPLATE`
//   copy of it (issue 27: 12 migrations once, not once per app), dropped again on close. The template is dropped
//   when the run ends. An unreachable server fails the run (never a silent skip).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createThrowawayDatabase } from '../../scripts/throwaway-database';
import { openDatabase } from '../../src/server/db/client';

export const SNAPSHOT = path.resolve('.data-test/migrated.tar.gz');

declare module 'vitest' {
  interface ProvidedContext {
    /** The migrated database test apps copy on TEST_DATABASE_URL's server ('' on PGlite). */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = await createThrowawayDatabase(url, 'yp_template').catch((err) => {
      throw new Error(`TEST_DATABASE_URL is set but the database is unreachable: ${err.message}`);
    });
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
    await database.migrate();
    // A template must have no connections while it is copied.
    await database.close();
    project.provide('templateDatabase', template.name);
    return () => template.drop();
  }
  project.provide('templateDatabase', '');
  const database = await openDatabase({ inMemory: true });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
