// For browser tests only (TEST_ROUTES=1, refused in production by config): a repair's work marked done by a trade,
// written as the quote and visit steps of issue 32 item 3 leave it, so the reviews journey can stand on its own.
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import type { AppContext } from '../../context';
import { contractorExists, markRepairWorkDone } from './review-test-queries';
import { CONTRACTOR_NOT_FOUND } from './service';

export const ZFinishRepair = z.strictObject({ repairId: z.uuid(), contractorId: z.uuid() });

export async function finishRepairForTest(
  ctx: AppContext,
  input: z.output<typeof ZFinishRepair>,
): Promise<{ repairId: string }> {
  if (!(await contractorExists(ctx.db, input.contractorId)))
    throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
  const row = await markRepairWorkDone(ctx.db, input.repairId, input.contractorId, ctx.now());
  if (!row) throw new AppError('NOT_FOUND', 'Repair not found');
  return { repairId: row.id };
}
