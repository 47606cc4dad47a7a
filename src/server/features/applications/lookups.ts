// What other features may ask of applications: the let-agreed path declines a home's open applications, and an
// account's deletion withdraws its open ones. Depends only on applications' queries and notices (and through them
// on conversations' lookups), so the listings and accounts services can import it although the applications
// service imports listings.
import { EMPTY_SNAPSHOT, type TDeclineReason } from '../../../domain/applications';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { MailMessage } from '../../mail/mailer';
import { recordDecision, sendNotices } from './notices';
import {
  anonymiseApplicationsBy,
  lockOpenApplicationsBy,
  lockOpenApplicationsOf,
  updateApplication,
} from './queries';

/** The emails decisions made for others owe, to send once their transaction has committed (tellApplicants). */
export type ApplicationNotices = MailMessage[];

/** Why a home's open applications are declined for everyone: it is let, or the listing was removed. */
const DECLINED_BECAUSE = {
  letAgreed: { declineReason: 'let_to_another', declineNote: null },
  listingRemoved: { declineReason: 'other', declineNote: 'The listing was removed.' },
} as const satisfies Record<string, { declineReason: TDeclineReason; declineNote: string | null }>;

/**
 * A home is let agreed (a tenant accepted an offer, or the landlord marked it so) or its listing is deleted: every
 * other open application on it is declined ("let to another applicant", or "the listing was removed"), in the
 * caller's transaction, each thread told and each tenant emailed after the commit.
 */
export async function declineOpenApplications(
  tx: Tx,
  ctx: AppContext,
  propertyId: string,
  exceptId: string | null,
  why: keyof typeof DECLINED_BECAUSE = 'letAgreed',
): Promise<ApplicationNotices> {
  const now = ctx.now();
  const outbox: MailMessage[] = [];
  for (const open of await lockOpenApplicationsOf(tx, propertyId, exceptId)) {
    await updateApplication(tx, open.id, {
      status: 'declined',
      ...DECLINED_BECAUSE[why],
      declinedAt: now,
      updatedAt: now,
    });
    outbox.push(...(await recordDecision(tx, ctx, open.id, 'declined')));
  }
  return outbox;
}

/**
 * A tenant deletes their account (decision 0051): their open applications are withdrawn, each landlord told, and
 * every application of theirs is kept for the landlord's record without what they wrote about themselves.
 */
export async function withdrawApplicationsOf(
  tx: Tx,
  ctx: AppContext,
  tenantId: string,
): Promise<ApplicationNotices> {
  const now = ctx.now();
  const outbox: MailMessage[] = [];
  for (const open of await lockOpenApplicationsBy(tx, tenantId)) {
    await updateApplication(tx, open.id, { status: 'withdrawn', withdrawnAt: now, updatedAt: now });
    outbox.push(
      ...(await recordDecision(tx, ctx, open.id, 'withdrawn', 'the applicant deleted their account')),
    );
  }
  await anonymiseApplicationsBy(tx, tenantId, EMPTY_SNAPSHOT, now);
  return outbox;
}

/** After the commit: the emails of declineOpenApplications and withdrawApplicationsOf. */
export function tellApplicants(ctx: AppContext, notices: ApplicationNotices): Promise<void> {
  return sendNotices(ctx, notices);
}
