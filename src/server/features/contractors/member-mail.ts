// One email to a member about their trade dealings (a job marked done, a reply to their review): to their account
// address, only while they have account emails switched on; a deleted account's address is undeliverable.
import type { AppContext } from '../../context';
import type { MailMessage } from '../../mail/mailer';
import { wantsEmail } from '../accounts/email-preferences';
import { findOwnerEmail } from './queries';

export async function emailMember(
  ctx: AppContext,
  userId: string | null,
  message: Omit<MailMessage, 'to'>,
): Promise<void> {
  if (!userId || !(await wantsEmail(ctx.db, userId, 'email'))) return;
  const to = await findOwnerEmail(ctx.db, userId);
  if (to) await ctx.mailer.send({ to, ...message });
}
