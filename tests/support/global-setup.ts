// Migrate one PGlite once and save its data directory; every test app starts from that snapshot.
// With TEST_DATABASE_URL, check the server is reachable so a missing database fails loudly (never a silent skip).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';

export const SNAPSHOT = path.resolve('.data-test/migrated.tar.gz');

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect().catch((err) => {
      throw new Error(`TEST_DATABASE_URL is set but the database is unreachable: ${err.message}`);
    });
    await client.end();
    return;
  }
  const database = await openDatabase({ inMemory: true });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
