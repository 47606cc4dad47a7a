// A repair whose quote the landlord accepted, written directly (tests only): the API tests' factory
// (tests/factories/repair-trades.ts) and the browser journey's test route use it, so the visit and its work can be
// tested before, and apart from, the quoting steps (issue 32 item 3's first half). It writes exactly the rows the
// accept step writes: a lead tied to the repair (won), its quote (accepted), the repair's trade and accepted quote
// (status quote_accepted), and the `quote_accepted` step.
import { eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { contractors, leads, repairQuotes, repairs, tenancies, users } from '../../db/schema';
import { insertRepairEvent } from '../repairs/queries';

export interface AcceptedQuote {
  leadId: string;
  quoteId: string;
}

export async function writeAcceptedQuote(
  db: Db,
  options: { repairId: string; contractorId: string; amountPence?: number; at?: Date },
): Promise<AcceptedQuote> {
  const at = options.at ?? new Date();
  return db.transaction(async (tx) => {
    const [repair] = await tx
      .select({ title: repairs.title, description: repairs.description, landlordId: tenancies.landlordId })
      .from(repairs)
      .innerJoin(tenancies, eq(tenancies.id, repairs.tenancyId))
      .where(eq(repairs.id, options.repairId));
    if (!repair) throw new AppError('NOT_FOUND', 'Repair not found');
    const [landlord] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, repair.landlordId));
    const [lead] = await tx
      .insert(leads)
      .values({
        contractorId: options.contractorId,
        requesterId: repair.landlordId,
        jobTitle: repair.title,
        description: repair.description,
        location: 'The home',
        contactEmail: landlord?.email ?? 'landlord@example.test',
        status: 'won',
        repairId: options.repairId,
        createdAt: at,
      })
      .returning({ id: leads.id });
    const [quote] = await tx
      .insert(repairQuotes)
      .values({
        repairId: options.repairId,
        leadId: lead.id,
        contractorId: options.contractorId,
        amountPence: options.amountPence ?? 12_000,
        earliestVisit: at.toISOString().slice(0, 10),
        note: 'Can come this week.',
        status: 'accepted',
        decidedAt: at,
        createdAt: at,
      })
      .returning({ id: repairQuotes.id });
    await tx
      .update(repairs)
      .set({
        status: 'quote_accepted',
        contractorId: options.contractorId,
        acceptedQuoteId: quote.id,
        updatedAt: at,
      })
      .where(eq(repairs.id, options.repairId));
    await insertRepairEvent(tx, {
      repairId: options.repairId,
      kind: 'quote_accepted',
      actorId: repair.landlordId,
      details: { quoteId: quote.id },
      createdAt: at,
    });
    return { leadId: lead.id, quoteId: quote.id };
  });
}

/** The contractor account's own trade profile, or a live one made for it (browser tests of repairs). */
export async function ownOrNewTrade(
  db: Db,
  user: { id: string; firstName: string; lastName: string; email: string },
): Promise<string> {
  const [own] = await db
    .select({ id: contractors.id })
    .from(contractors)
    .where(eq(contractors.userId, user.id));
  if (own) return own.id;
  const [made] = await db
    .insert(contractors)
    .values({
      userId: user.id,
      businessName: `${user.firstName} ${user.lastName} Plumbing`.trim(),
      firstName: user.firstName,
      lastName: user.lastName,
      specialty: 'Plumbing & Heating',
      serviceAreas: ['London'],
      services: ['Leaks'],
      email: user.email,
      status: 'live',
    })
    .returning({ id: contractors.id });
  return made.id;
}
