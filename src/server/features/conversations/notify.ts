// The new-message email (issue 13): to the other participant, through the mail layer, at most once per
// conversation and recipient in 15 minutes, and only if their Email Notifications switch is on. The email says who
// wrote and about what, and links to the thread; the message itself stays on the site, where the scam shield is.
import { BRAND_NAME } from '../../../domain/constants';
import { MESSAGE_EMAIL_WINDOW_MS } from '../../../domain/conversations';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { MailMessage } from '../../mail/mailer';
import { wantsEmail } from '../accounts/email-preferences';
import { emailOfUser } from '../accounts/service';
import { findConversationView } from './queries';

type ClaimSlot = (
  db: Db,
  conversationId: string,
  side: 'starter' | 'owner',
  now: Date,
  windowMs: number,
) => Promise<boolean>;

export async function notifyNewMessage(
  ctx: AppContext,
  conversationId: string,
  senderId: string,
  claimSlot: ClaimSlot,
): Promise<void> {
  const view = await findConversationView(ctx.db, conversationId);
  if (!view) return;
  const toStarter = view.owner_id === senderId;
  const recipientId = toStarter ? view.starter_id : view.owner_id;
  if (recipientId === senderId) return;
  if (!(await wantsEmail(ctx.db, recipientId, 'email'))) return;
  const now = ctx.now();
  if (
    !(await claimSlot(ctx.db, conversationId, toStarter ? 'starter' : 'owner', now, MESSAGE_EMAIL_WINDOW_MS))
  )
    return;
  const to = await emailOfUser(ctx, recipientId);
  if (!to) return;
  const sender = toStarter
    ? view.kind === 'quote'
      ? (view.business_name ?? view.owner_name)
      : view.owner_name
    : view.starter_name;
  const about =
    view.kind === 'enquiry' ? (view.property_title ?? 'a home') : (view.lead_title ?? 'a quote request');
  await ctx.mailer.send(
    newMessageEmail(ctx.config.publicUrl, to, sender || 'A Your Place member', about, conversationId),
  );
}

export function newMessageEmail(
  publicUrl: string,
  to: string,
  sender: string,
  about: string,
  conversationId: string,
): MailMessage {
  const link = `${publicUrl}/inbox?c=${conversationId}`;
  const text = [
    `${sender} sent you a message about "${about}".`,
    '',
    `Read and reply on ${BRAND_NAME}: ${link}`,
    '',
    'Keep the conversation on the site until you have met at a viewing: never pay a deposit or fee for a home you have not seen.',
    `Turn these emails off with Email Notifications in your settings (${publicUrl}/settings).`,
    '',
    BRAND_NAME,
  ].join('\n');
  return { to, subject: `New message from ${sender} about "${about}"`, text, kind: 'message' };
}
