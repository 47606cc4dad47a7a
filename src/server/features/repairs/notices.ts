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
import type { MailMessage } from '../../mail/mailer';
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

const what = (repair: RepairRow) =>
  `${REPAIR_URGENCY_LABELS[repair.urgency as TRepairUrgency]} · ${REPAIR_CATEGORY_LABELS[repair.category as TRepairCategory]}`;

/** The conversation line of a step. */
export const lines = {
  reported: (repair: RepairRow, by: string) =>
    `${by} reported a repair: "${repair.title}" (${what(repair)}). ${wordingOf(repair)}.`,
  resolved: (repair: RepairRow, by: string) => `${by} marked the repair "${repair.title}" fixed.`,
};

function mail(ctx: AppContext, to: PartyRow, subject: string, body: string[], repairId: string): MailMessage {
  return {
    to: to.email,
    subject,
    text: [
      `Hello ${to.firstName || 'there'},`,
      '',
      ...body,
      '',
      `The repair: ${ctx.config.publicUrl}${REPAIR_PAGES.one(repairId)}`,
      '',
      BRAND_NAME,
    ].join('\n'),
    kind: 'repair',
  };
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

/** To the landlord: a target near (`due_soon`) or passed (`overdue`). */
export function reminderEmail(
  ctx: AppContext,
  kind: 'due_soon' | 'overdue',
  repair: RepairRow,
  to: PartyRow,
  home: string,
) {
  const lead =
    kind === 'due_soon'
      ? `The repair "${repair.title}" at ${home} is due soon: ${wordingOf(repair)}.`
      : `The repair "${repair.title}" at ${home} has passed its target (${wordingOf(repair)}).`;
  return mail(
    ctx,
    to,
    `${CLOCK_STATE_LABELS[kind]}: ${repair.title}`,
    [
      lead,
      `It was reported as ${what(repair)}. Your tenant sees the same clock.`,
      'When it is fixed, mark it fixed on the repair page with a note of what was done.',
    ],
    repair.id,
  );
}
