// Repairs (issue 32 items 1 and 2; docs/decisions/0070-repairs-and-their-clock.md). A party to a tenancy reports
// a repair (its tenant, or its landlord logging one the tenant phoned in) with photos; the repair gets the clock its
// category and urgency set (src/domain/repairs.ts), a first step on its timeline, a line in the tenancy's
// conversation and an email to the other side. Both parties see it, with the same clock; anyone else is told it
// does not exist (404). The landlord marks it fixed with a note. A job reminds the landlord once as a target nears
// and once when it passes.
//
// Concurrency: a repair's writes lock its row (queries.ts lockRepair); the reminder job runs under an advisory lock
// (one run at a time across instances) and claims rows in one UPDATE with SKIP LOCKED, so no reminder goes twice.
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import { LIMITS } from '../../../domain/limits';
import {
  CLOCK_STATE_LABELS,
  CLOCK_STOPPED_STATUSES,
  clockState,
  clockWording,
  dueSoonAtOf,
  REPAIR_CATEGORY_LABELS,
  REPAIR_MESSAGES,
  REPAIR_PHOTOS_MAX,
  REPAIR_STATUS_LABELS,
  REPAIR_STEP_LABELS,
  REPAIR_URGENCY_LABELS,
  type TClockTarget,
  type TRepairCategory,
  type TRepairList,
  type TRepairSide,
  type TRepairStepKind,
  type TRepairSummary,
  type TRepairUrgency,
  type TRepairView,
  type TReportRepair,
  targetFor,
  targetOf,
  ZReportRepair,
  ZResolveRepair,
} from '../../../domain/repairs';
import type { AppContext } from '../../context';
import { tryTransactionLock } from '../../db/locks';
import { parse } from '../../lib/validation';
import { type MailMessage, queueMail } from '../../mail/mailer';
import { sendAll, sendQueuedAll } from '../../mail/send-all';
import type { UploadedPhoto } from '../../media/photo-collection';
import type { SessionUser } from '../../plugins/sessions';
import { wantsEmail } from '../accounts/email-preferences';
import { repairTradeReview } from '../contractors/review-jobs';
import { postSystemLine } from '../conversations/lookups';
import {
  lines,
  nameOf,
  REPAIR_REMINDER_MAIL,
  type RepairReminder,
  reminderDigest,
  reportedEmail,
  resolvedEmail,
} from './notices';
import { repairPhotoRow, withStoredPhotos } from './photos';
import {
  claimDueSoon,
  claimOverdue,
  countRepairsReportedSince,
  findPerson,
  findRepairDetail,
  findRepairDetails,
  findRepairEvents,
  findRepairPhotos,
  findRepairsOf,
  findTenancyParties,
  findTenancyTenants,
  insertRepair,
  insertRepairEvent,
  insertRepairPhotos,
  isTenantOfTenancy,
  lockRepair,
  type PartyRow,
  type RepairDetail,
  type RepairRow,
  type TenancyParties,
  updateRepair,
} from './queries';
import {
  repairQuotesFor,
  stepsForTrade,
  tradeReader,
  tradeSeesAccess,
  tradeSeesNameOf,
} from './quote-access';
import type { InvitedTrade } from './quote-queries';
import { unreadCounts } from './thread-queries';
import { tradesToldOfFix, withVisitParts } from './visit';

type Side = TRepairSide;
const TENANT = 'A tenant';
const LANDLORD = 'The landlord';

/** After the commit: each email, one failure never stopping the rest. */
export async function tell(ctx: AppContext, outbox: MailMessage[]): Promise<void> {
  try {
    await sendAll(ctx.mailer, outbox);
  } catch (err) {
    ctx.log.warn({ err }, 'could not send a repair email');
  }
}

async function sideOf(
  ctx: AppContext,
  tenancyId: string,
  landlordId: string,
  userId: string,
): Promise<Side | null> {
  if (landlordId === userId) return 'landlord';
  return (await isTenantOfTenancy(ctx.db, tenancyId, userId)) ? 'tenant' : null;
}

// ---- views ----

function summaryOf(d: RepairDetail, side: TRepairSide, now: Date): TRepairSummary {
  const r = d.repair;
  const urgency = r.urgency as TRepairUrgency;
  const category = r.category as TRepairCategory;
  const target = targetOf(urgency, r.clockTarget as TClockTarget);
  const state = clockState(r, now);
  return {
    id: r.id,
    tenancyId: r.tenancyId,
    side,
    title: r.title,
    category,
    categoryLabel: REPAIR_CATEGORY_LABELS[category],
    urgency,
    urgencyLabel: REPAIR_URGENCY_LABELS[urgency],
    status: r.status,
    statusLabel: REPAIR_STATUS_LABELS[r.status],
    reportedAt: r.reportedAt.toISOString(),
    dueBy: r.dueBy.toISOString(),
    clock: {
      target: target.target,
      label: target.label,
      dueBy: r.dueBy.toISOString(),
      dueSoonAt: r.dueSoonAt.toISOString(),
      state,
      stateLabel: CLOCK_STATE_LABELS[state],
      wording: clockWording(target, r.dueBy),
    },
    property: d.property,
  };
}

/** Who reads a repair: a party to its tenancy, or a trade asked to quote (decision 0071). */
export interface RepairReader {
  d: RepairDetail;
  side: TRepairSide;
  trade: InvitedTrade | null;
}

async function viewOf(
  ctx: AppContext,
  { d, side, trade }: RepairReader,
  viewerId: string,
): Promise<TRepairView> {
  const r = d.repair;
  // A trade reads neither the tenants nor how to get in until a visit is agreed with it.
  const seesPrivate = !trade || tradeSeesAccess(d, trade);
  const [tenants, landlord, reporter, events, photos] = [
    await findTenancyTenants(ctx.db, r.tenancyId),
    await findPerson(ctx.db, d.landlordId),
    await findPerson(ctx.db, r.reportedBy),
    await findRepairEvents(ctx.db, r.id),
    await findRepairPhotos(ctx.db, r.id),
  ];
  const photo = (p: (typeof photos)[number]) => ({
    url: ctx.mediaUrls.publicUrl(p.url) ?? p.url,
    thumbUrl: ctx.mediaUrls.publicUrl(p.thumbUrl),
  });
  const view: Omit<TRepairView, 'visit' | 'work'> = {
    ...summaryOf(d, side, ctx.now()),
    description: r.description,
    accessNotes: seesPrivate ? r.accessNotes : null,
    reportedBy: {
      name: reporter && seesPrivate ? nameOf(reporter, TENANT) : TENANT,
      side: r.reportedBy === d.landlordId ? 'landlord' : 'tenant',
    },
    tenants: seesPrivate ? tenants.map((t) => ({ name: nameOf(t, TENANT), phone: t.phone })) : [],
    landlord: { name: landlord ? nameOf(landlord, LANDLORD) : LANDLORD },
    photos: photos.filter((p) => p.stage === 'report').map(photo),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolutionNote: r.resolutionNote,
    timeline: (trade ? stepsForTrade(events, trade) : events).map(({ event, firstName, lastName }) => ({
      kind: event.kind as TRepairStepKind,
      label: REPAIR_STEP_LABELS[event.kind as TRepairStepKind] ?? event.kind,
      at: event.createdAt.toISOString(),
      by: !event.actorId
        ? null
        : trade && !tradeSeesNameOf(d, trade, event.actorId)
          ? TENANT
          : nameOf({ firstName: firstName ?? '', lastName: lastName ?? '' }, 'Someone'),
      note: event.note,
    })),
    canResolve: side === 'landlord' && r.status !== 'resolved',
    quotes: await repairQuotesFor(ctx, d, side, trade),
    tradeReview: await repairTradeReview(ctx.db, r, viewerId),
  };
  const completion = photos.filter((p) => p.stage === 'completion').map(photo);
  return withVisitParts(ctx, d, side, viewerId, view, completion);
}

/**
 * The repair with the asker's side: a party to its tenancy, or a trade asked to quote for it (which reads it cut
 * down, quote-access.ts); a 404 for anyone else.
 */
export async function repairForParty(
  ctx: AppContext,
  userId: string,
  repairId: string,
): Promise<RepairReader> {
  const [d] = isUuid(repairId) ? await findRepairDetail(ctx.db, repairId) : [];
  const side = d ? await sideOf(ctx, d.repair.tenancyId, d.landlordId, userId) : null;
  if (d && side) return { d, side, trade: null };
  const asTrade = d ? await tradeReader(ctx, d, userId) : undefined;
  if (!asTrade) throw new AppError('NOT_FOUND', REPAIR_MESSAGES.notFound);
  return { ...asTrade, side: 'trade' };
}

// ---- reading ----

export async function listRepairs(ctx: AppContext, actor: Actor<SessionUser>): Promise<TRepairList> {
  const now = ctx.now();
  const me = actor.user.id;
  const rows = await findRepairsOf(ctx.db, me);
  const unread = await unreadCounts(
    ctx.db,
    me,
    rows.map((d) => d.repair.id),
  );
  // Tenants are tenant accounts (applications are theirs only), so a contractor listed here is the accepted trade.
  const sideIn = (d: RepairDetail): Side =>
    d.landlordId === me ? 'landlord' : actor.user.userType === 'contractor' ? 'trade' : 'tenant';
  return {
    repairs: rows.map((d) => ({ ...summaryOf(d, sideIn(d), now), unread: unread.get(d.repair.id) ?? 0 })),
  };
}

export async function getRepair(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
): Promise<TRepairView> {
  return viewOf(ctx, await repairForParty(ctx, actor.user.id, repairId), actor.user.id);
}

// ---- reporting ----

/** What a report request carried: its fields (a JSON body, or a multipart form's text parts) and its photos. */
export interface RepairReportInput {
  fields: unknown;
  photos: Buffer[];
}

/** The tenancy a report is about and the reporter's side in it; 404 for anyone who is not a party. Asked before
 * a report's photos are read, so a stranger's upload is never taken in. */
export async function reportingParty(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  tenancyId: string,
): Promise<{ tenancy: TenancyParties; side: Side }> {
  const tenancy = isUuid(tenancyId) ? await findTenancyParties(ctx.db, tenancyId) : undefined;
  const side = tenancy ? await sideOf(ctx, tenancy.tenancyId, tenancy.landlordId, actor.user.id) : null;
  if (!tenancy || !side) throw new AppError('NOT_FOUND', REPAIR_MESSAGES.tenancyNotFound);
  return { tenancy, side };
}

export async function reportRepair(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  { tenancy, side }: { tenancy: TenancyParties; side: Side },
  input: RepairReportInput,
): Promise<{ repairId: string; dueBy: string }> {
  const userId = actor.user.id;
  const body = parse(ZReportRepair, input.fields);
  const perDay = LIMITS.repairReportsPerUser;
  const since = new Date(ctx.now().getTime() - perDay.windowMs);
  if ((await countRepairsReportedSince(ctx.db, userId, since)) >= perDay.max)
    throw new AppError('RATE_LIMITED', REPAIR_MESSAGES.tooManyReports).withRetryAfter(perDay.windowMs / 1000);
  if (input.photos.length > REPAIR_PHOTOS_MAX)
    throw new AppError('VALIDATION_FAILED', REPAIR_MESSAGES.tooManyPhotos, {
      photos: [REPAIR_MESSAGES.tooManyPhotos],
    });

  // A photo refused, or the report not written: nothing refers to the photos already stored (they are removed).
  return withStoredPhotos(ctx, userId, input.photos, (photos) =>
    writeReport(ctx, tenancy, side, userId, body, photos),
  );
}

async function writeReport(
  ctx: AppContext,
  tenancy: TenancyParties,
  side: Side,
  userId: string,
  body: TReportRepair,
  photos: UploadedPhoto[],
) {
  const now = ctx.now();
  const target = targetFor(body.category, body.urgency, now);
  const { repair, outbox } = await ctx.db.transaction(async (tx) => {
    const repair = await insertRepair(tx, {
      tenancyId: tenancy.tenancyId,
      propertyId: tenancy.property.id,
      reportedBy: userId,
      title: body.title,
      description: body.description,
      category: body.category,
      urgency: body.urgency,
      accessNotes: body.accessNotes,
      clockTarget: target.target,
      reportedAt: now,
      dueBy: target.dueBy,
      dueSoonAt: dueSoonAtOf(now, target.dueBy),
      createdAt: now,
      updatedAt: now,
    });
    await insertRepairEvent(tx, { repairId: repair.id, kind: 'reported', actorId: userId, createdAt: now });
    await insertRepairPhotos(
      tx,
      photos.map((p, position) => ({
        repairId: repair.id,
        stage: 'report',
        uploadedBy: userId,
        position,
        ...repairPhotoRow(p.url),
        thumbUrl: p.thumbUrl,
        width: p.width,
        height: p.height,
        createdAt: now,
      })),
    );
    const reporter = await findPerson(tx, userId);
    const by = reporter ? nameOf(reporter, side === 'tenant' ? TENANT : LANDLORD) : TENANT;
    await postSystemLine(tx, tenancy.conversationId, lines.reported(repair, by), now);
    const others =
      side === 'tenant'
        ? [await findPerson(tx, tenancy.landlordId)]
        : await findTenancyTenants(tx, tenancy.tenancyId);
    const outbox = others
      .filter((p): p is PartyRow => !!p && !p.deletedAt)
      .map((p) => reportedEmail(ctx, repair, p, by, tenancy.property.title));
    return { repair, outbox };
  });
  await tell(ctx, outbox);
  return { repairId: repair.id, dueBy: repair.dueBy.toISOString() };
}

// ---- the landlord marks it fixed ----

export async function resolveRepair(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
  input: unknown,
): Promise<TRepairView> {
  const { d, side } = await repairForParty(ctx, actor.user.id, repairId);
  if (side !== 'landlord') throw new AppError('FORBIDDEN', REPAIR_MESSAGES.landlordOnly);
  const { note } = parse(ZResolveRepair, input);
  const outbox = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const locked = await lockRepair(tx, d.repair.id);
    if (!locked || locked.status === 'resolved')
      throw new AppError('CONFLICT', REPAIR_MESSAGES.alreadyResolved);
    const stopped = CLOCK_STOPPED_STATUSES.includes(locked.status) ? locked.clockStoppedAt : null;
    await updateRepair(tx, locked.id, {
      status: 'resolved',
      resolvedAt: now,
      resolvedBy: actor.user.id,
      resolutionNote: note,
      clockStoppedAt: stopped ?? now,
      updatedAt: now,
    });
    await insertRepairEvent(tx, {
      repairId: locked.id,
      kind: 'resolved',
      actorId: actor.user.id,
      note,
      createdAt: now,
    });
    const landlord = await findPerson(tx, actor.user.id);
    const by = landlord ? nameOf(landlord, LANDLORD) : LANDLORD;
    const repair: RepairRow = { ...locked, resolutionNote: note };
    await postSystemLine(tx, d.conversationId, lines.resolved(repair, by), now);
    const tenants = await findTenancyTenants(tx, locked.tenancyId);
    return [
      ...tenants.filter((p) => !p.deletedAt).map((p) => resolvedEmail(ctx, repair, p, by, d.property.title)),
      ...(await tradesToldOfFix(ctx, tx, locked, d.property.title)),
    ];
  });
  await tell(ctx, outbox);
  const [fresh] = await findRepairDetail(ctx.db, d.repair.id);
  return viewOf(ctx, { d: fresh!, side, trade: null }, actor.user.id);
}

// ---- the reminder job ----

/** pg_try_advisory_xact_lock key of the repair reminders job: one run at a time across instances. */
export const REPAIR_REMINDERS_LOCK = 0x59_50_72_01;
const REMINDER_BATCH = 100;

export interface RepairRemindersResult {
  /** True when another instance's run held the lock: this one did nothing. */
  skipped: boolean;
  dueSoon: number;
  overdue: number;
  /** Emails stored for them: one per landlord. */
  emails: number;
}

/**
 * Reminds each landlord once when a running clock reaches "due soon" (three quarters of its time) and once when it
 * passes its target, in one email per landlord per run listing every such repair (decision 0074); each is a step on
 * the timeline the tenant sees. Overdue is claimed first, so a clock already past when the job first sees it gets
 * only the overdue line. The claims, the steps and the emails are one transaction: the emails are stored in the
 * outbox there and delivered after the commit (a run that stopped before delivering is made good by the next).
 */
export async function runRepairReminders(ctx: AppContext): Promise<RepairRemindersResult> {
  const now = ctx.now();
  const run = await ctx.db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, REPAIR_REMINDERS_LOCK)))
      return { skipped: true, dueSoon: 0, overdue: 0, emails: 0, outboxIds: [] };
    const claimed = new Map<string, 'due_soon' | 'overdue'>();
    for (const kind of ['overdue', 'due_soon'] as const) {
      for (;;) {
        const ids =
          kind === 'overdue'
            ? await claimOverdue(tx, now, REMINDER_BATCH)
            : await claimDueSoon(tx, now, REMINDER_BATCH);
        for (const id of ids) {
          await insertRepairEvent(tx, { repairId: id, kind, actorId: null, createdAt: now });
          claimed.set(id, kind);
        }
        if (ids.length < REMINDER_BATCH) break;
      }
    }
    const byLandlord = new Map<string, RepairReminder[]>();
    for (const d of claimed.size > 0 ? await findRepairDetails(tx, [...claimed.keys()]) : []) {
      const reminder = { kind: claimed.get(d.repair.id)!, repair: d.repair, home: d.property.title };
      byLandlord.set(d.landlordId, [...(byLandlord.get(d.landlordId) ?? []), reminder]);
    }
    const outboxIds: string[] = [];
    for (const [landlordId, reminders] of byLandlord) {
      const landlord = await findPerson(tx, landlordId);
      // Deleted, or account emails switched off: the steps stand on the timeline and the clocks on the pages.
      if (!landlord || landlord.deletedAt || !(await wantsEmail(tx, landlordId, 'email'))) continue;
      const id = await queueMail(tx, reminderDigest(ctx, landlord, reminders));
      if (id) outboxIds.push(id);
    }
    const count = (kind: 'due_soon' | 'overdue') => [...claimed.values()].filter((k) => k === kind).length;
    return {
      skipped: false,
      dueSoon: count('due_soon'),
      overdue: count('overdue'),
      emails: outboxIds.length,
      outboxIds,
    };
  });
  await sendQueuedAll(ctx.db, ctx.mailer, REPAIR_REMINDER_MAIL, run.outboxIds);
  return { skipped: run.skipped, dueSoon: run.dueSoon, overdue: run.overdue, emails: run.emails };
}
