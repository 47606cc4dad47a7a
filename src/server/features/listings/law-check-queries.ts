// SQL for the daily law check (law-check.ts): live listings with what the rules read, and the admins to tell.
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { properties, users } from '../../db/schema';

/**
 * Live landlords' listings with the facts the rules read and their landlord's address. The super admin's Live
 * Content (a liveUntil of at most a week, its wording checked when published) is left out.
 */
export async function findListingsToCheck(db: Executor) {
  return db
    .select({
      id: properties.id,
      status: properties.status,
      title: properties.title,
      description: properties.description,
      amenities: properties.amenities,
      outcode: properties.outcode,
      nation: properties.nation,
      monthlyRentPence: properties.monthlyRentPence,
      depositPence: properties.depositPence,
      holdingDepositPence: properties.holdingDepositPence,
      epcRating: properties.epcRating,
      epcExemptionKind: properties.epcExemptionKind,
      epcExemptionReference: properties.epcExemptionReference,
      landlordRegistrationNumber: properties.landlordRegistrationNumber,
      occupationContract: properties.occupationContract,
      lawPausesAt: properties.lawPausesAt,
      landlordEmail: users.email,
      landlordFirstName: users.firstName,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.landlordId))
    .where(and(sql`${properties.status} = 'live'`, isNull(properties.liveUntil)));
}

export type LawCheckRow = Awaited<ReturnType<typeof findListingsToCheck>>[number];

export async function setLawPausesAt(tx: Tx, ids: string[], at: Date | null, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(properties).set({ lawPausesAt: at, updatedAt: now }).where(inArray(properties.id, ids));
}

/** Pauses live listings whose grace ended; they come back when an edit that meets the law is approved. */
export async function pauseForLaw(tx: Tx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(properties)
    .set({ status: 'paused', updatedAt: now })
    .where(
      and(inArray(properties.id, ids), sql`${properties.status} = 'live'`, isNotNull(properties.lawPausesAt)),
    );
}

/** The admins' addresses (admins and the super admin) for the law check's notice. */
export async function findAdminEmails(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.role} in ('admin', 'super_admin')`);
  return rows.map((r) => r.email);
}
