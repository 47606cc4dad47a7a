// Jobs a trade finished, written straight to the database (issue 32 item 5): a repair the trade did (its quote
// accepted and the work marked done, as item 3's steps leave it) and an ordinary quote request it marked done.
// The reviews work stands on these without waiting for the quote and visit steps' own routes.
import { eq } from 'drizzle-orm';
import { repairs, tenancies } from '../../src/server/db/schema';
import type { TestApp } from '../support/app';
import { createLead } from './contractors';
import { createListing } from './listings';
import { createTenancy } from './tenancies';

let counter = 0;

export interface FinishedRepairOptions {
  contractorId: string;
  landlordId: string;
  tenantIds: string[];
  /** An existing tenancy of these people (a second repair at the same home); a new one otherwise. */
  tenancyId?: string;
  category?: string;
  title?: string;
  /** When the trade marked the work done (default: now). */
  workDoneAt?: Date;
  /** work_done (waiting for the tenant) or resolved (confirmed); any other leaves the job unfinished. */
  status?: (typeof repairs.$inferInsert)['status'];
  /** Null: a repair whose trade has not done the work yet. */
  finished?: boolean;
}

/**
 * A repair on a tenancy whose trade did the work: contractor set, work done at `workDoneAt`, status work_done
 * (or as given). Makes a home and a tenancy for the landlord and tenants unless `tenancyId` is given.
 */
export async function finishedRepair(t: TestApp, options: FinishedRepairOptions) {
  counter += 1;
  let tenancyId = options.tenancyId;
  let propertyId: string;
  if (tenancyId) {
    const [row] = await t.db
      .select({ propertyId: tenancies.propertyId })
      .from(tenancies)
      .where(eq(tenancies.id, tenancyId));
    propertyId = row.propertyId;
  } else {
    const listing = await createListing(t, {
      landlordId: options.landlordId,
      title: `Repaired flat ${counter}`,
    });
    propertyId = listing.id;
    tenancyId = (
      await createTenancy(t, {
        propertyId,
        landlordId: options.landlordId,
        tenantIds: options.tenantIds,
        startDate: '2026-01-01',
      })
    ).id;
  }
  const finished = options.finished ?? true;
  const doneAt = options.workDoneAt ?? new Date();
  const reportedAt = new Date(doneAt.getTime() - 3 * 86_400_000);
  const [repair] = await t.db
    .insert(repairs)
    .values({
      tenancyId,
      propertyId,
      reportedBy: options.tenantIds[0] ?? options.landlordId,
      title: options.title ?? `Leaking pipe ${counter}`,
      description: 'Water under the sink.',
      category: options.category ?? 'plumbing',
      urgency: 'urgent',
      status: options.status ?? (finished ? 'work_done' : 'quote_accepted'),
      clockTarget: 'repair',
      reportedAt,
      dueBy: new Date(reportedAt.getTime() + 5 * 86_400_000),
      dueSoonAt: new Date(reportedAt.getTime() + 4 * 86_400_000),
      contractorId: options.contractorId,
      workDoneAt: finished ? doneAt : null,
      workDoneNote: finished ? 'Replaced the trap.' : null,
      clockStoppedAt: finished ? doneAt : null,
      confirmBy: finished ? new Date(doneAt.getTime() + 7 * 86_400_000) : null,
    })
    .returning();
  return { repair, tenancyId };
}

/** An ordinary quote request of `requesterId` that the trade marked done at `completedAt` (default now). */
export function completedLead(
  t: TestApp,
  contractorId: string,
  requesterId: string,
  completedAt = new Date(),
) {
  return createLead(t, contractorId, { requesterId, status: 'won', completedAt });
}
