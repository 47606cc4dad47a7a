// What each decision on an application says: a line in the listing's conversation (both sides read it there) and an
// email to the other side (issue 31 item 3). The emails are built inside the decision's transaction, from the rows it
// wrote, and sent after the commit, so nobody hears of a decision that was rolled back.
import { APPLICATION_PAGES, DECLINE_REASON_LABELS, type TDeclineReason } from '../../../domain/applications';
import { BRAND_NAME } from '../../../domain/constants';
import { formatPence } from '../../../domain/money';
import { fullName } from '../../../domain/names';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { MailMessage } from '../../mail/mailer';
import { postSystemLine } from '../conversations/lookups';
import { type ApplicationDetail, findApplicationDetail } from './queries';

export type ApplicationEvent = 'applied' | 'offered' | 'declined' | 'withdrawn' | 'accepted';

const DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "Tue 1 Dec 2026" for a calendar day. */
export function dayText(day: string): string {
  return DAY.format(new Date(`${day}T12:00:00Z`)).replace(',', '');
}

const tenantName = (d: ApplicationDetail) => fullName(d.tenant.firstName, d.tenant.lastName) || 'The tenant';
const landlordName = (d: ApplicationDetail) =>
  fullName(d.landlord.firstName, d.landlord.lastName) || 'The landlord';

function offerText(d: ApplicationDetail): string {
  const a = d.application;
  return `${formatPence(a.offerRentPence ?? 0)} pcm from ${dayText(a.offerStartDate ?? '')}, deposit ${formatPence(a.offerDepositPence ?? 0)}`;
}

function declineText(d: ApplicationDetail): string {
  const a = d.application;
  const label = DECLINE_REASON_LABELS[a.declineReason as TDeclineReason] ?? 'Other';
  return a.declineNote ? `${label}: ${a.declineNote}` : label;
}

/** The conversation line of a decision. */
export function lineFor(event: ApplicationEvent, d: ApplicationDetail, why?: string): string {
  switch (event) {
    case 'applied':
      return `${tenantName(d)} applied for this home.`;
    case 'offered':
      return `${landlordName(d)} offered the home to ${tenantName(d)}: ${offerText(d)}.`;
    case 'declined':
      return `${landlordName(d)} declined the application (${declineText(d)}).`;
    case 'withdrawn':
      return why ? `The application was withdrawn: ${why}.` : `${tenantName(d)} withdrew their application.`;
    case 'accepted':
      return `${tenantName(d)} accepted the offer: the home is let agreed. The tenancy is recorded on Your Place.`;
  }
}

const SUBJECTS: Record<ApplicationEvent, string> = {
  applied: 'New application',
  offered: 'You are offered the home',
  declined: 'Your application was declined',
  withdrawn: 'Application withdrawn',
  accepted: 'Offer accepted',
};

/** One email about a decision, to one side. */
export function applicationEmail(
  ctx: AppContext,
  event: ApplicationEvent,
  d: ApplicationDetail,
  to: 'tenant' | 'landlord',
  why?: string,
): MailMessage {
  const person = to === 'tenant' ? d.tenant : d.landlord;
  const title = d.property.title;
  const url = ctx.config.publicUrl;
  const page =
    to === 'tenant' ? APPLICATION_PAGES.myApplications : APPLICATION_PAGES.listingApplicants(d.property.id);
  const where = `${url}${page}`;
  // Built on demand: an offer's terms only exist once it is made.
  const body: Record<ApplicationEvent, () => string[]> = {
    applied: () => [
      `${tenantName(d)} applied for "${title}". Their renter profile is with the application, and every applicant's shows the same fields.`,
      `See the applicants: ${where}`,
    ],
    offered: () => [
      `${landlordName(d)} offered you "${title}": ${offerText(d)}.`,
      'Accept it from your applications. Your Place takes no money for the tenancy: never pay anyone who says otherwise.',
      `Your applications: ${where}`,
    ],
    declined: () => [
      `${landlordName(d)} declined your application for "${title}".`,
      `Reason: ${declineText(d)}`,
      `Your applications: ${where}`,
    ],
    withdrawn: () => [
      why
        ? `The application of ${tenantName(d)} for "${title}" was withdrawn: ${why}.`
        : `${tenantName(d)} withdrew their application for "${title}".`,
      `See the applicants: ${where}`,
    ],
    accepted: () =>
      to === 'tenant'
        ? [
            `You accepted the offer of "${title}": ${offerText(d)}. The home is let agreed and the tenancy is recorded.`,
            `My home: ${url}${APPLICATION_PAGES.myHome}`,
          ]
        : [
            `${tenantName(d)} accepted your offer of "${title}": ${offerText(d)}. The home is let agreed and the tenancy is recorded.`,
            'Protect the deposit in a government-approved scheme within 30 days of receiving it, and give the tenant the prescribed information.',
            `Tenancies: ${url}${APPLICATION_PAGES.tenancies}`,
          ],
  };
  return {
    to: person.email,
    subject: `${SUBJECTS[event]}: ${title}`,
    text: [
      `Hello ${person.firstName || 'there'},`,
      '',
      ...body[event](),
      '',
      `The conversation: ${url}/inbox?c=${d.application.conversationId}`,
      '',
      BRAND_NAME,
    ].join('\n'),
    kind: 'application',
  };
}

/** Who hears of a decision by email: the other side (both, for an acceptance). */
const RECIPIENTS: Record<ApplicationEvent, Array<'tenant' | 'landlord'>> = {
  applied: ['landlord'],
  offered: ['tenant'],
  declined: ['tenant'],
  withdrawn: ['landlord'],
  accepted: ['tenant', 'landlord'],
};

/**
 * In the decision's transaction: the line in the conversation, and the emails to send once it commits.
 * `why` is said when the decision was not a person's (a deleted account, a let-agreed home).
 */
export async function recordDecision(
  tx: Tx,
  ctx: AppContext,
  applicationId: string,
  event: ApplicationEvent,
  why?: string,
): Promise<MailMessage[]> {
  const [detail] = await findApplicationDetail(tx, applicationId);
  if (!detail) return [];
  await postSystemLine(tx, detail.application.conversationId, lineFor(event, detail, why), ctx.now());
  return RECIPIENTS[event].map((to) => applicationEmail(ctx, event, detail, to, why));
}

/** After the commit: each email, one failure never stopping the rest. */
export async function sendNotices(ctx: AppContext, outbox: MailMessage[]): Promise<void> {
  for (const message of outbox) {
    try {
      await ctx.mailer.send(message);
    } catch (err) {
      ctx.log.warn({ err, kind: message.kind }, 'could not send the application email');
    }
  }
}
