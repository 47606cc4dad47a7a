// Repairs (issue 32 items 1 and 2; docs/decisions/0070-repairs-and-their-clock.md). A party to a tenancy reports
// a repair (its tenant, or its landlord logging one the tenant phoned in) with photos; the repair gets the clock its
// category and urgency set (src/domain/repairs.ts), a first step on its timeline, a line in the tenancy's
// conversation and an email to the other side. Both parties see it, with the same clock; anyone else is told it
// does not exist (404). The landlord marks it fixed with a note. A job reminds the landlord once as a target nears
// and once when it passes.
//
// Concurrency: a repair's writes lock its row (queries.ts lockRepair); the reminder job claims rows in one UPDATE
// with SKIP LOCKED, so several instances never send one reminder twice.
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
import { parse } from '../../lib/validation';
import type { MailMessage } from '../../mail/mailer';
import { sendAll } from '../../mail/send-all';
import type { UploadedPhoto } from '../../media/photo-collection';
import { assertUploadAllowed } from '../../media/uploads';
import type { SessionUser } from '../../plugins/sessions';
import { postSystemLine } from '../conversations/lookups';
import { lines, nameOf, reminderEmail, reportedEmail, resolvedEmail } from './notices';
import { removeRepairPhotoFiles, repairPhotoRow, uploadRepairPhoto } from './photos';
import {
  claimDueSoon,
  claimOverdue,
  countRepairsReportedSince,
  findPerson,
  findRepairDetail,
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

type Side = 'tenant' | 'landlord';
const TENANT = 'A tenant';
const LANDLORD = 'The landlord';

/** After the commit: each email, one failure never stopping the rest. */
async function tell(ctx: AppContext, outbox: MailMessage[]): Promise<void> {
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

function summaryOf(d: RepairDetail, side: Side, now: Date): TRepairSummary {
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

async function viewOf(ctx: AppContext, d: RepairDetail, side: Side): Promise<TRepairView> {
  const r = d.repair;
  const [tenants, landlord, reporter, events, photos] = [
    await findTenancyTenants(ctx.db, r.tenancyId),
    await findPerson(ctx.db, d.landlordId),
    await findPerson(ctx.db, r.reportedBy),
    await findRepairEvents(ctx.db, r.id),
    await findRepairPhotos(ctx.db, r.id),
  ];
  return {
    ...summaryOf(d, side, ctx.now()),
    description: r.description,
    accessNotes: r.accessNotes,
    reportedBy: {
      name: reporter ? nameOf(reporter, TENANT) : TENANT,
      side: r.reportedBy === d.landlordId ? 'landlord' : 'tenant',
    },
    tenants: tenants.map((t) => ({ name: nameOf(t, TENANT), phone: t.phone })),
    landlord: { name: landlord ? nameOf(landlord, LANDLORD) : LANDLORD },
    photos: photos.map((p) => ({
      url: ctx.mediaUrls.publicUrl(p.url) ?? p.url,
      thumbUrl: ctx.mediaUrls.publicUrl(p.thumbUrl),
    })),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolutionNote: r.resolutionNote,
    timeline: events.map(({ event, firstName, lastName }) => ({
      kind: event.kind as TRepairStepKind,
      label: REPAIR_STEP_LABELS[event.kind as TRepairStepKind] ?? event.kind,
      at: event.createdAt.toISOString(),
      by: event.actorId ? nameOf({ firstName: firstName ?? '', lastName: lastName ?? '' }, 'Someone') : null,
      note: event.note,
    })),
    canResolve: side === 'landlord' && r.status !== 'resolved',
  };
}

/** The repair with the asker's side, or a 404 for anyone who is not a party to its tenancy. */
async function repairForParty(ctx: AppContext, userId: string, repairId: string) {
  const [d] = isUuid(repairId) ? await findRepairDetail(ctx.db, repairId) : [];
  const side = d ? await sideOf(ctx, d.repair.tenancyId, d.landlordId, userId) : null;
  if (!d || !side) throw new AppError('NOT_FOUND', REPAIR_MESSAGES.notFound);
  return { d, side };
}

// ---- reading ----

export async function listRepairs(ctx: AppContext, actor: Actor<SessionUser>): Promise<TRepairList> {
  const now = ctx.now();
  const rows = await findRepairsOf(ctx.db, actor.user.id);
  return {
    repairs: rows.map((d) => summaryOf(d, d.landlordId === actor.user.id ? 'landlord' : 'tenant', now)),
  };
}

export async function getRepair(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
): Promise<TRepairView> {
  const { d, side } = await repairForParty(ctx, actor.user.id, repairId);
  return viewOf(ctx, d, side);
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

  const uploaded: UploadedPhoto[] = [];
  if (input.photos.length > 0) await assertUploadAllowed(ctx, userId);
  try {
    for (const photo of input.photos) uploaded.push(await uploadRepairPhoto(ctx, userId, photo));
    return await writeReport(ctx, tenancy, side, userId, body, uploaded);
  } catch (err) {
    // A photo refused, or the report not written: nothing refers to the photos already stored.
    await removeRepairPhotoFiles(
      ctx,
      userId,
      uploaded.map((p) => p.url),
    );
    throw err;
  }
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
    return tenants
      .filter((p) => !p.deletedAt)
      .map((p) => resolvedEmail(ctx, repair, p, by, d.property.title));
  });
  await tell(ctx, outbox);
  const [fresh] = await findRepairDetail(ctx.db, d.repair.id);
  return viewOf(ctx, fresh!, side);
}

// ---- the reminder job ----

const REMINDER_BATCH = 100;

export interface RepairRemindersResult {
  dueSoon: number;
  overdue: number;
}

/**
 * Emails each landlord once when a running clock reaches "due soon" (three quarters of its time) and once when it
 * passes its target; each is a step on the timeline the tenant sees. Overdue is claimed first, so a clock already
 * past when the job first sees it gets only the overdue email.
 */
export async function runRepairReminders(ctx: AppContext): Promise<RepairRemindersResult> {
  const result: RepairRemindersResult = { dueSoon: 0, overdue: 0 };
  for (const kind of ['overdue', 'due_soon'] as const) {
    for (;;) {
      const now = ctx.now();
      const outbox = await ctx.db.transaction(async (tx) => {
        const ids =
          kind === 'overdue'
            ? await claimOverdue(tx, now, REMINDER_BATCH)
            : await claimDueSoon(tx, now, REMINDER_BATCH);
        const messages: MailMessage[] = [];
        for (const id of ids) {
          await insertRepairEvent(tx, { repairId: id, kind, actorId: null, createdAt: now });
          const [d] = await findRepairDetail(tx, id);
          const landlord = d ? await findPerson(tx, d.landlordId) : undefined;
          if (d && landlord && !landlord.deletedAt)
            messages.push(reminderEmail(ctx, kind, d.repair, landlord, d.property.title));
        }
        return { ids, messages };
      });
      await tell(ctx, outbox.messages);
      result[kind === 'overdue' ? 'overdue' : 'dueSoon'] += outbox.ids.length;
      if (outbox.ids.length < REMINDER_BATCH) break;
    }
  }
  return result;
}
