// A new PostgreSQL database on the server an address names, for one run (`npm run bench`, `npm run test:security`,
// the tests with TEST_DATABASE_URL), dropped afterwards: nothing is written to the database the address itself names.
// With `template`, the new database is a copy of that one (`CREATE DATABASE … TEMPLATE`): the tests copy one
// migrated database rather than migrate each of their own (issue 27).
import pg from 'pg';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A database name no other run on this server is using: the prefix, this process and a random part. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
}

/** The address of another database on the same server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createThrowawayDatabase(
  adminUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<ThrowawayDatabase> {
  const name = uniqueDatabaseName(prefix);
  // Names are ours (prefix, digits, letters), never a caller's text; identifiers cannot be bound parameters.
  const from = options.template ? ` template ${pg.escapeIdentifier(options.template)}` : '';
  await onServer(adminUrl, (client) => client.query(`create database ${name}${from}`));
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => dropDatabase(adminUrl, name),
  };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await onServer(adminUrl, (client) =>
    client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`),
  );
}
