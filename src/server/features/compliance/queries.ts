// SQL for the compliance calendar (decision 0069): a home's records, its latest tenancy and who its tenants are,
// the landlord's homes for the dashboard, and the reminders claimed once each.
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import {
  complianceRecords,
  complianceReminders,
  properties,
  tenancies,
  tenancyTenants,
  users,
} from '../../db/schema';

export type ComplianceRecordRow = typeof complianceRecords.$inferSelect;
export type TenancyRow = typeof tenancies.$inferSelect;

export interface HomeRow {
  id: string;
  landlordId: string;
  title: string;
  nation: string | null;
  location: string | null;
  outcode: string;
  deletedAt: Date | null;
}

const HOME = {
  id: properties.id,
  landlordId: properties.landlordId,
  title: properties.title,
  nation: properties.nation,
  location: properties.location,
  outcode: properties.outcode,
  deletedAt: properties.deletedAt,
};

export async function findHome(db: Executor, id: string): Promise<HomeRow | undefined> {
  const [row] = await db.select(HOME).from(properties).where(eq(properties.id, id)).limit(1);
  return row;
}

/** The home, locked to the end of the transaction: records of it are written one after another. */
export async function lockHome(tx: Tx, id: string): Promise<HomeRow | undefined> {
  const [row] = await tx.select(HOME).from(properties).where(eq(properties.id, id)).for('update').limit(1);
  return row;
}

/** Every tenancy of the given homes, latest start first. */
export async function findTenanciesOf(db: Executor, propertyIds: string[]): Promise<TenancyRow[]> {
  if (propertyIds.length === 0) return [];
  return db
    .select()
    .from(tenancies)
    .where(inArray(tenancies.propertyId, propertyIds))
    .orderBy(desc(tenancies.startDate), desc(tenancies.createdAt));
}

/** The tenants of these tenancies. */
export async function findTenantsOf(
  db: Executor,
  tenancyIds: string[],
): Promise<Array<{ tenancyId: string; userId: string }>> {
  if (tenancyIds.length === 0) return [];
  return db
    .select({ tenancyId: tenancyTenants.tenancyId, userId: tenancyTenants.userId })
    .from(tenancyTenants)
    .where(inArray(tenancyTenants.tenancyId, tenancyIds));
}

/** Every record of the given homes, the current first within each kind (latest done, then latest recorded). */
export async function findRecordsOf(db: Executor, propertyIds: string[]): Promise<ComplianceRecordRow[]> {
  if (propertyIds.length === 0) return [];
  return db
    .select()
    .from(complianceRecords)
    .where(inArray(complianceRecords.propertyId, propertyIds))
    .orderBy(
      asc(complianceRecords.propertyId),
      asc(complianceRecords.kind),
      desc(complianceRecords.completedOn),
      desc(complianceRecords.createdAt),
    );
}

export async function findRecord(db: Executor, propertyId: string, id: string) {
  const [row] = await db
    .select()
    .from(complianceRecords)
    .where(and(eq(complianceRecords.id, id), eq(complianceRecords.propertyId, propertyId)))
    .limit(1);
  return row;
}

export async function insertRecord(db: Executor, values: typeof complianceRecords.$inferInsert) {
  const [row] = await db.insert(complianceRecords).values(values).returning();
  return row;
}

export async function setCertificate(
  db: Executor,
  id: string,
  certificate: { key: string; name: string; type: string; bytes: number },
  now: Date,
) {
  await db
    .update(complianceRecords)
    .set({
      certificateKey: certificate.key,
      certificateName: certificate.name,
      certificateType: certificate.type,
      certificateBytes: certificate.bytes,
      updatedAt: now,
    })
    .where(eq(complianceRecords.id, id));
}

/** The landlord's homes that are not deleted, for the dashboard's badges. */
export async function findHomesOfLandlord(db: Executor, landlordId: string): Promise<HomeRow[]> {
  return db
    .select(HOME)
    .from(properties)
    .where(and(eq(properties.landlordId, landlordId), isNull(properties.deletedAt)))
    .orderBy(desc(properties.createdAt));
}

/**
 * Homes the reminder job looks at: not deleted, with a record due by `horizon` or a tenancy started since `since`
 * (its alarms and deposit), after `after` in id order, `limit` at a time.
 */
export async function findHomesToRemind(
  db: Executor,
  horizon: string,
  since: string,
  after: string | null,
  limit: number,
): Promise<Array<HomeRow & { landlordEmail: string; landlordFirstName: string }>> {
  const dueRecord = db
    .select({ id: complianceRecords.propertyId })
    .from(complianceRecords)
    .where(lte(complianceRecords.dueOn, horizon));
  const recentTenancy = db
    .select({ id: tenancies.propertyId })
    .from(tenancies)
    .where(gte(tenancies.startDate, since));
  return db
    .select({ ...HOME, landlordEmail: users.email, landlordFirstName: users.firstName })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.landlordId))
    .where(
      and(
        isNull(properties.deletedAt),
        isNull(users.deletedAt),
        or(inArray(properties.id, dueRecord), inArray(properties.id, recentTenancy)),
        after ? sql`${properties.id} > ${after}` : undefined,
      ),
    )
    .orderBy(asc(properties.id))
    .limit(limit);
}

/** Claims a reminder: true when this call inserted it (so its email goes), false when it went before. */
export async function claimReminder(
  tx: Tx,
  values: { propertyId: string; kind: string; dueOn: string; stage: string; sentAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(complianceReminders)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: complianceReminders.id });
  return rows.length > 0;
}
