// Compliance reminders (decision 0069): the landlord is emailed 60, 30 and 7 days before an item's due date and once
// when it has passed, each once. Only the nearest stage due is sent (a check recorded 20 days before its date gets the
// 30-day reminder, not the 60-day one too). Each reminder is claimed by a unique row (home, kind, due date, stage)
// in the job's transaction, under the job's advisory lock; the emails go after the commit, so a crash loses at most
// a reminder, never sends one twice. A new record moves the due date, so its reminders start afresh.
import { shortDay } from '../../../domain/availability';
import { addDays, COMPLIANCE_BOOKING, COMPLIANCE_LABELS, reminderStage } from '../../../domain/compliance';
import { BRAND_NAME } from '../../../domain/constants';
import { londonToday } from '../../../domain/dates';
import type { AppContext } from '../../context';
import { tryTransactionLock } from '../../db/locks';
import type { MailMessage } from '../../mail/mailer';
import { sendAll } from '../../mail/send-all';
import { claimReminder, findHomesToRemind, findRecordsOf, findTenanciesOf } from './queries';
import { statesOf } from './service';

/** pg_try_advisory_xact_lock key of the compliance reminders job. */
export const COMPLIANCE_REMINDERS_LOCK = 0x59_50_43_01;
export const COMPLIANCE_REMINDERS_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 200;
/** Homes whose tenancy started within this many days still have its alarm check and deposit to remind about. */
const TENANCY_WINDOW_DAYS = 60;

function reminderEmail(
  ctx: AppContext,
  home: { id: string; title: string; landlordEmail: string; landlordFirstName: string },
  item: { kind: keyof typeof COMPLIANCE_LABELS; dueOn: string },
  stage: string,
  now: Date,
): MailMessage {
  const label = COMPLIANCE_LABELS[item.kind];
  const when = shortDay(item.dueOn, now);
  const link = `${ctx.config.publicUrl}/listings/${home.id}/compliance`;
  const booking = COMPLIANCE_BOOKING[item.kind];
  const text = [
    `Hello ${home.landlordFirstName || 'there'},`,
    '',
    stage === 'overdue'
      ? `The ${label.toLowerCase()} for "${home.title}" was due on ${when} and is not recorded as done.`
      : `The ${label.toLowerCase()} for "${home.title}" is due on ${when}.`,
    '',
    `Record it, with its certificate, on the home's compliance calendar: ${link}`,
    ...(booking ? [`${booking.label} from the calendar: it asks trades near the home for a quote.`] : []),
    '',
    BRAND_NAME,
  ].join('\n');
  return {
    to: home.landlordEmail,
    subject:
      stage === 'overdue' ? `Overdue: ${label} for "${home.title}"` : `${label} due ${when}: "${home.title}"`,
    text,
    kind: 'compliance_reminder',
  };
}

export async function runComplianceReminders(ctx: AppContext): Promise<{ skipped: boolean; sent: number }> {
  const now = ctx.now();
  const today = londonToday(now);
  const outbox: MailMessage[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, COMPLIANCE_REMINDERS_LOCK))) return { skipped: true, sent: 0 };
    const horizon = addDays(today, 60);
    const since = addDays(today, -TENANCY_WINDOW_DAYS);
    let after: string | null = null;
    for (;;) {
      const homes = await findHomesToRemind(tx, horizon, since, after, BATCH);
      if (homes.length === 0) break;
      const ids = homes.map((h) => h.id);
      const [records, tenancies] = await Promise.all([findRecordsOf(tx, ids), findTenanciesOf(tx, ids)]);
      for (const home of homes) {
        const states = statesOf(
          home,
          records.filter((r) => r.propertyId === home.id),
          tenancies.filter((t) => t.propertyId === home.id),
          today,
        );
        for (const state of states) {
          if (!state.dueOn || state.status === 'ok' || state.status === 'not_required') continue;
          const stage = reminderStage(state.dueOn, today);
          if (!stage) continue;
          const claim = { propertyId: home.id, kind: state.kind, dueOn: state.dueOn, stage, sentAt: now };
          if (await claimReminder(tx, claim))
            outbox.push(reminderEmail(ctx, home, { kind: state.kind, dueOn: state.dueOn }, stage, now));
        }
      }
      if (homes.length < BATCH) break;
      after = homes[homes.length - 1].id;
    }
    return { skipped: false, sent: outbox.length };
  });
  await sendAll(ctx.mailer, outbox);
  return result;
}
