// From an accepted quote to a confirmed fix (issue 32 item 3, second half; decision 0072). The trade whose quote
// the landlord accepted proposes visit times; the tenant (or the landlord, for a repair the landlord logged) agrees
// one, and only then does the trade see the access notes and the tenant's name and phone. The trade marks the work
// done with a note and photos: the clock stops and the tenant has 7 days to confirm it fixed or reopen it with a
// reason (the same trade is asked back and the clock restarts); no answer counts as confirmed (auto-confirm.ts).
// The landlord may still mark it fixed: open quotes are declined and a trade whose work was not done is told.
//
// Who: the accepted trade proposes and completes (the tenant and landlord get 403), the tenant confirms and reopens
// (the landlord and trade get 403); anyone who is not a party gets 404, and a step out of turn 409.

import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import {
  checkVisitTimes,
  confirmByOf,
  type TRepairSide,
  type TRepairWork,
  VISIT_MESSAGES,
  visitTimeText,
  WORK_PHOTOS_MAX,
  ZAgreeVisit,
  ZCompleteWork,
  ZProposeVisitTimes,
  ZReopenRepair,
} from '../../../domain/repair-visits';
import {
  clockState,
  dueSoonAtOf,
  REPAIR_MESSAGES,
  type TRepairCategory,
  type TRepairStatus,
  type TRepairUrgency,
  type TRepairView,
  targetFor,
} from '../../../domain/repairs';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { parse } from '../../lib/validation';
import type { MailMessage } from '../../mail/mailer';
import { sendAll } from '../../mail/send-all';
import type { UploadedPhoto } from '../../media/photo-collection';
import type { SessionUser } from '../../plugins/sessions';
import { wordingOf } from './notices';
import type { RepairForm } from './photo-form';
import { repairPhotoRow, withStoredPhotos } from './photos';
import {
  findPerson,
  findRepairDetail,
  findTenancyTenants,
  insertRepairEvent,
  insertRepairPhotos,
  isTenantOfTenancy,
  lockRepair,
  type PartyRow,
  type RepairDetail,
  type RepairRow,
  updateRepair,
} from './queries';
import {
  confirmedEmail,
  jobCalledOffEmail,
  quoteNoLongerNeededEmail,
  reopenedEmail,
  visitAgreedEmail,
  visitProposedEmail,
  workDoneEmail,
} from './visit-notices';
import {
  closeOpenInvitations,
  findTrade,
  setLeadCompleted,
  type TradeRow,
  tradeUserIdOf,
} from './visit-queries';

const THE_TENANT = 'The tenant';
const A_TRADE = 'The trade';

/** Statuses in which the accepted trade is on the job and the work is not yet done. */
const ON_THE_JOB: readonly TRepairStatus[] = ['quote_accepted', 'visit_agreed'];

/** After the commit: each email, one failure never stopping the rest. */
export async function tellAll(ctx: AppContext, outbox: MailMessage[]): Promise<void> {
  try {
    await sendAll(ctx.mailer, outbox);
  } catch (err) {
    ctx.log.warn({ err }, 'could not send a repair email');
  }
}

// ---- who ----

/** Whether this person runs the trade whose quote on the repair was accepted. */
export async function isAcceptedTrade(
  ctx: AppContext,
  repair: Pick<RepairRow, 'contractorId'>,
  userId: string,
): Promise<boolean> {
  return !!repair.contractorId && (await tradeUserIdOf(ctx.db, repair.contractorId)) === userId;
}

/** The repair and the asker's side in it (the accepted trade included); 404 for anyone else. */
export async function repairParty(
  ctx: AppContext,
  userId: string,
  repairId: string,
): Promise<{ d: RepairDetail; side: TRepairSide }> {
  const [d] = isUuid(repairId) ? await findRepairDetail(ctx.db, repairId) : [];
  if (d) {
    if (d.landlordId === userId) return { d, side: 'landlord' };
    if (await isTenantOfTenancy(ctx.db, d.repair.tenancyId, userId)) return { d, side: 'tenant' };
    if (await isAcceptedTrade(ctx, d.repair, userId)) return { d, side: 'trade' };
  }
  throw new AppError('NOT_FOUND', REPAIR_MESSAGES.notFound);
}

/** The tenant agrees the visit; the landlord too when they logged the repair (the tenant may not be on the site). */
const mayAgree = (d: RepairDetail, side: TRepairSide) =>
  side === 'tenant' || (side === 'landlord' && d.repair.reportedBy === d.landlordId);

/** Everyone on the repair, for its emails. */
async function partiesOf(tx: Tx, d: RepairDetail) {
  const [tenants, landlord, trade] = [
    await findTenancyTenants(tx, d.repair.tenancyId),
    await findPerson(tx, d.landlordId),
    d.repair.contractorId ? await findTrade(tx, d.repair.contractorId) : undefined,
  ];
  return { tenants, landlord, trade };
}

/** The people to write to, leaving out the one who acted and deleted accounts. */
function reachable(people: Array<PartyRow | null | undefined>, actorId: string | null): PartyRow[] {
  return people.filter((p): p is PartyRow => !!p && !p.deletedAt && p.id !== actorId);
}

/** Everyone on the job (the chosen trade, the landlord, the tenants) but the one who acted. */
async function everyoneElse(tx: Tx, d: RepairDetail, actorId: string): Promise<PartyRow[]> {
  const { tenants, landlord, trade } = await partiesOf(tx, d);
  return reachable([trade?.person, landlord, ...tenants], actorId);
}

const tradeName = (trade: TradeRow | undefined) => trade?.businessName ?? A_TRADE;

/** A 409 naming where the repair is, for a step out of turn. */
function outOfTurn(status: TRepairStatus): AppError {
  if (status === 'resolved') return new AppError('CONFLICT', VISIT_MESSAGES.resolved);
  if (status === 'work_done') return new AppError('CONFLICT', VISIT_MESSAGES.alreadyDone);
  return new AppError('CONFLICT', VISIT_MESSAGES.notNow);
}

/** Locks the repair for a step and checks it is still at one of `allowed` (409 otherwise). */
async function lockAt(tx: Tx, repairId: string, allowed: readonly TRepairStatus[], notYet?: AppError) {
  const locked = await lockRepair(tx, repairId);
  if (!locked) throw new AppError('NOT_FOUND', REPAIR_MESSAGES.notFound);
  if (!allowed.includes(locked.status)) {
    if (notYet && ['reported', 'quoting', 'quote_accepted', 'visit_agreed'].includes(locked.status))
      throw notYet;
    throw outOfTurn(locked.status);
  }
  return locked;
}

// ---- the visit ----

export async function proposeVisitTimes(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
  input: unknown,
): Promise<void> {
  const { d, side } = await repairParty(ctx, actor.user.id, repairId);
  if (side !== 'trade') throw new AppError('FORBIDDEN', VISIT_MESSAGES.tradeOnly);
  const body = parse(ZProposeVisitTimes, input);
  const now = ctx.now();
  const checked = checkVisitTimes(body.times, now);
  if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.message, { times: [checked.message] });
  const outbox = await ctx.db.transaction(async (tx) => {
    const locked = await lockAt(tx, d.repair.id, ON_THE_JOB);
    const options = checked.times.map((t) => t.toISOString());
    await updateRepair(tx, locked.id, {
      visitOptions: options,
      visitAt: null,
      status: 'quote_accepted',
      updatedAt: now,
    });
    const listed = checked.times.map(visitTimeText).join('; ');
    await insertRepairEvent(tx, {
      repairId: locked.id,
      kind: 'visit_proposed',
      actorId: actor.user.id,
      note: locked.visitAt ? `${listed} (instead of ${visitTimeText(locked.visitAt)})` : listed,
      details: { times: options, replaces: locked.visitAt?.toISOString() ?? null },
      createdAt: now,
    });
    const { tenants, landlord, trade } = await partiesOf(tx, d);
    const to = reachable([...tenants, mayAgree(d, 'landlord') ? landlord : null], actor.user.id);
    return to.map((p) =>
      visitProposedEmail(ctx, locked, p, tradeName(trade), checked.times, d.property.title),
    );
  });
  await tellAll(ctx, outbox);
}

export async function agreeVisit(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
  input: unknown,
): Promise<void> {
  const { d, side } = await repairParty(ctx, actor.user.id, repairId);
  if (!mayAgree(d, side)) throw new AppError('FORBIDDEN', VISIT_MESSAGES.agreeWho);
  const { time } = parse(ZAgreeVisit, input);
  const now = ctx.now();
  const outbox = await ctx.db.transaction(async (tx) => {
    const locked = await lockAt(tx, d.repair.id, ['quote_accepted']);
    const options = locked.visitOptions ?? [];
    if (options.length === 0) throw new AppError('CONFLICT', VISIT_MESSAGES.noTimes);
    const chosen = options.find((o) => new Date(o).getTime() === new Date(time).getTime());
    if (!chosen)
      throw new AppError('VALIDATION_FAILED', VISIT_MESSAGES.notProposed, {
        time: [VISIT_MESSAGES.notProposed],
      });
    const at = new Date(chosen);
    await updateRepair(tx, locked.id, {
      visitAt: at,
      visitOptions: null,
      status: 'visit_agreed',
      updatedAt: now,
    });
    await insertRepairEvent(tx, {
      repairId: locked.id,
      kind: 'visit_agreed',
      actorId: actor.user.id,
      note: visitTimeText(at),
      details: { at: chosen },
      createdAt: now,
    });
    return (await everyoneElse(tx, d, actor.user.id)).map((p) =>
      visitAgreedEmail(ctx, locked, p, at, d.property.title),
    );
  });
  await tellAll(ctx, outbox);
}

// ---- the work done ----

export async function completeWork(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
  input: RepairForm,
): Promise<void> {
  const userId = actor.user.id;
  const { d, side } = await repairParty(ctx, userId, repairId);
  if (side !== 'trade') throw new AppError('FORBIDDEN', VISIT_MESSAGES.tradeOnly);
  const { note } = parse(ZCompleteWork, input.fields);
  if (input.photos.length > WORK_PHOTOS_MAX)
    throw new AppError('VALIDATION_FAILED', VISIT_MESSAGES.tooManyPhotos, {
      photos: [VISIT_MESSAGES.tooManyPhotos],
    });
  // Out of turn is told before any photo is stored.
  if (!ON_THE_JOB.includes(d.repair.status)) throw outOfTurn(d.repair.status);

  const outbox = await withStoredPhotos(ctx, userId, input.photos, (photos) =>
    writeWorkDone(ctx, d, userId, note, photos),
  );
  await tellAll(ctx, outbox);
}

async function writeWorkDone(
  ctx: AppContext,
  d: RepairDetail,
  userId: string,
  note: string,
  photos: UploadedPhoto[],
): Promise<MailMessage[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const locked = await lockAt(tx, d.repair.id, ON_THE_JOB);
    const confirmBy = confirmByOf(now);
    await updateRepair(tx, locked.id, {
      status: 'work_done',
      workDoneAt: now,
      workDoneNote: note,
      confirmBy,
      // The clock stops at the work (decision 0070); a clock a landlord stopped earlier stays where it stopped.
      clockStoppedAt: locked.clockStoppedAt ?? now,
      visitOptions: null,
      updatedAt: now,
    });
    await insertRepairPhotos(
      tx,
      photos.map((p, position) => ({
        repairId: locked.id,
        stage: 'completion',
        uploadedBy: userId,
        // After the earlier rounds' photos, if the repair was reopened.
        position: locked.reopenCount * WORK_PHOTOS_MAX + position,
        ...repairPhotoRow(p.url),
        thumbUrl: p.thumbUrl,
        width: p.width,
        height: p.height,
        createdAt: now,
      })),
    );
    if (locked.contractorId) await setLeadCompleted(tx, locked.id, locked.contractorId, now);
    await insertRepairEvent(tx, {
      repairId: locked.id,
      kind: 'work_done',
      actorId: userId,
      note,
      createdAt: now,
    });
    const repair: RepairRow = { ...locked, workDoneNote: note, confirmBy };
    const { tenants, landlord, trade } = await partiesOf(tx, d);
    const name = tradeName(trade);
    return [
      ...reachable(tenants, userId).map((p) => workDoneEmail(ctx, repair, p, name, d.property.title, true)),
      ...reachable([landlord], userId).map((p) =>
        workDoneEmail(ctx, repair, p, name, d.property.title, false),
      ),
    ];
  });
}

// ---- the tenant's answer ----

export async function confirmFixed(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
): Promise<void> {
  const { d, side } = await repairParty(ctx, actor.user.id, repairId);
  if (side !== 'tenant') throw new AppError('FORBIDDEN', VISIT_MESSAGES.tenantOnly);
  const now = ctx.now();
  const outbox = await ctx.db.transaction(async (tx) => {
    const locked = await lockAt(
      tx,
      d.repair.id,
      ['work_done'],
      new AppError('CONFLICT', VISIT_MESSAGES.notDone),
    );
    await updateRepair(tx, locked.id, {
      status: 'resolved',
      confirmedAt: now,
      resolvedAt: now,
      resolvedBy: actor.user.id,
      updatedAt: now,
    });
    await insertRepairEvent(tx, {
      repairId: locked.id,
      kind: 'confirmed',
      actorId: actor.user.id,
      createdAt: now,
    });
    return (await everyoneElse(tx, d, actor.user.id)).map((p) =>
      confirmedEmail(ctx, locked, p, d.property.title, 'tenant'),
    );
  });
  await tellAll(ctx, outbox);
}

/**
 * The tenant says it is still not fixed: the same trade is asked back (status quote_accepted, a new visit to
 * agree) and the clock restarts from now with a new target for the same urgency; the earlier target stays on the
 * timeline in this step's note (decision 0070's consequence, decided in 0072).
 */
export async function reopenRepair(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
  input: unknown,
): Promise<void> {
  const { d, side } = await repairParty(ctx, actor.user.id, repairId);
  if (side !== 'tenant') throw new AppError('FORBIDDEN', VISIT_MESSAGES.tenantOnly);
  const { reason } = parse(ZReopenRepair, input);
  const now = ctx.now();
  const outbox = await ctx.db.transaction(async (tx) => {
    const locked = await lockAt(
      tx,
      d.repair.id,
      ['work_done'],
      new AppError('CONFLICT', VISIT_MESSAGES.notDone),
    );
    const target = targetFor(locked.category as TRepairCategory, locked.urgency as TRepairUrgency, now);
    const earlier = `${wordingOf(locked)} (${clockState(locked, now) === 'met' ? 'met' : 'missed'})`;
    const changes = {
      status: 'quote_accepted' as const,
      reopenCount: locked.reopenCount + 1,
      clockTarget: target.target,
      dueBy: target.dueBy,
      dueSoonAt: dueSoonAtOf(now, target.dueBy),
      clockStoppedAt: null,
      dueSoonNotifiedAt: null,
      overdueNotifiedAt: null,
      workDoneAt: null,
      workDoneNote: null,
      confirmBy: null,
      visitAt: null,
      visitOptions: null,
      updatedAt: now,
    };
    await updateRepair(tx, locked.id, changes);
    const reopened: RepairRow = { ...locked, ...changes };
    if (locked.contractorId) await setLeadCompleted(tx, locked.id, locked.contractorId, null);
    await insertRepairEvent(tx, {
      repairId: locked.id,
      kind: 'reopened',
      actorId: actor.user.id,
      note: `${reason}\nNew target: ${wordingOf(reopened)}. Earlier target: ${earlier}.`,
      details: { previousDueBy: locked.dueBy.toISOString(), dueBy: target.dueBy.toISOString() },
      createdAt: now,
    });
    return (await everyoneElse(tx, d, actor.user.id)).map((p) =>
      reopenedEmail(ctx, reopened, p, reason, d.property.title),
    );
  });
  await tellAll(ctx, outbox);
}

// ---- the landlord marks it fixed ----

/**
 * Inside the landlord's "mark fixed" (service.ts resolveRepair), with the repair locked as it was: open quotes are
 * declined and open invitations closed (those trades told no quote is needed); an accepted trade whose work was not
 * done is told the job is off. A trade whose work was done needs no email: the tenant's answer is simply no longer
 * awaited. Returns the emails to send after the commit.
 */
export async function tradesToldOfFix(
  ctx: AppContext,
  tx: Tx,
  before: RepairRow,
  home: string,
): Promise<MailMessage[]> {
  const outbox: MailMessage[] = [];
  for (const trade of await closeOpenInvitations(tx, before.id, ctx.now()))
    for (const p of reachable([trade.person], null))
      outbox.push(quoteNoLongerNeededEmail(ctx, before, p, home));
  if (before.contractorId && ON_THE_JOB.includes(before.status)) {
    await updateRepair(tx, before.id, { visitOptions: null });
    const trade = await findTrade(tx, before.contractorId);
    for (const p of reachable([trade?.person], null)) outbox.push(jobCalledOffEmail(ctx, before, p, home));
  }
  return outbox;
}

// ---- what each party sees ----

/**
 * The visit and work groups of the repair's view, and what the trade may see: before a visit is agreed (ever, on
 * this job) the trade sees neither the access notes nor the tenants' names and phones; a trade that is not the
 * accepted one (an invited trade, issue 32 item 3's first half) never does.
 */
export async function withVisitParts(
  ctx: AppContext,
  d: RepairDetail,
  side: TRepairSide,
  viewerId: string,
  view: Omit<TRepairView, 'visit' | 'work'>,
  completionPhotos: TRepairWork['photos'],
): Promise<TRepairView> {
  const r = d.repair;
  const accepted = side === 'trade' && (await isAcceptedTrade(ctx, r, viewerId));
  const onJob = ON_THE_JOB.includes(r.status);
  const trade = r.contractorId ? await findTrade(ctx.db, r.contractorId) : undefined;
  const options = r.status === 'quote_accepted' ? (r.visitOptions ?? []) : [];
  const full: TRepairView = {
    ...view,
    visit: {
      options,
      at: r.visitAt?.toISOString() ?? null,
      canPropose: accepted && onJob,
      canAgree: mayAgree(d, side) && r.status === 'quote_accepted' && options.length > 0,
    },
    work: {
      // A trade not chosen is not told who was (decision 0071).
      trade: trade && (side !== 'trade' || accepted) ? { businessName: trade.businessName } : null,
      doneAt: r.workDoneAt?.toISOString() ?? null,
      note: r.workDoneNote,
      photos: completionPhotos,
      confirmBy: r.confirmBy?.toISOString() ?? null,
      confirmedAt: r.confirmedAt?.toISOString() ?? null,
      reopenCount: r.reopenCount,
      canComplete: accepted && onJob,
      canConfirm: side === 'tenant' && r.status === 'work_done',
      canReopen: side === 'tenant' && r.status === 'work_done',
    },
  };
  if (side !== 'trade') return full;
  const visitAgreed = full.timeline.some((s) => s.kind === 'visit_agreed');
  return accepted && visitAgreed ? full : withoutTenants(full);
}

/** The trade's view before a visit is agreed: no way in, and the tenants unnamed. */
function withoutTenants(view: TRepairView): TRepairView {
  const tenantNames = new Set(view.tenants.map((t) => t.name));
  if (view.reportedBy.side === 'tenant') tenantNames.add(view.reportedBy.name);
  return {
    ...view,
    accessNotes: null,
    tenants: [],
    reportedBy:
      view.reportedBy.side === 'tenant' ? { ...view.reportedBy, name: THE_TENANT } : view.reportedBy,
    timeline: view.timeline.map((s) => (s.by && tenantNames.has(s.by) ? { ...s, by: THE_TENANT } : s)),
  };
}
