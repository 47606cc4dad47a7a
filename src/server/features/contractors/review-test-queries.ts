// SQL for the browser tests' stand-in (review-test-support.ts): a repair's work marked done by a trade.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contractors, repairs } from '../../db/schema';

export async function contractorExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: contractors.id }).from(contractors).where(eq(contractors.id, id));
  return !!row;
}

/** The repair as the quote and visit steps leave it once the trade has done the work; undefined when unknown. */
export async function markRepairWorkDone(
  db: Executor,
  repairId: string,
  contractorId: string,
  now: Date,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .update(repairs)
    .set({
      contractorId,
      status: 'work_done',
      workDoneAt: now,
      workDoneNote: 'Work done (test).',
      clockStoppedAt: now,
      confirmBy: new Date(now.getTime() + 7 * 86_400_000),
      updatedAt: now,
    })
    .where(eq(repairs.id, repairId))
    .returning({ id: repairs.id });
  return row;
}
