// SQL for backups: the row counts a backup records and a restore must find again.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';

export interface BackupCounts {
  users: number;
  properties: number;
  propertyImages: number;
  contractors: number;
  messages: number;
}

export async function countBackupRows(db: Executor): Promise<BackupCounts> {
  const result = (await db.execute(sql`
    select
      (select count(*) from users)::int as users,
      (select count(*) from properties)::int as properties,
      (select count(*) from property_images)::int as "propertyImages",
      (select count(*) from contractors)::int as contractors,
      (select count(*) from messages)::int as messages
  `)) as unknown as { rows: BackupCounts[] };
  return result.rows[0];
}

/**
 * Counts the rows in a snapshot that `during` (pg_dump --snapshot) reads too, so the counts are those of the dump
 * even while the site keeps writing. The snapshot lives as long as this read-only repeatable-read transaction.
 */
export async function countInExportedSnapshot(
  db: Db,
  during: (snapshot: string) => Promise<void>,
): Promise<BackupCounts> {
  return db.transaction(
    async (tx) => {
      const exported = (await tx.execute(sql`select pg_export_snapshot() as snapshot`)) as unknown as {
        rows: Array<{ snapshot: string }>;
      };
      const counts = await countBackupRows(tx);
      await during(exported.rows[0].snapshot);
      return counts;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
