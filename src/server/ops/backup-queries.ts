// SQL for backups: the row counts a backup records and a restore must find again.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface BackupCounts {
  users: number;
  properties: number;
  propertyImages: number;
  contractors: number;
  messages: number;
}

export async function countBackupRows(db: Db): Promise<BackupCounts> {
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
