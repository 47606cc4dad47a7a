// A listing's life after it goes live (src/domain/availability.ts): the landlord marks it let agreed (shown with
// that badge for 7 days, then it leaves search; its viewings to come are called off, decision 0056) and can relist
// it (its open applications are declined as let to another applicant, issue 31); every 14 days they are asked to confirm it is still available (an email with a signed one-click link, and a
// button on the dashboard); unconfirmed for 21 days it is paused until they do. Rent reductions are told to the people who saved the home.

import { timingSafeEqual } from 'node:crypto';
import {
  CONFIRM_EVERY_DAYS,
  LET_AGREED_VISIBLE_DAYS,
  PAUSE_AFTER_DAYS,
  shortDay,
} from '../../../domain/availability';
import { BRAND_NAME } from '../../../domain/constants';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import type { TLifecycleRun, TListingStatusChange } from '../../../domain/listings';
import { formatPence } from '../../../domain/money';
import { ONE_TIME_LINK_LIFETIMES_MS, ONE_TIME_LINK_MESSAGES } from '../../../domain/one-time-links';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { tryTransactionLock } from '../../db/locks';
import { hmac } from '../../lib/crypto';
import type { MailMessage } from '../../mail/mailer';
import type { SessionUser } from '../../plugins/sessions';
import { type ApplicationNotices, declineOpenApplications, tellApplicants } from '../applications/lookups';
import { type CalledOff, callOffViewings, tellCalledOff } from '../viewings/lookups';
import {
  anyToClose,
  closeLive,
  findDueReminders,
  findSaversOf,
  findUnnotifiedReductions,
  letAgreedSince,
  markReductionsNotified,
  setLifecycle,
  unconfirmedSince,
} from './lifecycle-queries';
import { lockProperty, type PropertyRow } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A confirmation link works this long (src/domain/one-time-links.ts), and once. */
export const CONFIRM_LINK_DAYS = ONE_TIME_LINK_LIFETIMES_MS.listingConfirm / DAY_MS;
/** pg_try_advisory_xact_lock key of the lifecycle job. */
export const LISTING_LIFECYCLE_LOCK = 0x59_50_4c_01;
/** Reminders and reduction notices per run; the next run takes the rest. */
const BATCH = 200;

export const LIFECYCLE_MESSAGES = {
  notFound: 'Property not found',
  notLive: 'Only a live listing can be marked let agreed.',
  alreadyLetAgreed: 'This home is already marked let agreed.',
  notLet: 'Only a let-agreed or let home can be relisted.',
  cannotConfirm: 'Only a live or paused listing can be confirmed as available.',
  pausedByLaw:
    'This listing was paused because it breaks a rule now in force (we emailed you which). Edit it to meet the rule; it comes back once an admin approves the edit.',
  badLink: 'This confirmation link is not valid. Sign in and confirm the listing from your dashboard.',
  expiredLink: 'This confirmation link has expired. Sign in and confirm the listing from your dashboard.',
} as const;

export type LifecycleReply = TListingStatusChange;

function reply(row: PropertyRow, message: string): LifecycleReply {
  return {
    id: row.id,
    status: row.status,
    letAgreedAt: row.letAgreedAt ? row.letAgreedAt.toISOString() : null,
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    message,
  };
}

/** The owner's listing, locked for the change; others get 404 (nobody learns what exists). */
async function ownListing(tx: Parameters<typeof lockProperty>[0], actor: Actor<SessionUser>, id: string) {
  const row = isUuid(id) ? await lockProperty(tx, id) : undefined;
  if (!row || row.landlordId !== actor.user.id) throw new AppError('NOT_FOUND', LIFECYCLE_MESSAGES.notFound);
  return row;
}

/** What a home going let agreed leaves to do after the commit: the emails its consequences owe. */
export interface LetAgreedConsequences {
  calledOff: CalledOff;
  applicants: ApplicationNotices;
}

/**
 * The one let-agreed path, in the caller's transaction on the locked row: the listing is marked, its viewings to come
 * end (each thread told, decision 0056) and its open applications are declined as let to another applicant (issue
 * 31), but the one accepted when a tenant accepted an offer.
 */
async function letAgree(
  tx: Tx,
  ctx: AppContext,
  row: PropertyRow,
  acceptedApplicationId: string | null,
): Promise<LetAgreedConsequences> {
  if (row.status !== 'live') throw new AppError('CONFLICT', LIFECYCLE_MESSAGES.notLive);
  if (row.letAgreedAt) throw new AppError('CONFLICT', LIFECYCLE_MESSAGES.alreadyLetAgreed);
  const now = ctx.now();
  await setLifecycle(tx, row.id, { letAgreedAt: now, updatedAt: now });
  // Nobody travels to view a home that is taken (decision 0056): its viewings to come end, each thread is told.
  const calledOff = await callOffViewings(tx, ctx, { propertyId: row.id }, 'letAgreed');
  const applicants = await declineOpenApplications(tx, ctx, row.id, acceptedApplicationId);
  return { calledOff, applicants };
}

/** After the commit of a let agreed: the viewings called off and the applicants declined are told. */
export async function tellLetAgreed(ctx: AppContext, done: LetAgreedConsequences): Promise<void> {
  await tellCalledOff(ctx, done.calledOff);
  await tellApplicants(ctx, done.applicants);
}

/**
 * A tenant accepted an offer (issue 31): the home goes let agreed through the same path as the landlord's button, in
 * the acceptance's transaction (which holds the row lock already).
 */
export async function letAgreeForTenancy(
  tx: Tx,
  ctx: AppContext,
  propertyId: string,
  acceptedApplicationId: string,
): Promise<LetAgreedConsequences> {
  const row = await lockProperty(tx, propertyId);
  if (!row) throw new AppError('CONFLICT', LIFECYCLE_MESSAGES.notLive);
  return letAgree(tx, ctx, row, acceptedApplicationId);
}

/** POST /api/listings/{id}/let-agreed. */
export async function markLetAgreed(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<LifecycleReply> {
  const { changed, done } = await ctx.db.transaction(async (tx) => {
    const row = await ownListing(tx, actor, id);
    const done = await letAgree(tx, ctx, row, null);
    const now = ctx.now();
    const leaves = new Date(now.getTime() + LET_AGREED_VISIBLE_DAYS * DAY_MS);
    const changed = reply(
      { ...row, letAgreedAt: now },
      `Marked let agreed. It leaves search now (only those who include let agreed homes see it) and is taken down on ${shortDay(londonToday(leaves), now)}.`,
    );
    return { changed, done };
  });
  await tellLetAgreed(ctx, done);
  return changed;
}

/** POST /api/listings/{id}/relist: back on the market, confirmed as available now. */
export async function relist(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<LifecycleReply> {
  return ctx.db.transaction(async (tx) => {
    const row = await ownListing(tx, actor, id);
    const letAgreed = row.status === 'live' && row.letAgreedAt;
    if (!letAgreed && row.status !== 'let') throw new AppError('CONFLICT', LIFECYCLE_MESSAGES.notLet);
    const now = ctx.now();
    assertNotPausedByLaw(row, now);
    await setLifecycle(tx, row.id, { status: 'live', letAgreedAt: null, confirmedAt: now, updatedAt: now });
    return reply(
      { ...row, status: 'live', letAgreedAt: null, confirmedAt: now },
      'Relisted: it is back in search.',
    );
  });
}

/**
 * A listing the daily law check paused (its grace ended, decision 0047) comes back only through an approved edit that
 * meets the law, never by confirming or relisting it as it is.
 */
function assertNotPausedByLaw(row: PropertyRow, now: Date) {
  if (row.lawPausesAt && row.lawPausesAt <= now)
    throw new AppError('CONFLICT', LIFECYCLE_MESSAGES.pausedByLaw);
}

async function confirm(ctx: AppContext, tx: Parameters<typeof lockProperty>[0], row: PropertyRow) {
  if (row.status !== 'live' && row.status !== 'paused')
    throw new AppError('CONFLICT', LIFECYCLE_MESSAGES.cannotConfirm);
  const now = ctx.now();
  assertNotPausedByLaw(row, now);
  await setLifecycle(tx, row.id, { status: 'live', confirmedAt: now, updatedAt: now });
  const next = new Date(now.getTime() + CONFIRM_EVERY_DAYS * DAY_MS);
  return reply(
    { ...row, status: 'live', confirmedAt: now },
    row.status === 'paused'
      ? 'Thanks: the listing is back in search.'
      : `Thanks: we will ask again on ${shortDay(londonToday(next), now)}.`,
  );
}

/** POST /api/listings/{id}/confirm-available (the dashboard button). */
export async function confirmAvailable(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<LifecycleReply> {
  return ctx.db.transaction(async (tx) => confirm(ctx, tx, await ownListing(tx, actor, id)));
}

// ---- the signed one-click link ----

function signature(ctx: AppContext, payload: string): string {
  return hmac(ctx.config.sessionSecret, `listing-confirm:${payload}`).slice(0, 32);
}

/**
 * `{propertyId}.{expiry in seconds}.{signature}`: confirms that listing once, with no session, until it expires. The
 * link is sent at expiry - CONFIRM_LINK_DAYS; any confirmation since then (this link, the dashboard button, a relist)
 * has used it up, so it needs no table of its own: the listing's confirmedAt is the record (decision 0053).
 */
export function confirmationToken(ctx: AppContext, propertyId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + CONFIRM_LINK_DAYS * 24 * 60 * 60;
  const payload = `${propertyId}.${expires}`;
  return `${payload}.${signature(ctx, payload)}`;
}

/** POST /api/listings/confirm-available {token}: what the emailed link's page sends. */
export async function confirmByToken(ctx: AppContext, token: string): Promise<LifecycleReply> {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([0-9a-f]{32})$/.exec(token);
  if (!match) throw new AppError('BAD_REQUEST', LIFECYCLE_MESSAGES.badLink);
  const [, propertyId, expires, given] = match;
  const expected = signature(ctx, `${propertyId}.${expires}`);
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected)))
    throw new AppError('BAD_REQUEST', LIFECYCLE_MESSAGES.badLink);
  if (Number(expires) * 1000 < ctx.now().getTime())
    throw new AppError('BAD_REQUEST', LIFECYCLE_MESSAGES.expiredLink);
  const sentAt = new Date(Number(expires) * 1000 - ONE_TIME_LINK_LIFETIMES_MS.listingConfirm);
  return ctx.db.transaction(async (tx) => {
    const row = await lockProperty(tx, propertyId);
    if (!row) throw new AppError('NOT_FOUND', LIFECYCLE_MESSAGES.notFound);
    // Under the row lock: of two clicks at once, the second sees the first's confirmation.
    if (row.confirmedAt && row.confirmedAt >= sentAt)
      throw new AppError(
        'LINK_USED',
        ONE_TIME_LINK_MESSAGES.listingUsed(shortDay(londonToday(row.confirmedAt), ctx.now())),
      );
    return confirm(ctx, tx, row);
  });
}

// ---- the job ----

function reminderEmail(
  ctx: AppContext,
  listing: { id: string; title: string; landlordEmail: string; landlordFirstName: string },
  now: Date,
): MailMessage {
  const link = `${ctx.config.publicUrl}/confirm-listing?token=${confirmationToken(ctx, listing.id, now)}`;
  const pause = new Date(now.getTime() + (PAUSE_AFTER_DAYS - CONFIRM_EVERY_DAYS) * DAY_MS);
  const text = [
    `Hello ${listing.landlordFirstName || 'there'},`,
    '',
    `Is "${listing.title}" still available to let? Tenants only see homes that are.`,
    '',
    `Confirm it with one click: ${link}`,
    '',
    `If we do not hear from you by ${shortDay(londonToday(pause), now)}, we pause the listing (it leaves search until you confirm).`,
    `If it has been let, mark it "Let agreed" on your dashboard: ${ctx.config.publicUrl}/landlord-dashboard`,
    '',
    BRAND_NAME,
  ].join('\n');
  return {
    to: listing.landlordEmail,
    subject: `Is "${listing.title}" still available?`,
    text,
    kind: 'listing_confirm',
    secret: link,
  };
}

function reductionEmail(
  ctx: AppContext,
  to: { email: string; firstName: string },
  change: { propertyId: string; title: string; fromPence: number; toPence: number; changedAt: Date },
  now: Date,
): MailMessage {
  const link = `${ctx.config.publicUrl}/properties/${change.propertyId}`;
  const text = [
    `Hello ${to.firstName || 'there'},`,
    '',
    `A home you saved was reduced on ${shortDay(londonToday(change.changedAt), now)}:`,
    `"${change.title}" is now ${formatPence(change.toPence)} pcm (was ${formatPence(change.fromPence)}).`,
    link,
    '',
    `Turn these emails off with Property Alerts in your settings (${ctx.config.publicUrl}/settings).`,
    '',
    BRAND_NAME,
  ].join('\n');
  return { to: to.email, subject: `Reduced: "${change.title}"`, text, kind: 'rent_reduced' };
}

export type LifecycleRunResult = TLifecycleRun;

/**
 * One run of the lifecycle job: let-agreed homes past 7 days leave search, listings unconfirmed for 21 days are
 * paused, those unconfirmed for 14 get one reminder, and reductions are told to savers. State is in the
 * database and one instance at a time does it (advisory lock); mail goes out after the commit, so a crash loses
 * at most a reminder or notice, never sends one twice.
 */
export async function runListingLifecycle(ctx: AppContext): Promise<LifecycleRunResult> {
  const now = ctx.now();
  const pauseBefore = new Date(now.getTime() - PAUSE_AFTER_DAYS * DAY_MS);
  const remindBefore = new Date(now.getTime() - CONFIRM_EVERY_DAYS * DAY_MS);
  const letBefore = new Date(now.getTime() - LET_AGREED_VISIBLE_DAYS * DAY_MS);
  const outbox: MailMessage[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, LISTING_LIFECYCLE_LOCK)))
      return { skipped: true, reminded: 0, paused: 0, let: 0, reductionsNotified: 0 };
    // Each UPDATE on properties expires the search cache, so the job only writes when it has something to do.
    const closing = await anyToClose(tx, pauseBefore, letBefore);
    const paused = closing ? await closeLive(tx, unconfirmedSince(pauseBefore), 'paused', now) : 0;
    const let_ = closing ? await closeLive(tx, letAgreedSince(letBefore), 'let', now) : 0;
    const due = await findDueReminders(tx, remindBefore, BATCH);
    for (const listing of due) {
      await setLifecycle(tx, listing.id, { confirmReminderSentAt: now });
      outbox.push(reminderEmail(ctx, listing, now));
    }
    const reductions = await findUnnotifiedReductions(tx, BATCH);
    for (const change of reductions) {
      if (change.status !== 'live') continue;
      for (const saver of await findSaversOf(tx, change.propertyId))
        outbox.push(reductionEmail(ctx, saver, change, now));
    }
    await markReductionsNotified(
      tx,
      reductions.map((r) => r.changeId),
      now,
    );
    return { skipped: false, reminded: due.length, paused, let: let_, reductionsNotified: reductions.length };
  });
  for (const message of outbox) await ctx.mailer.send(message);
  return result;
}
