// The trade marks an ordinary quote request's job done (issue 32 item 5; decision 0073): the lead records when
// (leads.completed_at) and counts as won, its conversation says so, and the person who asked is emailed a link to
// review the trade, which they may now do. A repair's quote request is finished on the repair instead (item 3).
import { LEAD_COMPLETE_MESSAGES, type TLead } from '../../../domain/contractors';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../mail/mailer';
import type { SessionUser } from '../../plugins/sessions';
import { leadConversation, postSystemLine } from '../conversations/lookups';
import { LEAD_NOT_FOUND } from './leads';
import { emailMember } from './member-mail';
import { toLead } from './presenter';
import { type ContractorRow, completeLead, findContractorByUser, findLead } from './queries';

/**
 * POST /api/contractor/leads/{id}/complete. Only the lead's own trade (anyone else: 404, as for a lead they cannot
 * see); once (409). No plan is needed: a job done is a fact, and the review it opens is the customer's.
 */
export async function completeOwnLead(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<TLead> {
  const contractor = await findContractorByUser(ctx.db, actor.user.id);
  const current = contractor && isUuid(id) ? await findLead(ctx.db, id) : undefined;
  if (!contractor || !current || current.lead.contractorId !== contractor.id)
    throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  if (current.lead.repairId) throw new AppError('CONFLICT', LEAD_COMPLETE_MESSAGES.repair);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // One statement: of two presses at once, only one finds the job not yet done.
    if (!(await completeLead(tx, id, contractor.id, now)))
      throw new AppError('CONFLICT', LEAD_COMPLETE_MESSAGES.already);
    const conversation = await leadConversation(tx, id);
    if (conversation)
      await postSystemLine(
        tx,
        conversation.id,
        `${contractor.businessName} marked this job done. You can now review them on their page.`,
        now,
      );
  });
  const updated = await findLead(ctx.db, id);
  if (!updated) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  try {
    await emailRequester(ctx, contractor, updated.lead);
  } catch (err) {
    ctx.log.warn({ err, leadId: id }, 'could not email a requester about a job done');
  }
  return toLead(updated);
}

/** "Review the trade": the link names the job, so the form rests the review on it. */
export function reviewLinkForLead(publicUrl: string, contractorId: string, leadId: string): string {
  return `${publicUrl}/contractors/${contractorId}?lead=${leadId}#review`;
}

async function emailRequester(
  ctx: AppContext,
  contractor: ContractorRow,
  lead: { id: string; requesterId: string | null; jobTitle: string },
) {
  const link = reviewLinkForLead(ctx.config.publicUrl, contractor.id, lead.id);
  const text = [
    'Hello,',
    '',
    `${contractor.businessName} marked your job "${lead.jobTitle}" done on Your Place.`,
    '',
    'How did it go? Your review will show as a verified job, with the month and the kind of work.',
    '',
    `Review the trade: ${link}`,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(contractor.businessName)} marked your job "${escapeHtml(lead.jobTitle)}" done on Your Place.</p>`,
    '<p>How did it go? Your review will show as a verified job, with the month and the kind of work.</p>',
    `<p><a href="${escapeHtml(link)}">Review the trade</a></p>`,
  ].join('\n');
  await emailMember(ctx, lead.requesterId, {
    subject: `${contractor.businessName} marked your job done`,
    text,
    html,
    kind: 'lead_completed',
  });
}
