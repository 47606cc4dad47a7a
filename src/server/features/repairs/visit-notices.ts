// What the steps from an accepted quote to a confirmed fix say by email (decision 0072). Built inside each step's
// transaction from the rows it wrote, sent after the commit. No email carries the access notes or a phone number:
// those stay on the repair page, for the parties allowed to see them.
import { CONFIRM_DAYS, visitTimeText } from '../../../domain/repair-visits';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../mail/mailer';
import { mail, wordingOf } from './notices';
import type { PartyRow, RepairRow } from './queries';

const day = (at: Date) => visitTimeText(at).replace(/, \d{2}:\d{2}$/, '');

export function visitProposedEmail(
  ctx: AppContext,
  repair: RepairRow,
  to: PartyRow,
  trade: string,
  times: Date[],
  home: string,
) {
  return mail(
    ctx,
    to,
    `Visit times for your repair: ${repair.title}`,
    [
      `${trade} can come to ${home} about "${repair.title}" at any of these times (London time):`,
      ...times.map((t) => `- ${visitTimeText(t)}`),
      'Choose the one that suits you on the repair page; the trade sees how to get in only once a time is agreed.',
    ],
    repair.id,
  );
}

export function visitAgreedEmail(ctx: AppContext, repair: RepairRow, to: PartyRow, at: Date, home: string) {
  return mail(
    ctx,
    to,
    `Visit agreed: ${repair.title}`,
    [`The visit to ${home} about "${repair.title}" is agreed for ${visitTimeText(at)} (London time).`],
    repair.id,
  );
}

export function workDoneEmail(
  ctx: AppContext,
  repair: RepairRow,
  to: PartyRow,
  trade: string,
  home: string,
  asTenant: boolean,
) {
  const confirmBy = repair.confirmBy ? day(repair.confirmBy) : `${CONFIRM_DAYS} days`;
  return mail(
    ctx,
    to,
    `Work done: ${repair.title}`,
    [
      `${trade} marked the work on "${repair.title}" at ${home} done.`,
      `Their note: ${repair.workDoneNote ?? ''}`,
      asTenant
        ? `Please confirm it is fixed, or say what is still wrong, on the repair page by ${confirmBy}. If we hear nothing by then, it counts as fixed.`
        : `Your tenant has until ${confirmBy} to confirm it is fixed or reopen it; no answer by then counts as fixed.`,
    ],
    repair.id,
  );
}

export function confirmedEmail(
  ctx: AppContext,
  repair: RepairRow,
  to: PartyRow,
  home: string,
  how: 'tenant' | 'unanswered',
) {
  return mail(
    ctx,
    to,
    how === 'tenant' ? `Confirmed fixed: ${repair.title}` : `Counted as fixed: ${repair.title}`,
    [
      how === 'tenant'
        ? `The tenant confirmed that "${repair.title}" at ${home} is fixed.`
        : `Nobody answered within ${CONFIRM_DAYS} days of the work on "${repair.title}" at ${home} being marked done, so it counts as fixed.`,
    ],
    repair.id,
  );
}

export function reopenedEmail(
  ctx: AppContext,
  repair: RepairRow,
  to: PartyRow,
  reason: string,
  home: string,
) {
  return mail(
    ctx,
    to,
    `Repair reopened: ${repair.title}`,
    [
      `The tenant says "${repair.title}" at ${home} is still not fixed:`,
      reason,
      `The same trade is asked to come back. The clock starts again: ${wordingOf(repair)}.`,
    ],
    repair.id,
  );
}

/** To the accepted trade: the landlord marked the repair fixed before the work was done, so the job is off. */
export function jobCalledOffEmail(ctx: AppContext, repair: RepairRow, to: PartyRow, home: string) {
  return mail(
    ctx,
    to,
    `Job no longer needed: ${repair.title}`,
    [
      `The landlord marked the repair "${repair.title}" at ${home} fixed, so your visit is not needed.`,
      'If you have already done work or bought parts for it, please settle that with the landlord in the repair conversation.',
    ],
    repair.id,
  );
}

/** To a trade invited to quote: the landlord marked the repair fixed, so no quote is needed. */
export function quoteNoLongerNeededEmail(ctx: AppContext, repair: RepairRow, to: PartyRow, home: string) {
  return mail(
    ctx,
    to,
    `Quote no longer needed: ${repair.title}`,
    [`The landlord marked the repair "${repair.title}" at ${home} fixed, so a quote is no longer needed.`],
    repair.id,
  );
}

/** A new message in the repair's conversation: who wrote, never what (it stays on the site). */
export function repairMessageEmail(ctx: AppContext, repair: RepairRow, to: PartyRow, sender: string) {
  return {
    ...mail(
      ctx,
      to,
      `New message from ${sender} about the repair "${repair.title}"`,
      [
        `${sender} wrote in the conversation about the repair "${repair.title}".`,
        `Read and reply on the repair page. Turn these emails off with Email Notifications in your settings (${ctx.config.publicUrl}/settings).`,
      ],
      repair.id,
    ),
    kind: 'repair_message',
  } satisfies MailMessage;
}
