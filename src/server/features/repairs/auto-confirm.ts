// No answer in 7 days counts as confirmed (issue 32 item 3; decision 0072): a job resolves each repair whose work
// was marked done and whose tenant neither confirmed nor reopened it by its confirm_by. Each is claimed once by one
// UPDATE … FOR UPDATE SKIP LOCKED (visit-queries.ts claimUnanswered), so two instances never both resolve one or
// both send its emails; the step and its emails are written in the claim's transaction and sent after the commit.
import type { AppContext } from '../../context';
import type { MailMessage } from '../../mail/mailer';
import {
  findPerson,
  findRepairDetail,
  findTenancyTenants,
  insertRepairEvent,
  type PartyRow,
} from './queries';
import { tellAll } from './visit';
import { confirmedEmail } from './visit-notices';
import { claimUnanswered, findTrade } from './visit-queries';

/** A repair counts as confirmed within this long of its 7 days. */
export const REPAIR_AUTO_CONFIRM_INTERVAL_MS = 15 * 60 * 1000;
const BATCH = 100;

export async function runRepairAutoConfirm(ctx: AppContext): Promise<{ confirmed: number }> {
  let confirmed = 0;
  for (;;) {
    const now = ctx.now();
    const { ids, outbox } = await ctx.db.transaction(async (tx) => {
      const ids = await claimUnanswered(tx, now, BATCH);
      const outbox: MailMessage[] = [];
      for (const id of ids) {
        await insertRepairEvent(tx, { repairId: id, kind: 'auto_confirmed', actorId: null, createdAt: now });
        const [d] = await findRepairDetail(tx, id);
        if (!d) continue;
        const trade = d.repair.contractorId ? await findTrade(tx, d.repair.contractorId) : undefined;
        const people = [
          ...(await findTenancyTenants(tx, d.repair.tenancyId)),
          await findPerson(tx, d.landlordId),
          trade?.person,
        ].filter((p): p is PartyRow => !!p && !p.deletedAt);
        for (const p of people) outbox.push(confirmedEmail(ctx, d.repair, p, d.property.title, 'unanswered'));
      }
      return { ids, outbox };
    });
    await tellAll(ctx, outbox);
    confirmed += ids.length;
    if (ids.length < BATCH) break;
  }
  return { confirmed };
}
