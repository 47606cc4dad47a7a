// A repair whose quote the landlord accepted, written directly (issue 32 item 3): the quoting steps are built and
// tested on their own, so the visit, the work and the conversation start from exactly the rows acceptance writes
// (src/server/features/test-routes/repair-trades.ts, which the browser journey's test route uses too).
import { eq } from 'drizzle-orm';
import { leads, repairQuotes, repairs } from '../../src/server/db/schema';
import {
  type AcceptedQuote,
  writeAcceptedQuote,
} from '../../src/server/features/test-routes/repair-trades-queries';
import type { TestApp } from '../support/app';

/** Status `quote_accepted`, the trade on the repair, its quote accepted and its lead won. */
export function acceptedRepair(
  t: TestApp,
  options: { repairId: string; contractorId: string; amountPence?: number; at?: Date },
): Promise<AcceptedQuote> {
  return writeAcceptedQuote(t.db, options);
}

/** Another trade invited to quote for the repair (its lead), with an open quote unless `quoted` is false. */
export async function invitedTrade(
  t: TestApp,
  options: { repairId: string; contractorId: string; quoted?: boolean },
): Promise<{ leadId: string; quoteId: string | null }> {
  const [lead] = await t.db
    .insert(leads)
    .values({
      contractorId: options.contractorId,
      jobTitle: 'A repair',
      location: 'The home',
      contactEmail: 'landlord@example.test',
      status: 'active',
      repairId: options.repairId,
    })
    .returning({ id: leads.id });
  if (options.quoted === false) return { leadId: lead.id, quoteId: null };
  const [quote] = await t.db
    .insert(repairQuotes)
    .values({
      repairId: options.repairId,
      leadId: lead.id,
      contractorId: options.contractorId,
      amountPence: 15_000,
      earliestVisit: new Date().toISOString().slice(0, 10),
    })
    .returning({ id: repairQuotes.id });
  return { leadId: lead.id, quoteId: quote.id };
}

/** The repair and its trades' leads and quotes as stored now. */
export async function repairTradeRows(t: TestApp, repairId: string) {
  const [repair] = await t.db.select().from(repairs).where(eq(repairs.id, repairId));
  const tradeLeads = await t.db.select().from(leads).where(eq(leads.repairId, repairId));
  const quotes = await t.db.select().from(repairQuotes).where(eq(repairQuotes.repairId, repairId));
  return { repair, leads: tradeLeads, quotes };
}
