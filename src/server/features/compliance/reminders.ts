// Compliance reminders (decisions 0069 and 0074): the landlord is reminded 60, 30 and 7 days before an item's due
// date and once when it has passed, each once, in one email per landlord per run listing every home and check that
// reached a stage. Only the nearest stage due is sent (a check recorded 20 days before its date gets the 30-day
// reminder, not the 60-day one too). Each reminder is claimed by a unique row (home, kind, due date, stage) in the
// job's transaction, under the job's advisory lock, and the email is stored in the outbox in the same transaction:
// both commit or neither. It is delivered after the commit; one a stopped process left queued goes on the next run.
// A new record moves the due date, so its reminders start afresh.
import { shortDay } from '../../../domain/availability';
import {
  addDays,
  COMPLIANCE_BOOKING,
  COMPLIANCE_LABELS,
  daysBetween,
  reminderStage,
  type TComplianceKind,
  type TReminderStage,
} from '../../../domain/compliance';
import { londonToday } from '../../../domain/dates';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { tryTransactionLock } from '../../db/locks';
import { counted, type DigestLine, digestEmail } from '../../mail/digest';
import { queueMail } from '../../mail/mailer';
import { sendQueuedAll } from '../../mail/send-all';
import { wantsEmail } from '../accounts/email-preferences';
import { claimReminder, findHomesToRemind, findRecordsOf, findTenanciesOf } from './queries';
import { statesOf } from './service';

/** pg_try_advisory_xact_lock key of the compliance reminders job. */
export const COMPLIANCE_REMINDERS_LOCK = 0x59_50_43_01;
export const COMPLIANCE_REMINDERS_INTERVAL_MS = 60 * 60 * 1000;
export const COMPLIANCE_REMINDER_MAIL = 'compliance_reminder';
const BATCH = 200;
/** Homes whose tenancy started within this many days still have its alarm check and deposit to remind about. */
const TENANCY_WINDOW_DAYS = 60;
/** Checks about the safety of the people in the home; the rest (EPC, deposit, licence) are compliance checks. */
const SAFETY_KINDS: readonly TComplianceKind[] = ['gas_safety', 'eicr', 'alarms'];

interface Landlord {
  id: string;
  email: string;
  firstName: string;
}

interface Reminder {
  home: { id: string; title: string };
  kind: TComplianceKind;
  dueOn: string;
  stage: TReminderStage;
}

/** "3 homes need a safety check soon", "1 home has a compliance check overdue", "2 homes need a safety check: 1 overdue". */
export function complianceSubject(reminders: readonly Reminder[]): string {
  const homes = new Set(reminders.map((r) => r.home.id)).size;
  const check = reminders.every((r) => SAFETY_KINDS.includes(r.kind)) ? 'safety check' : 'compliance check';
  const overdue = reminders.filter((r) => r.stage === 'overdue').length;
  if (overdue === 0) return `${counted(homes, 'home needs', 'homes need')} a ${check} soon`;
  if (overdue === reminders.length) return `${counted(homes, 'home has', 'homes have')} a ${check} overdue`;
  return `${counted(homes, 'home needs', 'homes need')} a ${check}: ${overdue} overdue`;
}

function statusOf(reminder: Reminder, today: string): string {
  if (reminder.stage === 'overdue') return 'Overdue';
  const left = daysBetween(today, reminder.dueOn);
  return left === 0 ? 'Due today' : `Due in ${counted(left, 'day', 'days')}`;
}

function reminderDigest(ctx: AppContext, landlord: Landlord, reminders: Reminder[], now: Date) {
  const today = londonToday(now);
  // Overdue first, then the nearest date: what needs doing first is read first.
  const ordered = [...reminders].sort(
    (a, b) =>
      Number(b.stage === 'overdue') - Number(a.stage === 'overdue') ||
      a.dueOn.localeCompare(b.dueOn) ||
      a.home.title.localeCompare(b.home.title),
  );
  const lines: DigestLine[] = ordered.map((r) => ({
    home: r.home.title,
    what: COMPLIANCE_LABELS[r.kind],
    due: `${r.stage === 'overdue' ? 'was due' : 'due'} ${shortDay(r.dueOn, now)}`,
    status: statusOf(r, today),
    link: `${ctx.config.publicUrl}/listings/${r.home.id}/compliance`,
    linkLabel: `Compliance calendar of ${r.home.title}`,
  }));
  const bookable = ordered.some((r) => COMPLIANCE_BOOKING[r.kind]);
  return digestEmail({
    to: landlord.email,
    firstName: landlord.firstName,
    subject: complianceSubject(reminders),
    kind: COMPLIANCE_REMINDER_MAIL,
    intro:
      reminders.length === 1
        ? 'This check on one of your homes is due or overdue:'
        : `These ${reminders.length} checks on your homes are due or overdue:`,
    columns: ['Home', 'Check', 'Due', 'Status'],
    lines,
    outro: [
      "Record each one, with its certificate, on the home's compliance calendar.",
      ...(bookable ? ["The calendar's booking links ask trades near the home for a quote."] : []),
    ],
  });
}

/** One email per landlord who wants account emails, stored in the outbox in the claims' transaction. */
async function queueDigests(
  ctx: AppContext,
  tx: Tx,
  byLandlord: Map<string, { landlord: Landlord; reminders: Reminder[] }>,
  now: Date,
) {
  const ids: string[] = [];
  for (const { landlord, reminders } of byLandlord.values()) {
    // Switched off (Settings → Notifications): the reminders are claimed all the same, and the dashboard shows them.
    if (!(await wantsEmail(tx, landlord.id, 'email'))) continue;
    const id = await queueMail(tx, reminderDigest(ctx, landlord, reminders, now));
    if (id) ids.push(id);
  }
  return ids;
}

export interface ComplianceRemindersResult {
  skipped: boolean;
  /** Reminders claimed this run. */
  sent: number;
  /** Emails stored for them: one per landlord. */
  emails: number;
}

export async function runComplianceReminders(ctx: AppContext): Promise<ComplianceRemindersResult> {
  const now = ctx.now();
  const today = londonToday(now);
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, COMPLIANCE_REMINDERS_LOCK)))
      return { skipped: true, sent: 0, emails: 0, outboxIds: [] };
    const horizon = addDays(today, 60);
    const since = addDays(today, -TENANCY_WINDOW_DAYS);
    const byLandlord = new Map<string, { landlord: Landlord; reminders: Reminder[] }>();
    let sent = 0;
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
          if (!(await claimReminder(tx, claim))) continue;
          sent += 1;
          const group = byLandlord.get(home.landlordId) ?? {
            landlord: { id: home.landlordId, email: home.landlordEmail, firstName: home.landlordFirstName },
            reminders: [],
          };
          group.reminders.push({ home, kind: state.kind, dueOn: state.dueOn, stage });
          byLandlord.set(home.landlordId, group);
        }
      }
      if (homes.length < BATCH) break;
      after = homes[homes.length - 1].id;
    }
    const outboxIds = await queueDigests(ctx, tx, byLandlord, now);
    return { skipped: false, sent, emails: outboxIds.length, outboxIds };
  });
  await sendQueuedAll(ctx.db, ctx.mailer, COMPLIANCE_REMINDER_MAIL, result.outboxIds);
  return { skipped: result.skipped, sent: result.sent, emails: result.emails };
}
