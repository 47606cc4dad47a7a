// Two instances starting together migrate once (issue 16): on PostgreSQL the migrations run under a session
// advisory lock. On a bare machine (no TEST_DATABASE_URL) the embedded database has one process by design, so
// this file then only checks that it is not running in CI.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK, openDatabase } from '../../src/server/db/client';

const url = process.env.TEST_DATABASE_URL;

if (!url) {
  describe('migrations without PostgreSQL', () => {
    it('is not running in CI, where TEST_DATABASE_URL is set for this file', () => {
      expect(process.env.CI && process.env.TEST_REDIS_URL ? 'CI without TEST_DATABASE_URL' : 'local').toBe(
        'local',
      );
    });
  });
} else
  describe('migrations on PostgreSQL', () => {
    const name = `yp_migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const admin = () => new pg.Client({ connectionString: url });

    async function appliedMigrations(): Promise<number | null> {
      const client = new pg.Client({ connectionString: dbUrl.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ table: string | null }>(
          `select to_regclass('drizzle.__drizzle_migrations')::text as table`,
        );
        if (!rows[0].table) return null;
        const count = await client.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        return count.rows[0].n;
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      const client = admin();
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
    });

    afterAll(async () => {
      const client = admin();
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    });

    it('waits while another instance holds the lock, then two starting together migrate once', async () => {
      const holder = new pg.Client({ connectionString: dbUrl.toString() });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const a = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 });
      const b = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2 });
      try {
        let settled = 0;
        const both = Promise.all([a.migrate(), b.migrate()]).finally(() => {
          settled = 1;
        });
        // Both instances are seen waiting at the lock (PostgreSQL's own lock table), not guessed to be after a sleep.
        const waitingAtLock = async () =>
          (
            await holder.query<{ n: number }>(
              `select count(*)::int as n from pg_locks
                where locktype = 'advisory' and objid = $1 and not granted
                  and database = (select oid from pg_database where datname = current_database())`,
              [MIGRATION_LOCK],
            )
          ).rows[0].n;
        await expect.poll(waitingAtLock, { interval: 20, timeout: 20_000 }).toBe(2);
        expect(settled).toBe(0); // held at the lock
        expect(await appliedMigrations()).toBeNull(); // and nothing applied under it
        await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        await both;
        const journal = (await import('../../drizzle/meta/_journal.json')) as { entries: unknown[] };
        expect(await appliedMigrations()).toBe(journal.entries.length);
      } finally {
        await holder.end();
        await a.close();
        await b.close();
      }
    });
  });
