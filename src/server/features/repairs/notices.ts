// What a repair's steps say: a line in the tenancy's conversation (the one its application was made from, where both
// parties already talk) and an email. Built inside the step's transaction from the rows it wrote, sent after the
// commit, so nobody hears of a step that was rolled back.
import { BRAND_NAME } from '../../../domain/constants';
import { fullName } from '../../../domain/names';
import {
  CLOCK_STATE_LABELS,
  clockWording,
  REPAIR_CATEGORY_LABELS,
  REPAIR_PAGES,
  REPAIR_URGENCY_LABELS,
  type TClockTarget,
  type TRepairCategory,
  type TRepairUrgency,
  targetOf,
} from '../../../domain/repairs';
import type { AppContext } from '../../context';
import { counted, type DigestLine, digestEmail } from '../../mail/digest';
import type { MailMessage, QueuedMessage } from '../../mail/mailer';
import type { PartyRow, RepairRow } from './queries';

export const nameOf = (p: Pick<PartyRow, 'firstName' | 'lastName'>, fallback: string) =>
  fullName(p.firstName, p.lastName) || fallback;

/** The target's own wording for a repair row ("3 working days: by Wed 2 Dec"). */
export function wordingOf(repair: RepairRow): string {
  return clockWording(
    targetOf(repair.urgency as TRepairUrgency, repair.clockTarget as TClockTarget),
    repair.dueBy,
  );
}

export const what = (repair: RepairRow) =>
  `${REPAIR_URGENCY_LABELS[repair.urgency as TRepairUrgency]} · ${REPAIR_CATEGORY_LABELS[repair.category as TRepairCategory]}`;

/** The conversation line of a step. */
export const lines = {
  reported: (repair: RepairRow, by: string) =>
    `${by} reported a repair: "${repair.title}" (${what(repair)}). ${wordingOf(repair)}.`,
  resolved: (repair: RepairRow, by: string) => `${by} marked the repair "${repair.title}" fixed.`,
};

/** A repair's email: the greeting, the body and the link to the repair (`lead` for a trade's, decision 0071). */
export function repairMail(
  ctx: AppContext,
  to: { email: string; greeting: string },
  subject: string,
  body: string[],
  repairId: string,
  kind: 'repair' | 'lead' = 'repair',
): MailMessage {
  return {
    to: to.email,
    subject,
    text: [
      `Hello ${to.greeting || 'there'},`,
      '',
      ...body,
      '',
      `The repair: ${ctx.config.publicUrl}${REPAIR_PAGES.one(repairId)}`,
      '',
      BRAND_NAME,
    ].join('\n'),
    kind,
  };
}

export function mail(
  ctx: AppContext,
  to: PartyRow,
  subject: string,
  body: string[],
  repairId: string,
): MailMessage {
  return repairMail(ctx, { email: to.email, greeting: to.firstName }, subject, body, repairId);
}

export function reportedEmail(ctx: AppContext, repair: RepairRow, to: PartyRow, by: string, home: string) {
  return mail(
    ctx,
    to,
    `Repair reported: ${repair.title}`,
    [
      `${by} reported a repair at ${home}: "${repair.title}" (${what(repair)}).`,
      `Target: ${wordingOf(repair)}.`,
      'Both of you see the same clock on the repair page, with every step as it happens.',
    ],
    repair.id,
  );
}

export function resolvedEmail(ctx: AppContext, repair: RepairRow, to: PartyRow, by: string, home: string) {
  return mail(
    ctx,
    to,
    `Repair marked fixed: ${repair.title}`,
    [
      `${by} marked the repair "${repair.title}" at ${home} fixed.`,
      `Their note: ${repair.resolutionNote ?? ''}`,
      'If it is not fixed, reply in your conversation with the landlord.',
    ],
    repair.id,
  );
}

export const REPAIR_REMINDER_MAIL = 'repair_reminder';

/** A repair the reminder job claimed this run: its target near (`due_soon`) or passed (`overdue`). */
export interface RepairReminder {
  kind: 'due_soon' | 'overdue';
  repair: RepairRow;
  home: string;
}

/** "1 repair is due soon", "3 repairs are overdue", "3 repairs need you: 1 overdue"; an emergency says so first. */
export function repairReminderSubject(reminders: readonly RepairReminder[]): string {
  const overdue = reminders.filter((r) => r.kind === 'overdue').length;
  const n = reminders.length;
  const emergency = reminders.some((r) => r.repair.urgency === 'emergency') ? 'Emergency: ' : '';
  if (overdue === 0) return `${emergency}${counted(n, 'repair is', 'repairs are')} due soon`;
  if (overdue === n) return `${emergency}${counted(n, 'repair is', 'repairs are')} overdue`;
  return `${emergency}${counted(n, 'repair needs', 'repairs need')} you: ${overdue} overdue`;
}

/** To the landlord, once a run: every repair whose target came near or passed since the last run. */
export function reminderDigest(
  ctx: AppContext,
  to: PartyRow,
  reminders: readonly RepairReminder[],
): QueuedMessage {
  // Overdue first, then the nearest target: an emergency's few hours come before a routine repair's week.
  const ordered = [...reminders].sort(
    (a, b) =>
      Number(b.kind === 'overdue') - Number(a.kind === 'overdue') ||
      a.repair.dueBy.getTime() - b.repair.dueBy.getTime(),
  );
  const lines: DigestLine[] = ordered.map(({ kind, repair, home }) => ({
    home,
    what: `${repair.title} (${what(repair)})`,
    due: wordingOf(repair),
    status: CLOCK_STATE_LABELS[kind],
    link: `${ctx.config.publicUrl}${REPAIR_PAGES.one(repair.id)}`,
    linkLabel: `Repair: ${repair.title}`,
  }));
  return digestEmail({
    to: to.email,
    firstName: to.firstName,
    subject: repairReminderSubject(reminders),
    kind: REPAIR_REMINDER_MAIL,
    intro:
      reminders.length === 1
        ? 'This repair is near its target or past it:'
        : `These ${reminders.length} repairs are near their targets or past them:`,
    columns: ['Home', 'Repair', 'Target', 'Status'],
    lines,
    outro: [
      'Your tenants see the same clocks.',
      'When a repair is fixed, mark it fixed on its page with a note of what was done.',
    ],
  });
}
