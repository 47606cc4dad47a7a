// SQL for repairs (issue 32 items 1 and 2): the tenancy a repair is reported on, the repairs a person is a party
// to, a repair's timeline and photos, and the reminder job's claims.
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import {
  applications,
  properties,
  repairEvents,
  repairPhotos,
  repairs,
  tenancies,
  tenancyTenants,
  users,
} from '../../db/schema';
import { postStepLine } from './thread-queries';
import { acceptedTradeIs } from './visit-queries';

export type RepairRow = typeof repairs.$inferSelect;
export type RepairEventRow = typeof repairEvents.$inferSelect;

const person = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  deletedAt: users.deletedAt,
};
export type PartyRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  deletedAt: Date | null;
};

/** A tenancy with its home, landlord and the conversation its application was made from. */
export async function findTenancyParties(db: Executor, tenancyId: string) {
  const [row] = await db
    .select({
      tenancyId: tenancies.id,
      landlordId: tenancies.landlordId,
      conversationId: applications.conversationId,
      property: { id: properties.id, title: properties.title, address: properties.address },
    })
    .from(tenancies)
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(applications, eq(applications.id, tenancies.applicationId))
    .where(eq(tenancies.id, tenancyId))
    .limit(1);
  return row;
}
export type TenancyParties = NonNullable<Awaited<ReturnType<typeof findTenancyParties>>>;

/** The tenants of a tenancy, as people. */
export function findTenancyTenants(db: Executor, tenancyId: string): Promise<PartyRow[]> {
  return db
    .select(person)
    .from(tenancyTenants)
    .innerJoin(users, eq(users.id, tenancyTenants.userId))
    .where(eq(tenancyTenants.tenancyId, tenancyId))
    .orderBy(asc(users.createdAt));
}

export async function findPerson(db: Executor, userId: string): Promise<PartyRow | undefined> {
  const [row] = await db.select(person).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** How many repairs the person reported since `since` (the daily limit). */
export async function countRepairsReportedSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(repairs)
    .where(and(eq(repairs.reportedBy, userId), gte(repairs.reportedAt, since)));
  return Number(row?.n ?? 0);
}

export async function insertRepair(tx: Tx, values: typeof repairs.$inferInsert): Promise<RepairRow> {
  const [row] = await tx.insert(repairs).values(values).returning();
  return row;
}

/** A step on the timeline, and its line in the repair's conversation (decision 0072). */
export async function insertRepairEvent(tx: Executor, values: typeof repairEvents.$inferInsert) {
  await tx.insert(repairEvents).values(values);
  await postStepLine(tx, values);
}

export async function insertRepairPhotos(tx: Tx, rows: Array<typeof repairPhotos.$inferInsert>) {
  if (rows.length > 0) await tx.insert(repairPhotos).values(rows);
}

export async function lockRepair(tx: Tx, id: string): Promise<RepairRow | undefined> {
  const [row] = await tx.select().from(repairs).where(eq(repairs.id, id)).for('update').limit(1);
  return row;
}

export async function updateRepair(tx: Tx, id: string, values: Partial<typeof repairs.$inferInsert>) {
  await tx.update(repairs).set(values).where(eq(repairs.id, id));
}

const isTenantOf = (userId: string) =>
  sql`exists (select 1 from ${tenancyTenants} tt where tt.tenancy_id = ${repairs.tenancyId} and tt.user_id = ${userId})`;

/** Repairs with their home and landlord. */
function repairRows(db: Executor) {
  return db
    .select({
      repair: repairs,
      landlordId: tenancies.landlordId,
      conversationId: applications.conversationId,
      property: { id: properties.id, title: properties.title, address: properties.address },
    })
    .from(repairs)
    .innerJoin(tenancies, eq(tenancies.id, repairs.tenancyId))
    .innerJoin(applications, eq(applications.id, tenancies.applicationId))
    .innerJoin(properties, eq(properties.id, repairs.propertyId));
}
export type RepairDetail = Awaited<ReturnType<typeof findRepairDetail>>[number];

export function findRepairDetail(db: Executor, id: string) {
  return repairRows(db).where(eq(repairs.id, id)).limit(1);
}

/** These repairs with their homes and landlords (the reminder job's claims, read once). */
export function findRepairDetails(db: Executor, ids: string[]) {
  return repairRows(db).where(inArray(repairs.id, ids));
}

/** Every repair a person is a party to (landlord, tenant or accepted trade), open ones first, newest first. */
export function findRepairsOf(db: Executor, userId: string) {
  return repairRows(db)
    .where(or(eq(tenancies.landlordId, userId), isTenantOf(userId), acceptedTradeIs(userId)))
    .orderBy(sql`${repairs.status} = 'resolved'`, desc(repairs.reportedAt))
    .limit(500);
}

/** Whether the person is a tenant of the tenancy. */
export async function isTenantOfTenancy(db: Executor, tenancyId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: tenancyTenants.userId })
    .from(tenancyTenants)
    .where(and(eq(tenancyTenants.tenancyId, tenancyId), eq(tenancyTenants.userId, userId)))
    .limit(1);
  return !!row;
}

export function findRepairEvents(db: Executor, repairId: string) {
  return db
    .select({
      event: repairEvents,
      firstName: users.firstName,
      lastName: users.lastName,
      deletedAt: users.deletedAt,
    })
    .from(repairEvents)
    .leftJoin(users, eq(users.id, repairEvents.actorId))
    .where(eq(repairEvents.repairId, repairId))
    .orderBy(asc(repairEvents.seq));
}

export function findRepairPhotos(db: Executor, repairId: string) {
  return db
    .select()
    .from(repairPhotos)
    .where(eq(repairPhotos.repairId, repairId))
    .orderBy(asc(repairPhotos.stage), asc(repairPhotos.position));
}

// ---- reminders ----

/**
 * Claims up to `limit` running clocks that reached their "due soon" moment and were not yet reminded of it: the
 * claim is the update itself (one statement), so two instances never both send one.
 */
export async function claimDueSoon(tx: Tx, now: Date, limit: number): Promise<string[]> {
  const due = tx
    .select({ id: repairs.id })
    .from(repairs)
    .where(
      and(
        isNull(repairs.clockStoppedAt),
        isNull(repairs.dueSoonNotifiedAt),
        isNull(repairs.overdueNotifiedAt),
        lte(repairs.dueSoonAt, now),
        sql`${repairs.dueBy} >= ${now}`,
      ),
    )
    .orderBy(asc(repairs.dueSoonAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(repairs)
    .set({ dueSoonNotifiedAt: now })
    .where(inArray(repairs.id, due))
    .returning({ id: repairs.id });
  return rows.map((r) => r.id);
}

/** Claims running clocks past their target not yet reported overdue (a clock passed unseen skips "due soon"). */
export async function claimOverdue(tx: Tx, now: Date, limit: number): Promise<string[]> {
  const due = tx
    .select({ id: repairs.id })
    .from(repairs)
    .where(
      and(isNull(repairs.clockStoppedAt), isNull(repairs.overdueNotifiedAt), sql`${repairs.dueBy} < ${now}`),
    )
    .orderBy(asc(repairs.dueBy))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(repairs)
    .set({ overdueNotifiedAt: now })
    .where(inArray(repairs.id, due))
    .returning({ id: repairs.id });
  return rows.map((r) => r.id);
}

// ---- account deletion and the data export ----

/** A deleting tenant's reports stay for the landlord, without how to get into the home (decision 0051). */
export async function anonymiseRepairsBy(tx: Tx, userId: string, now: Date) {
  await tx
    .update(repairs)
    .set({ accessNotes: null, updatedAt: now })
    .where(and(eq(repairs.reportedBy, userId), sql`${repairs.accessNotes} is not null`));
}

/** The repairs a person reported or resolved, with their steps and photos, for "Download my data". */
export async function findRepairsForExport(db: Executor, userId: string) {
  const rows = await db
    .select()
    .from(repairs)
    .where(or(eq(repairs.reportedBy, userId), eq(repairs.resolvedBy, userId)))
    .orderBy(asc(repairs.reportedAt));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const events = await db
    .select()
    .from(repairEvents)
    .where(inArray(repairEvents.repairId, ids))
    .orderBy(asc(repairEvents.seq));
  const photos = await db
    .select()
    .from(repairPhotos)
    .where(inArray(repairPhotos.repairId, ids))
    .orderBy(asc(repairPhotos.position));
  return rows.map((repair) => ({
    repair,
    events: events.filter((e) => e.repairId === repair.id),
    photos: photos.filter((p) => p.repairId === repair.id),
  }));
}

/** Of these photo URLs, the ones a repair refers to. */
export async function findRepairPhotoUrls(db: Executor, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .select({ url: repairPhotos.url })
    .from(repairPhotos)
    .where(inArray(repairPhotos.url, urls));
  return new Set(rows.map((r) => r.url));
}
