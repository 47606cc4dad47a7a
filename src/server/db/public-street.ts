// Migration 0021's data step (decision 0058): `properties.public_street` is `publicStreet(address)`, derived in
// TypeScript, so the SQL migration adds it empty and this fills the rows that were there before, then makes the
// column NOT NULL as the schema says. It runs in `Database.migrate()` right after the SQL migrations, under the
// migration lock on PostgreSQL, so one instance does it while the others wait. Once the column is NOT NULL there is
// nothing left to do and it returns after one catalogue lookup.
import { sql } from 'drizzle-orm';
import { publicStreet } from '../../domain/addresses';
import type { Db, Executor } from './client';

/** Rows filled per statement: each batch is its own short transaction, so the table is never held for long. */
export const PUBLIC_STREET_BATCH = 1000;

type Rows<T> = { rows: T[] };

async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** True while some row may still lack its public street (the column is not yet NOT NULL). */
async function columnOpen(db: Executor): Promise<boolean> {
  const [row] = await rowsOf<{ open: boolean | null }>(
    db,
    sql`select not a.attnotnull as open from pg_attribute a
        where a.attrelid = to_regclass('properties') and a.attname = 'public_street' and not a.attisdropped`,
  );
  return row?.open === true;
}

/**
 * Fills public_street where it is NULL, walking the rows by id in batches. A row whose address changed between the
 * read and the write (an instance of the old code still serving) is left NULL and read again on the next walk.
 */
async function fillWalk(db: Executor, batch: number): Promise<number> {
  let filled = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await rowsOf<{ id: string; address: string }>(
      db,
      sql`select id, address from properties where public_street is null and id > ${after}::uuid
          order by id limit ${batch}`,
    );
    if (rows.length === 0) return filled;
    after = rows[rows.length - 1].id;
    const values = JSON.stringify(rows.map((r) => ({ ...r, street: publicStreet(r.address) })));
    const updated = await rowsOf<{ id: string }>(
      db,
      sql`update properties p set public_street = v.street
          from jsonb_to_recordset(${values}::jsonb) as v(id uuid, address text, street text)
          where p.id = v.id and p.address = v.address and p.public_street is null
          returning p.id`,
    );
    filled += updated.length;
  }
}

/**
 * Fills every listing's public street and makes the column NOT NULL; the number of rows filled. The batches run
 * without a table lock; the last walk (rows written meanwhile by an instance of the old code) and the NOT NULL run
 * in one transaction holding the table, so no row can slip in between them.
 */
export async function fillPublicStreets(db: Db, batch: number = PUBLIC_STREET_BATCH): Promise<number> {
  if (!(await columnOpen(db))) return 0;
  let filled = await fillWalk(db, batch);
  filled += await db.transaction(async (tx) => {
    await tx.execute(sql`lock table properties in access exclusive mode`);
    const last = await fillWalk(tx, batch);
    await tx.execute(sql`alter table properties alter column public_street set not null`);
    return last;
  });
  // Every row was rewritten: the old versions are dead, and the GIN index holds the new words in its pending list
  // until a vacuum moves them into the index proper. Until then the planner rightly reads the whole table for a
  // keyword (measured: a sequential scan at 20,000 rows, the index after this). ANALYZE also gives the text
  // frequency check (text-frequency.ts) the new index's lexemes. VACUUM cannot run in a transaction: `db` is not one.
  if (filled > 0) await db.execute(sql`vacuum analyze properties`);
  return filled;
}
