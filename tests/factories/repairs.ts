// Repairs and their trades, inserted directly (issue 32): a repair on a tenancy with its clock, a trade with an
// account to quote from, an invitation (a lead tied to the repair) and an accepted quote, so later steps (the visit,
// the work done, reviews) can start from "a repair with an accepted quote" without going through the quote API.
import { eq } from 'drizzle-orm';
import type { Specialty } from '../../src/domain/contractors';
import {
  dueSoonAtOf,
  type TRepairCategory,
  type TRepairStatus,
  type TRepairUrgency,
  targetFor,
} from '../../src/domain/repairs';
import { leads, repairQuotes, repairs } from '../../src/server/db/schema';
import type { TestApp } from '../support/app';
import { type Contractor, createContractor } from './contractors';
import { type CreatedUser, createContractorUser } from './users';

let counter = 0;

export type RepairRow = typeof repairs.$inferSelect;

/** A repair on a tenancy, reported now by `reportedBy`, with the clock its category and urgency give. */
export async function createRepair(
  t: TestApp,
  options: {
    tenancyId: string;
    propertyId: string;
    reportedBy: string;
    title?: string;
    description?: string;
    category?: TRepairCategory;
    urgency?: TRepairUrgency;
    accessNotes?: string | null;
    status?: TRepairStatus;
  },
): Promise<RepairRow> {
  counter += 1;
  const now = new Date(t.clock.now);
  const category = options.category ?? 'plumbing';
  const urgency = options.urgency ?? 'urgent';
  const target = targetFor(category, urgency, now);
  const [row] = await t.db
    .insert(repairs)
    .values({
      tenancyId: options.tenancyId,
      propertyId: options.propertyId,
      reportedBy: options.reportedBy,
      title: options.title ?? `Repair ${counter}`,
      description: options.description ?? 'Please fix it.',
      category,
      urgency,
      accessNotes: options.accessNotes === undefined ? 'Key under the mat.' : options.accessNotes,
      status: options.status ?? 'reported',
      clockTarget: target.target,
      reportedAt: now,
      dueBy: target.dueBy,
      dueSoonAt: dueSoonAtOf(now, target.dueBy),
    })
    .returning();
  return row;
}

/** A live trade whose owner has an account (a subscribed contractor), as a repair's trades need. */
export async function createTradeWithAccount(
  t: TestApp,
  options: {
    businessName?: string;
    specialty?: Specialty;
    serviceAreas?: string[];
    ratings?: number[];
    premium?: boolean;
    status?: 'pending' | 'live' | 'rejected' | 'withdrawn';
  } = {},
): Promise<{ user: CreatedUser; contractor: Contractor }> {
  const user = await createContractorUser(t, {
    premium: options.premium ?? true,
    firstName: 'Tess',
    lastName: 'Trader',
  });
  const contractor = await createContractor(t, {
    userId: user.id,
    businessName: options.businessName,
    specialty: options.specialty ?? 'Plumbing & Heating',
    serviceAreas: options.serviceAreas ?? ['Leeds'],
    ratings: options.ratings,
    status: options.status,
  });
  return { user, contractor };
}

/** The trade invited to quote for the repair: its lead, as POST /api/repairs/{id}/quote-requests writes it. */
export async function givenInvitedTrade(
  t: TestApp,
  repair: RepairRow,
  contractorId: string,
  landlord: { id: string; email: string },
) {
  const [lead] = await t.db
    .insert(leads)
    .values({
      contractorId,
      requesterId: landlord.id,
      repairId: repair.id,
      jobTitle: repair.title,
      description: repair.description,
      location: 'Leeds LS1',
      contactEmail: landlord.email,
      status: 'active',
    })
    .returning();
  await t.db.update(repairs).set({ status: 'quoting' }).where(eq(repairs.id, repair.id));
  return lead;
}

/**
 * A repair with an accepted quote from this trade, written directly as acceptance leaves it: the lead won, the quote
 * accepted, the repair `quote_accepted` with its trade (for the visit and review steps' tests).
 */
export async function givenAcceptedQuote(
  t: TestApp,
  repair: RepairRow,
  contractorId: string,
  landlord: { id: string; email: string },
  quote: { amountPence?: number; earliestVisit?: string } = {},
) {
  const lead = await givenInvitedTrade(t, repair, contractorId, landlord);
  const [row] = await t.db
    .insert(repairQuotes)
    .values({
      repairId: repair.id,
      leadId: lead.id,
      contractorId,
      amountPence: quote.amountPence ?? 18_000,
      earliestVisit: quote.earliestVisit ?? new Date(t.clock.now).toISOString().slice(0, 10),
      status: 'accepted',
      decidedAt: new Date(t.clock.now),
    })
    .returning();
  await t.db.update(leads).set({ status: 'won' }).where(eq(leads.id, lead.id));
  await t.db
    .update(repairs)
    .set({ status: 'quote_accepted', contractorId, acceptedQuoteId: row.id })
    .where(eq(repairs.id, repair.id));
  return { lead, quote: row };
}
