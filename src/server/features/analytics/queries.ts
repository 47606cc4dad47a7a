// The analytics feature's SQL: page views, counted for the admin statistics.
import type { InferInsertModel } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageViews } from '../../db/schema';

export async function insertPageView(db: Db, view: InferInsertModel<typeof pageViews>): Promise<void> {
  await db.insert(pageViews).values(view);
}
