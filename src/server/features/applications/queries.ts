// SQL for applications and tenancies (issue 31).
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import { applications, properties, renterProfiles, tenancies, tenancyTenants, users } from '../../db/schema';

export type ApplicationRow = typeof applications.$inferSelect;
export type TenancyRow = typeof tenancies.$inferSelect;
export type RenterProfileRow = typeof renterProfiles.$inferSelect;

const OPEN = inArray(applications.status, ['submitted', 'offered']);

/**
 * The listing's row, locked to the end of the transaction. Every write to a listing's applications takes it first
 * (then the application's own row), so two accepts, an offer and a withdrawal, or an apply and a let agreed are
 * served one after the other, always in the same order.
 */
export async function lockListing(tx: Tx, propertyId: string) {
  const [row] = await tx
    .select({
      id: properties.id,
      landlordId: properties.landlordId,
      status: properties.status,
      liveUntil: properties.liveUntil,
      letAgreedAt: properties.letAgreedAt,
      deletedAt: properties.deletedAt,
      monthlyRentPence: properties.monthlyRentPence,
      nation: properties.nation,
      outcode: properties.outcode,
      title: properties.title,
    })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for('update');
  return row;
}
export type LockedListing = NonNullable<Awaited<ReturnType<typeof lockListing>>>;

export async function findRenterProfile(db: Executor, userId: string): Promise<RenterProfileRow | undefined> {
  const [row] = await db.select().from(renterProfiles).where(eq(renterProfiles.userId, userId)).limit(1);
  return row;
}

export async function insertApplication(
  tx: Tx,
  values: typeof applications.$inferInsert,
): Promise<ApplicationRow> {
  const [row] = await tx.insert(applications).values(values).returning();
  return row;
}

/** The tenant's application for the listing that is not withdrawn (the one the unique index allows). */
export async function findStandingApplication(
  db: Executor,
  propertyId: string,
  tenantId: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.propertyId, propertyId),
        eq(applications.tenantId, tenantId),
        sql`${applications.status} <> 'withdrawn'`,
      ),
    )
    .limit(1);
  return row;
}

export async function findApplication(db: Executor, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row;
}

export async function lockApplication(tx: Tx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update').limit(1);
  return row;
}

export async function updateApplication(
  tx: Tx,
  id: string,
  values: Partial<typeof applications.$inferInsert>,
): Promise<ApplicationRow> {
  const [row] = await tx.update(applications).set(values).where(eq(applications.id, id)).returning();
  return row;
}

/** The listing's open applications (but one), locked, oldest first. */
export async function lockOpenApplicationsOf(
  tx: Tx,
  propertyId: string,
  exceptId: string | null,
): Promise<ApplicationRow[]> {
  return tx
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.propertyId, propertyId),
        OPEN,
        exceptId ? sql`${applications.id} <> ${exceptId}` : undefined,
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id))
    .for('update');
}

/** Per listing, how many applications wait on a decision. */
export async function countOpenApplications(
  db: Executor,
  propertyIds: string[],
): Promise<Map<string, number>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await db
    .select({ propertyId: applications.propertyId, n: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(inArray(applications.propertyId, propertyIds), OPEN))
    .groupBy(applications.propertyId);
  return new Map(rows.map((r) => [r.propertyId, Number(r.n)]));
}

/** A tenant's open applications, locked (their account is being deleted). */
export async function lockOpenApplicationsBy(tx: Tx, tenantId: string): Promise<ApplicationRow[]> {
  return tx
    .select()
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), OPEN))
    .orderBy(asc(applications.createdAt))
    .for('update');
}

/** Every application of a deleted tenant keeps its decisions but none of what they wrote about themselves. */
export async function anonymiseApplicationsBy(tx: Tx, tenantId: string, snapshot: unknown, now: Date) {
  await tx
    .update(applications)
    .set({ profile: snapshot, message: null, updatedAt: now })
    .where(eq(applications.tenantId, tenantId));
}

const tenantUser = alias(users, 'applicant_user');
const landlordUser = alias(users, 'landlord_user');

/** An application with what its view and its emails name: the home, both people and the tenancy it made. */
function applicationRows(db: Executor) {
  return db
    .select({
      application: applications,
      property: {
        id: properties.id,
        title: properties.title,
        address: properties.address,
        postcode: properties.postcode,
        outcode: properties.outcode,
        monthlyRentPence: properties.monthlyRentPence,
        coverUrl: properties.coverUrl,
        landlordId: properties.landlordId,
      },
      tenant: {
        firstName: tenantUser.firstName,
        lastName: tenantUser.lastName,
        email: tenantUser.email,
      },
      landlord: {
        firstName: landlordUser.firstName,
        lastName: landlordUser.lastName,
        email: landlordUser.email,
      },
      tenancyId: tenancies.id,
    })
    .from(applications)
    .innerJoin(properties, eq(properties.id, applications.propertyId))
    .innerJoin(tenantUser, eq(tenantUser.id, applications.tenantId))
    .innerJoin(landlordUser, eq(landlordUser.id, properties.landlordId))
    .leftJoin(tenancies, eq(tenancies.applicationId, applications.id));
}
export type ApplicationDetail = Awaited<ReturnType<typeof findApplicationDetail>>[number];

export function findApplicationDetail(db: Executor, id: string) {
  return applicationRows(db).where(eq(applications.id, id)).limit(1);
}

export function findApplicationDetails(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return applicationRows(db).where(inArray(applications.id, ids));
}

/** The tenant's applications, newest first. */
export function findApplicationsByTenant(db: Executor, tenantId: string) {
  return applicationRows(db)
    .where(eq(applications.tenantId, tenantId))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(500);
}

/** Applications on the landlord's listings: per listing in the order they applied, newest listing activity first. */
export function findApplicationsForLandlord(db: Executor, landlordId: string) {
  return applicationRows(db)
    .where(eq(properties.landlordId, landlordId))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(500);
}

/** One listing's applications, oldest first: the order they applied in. */
export function findApplicationsOfListing(db: Executor, propertyId: string) {
  return applicationRows(db)
    .where(eq(applications.propertyId, propertyId))
    .orderBy(asc(applications.createdAt), asc(applications.id));
}

export async function findListingOwner(db: Executor, propertyId: string) {
  const [row] = await db
    .select({ id: properties.id, landlordId: properties.landlordId })
    .from(properties)
    .where(and(eq(properties.id, propertyId), isNull(properties.deletedAt)))
    .limit(1);
  return row;
}

// ---- tenancies ----

export async function insertTenancyWithTenant(
  tx: Tx,
  values: typeof tenancies.$inferInsert,
  tenantId: string,
): Promise<TenancyRow> {
  const [row] = await tx.insert(tenancies).values(values).returning();
  await tx.insert(tenancyTenants).values({ tenancyId: row.id, userId: tenantId });
  return row;
}

export async function lockTenancy(tx: Tx, id: string): Promise<TenancyRow | undefined> {
  const [row] = await tx.select().from(tenancies).where(eq(tenancies.id, id)).for('update').limit(1);
  return row;
}

export async function updateTenancy(
  tx: Tx,
  id: string,
  values: Partial<typeof tenancies.$inferInsert>,
): Promise<TenancyRow> {
  const [row] = await tx.update(tenancies).set(values).where(eq(tenancies.id, id)).returning();
  return row;
}

const isTenantOf = (userId: string) =>
  sql`exists (select 1 from ${tenancyTenants} tt where tt.tenancy_id = ${tenancies.id} and tt.user_id = ${userId})`;

/** A tenancy with its home and landlord. */
function tenancyRows(db: Executor) {
  return db
    .select({
      tenancy: tenancies,
      property: {
        id: properties.id,
        title: properties.title,
        address: properties.address,
        postcode: properties.postcode,
        outcode: properties.outcode,
        nation: properties.nation,
      },
      landlord: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(tenancies)
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .innerJoin(users, eq(users.id, tenancies.landlordId));
}
export type TenancyDetail = Awaited<ReturnType<typeof findTenancyDetail>>[number];

export function findTenancyDetail(db: Executor, id: string) {
  return tenancyRows(db).where(eq(tenancies.id, id)).limit(1);
}

/** The tenancies a person is a party to (landlord or tenant), latest start first. */
export function findTenanciesOf(db: Executor, userId: string) {
  return tenancyRows(db)
    .where(or(eq(tenancies.landlordId, userId), isTenantOf(userId)))
    .orderBy(desc(tenancies.startDate), desc(tenancies.createdAt))
    .limit(500);
}

/** The tenants of these tenancies with their names and addresses. */
export async function findTenantsOf(db: Executor, tenancyIds: string[]) {
  if (tenancyIds.length === 0) return [];
  return db
    .select({
      tenancyId: tenancyTenants.tenancyId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(tenancyTenants)
    .innerJoin(users, eq(users.id, tenancyTenants.userId))
    .where(inArray(tenancyTenants.tenancyId, tenancyIds))
    .orderBy(asc(users.createdAt));
}
