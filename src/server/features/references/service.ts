// References by email (issue 31 item 4; docs/decisions/0065-references-by-email.md). The landlord of an
// application's home asks the previous landlord its profile snapshot names; they get a one-time link (its SHA-256
// alone is stored; 14 days, src/domain/one-time-links.ts) to a short form, answer once without an account, and the
// answer shows on the application to the landlord and to the tenant. Requests for one application are made under
// its row lock (one outstanding at a time); an answer is one conditional update, so two submits give one answer.

import { publicStreet } from '../../../domain/addresses';
import { shortDay } from '../../../domain/availability';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import { fullName } from '../../../domain/names';
import { ONE_TIME_LINK_LIFETIMES_MS, ONE_TIME_LINK_MESSAGES } from '../../../domain/one-time-links';
import {
  blockingRequest,
  previousLandlordOf,
  REFERENCE_OPEN_STATUSES,
  referenceLinkState,
  referenceStatus,
  type TApplicationReferences,
  REFERENCE_MESSAGES as TEXT,
  type TReferenceAnswerRequest,
  type TReferenceForm,
  type TReferenceView,
} from '../../../domain/references';
import type { AppContext } from '../../context';
import { randomToken, sha256 } from '../../lib/crypto';
import type { SessionUser } from '../../plugins/sessions';
import { postSystemLine } from '../conversations/service';
import { referenceAnsweredEmail, referenceRequestEmail } from './emails';
import {
  type ApplicationParties,
  answerRequest,
  findApplicationParties,
  findRequestByToken,
  insertRequest,
  listRequests,
  lockApplication,
  type ReferenceRow,
} from './queries';

/** The tenant's and the landlord's names as the other side and the referee read them. */
const nameOf = (person: { firstName: string | null; lastName: string | null }, fallback: string) =>
  fullName(person.firstName, person.lastName) || fallback;

/** The home as someone outside the tenancy may know it: the street, never the number (decision 0058). */
const streetOf = (property: ApplicationParties['property']) =>
  publicStreet(property.address) || property.location || property.outcode;

const dayOf = (at: Date, now: Date) => shortDay(londonToday(at), now);

/** The application, if the actor is one of its two parties (else 404, as for one that does not exist). */
async function partiesFor(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  applicationId: string,
  who: 'landlord' | 'either',
): Promise<ApplicationParties> {
  if (!isUuid(applicationId)) throw new AppError('NOT_FOUND', TEXT.notFound);
  const found = await findApplicationParties(ctx.db, applicationId);
  const me = actor.user.id;
  const allowed =
    found && (found.property.landlordId === me || (who === 'either' && found.application.tenantId === me));
  if (!allowed) throw new AppError('NOT_FOUND', TEXT.notFound);
  return found;
}

/** POST /api/applications/{id}/references: ask the previous landlord the application names. */
export async function requestReference(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  applicationId: string,
): Promise<{ referenceId: string }> {
  const parties = await partiesFor(ctx, actor, applicationId, 'landlord');
  const token = randomToken();
  const { row, referee } = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    // Two clicks of "Ask for a reference" at once: the second waits here, then finds the first's request.
    const application = await lockApplication(tx, applicationId);
    if (!application) throw new AppError('NOT_FOUND', TEXT.notFound);
    if (!(REFERENCE_OPEN_STATUSES as readonly string[]).includes(application.status))
      throw new AppError('CONFLICT', TEXT.closed);
    const referee = previousLandlordOf(application.profile);
    if (!referee) throw new AppError('CONFLICT', TEXT.noPreviousLandlord);
    const blocking = blockingRequest(await listRequests(tx, applicationId), now);
    if (blocking?.status === 'answered') throw new AppError('CONFLICT', TEXT.answered);
    if (blocking) throw new AppError('CONFLICT', TEXT.outstanding(dayOf(blocking.request.expiresAt, now)));
    const row = await insertRequest(tx, {
      applicationId,
      refereeName: referee.name,
      refereeEmail: referee.email,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + ONE_TIME_LINK_LIFETIMES_MS.reference),
      createdAt: now,
    });
    // The tenant learns who was asked, in the conversation both sides read.
    await postSystemLine(
      tx,
      parties.application.conversationId,
      `The landlord asked ${referee.name}, the previous landlord named in the application, for a reference. The answer will be shown to both of you.`,
      now,
    );
    return { row, referee };
  });
  await ctx.mailer.send(
    referenceRequestEmail(
      {
        to: referee.email,
        refereeName: referee.name,
        applicantName: nameOf(parties.tenant, 'The applicant'),
        askedBy: nameOf(parties.landlord, 'the landlord'),
        street: streetOf(parties.property),
        link: `${ctx.config.publicUrl}/references/${token}`,
        until: dayOf(row.expiresAt, ctx.now()),
      },
      ctx.config.publicUrl,
    ),
  );
  return { referenceId: row.id };
}

function toView(row: ReferenceRow, now: Date): TReferenceView {
  const status = referenceStatus(row, now);
  return {
    id: row.id,
    refereeName: row.refereeName,
    status,
    requestedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    answer:
      status === 'answered' && row.answeredAt && row.tenancyFrom && row.rentOnTime
        ? {
            tenancyFrom: row.tenancyFrom,
            tenancyTo: row.tenancyTo,
            rentOnTime: row.rentOnTime as 'always' | 'mostly' | 'rarely',
            wouldLetAgain: row.wouldLetAgain ?? false,
            comments: row.comments,
            answeredAt: row.answeredAt.toISOString(),
          }
        : null,
  };
}

/** GET /api/applications/{id}/references: the requests and answers, to the landlord and to the tenant alike. */
export async function applicationReferences(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  applicationId: string,
): Promise<TApplicationReferences> {
  await partiesFor(ctx, actor, applicationId, 'either');
  const now = ctx.now();
  return { references: (await listRequests(ctx.db, applicationId)).map((row) => toView(row, now)) };
}

type TokenRow = NonNullable<Awaited<ReturnType<typeof findRequestByToken>>>;

/** Why a link cannot be used now, in the wording of every one-time link: 410 used, 400 expired, 404 unknown. */
function unusable(found: TokenRow | undefined, now: Date): AppError | null {
  const state = referenceLinkState(
    found && { ...found.request, applicationStatus: found.application.status },
    now,
  );
  switch (state) {
    case 'usable':
      return null;
    case 'used':
      return new AppError(
        'LINK_USED',
        ONE_TIME_LINK_MESSAGES.referenceUsed(dayOf(found!.request.usedAt!, now)),
      );
    case 'closed':
      return new AppError('LINK_USED', TEXT.noLongerNeeded);
    case 'expired':
      return new AppError('INVALID_TOKEN', ONE_TIME_LINK_MESSAGES.referenceExpired);
    default:
      return new AppError('NOT_FOUND', ONE_TIME_LINK_MESSAGES.referenceUnknown);
  }
}

/** The request a usable link names; else why the link no longer works (410 used or closed, 400 expired, 404). */
export async function usableLink(ctx: AppContext, token: string): Promise<TokenRow> {
  const found = await findRequestByToken(ctx.db, sha256(token));
  const error = unusable(found, ctx.now());
  if (error || !found) throw error ?? new AppError('NOT_FOUND', ONE_TIME_LINK_MESSAGES.referenceUnknown);
  return found;
}

/** GET /api/references/{token}: what the referee's form shows, or why the link no longer works. */
export async function referenceForm(ctx: AppContext, token: string): Promise<TReferenceForm> {
  const found = await usableLink(ctx, token);
  return {
    refereeName: found.request.refereeName,
    applicantName: nameOf(found.tenant, 'The applicant'),
    askedBy: nameOf(found.landlord, 'The landlord'),
    street: streetOf(found.property),
    town: found.property.location,
    outcode: found.property.outcode,
    expiresAt: found.request.expiresAt.toISOString(),
  };
}

/** POST /api/references/{token}: the answer, once. Both parties hear of it, in the conversation and by email. */
export async function answerReference(
  ctx: AppContext,
  token: string,
  input: TReferenceAnswerRequest,
): Promise<{ ok: boolean; message: string }> {
  const now = ctx.now();
  // The route checked the link before the form (a dead link is told first, whatever the form held); again here,
  // for the row and its parties. Then the dates.
  const found = await usableLink(ctx, token);
  if (input.tenancyFrom > londonToday(now))
    throw new AppError('VALIDATION_FAILED', TEXT.tenancyFromFuture, {
      tenancyFrom: [TEXT.tenancyFromFuture],
    });
  const answered = await ctx.db.transaction(async (tx) => {
    const row = await answerRequest(tx, found.request.id, input, now);
    if (!row) return null;
    await postSystemLine(
      tx,
      found.application.conversationId,
      `${row.refereeName} has given a reference. It is shown on the application, to both of you.`,
      now,
    );
    return row;
  });
  // Lost a race with another submit of the same form: that one answered.
  if (!answered)
    throw (
      unusable(await findRequestByToken(ctx.db, sha256(token)), ctx.now()) ??
      new AppError('LINK_USED', ONE_TIME_LINK_MESSAGES.referenceUsed(dayOf(now, now)))
    );
  const street = streetOf(found.property);
  const conversationLink = `${ctx.config.publicUrl}/inbox?c=${found.application.conversationId}`;
  const applicantName = nameOf(found.tenant, 'the applicant');
  for (const [person, forTenant] of [
    [found.landlord, false],
    [found.tenant, true],
  ] as const) {
    await ctx.mailer.send(
      referenceAnsweredEmail({
        to: person.email,
        name: person.firstName ?? '',
        refereeName: answered.refereeName,
        applicantName,
        street,
        conversationLink,
        forTenant,
      }),
    );
  }
  return { ok: true, message: 'Thank you. Your reference has been sent.' };
}
