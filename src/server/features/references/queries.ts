// SQL for references by email (issue 31 item 4).
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import { applications, properties, referenceRequests, users } from '../../db/schema';

export type ReferenceRow = typeof referenceRequests.$inferSelect;

const tenantUser = alias(users, 'tenant_user');
const landlordUser = alias(users, 'landlord_user');

/** An application with what a reference needs of it: both parties and the home. */
const partiesColumns = {
  application: {
    id: applications.id,
    status: applications.status,
    profile: applications.profile,
    tenantId: applications.tenantId,
    conversationId: applications.conversationId,
  },
  property: {
    id: properties.id,
    title: properties.title,
    address: properties.address,
    postcode: properties.postcode,
    outcode: properties.outcode,
    location: properties.location,
    landlordId: properties.landlordId,
  },
  tenant: { firstName: tenantUser.firstName, lastName: tenantUser.lastName, email: tenantUser.email },
  landlord: {
    firstName: landlordUser.firstName,
    lastName: landlordUser.lastName,
    email: landlordUser.email,
  },
};

function partiesQuery(db: Executor) {
  return db
    .select(partiesColumns)
    .from(applications)
    .innerJoin(properties, eq(properties.id, applications.propertyId))
    .innerJoin(tenantUser, eq(tenantUser.id, applications.tenantId))
    .innerJoin(landlordUser, eq(landlordUser.id, properties.landlordId));
}

export type ApplicationParties = Awaited<ReturnType<typeof findApplicationParties>> & object;

export async function findApplicationParties(db: Executor, applicationId: string) {
  const [row] = await partiesQuery(db).where(eq(applications.id, applicationId)).limit(1);
  return row;
}

/** The application row locked to the end of the transaction: requests for one application are made one at a time. */
export async function lockApplication(tx: Tx, applicationId: string) {
  const [row] = await tx
    .select({ id: applications.id, status: applications.status, profile: applications.profile })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('update')
    .limit(1);
  return row;
}

export async function listRequests(db: Executor, applicationId: string): Promise<ReferenceRow[]> {
  return db
    .select()
    .from(referenceRequests)
    .where(eq(referenceRequests.applicationId, applicationId))
    .orderBy(asc(referenceRequests.createdAt), asc(referenceRequests.id));
}

export async function insertRequest(
  tx: Tx,
  values: typeof referenceRequests.$inferInsert,
): Promise<ReferenceRow> {
  const [row] = await tx.insert(referenceRequests).values(values).returning();
  return row;
}

/** The request a link's token names, with its application's status and parties (undefined: no such link). */
export async function findRequestByToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ request: referenceRequests, ...partiesColumns })
    .from(referenceRequests)
    .innerJoin(applications, eq(applications.id, referenceRequests.applicationId))
    .innerJoin(properties, eq(properties.id, applications.propertyId))
    .innerJoin(tenantUser, eq(tenantUser.id, applications.tenantId))
    .innerJoin(landlordUser, eq(landlordUser.id, properties.landlordId))
    .where(eq(referenceRequests.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export type ReferenceAnswerValues = Pick<
  typeof referenceRequests.$inferInsert,
  'tenancyFrom' | 'tenancyTo' | 'rentOnTime' | 'wouldLetAgain' | 'comments'
>;

/**
 * Records the answer if the link is still unused and unexpired, in one conditional update: of two submits racing,
 * the second finds used_at set and changes nothing. Undefined when nothing was updated.
 */
export async function answerRequest(
  tx: Tx,
  id: string,
  answer: ReferenceAnswerValues,
  now: Date,
): Promise<ReferenceRow | undefined> {
  const [row] = await tx
    .update(referenceRequests)
    .set({ ...answer, usedAt: now, answeredAt: now })
    .where(
      and(
        eq(referenceRequests.id, id),
        isNull(referenceRequests.usedAt),
        gt(referenceRequests.expiresAt, now),
      ),
    )
    .returning();
  return row;
}
