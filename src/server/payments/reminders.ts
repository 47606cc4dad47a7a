// The reminder of a continuing plan, at least every six months (the DMCC Act 2024's subscription reminders, done
// before they are in force): what it costs, when it renews and how to leave. Idempotent across instances: the run
// holds the job's advisory lock, and each reminder is claimed by a unique row before its email goes out.
import { isPlan, PAYMENT_GRACE_DAYS } from '../../domain/payments';
import { addMonths, REMINDER_EVERY_MONTHS, reminderNumberDue } from '../../domain/subscription-terms';
import type { AppContext } from '../context';
import { tryTransactionLock } from '../db/locks';
import { type PlanContact, sendPlanReminder } from './notices';
import { claimSubscriptionReminder, findContinuingPlans } from './queries';

const DAY_MS = 86_400_000;
export const PLAN_REMINDERS_LOCK = 0x59_50_52_01;
export const PLAN_REMINDER_KIND = 'six_monthly';

interface Due {
  contact: PlanContact;
  startedAt: Date;
  renewsOn: Date | null;
  pricePence: number;
}

export async function runPlanReminders(ctx: AppContext): Promise<{ sent: number }> {
  const now = ctx.now();
  // Claims are committed before any email goes out: a crash loses at most those emails, never sends one twice.
  const due = await ctx.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, PLAN_REMINDERS_LOCK))) return [];
    const found: Due[] = [];
    for (const row of await findContinuingPlans(tx, addMonths(now, -REMINDER_EVERY_MONTHS))) {
      const sub = row.subscription;
      if (!sub.startedAt || !isPlan(sub.plan)) continue;
      // A plan whose paid period ran out with no renewal (the test provider's, or a card given up on) has ended.
      if (
        sub.currentPeriodEnd &&
        sub.currentPeriodEnd.getTime() + PAYMENT_GRACE_DAYS * DAY_MS <= now.getTime()
      )
        continue;
      const number = reminderNumberDue(sub.startedAt, now);
      if (number < 1) continue;
      if (
        !(await claimSubscriptionReminder(tx, {
          subscriptionId: sub.id,
          kind: PLAN_REMINDER_KIND,
          number,
          sentAt: now,
        }))
      )
        continue;
      found.push({
        contact: { email: row.email, firstName: row.firstName, plan: sub.plan },
        startedAt: sub.startedAt,
        renewsOn: sub.currentPeriodEnd,
        pricePence: sub.pricePence,
      });
    }
    return found;
  });
  for (const item of due) await sendPlanReminder(ctx, item.contact, item);
  return { sent: due.length };
}
