// What a trade asked to quote may read of a repair, and the `quotes` group of every reader's view (decision 0071).
// A trade with an invitation (a lead tied to the repair) reads it as side `trade`: the report, its photos, the
// category, urgency and clock, and the home's town and district; never the tenants' names or phone, and the street
// address only once its own quote is accepted. Access notes and the tenant's phone come with an agreed visit
// (`tradeSeesAccess`, the hook the visit step builds on). Everyone else keeps getting 404.
import { londonToday } from '../../../domain/dates';
import {
  INVITATION_STATE_LABELS,
  MAX_TRADES_PER_REPAIR,
  type TInvitationState,
  type TRepairQuotes,
} from '../../../domain/repair-trades';
import type { TRepairSide, TRepairStatus } from '../../../domain/repairs';
import type { AppContext } from '../../context';
import { ratingOf } from '../contractors/presenter';
import type { RepairDetail } from './queries';
import { homePlaceOf } from './quote-places';
import {
  findHomePlace,
  findInvitations,
  findInvitedTrade,
  type InvitationRow,
  type InvitedTrade,
} from './quote-queries';

/** A repair that no longer takes quotes or invitations: its work is done or it is fixed. */
const CLOSED_TO_QUOTES: readonly TRepairStatus[] = ['work_done', 'resolved'];

/** Whether the repair still takes invitations and quotes: none accepted, not done, not fixed. */
export function takesQuotes(repair: { acceptedQuoteId: string | null; status: TRepairStatus }): boolean {
  return !repair.acceptedQuoteId && !CLOSED_TO_QUOTES.includes(repair.status);
}

/** Whether this trade's quote is the accepted one. */
export function isChosenTrade(d: RepairDetail, trade: InvitedTrade): boolean {
  return !!d.repair.acceptedQuoteId && d.repair.contractorId === trade.contractorId;
}

/**
 * Only the chosen trade may read the access notes and the tenants: the visit step (visit.ts withVisitParts, decision
 * 0072) then keeps them from it until a visit has been agreed with it.
 */
export function tradeSeesAccess(d: RepairDetail, trade: InvitedTrade): boolean {
  return isChosenTrade(d, trade);
}

/** Steps whose note names trades: who was asked, who was chosen. */
const NOTES_HIDDEN_FROM_TRADES: readonly string[] = ['quote_requested', 'quote_accepted'];

/**
 * The timeline as a trade reads it: its own quote but not the others', and no note naming the other trades asked
 * or chosen.
 */
export function stepsForTrade<
  T extends { event: { kind: string; actorId: string | null; note: string | null } },
>(steps: T[], trade: InvitedTrade): T[] {
  return steps
    .filter((step) => step.event.kind !== 'quoted' || step.event.actorId === trade.userId)
    .map((step) =>
      NOTES_HIDDEN_FROM_TRADES.includes(step.event.kind)
        ? { ...step, event: { ...step.event, note: null } }
        : step,
    );
}

/** Whether a trade reads the name of who took a step: the landlord's and its own; the tenants' with their phone. */
export function tradeSeesNameOf(d: RepairDetail, trade: InvitedTrade, actorId: string): boolean {
  return actorId === d.landlordId || actorId === trade.userId || tradeSeesAccess(d, trade);
}

/**
 * The signed-in person as a trade invited to the repair: the repair as the trade reads it (the address cut to the
 * town and district until its quote is accepted) and its invitation; undefined for anyone else (a 404).
 */
export async function tradeReader(
  ctx: AppContext,
  d: RepairDetail,
  userId: string,
): Promise<{ d: RepairDetail; trade: InvitedTrade } | undefined> {
  const trade = await findInvitedTrade(ctx.db, d.repair.id, userId);
  if (!trade) return undefined;
  if (isChosenTrade(d, trade)) return { d, trade };
  const home = await findHomePlace(ctx.db, d.repair.propertyId);
  const area = home ? homePlaceOf(home.outcode).label : '';
  return { d: { ...d, property: { ...d.property, address: area } }, trade };
}

function stateOf(row: InvitationRow, accepted: string | null): TInvitationState {
  if (row.quote?.status === 'accepted') return 'accepted';
  if (row.quote?.status === 'declined') return 'declined';
  if (row.quote) return accepted ? 'declined' : 'quoted';
  return accepted || row.lead.status === 'lost' ? 'declined' : 'invited';
}

/** The `quotes` group: the tenant sees who was asked and who was chosen, without amounts or notes. */
export async function repairQuotesFor(
  ctx: AppContext,
  d: RepairDetail,
  side: TRepairSide,
  trade: InvitedTrade | null,
): Promise<TRepairQuotes> {
  const r = d.repair;
  const rows = await findInvitations(ctx.db, r.id, londonToday(ctx.now()));
  const visible = side === 'trade' ? rows.filter((row) => row.lead.id === trade?.lead.id) : rows;
  const amountsShown = side !== 'tenant';
  const open = takesQuotes(r);
  const invitations = visible.map((row) => {
    const state = stateOf(row, r.acceptedQuoteId);
    const q = row.quote;
    return {
      leadId: row.lead.id,
      trade: {
        id: row.trade.id,
        businessName: row.trade.businessName,
        specialty: row.trade.specialty,
        verified: row.trade.verified,
        rating: ratingOf(row.trade),
        reviewCount: row.trade.reviewCount,
      },
      invitedAt: row.lead.createdAt.toISOString(),
      state,
      stateLabel: INVITATION_STATE_LABELS[state],
      quote: q
        ? {
            id: q.id,
            amount: amountsShown ? q.amountPence / 100 : null,
            amountPence: amountsShown ? q.amountPence : null,
            earliestVisit: q.earliestVisit,
            note: amountsShown ? q.note || null : null,
            status: q.status as 'open' | 'accepted' | 'declined',
            quotedAt: q.createdAt.toISOString(),
          }
        : null,
    };
  });
  const mine = side === 'trade' ? invitations[0] : undefined;
  return {
    maxTrades: MAX_TRADES_PER_REPAIR,
    invitations,
    acceptedQuoteId: r.acceptedQuoteId,
    amountsShown,
    canInvite: side === 'landlord' && open && rows.length < MAX_TRADES_PER_REPAIR,
    canAccept: side === 'landlord' && open && rows.some((row) => row.quote?.status === 'open'),
    canQuote: side === 'trade' && open && !!mine && !mine.quote,
  };
}
