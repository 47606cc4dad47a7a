// SQL for the jobs a review may rest on (issue 32 item 5; decision 0073): the repairs a trade finished at homes a
// person lets or rents, their own quote requests it marked done, and a finished repair's trade for its page.
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contractors, leads, repairs, reviews, tenancies, tenancyTenants } from '../../db/schema';

/** A repair's job is finished once the trade marked the work done, and it stays so when confirmed or resolved. */
export const FINISHED_REPAIR_STATUSES = ['work_done', 'resolved'] as const;

/** At most this many finished jobs of each kind are offered to choose from (newest first). */
export const JOBS_LISTED = 20;

/** The person is the landlord or a tenant of the repair's tenancy. */
function partyToRepair(userId: string) {
  return or(
    eq(tenancies.landlordId, userId),
    sql`exists (select 1 from ${tenancyTenants} tt where tt.tenancy_id = ${repairs.tenancyId} and tt.user_id = ${userId})`,
  );
}

/** Repairs this trade finished at a home the person is a party to, newest first. */
export function findFinishedRepairs(db: Executor, contractorId: string, userId: string) {
  return db
    .select({ id: repairs.id, title: repairs.title, category: repairs.category, doneAt: repairs.workDoneAt })
    .from(repairs)
    .innerJoin(tenancies, eq(tenancies.id, repairs.tenancyId))
    .where(
      and(
        eq(repairs.contractorId, contractorId),
        isNotNull(repairs.workDoneAt),
        inArray(repairs.status, [...FINISHED_REPAIR_STATUSES]),
        partyToRepair(userId),
      ),
    )
    .orderBy(desc(repairs.workDoneAt), desc(repairs.id))
    .limit(JOBS_LISTED);
}

/** The person's own ordinary quote requests this trade marked done, newest first (a repair's counts via the repair). */
export function findCompletedLeads(db: Executor, contractorId: string, userId: string) {
  return db
    .select({
      id: leads.id,
      title: leads.jobTitle,
      specialty: contractors.specialty,
      doneAt: leads.completedAt,
    })
    .from(leads)
    .innerJoin(contractors, eq(contractors.id, leads.contractorId))
    .where(
      and(
        eq(leads.contractorId, contractorId),
        eq(leads.requesterId, userId),
        isNull(leads.repairId),
        isNotNull(leads.completedAt),
      ),
    )
    .orderBy(desc(leads.completedAt), desc(leads.id))
    .limit(JOBS_LISTED);
}

/** A repair's trade: its name, its owner, and whether this person has reviewed it. */
export async function findRepairTrade(db: Executor, contractorId: string, viewerId: string) {
  const [row] = await db
    .select({
      businessName: contractors.businessName,
      ownerId: contractors.userId,
      // The contractor's id as a parameter: inside the subquery an unqualified "id" would be the review's own.
      reviewed: sql<boolean>`exists (select 1 from ${reviews} r where r.contractor_id = ${contractorId} and r.author_id = ${viewerId})`,
    })
    .from(contractors)
    .where(eq(contractors.id, contractorId))
    .limit(1);
  return row;
}
