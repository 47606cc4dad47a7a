// SQL for the listing lifecycle: let agreed, relisting, confirmations, the job's walks and rent changes.
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import {
  notificationSettings,
  properties,
  propertyInteractions,
  propertyRentChanges,
  users,
} from '../../db/schema';

export async function setLifecycle(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      typeof properties.$inferInsert,
      'status' | 'letAgreedAt' | 'confirmedAt' | 'confirmReminderSentAt' | 'updatedAt'
    >
  >,
): Promise<void> {
  await db.update(properties).set(values).where(eq(properties.id, id));
}

/** Live listings whose confirmation is at least `remindBefore` old and that were not reminded for it. */
export async function findDueReminders(db: Executor, remindBefore: Date, limit: number) {
  return db
    .select({
      id: properties.id,
      title: properties.title,
      confirmedAt: properties.confirmedAt,
      landlordEmail: users.email,
      landlordFirstName: users.firstName,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.landlordId))
    .where(
      and(
        sql`${properties.status} = 'live'`,
        isNull(properties.letAgreedAt),
        lte(properties.confirmedAt, remindBefore),
        or(
          isNull(properties.confirmReminderSentAt),
          sql`${properties.confirmReminderSentAt} < ${properties.confirmedAt}`,
        ),
      ),
    )
    .orderBy(asc(properties.confirmedAt))
    .limit(limit);
}

/** Live listings unconfirmed since before this instant (and not let agreed): to pause. */
export function unconfirmedSince(pauseBefore: Date): SQL {
  return and(isNull(properties.letAgreedAt), lte(properties.confirmedAt, pauseBefore))!;
}

/** Live listings marked let agreed before this instant: to take out of search. */
export function letAgreedSince(letBefore: Date): SQL {
  return and(isNotNull(properties.letAgreedAt), lte(properties.letAgreedAt, letBefore))!;
}

/** Moves the live listings matching `which` to `status`; returns how many. */
export async function closeLive(tx: Tx, which: SQL, status: 'paused' | 'let', now: Date): Promise<number> {
  const rows = await tx
    .update(properties)
    .set({ status, updatedAt: now })
    .where(and(sql`${properties.status} = 'live'`, which))
    .returning({ id: properties.id });
  return rows.length;
}

/** Whether either walk has work: the job writes nothing (and so expires no search cache) otherwise. */
export async function anyToClose(db: Executor, pauseBefore: Date, letBefore: Date): Promise<boolean> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(sql`${properties.status} = 'live'`, or(unconfirmedSince(pauseBefore), letAgreedSince(letBefore))),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertRentChange(
  tx: Tx,
  values: { propertyId: string; fromPence: number; toPence: number; changedAt: Date },
): Promise<void> {
  await tx.insert(propertyRentChanges).values(values);
}

/** Reductions nobody was told about yet, oldest first, with the home's current state. */
export async function findUnnotifiedReductions(db: Executor, limit: number) {
  return db
    .select({
      changeId: propertyRentChanges.id,
      propertyId: propertyRentChanges.propertyId,
      fromPence: propertyRentChanges.fromPence,
      toPence: propertyRentChanges.toPence,
      changedAt: propertyRentChanges.changedAt,
      title: properties.title,
      status: properties.status,
    })
    .from(propertyRentChanges)
    .innerJoin(properties, eq(properties.id, propertyRentChanges.propertyId))
    .where(
      and(
        isNull(propertyRentChanges.notifiedAt),
        sql`${propertyRentChanges.toPence} < ${propertyRentChanges.fromPence}`,
      ),
    )
    .orderBy(asc(propertyRentChanges.changedAt))
    .limit(limit);
}

export async function markReductionsNotified(tx: Tx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(propertyRentChanges).set({ notifiedAt: now }).where(inArray(propertyRentChanges.id, ids));
}

/** Everyone who saved a home and wants property alerts: who hears that its rent came down. */
export async function findSaversOf(db: Executor, propertyId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(propertyInteractions)
    .innerJoin(users, eq(users.id, propertyInteractions.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(
      and(
        eq(propertyInteractions.propertyId, propertyId),
        eq(propertyInteractions.type, 'save'),
        sql`coalesce(${notificationSettings.propertyAlerts}, true)`,
      ),
    );
}
