// What other features may ask of applications: the let-agreed path declines a home's open applications, and an
// account's deletion withdraws its open ones. Depends only on applications' queries and notices (and through them
// on conversations' lookups), so the listings and accounts services can import it although the applications
// service imports listings.
import { publicStreet } from '../../../domain/addresses';
import {
  EMPTY_SNAPSHOT,
  readSnapshot,
  type TApplicationSide,
  type TApplicationStatus,
  type TDeclineReason,
  type TRenterProfileSnapshot,
} from '../../../domain/applications';
import { isUuid } from '../../../domain/ids';
import { fullName } from '../../../domain/names';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import type { MailMessage } from '../../mail/mailer';
import { recordDecision, sendNotices } from './notices';
import {
  anonymiseApplicationsBy,
  countOpenApplications,
  findApplicationDetail,
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

/** Per listing, its applications waiting on a decision: what Let agreed or Delete would decline. */
export function openApplicationsOf(db: Executor, propertyIds: string[]): Promise<Map<string, number>> {
  return countOpenApplications(db, propertyIds);
}

/** An application as the features built on it (references, decision 0065) need it, with the asker's side. */
export interface ApplicationForParty {
  side: TApplicationSide;
  id: string;
  status: TApplicationStatus;
  conversationId: string;
  tenantId: string;
  landlordId: string;
  applicantName: string;
  property: { id: string; title: string; street: string };
  profile: TRenterProfileSnapshot;
}

/** The application if the person is its tenant or the listing's landlord; undefined for anyone else (a 404). */
export async function applicationForParty(
  db: Executor,
  applicationId: string,
  userId: string,
): Promise<ApplicationForParty | undefined> {
  const [d] = isUuid(applicationId) ? await findApplicationDetail(db, applicationId) : [];
  if (!d) return undefined;
  const side =
    d.application.tenantId === userId ? 'tenant' : d.property.landlordId === userId ? 'landlord' : null;
  if (!side) return undefined;
  return {
    side,
    id: d.application.id,
    status: d.application.status,
    conversationId: d.application.conversationId,
    tenantId: d.application.tenantId,
    landlordId: d.property.landlordId,
    applicantName: fullName(d.tenant.firstName, d.tenant.lastName) || 'A tenant',
    property: { id: d.property.id, title: d.property.title, street: publicStreet(d.property.address) },
    profile: readSnapshot(d.application.profile),
  };
}

/** After the commit: the emails of declineOpenApplications and withdrawApplicationsOf. */
export function tellApplicants(ctx: AppContext, notices: ApplicationNotices): Promise<void> {
  return sendNotices(ctx, notices);
}
