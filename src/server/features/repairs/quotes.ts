// Repairs go to trades (issue 32 item 3, first half; docs/decisions/0071-repairs-go-to-trades.md). The landlord of a
// repair sees live trades suited to it near the home, asks up to three to quote (each a lead tied to the repair),
// each trade quotes once, and the landlord accepts one: in one transaction the others are declined, the leads won
// and lost, the repair moves on; the chosen trade, the tenants and the others are told after the commit.
//
// Every step locks the repair's row first (queries.ts lockRepair), so two acceptances, or a quote racing an
// acceptance, queue up and the second sees the first: exactly one quote is ever accepted.

import { COMPLIANCE_MESSAGES } from '../../../domain/compliance';
import { COMPLIANCE_BOOKING } from '../../../domain/compliance-options';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import {
  BOOKING_JOBS,
  distanceLabel,
  MAX_TRADES_PER_REPAIR,
  REPAIR_CATEGORY_SPECIALTIES,
  REPAIR_TRADE_MESSAGES,
  REPAIR_TRADE_NOTES,
  type TBookingSuggestions,
  TRADE_SUGGESTIONS_MAX,
  type TTradeSuggestion,
  type TTradeSuggestions,
  type TTradesInvited,
  ZBookingKind,
  ZInviteTrades,
  ZSubmitRepairQuote,
} from '../../../domain/repair-trades';
import type { TRepairCategory, TRepairView } from '../../../domain/repairs';
import type { AppContext } from '../../context';
import { parse } from '../../lib/validation';
import type { MailMessage } from '../../mail/mailer';
import type { SessionUser } from '../../plugins/sessions';
import { wantsEmail } from '../accounts/email-preferences';
import { assertMayRecord, complianceCalendar } from '../compliance/service';
import { ratingOf } from '../contractors/presenter';
import { isLiveProfile } from '../contractors/service';
import { postSystemLine } from '../conversations/lookups';
import { nameOf } from './notices';
import { findPerson, findTenancyTenants, insertRepairEvent, lockRepair, updateRepair } from './queries';
import { takesQuotes } from './quote-access';
import { acceptedEmail, invitedEmail, notChosenEmail, quotedEmail, tradeChosenEmail } from './quote-notices';
import { areaNamesServing, type HomePlace, homePlaceOf, milesToNearest } from './quote-places';
import {
  decideQuotes,
  findHomePlace,
  findInvitations,
  findOwnerEmail,
  findQuote,
  findTradeCandidates,
  findTradesByIds,
  hasQuote,
  insertRepairLeads,
  insertRepairQuote,
  setLeadStatus,
  type TradeRow,
} from './quote-queries';
import { getRepair, type RepairReader, repairForParty, tell } from './service';

const LANDLORD = 'The landlord';
/** Candidates read before ranking: more than any district has trades with accounts. */
const CANDIDATES_READ = 200;
const MAX_SEARCH_WORDS = 8;

function landlordOnly(reader: RepairReader): void {
  if (reader.side !== 'landlord') throw new AppError('FORBIDDEN', REPAIR_TRADE_MESSAGES.landlordOnly);
}

async function homeOf(ctx: AppContext, reader: RepairReader) {
  const home = await findHomePlace(ctx.db, reader.d.repair.propertyId);
  return homePlaceOf(home?.outcode ?? '');
}

/** A trade's email (its business address, else its owner's), unless the owner switched account emails off. */
async function tradeMail(
  ctx: AppContext,
  trade: Pick<TradeRow, 'userId' | 'email' | 'businessName'>,
  build: (to: { email: string; greeting: string }) => MailMessage,
): Promise<MailMessage | null> {
  if (!trade.userId || !(await wantsEmail(ctx.db, trade.userId, 'email'))) return null;
  const email = trade.email ?? (await findOwnerEmail(ctx.db, trade.userId));
  return email ? build({ email, greeting: trade.businessName }) : null;
}

async function tellTrades(ctx: AppContext, mails: Array<Promise<MailMessage | null>>): Promise<void> {
  const ready = (await Promise.all(mails)).filter((m): m is MailMessage => !!m);
  await tell(ctx, ready);
}

// ---- suggestions ----

/**
 * GET /api/repairs/{id}/trade-suggestions: live trades (with an account to quote from) whose specialty suits the
 * repair and who serve the home's area, nearest first, then verified, then rating; with `q`, any live trade whose
 * name, description or services hold the words, wherever it works.
 */
export async function suggestTrades(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
  query: { q?: string },
): Promise<TTradeSuggestions> {
  const reader = await repairForParty(ctx, actor.user.id, repairId);
  landlordOnly(reader);
  const { repair } = reader.d;
  const now = ctx.now();
  const category = repair.category as TRepairCategory;
  const specialties = REPAIR_CATEGORY_SPECIALTIES[category];
  const home = await homeOf(ctx, reader);
  const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  const areaNames = words.length > 0 ? null : areaNamesServing(home);
  const candidates =
    words.length === 0 && !areaNames
      ? []
      : await findTradeCandidates(ctx.db, {
          now,
          today: londonToday(now),
          landlordId: reader.d.landlordId,
          specialties,
          areaNames,
          words,
          limit: CANDIDATES_READ,
          withAccountOnly: true,
        });
  const invited = await findInvitations(ctx.db, repair.id, londonToday(now));
  return {
    specialties: [...specialties],
    area: home.label,
    note: REPAIR_TRADE_NOTES[category] ?? null,
    slotsLeft: Math.max(0, MAX_TRADES_PER_REPAIR - invited.length),
    suggestions: ranked(candidates, home, specialties, new Set(invited.map((row) => row.trade.id))),
  };
}

/** Nearest first, then verified, then rating, then reviews, then name; at most TRADE_SUGGESTIONS_MAX. */
function ranked(
  candidates: TradeRow[],
  home: HomePlace,
  specialties: readonly string[],
  asked: Set<string>,
): TTradeSuggestion[] {
  return candidates
    .map((row) => ({ row, miles: milesToNearest(home, row.serviceAreas) }))
    .sort(
      (a, b) =>
        (a.miles ?? Number.POSITIVE_INFINITY) - (b.miles ?? Number.POSITIVE_INFINITY) ||
        Number(b.row.verified) - Number(a.row.verified) ||
        (ratingOf(b.row) ?? 0) - (ratingOf(a.row) ?? 0) ||
        b.row.reviewCount - a.row.reviewCount ||
        a.row.businessName.localeCompare(b.row.businessName, 'en-GB'),
    )
    .slice(0, TRADE_SUGGESTIONS_MAX)
    .map(({ row, miles }) => ({
      id: row.id,
      businessName: row.businessName,
      specialty: row.specialty,
      verified: row.verified,
      rating: ratingOf(row),
      reviewCount: row.reviewCount,
      serviceAreas: row.serviceAreas,
      miles,
      distanceLabel: distanceLabel(miles, home.outcode),
      suited: specialties.includes(row.specialty),
      invited: asked.has(row.id),
    }));
}

/**
 * GET /api/properties/{id}/trade-suggestions?kind=: "Book a Gas Safe engineer" and the like (issue 32 item 4). The
 * home's landlord only (its tenants 403, anyone else 404): live trades of the check's trade serving the home,
 * ranked as a repair's are, and the quote request's words. Booking is an ordinary quote request, so trades without
 * an account (who are emailed and answer directly) are offered too.
 */
export async function suggestBookingTrades(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
  query: { kind?: string },
): Promise<TBookingSuggestions> {
  await assertMayRecord(ctx, actor.user.id, propertyId);
  const { kind } = parse(ZBookingKind, query);
  const booking = COMPLIANCE_BOOKING[kind];
  const place = await findHomePlace(ctx.db, propertyId);
  if (!booking || !place) throw new AppError('NOT_FOUND', COMPLIANCE_MESSAGES.notFound);
  const calendar = await complianceCalendar(ctx, actor, propertyId);
  const now = ctx.now();
  const today = londonToday(now);
  const home = homePlaceOf(place.outcode);
  const areaNames = areaNamesServing(home);
  const candidates = areaNames
    ? await findTradeCandidates(ctx.db, {
        now,
        today,
        landlordId: actor.user.id,
        specialties: [booking.specialty],
        areaNames,
        words: [],
        limit: CANDIDATES_READ,
        withAccountOnly: false,
      })
    : [];
  const dueOn = calendar.items.find((item) => item.kind === kind)?.dueOn ?? null;
  return {
    kind,
    label: booking.label,
    property: { id: calendar.property.id, title: calendar.property.title },
    area: home.label,
    dueOn,
    request: {
      ...BOOKING_JOBS[kind],
      location: home.label,
      preferredDate: dueOn && dueOn >= today ? dueOn : null,
    },
    specialties: [booking.specialty],
    suggestions: ranked(candidates, home, [booking.specialty], new Set()),
  };
}

// ---- invitations ----

/**
 * POST /api/repairs/{id}/quote-requests: each trade named becomes a lead tied to the repair (the job from the
 * repair, the home's town and district, the landlord's contact details: never the tenant's), is emailed, and the
 * repair is `quoting`. No plan is needed: a repair is a duty of the tenancy, and safety does not wait on a
 * subscription (decision 0071).
 */
export async function inviteTrades(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
  input: unknown,
): Promise<TTradesInvited> {
  const reader = await repairForParty(ctx, actor.user.id, repairId);
  landlordOnly(reader);
  const { contractorIds } = parse(ZInviteTrades, input);
  const now = ctx.now();
  const today = londonToday(now);
  const found = await findTradesByIds(ctx.db, contractorIds, today);
  const trades = contractorIds.map((id) => {
    const trade = found.find((row) => row.id === id);
    if (!trade || !isLiveProfile(trade, now))
      throw new AppError('NOT_FOUND', REPAIR_TRADE_MESSAGES.tradeNotFound);
    if (trade.userId === actor.user.id) throw new AppError('FORBIDDEN', REPAIR_TRADE_MESSAGES.ownTrade);
    if (!trade.userId || trade.ownerDeletedAt)
      throw new AppError('CONFLICT', REPAIR_TRADE_MESSAGES.noAccount(trade.businessName));
    return trade;
  });
  const home = await homeOf(ctx, reader);

  const { repair, leads, asked, landlord } = await ctx.db.transaction(async (tx) => {
    const locked = await lockRepair(tx, reader.d.repair.id);
    if (!locked || !takesQuotes(locked)) throw new AppError('CONFLICT', REPAIR_TRADE_MESSAGES.closed);
    const already = await findInvitations(tx, locked.id, today);
    for (const trade of trades)
      if (already.some((row) => row.trade.id === trade.id))
        throw new AppError('CONFLICT', REPAIR_TRADE_MESSAGES.alreadyAsked(trade.businessName));
    if (already.length + trades.length > MAX_TRADES_PER_REPAIR)
      throw new AppError('CONFLICT', REPAIR_TRADE_MESSAGES.tooMany(already.length));
    const landlord = await findPerson(tx, actor.user.id);
    if (!landlord) throw new AppError('NOT_FOUND', REPAIR_TRADE_MESSAGES.tradeNotFound);
    const dueDay = londonToday(locked.dueBy);
    const leads = await insertRepairLeads(
      tx,
      trades.map((trade) => ({
        contractorId: trade.id,
        requesterId: actor.user.id,
        repairId: locked.id,
        jobTitle: locked.title,
        description: locked.description,
        location: home.label,
        contactEmail: landlord.email,
        contactPhone: landlord.phone,
        preferredDate: dueDay >= today ? dueDay : null,
        status: 'active' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await insertRepairEvent(tx, {
      repairId: locked.id,
      kind: 'quote_requested',
      actorId: actor.user.id,
      note: trades.map((trade) => trade.businessName).join(', '),
      createdAt: now,
    });
    if (locked.status === 'reported')
      await updateRepair(tx, locked.id, { status: 'quoting', updatedAt: now });
    return { repair: locked, leads, asked: already.length + trades.length, landlord };
  });

  const by = nameOf(landlord, LANDLORD);
  await tellTrades(
    ctx,
    trades.map((trade) => tradeMail(ctx, trade, (to) => invitedEmail(ctx, repair, to, home.label, by))),
  );
  return {
    invited: trades.map((trade) => ({
      contractorId: trade.id,
      businessName: trade.businessName,
      leadId: leads.find((lead) => lead.contractorId === trade.id)?.id ?? '',
    })),
    slotsLeft: Math.max(0, MAX_TRADES_PER_REPAIR - asked),
  };
}

// ---- quotes ----

/** POST /api/repairs/{id}/quotes: an invited trade's one quote; the landlord is emailed. */
export async function submitQuote(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
  input: unknown,
): Promise<{ quoteId: string }> {
  const reader = await repairForParty(ctx, actor.user.id, repairId);
  const trade = reader.trade;
  if (reader.side !== 'trade' || !trade) throw new AppError('FORBIDDEN', REPAIR_TRADE_MESSAGES.tradeOnly);
  const body = parse(ZSubmitRepairQuote, input);
  const now = ctx.now();
  if (body.earliestVisit < londonToday(now))
    throw new AppError('VALIDATION_FAILED', REPAIR_TRADE_MESSAGES.pastVisit, {
      earliestVisit: [REPAIR_TRADE_MESSAGES.pastVisit],
    });
  const amountPence = Math.round(body.amount * 100);

  const { quote, outbox } = await ctx.db.transaction(async (tx) => {
    const locked = await lockRepair(tx, reader.d.repair.id);
    if (!locked || !takesQuotes(locked)) throw new AppError('CONFLICT', REPAIR_TRADE_MESSAGES.closed);
    if (await hasQuote(tx, trade.lead.id))
      throw new AppError('CONFLICT', REPAIR_TRADE_MESSAGES.alreadyQuoted);
    const quote = await insertRepairQuote(tx, {
      repairId: locked.id,
      leadId: trade.lead.id,
      contractorId: trade.contractorId,
      amountPence,
      earliestVisit: body.earliestVisit,
      note: body.note,
      status: 'open',
      createdAt: now,
      updatedAt: now,
    });
    await setLeadStatus(tx, [trade.lead.id], 'pending', now);
    await insertRepairEvent(tx, {
      repairId: locked.id,
      kind: 'quoted',
      actorId: actor.user.id,
      note: trade.businessName,
      createdAt: now,
    });
    const landlord = await findPerson(tx, reader.d.landlordId);
    const outbox =
      landlord && !landlord.deletedAt
        ? [
            quotedEmail(
              ctx,
              locked,
              { email: landlord.email, greeting: landlord.firstName },
              trade.businessName,
              quote,
            ),
          ]
        : [];
    return { quote, outbox };
  });
  await tell(ctx, outbox);
  return { quoteId: quote.id };
}

// ---- acceptance ----

/**
 * POST /api/repairs/{id}/quotes/{quoteId}/accept: the landlord accepts one open quote. In one transaction it is
 * accepted and the rest declined, the repair takes the trade and is `quote_accepted`, the chosen lead is won and
 * every other lead of the repair lost; then the chosen trade, the tenants and the trades not chosen are emailed.
 */
export async function acceptQuote(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
  quoteId: string,
): Promise<TRepairView> {
  const reader = await repairForParty(ctx, actor.user.id, repairId);
  landlordOnly(reader);
  if (!isUuid(quoteId)) throw new AppError('NOT_FOUND', REPAIR_TRADE_MESSAGES.quoteNotFound);
  const today = londonToday(ctx.now());

  const { repair, chosen, others, outbox, landlordName } = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const locked = await lockRepair(tx, reader.d.repair.id);
    const quote = locked ? await findQuote(tx, locked.id, quoteId) : undefined;
    if (!locked || !quote) throw new AppError('NOT_FOUND', REPAIR_TRADE_MESSAGES.quoteNotFound);
    if (locked.acceptedQuoteId) throw new AppError('CONFLICT', REPAIR_TRADE_MESSAGES.alreadyAccepted);
    if (!takesQuotes(locked)) throw new AppError('CONFLICT', REPAIR_TRADE_MESSAGES.closed);
    if (quote.status !== 'open') throw new AppError('CONFLICT', REPAIR_TRADE_MESSAGES.notOpen);

    await decideQuotes(tx, locked.id, quote.id, now);
    await updateRepair(tx, locked.id, {
      status: 'quote_accepted',
      contractorId: quote.contractorId,
      acceptedQuoteId: quote.id,
      updatedAt: now,
    });
    const invitations = await findInvitations(tx, locked.id, today);
    const chosen = invitations.find((row) => row.lead.id === quote.leadId);
    const others = invitations.filter((row) => row.lead.id !== quote.leadId);
    await setLeadStatus(tx, [quote.leadId], 'won', now);
    await setLeadStatus(
      tx,
      others.map((row) => row.lead.id),
      'lost',
      now,
    );
    const businessName = chosen?.trade.businessName ?? 'the trade';
    await insertRepairEvent(tx, {
      repairId: locked.id,
      kind: 'quote_accepted',
      actorId: actor.user.id,
      note: businessName,
      createdAt: now,
    });
    const landlord = await findPerson(tx, actor.user.id);
    const landlordName = landlord ? nameOf(landlord, LANDLORD) : LANDLORD;
    await postSystemLine(
      tx,
      reader.d.conversationId,
      `${landlordName} chose ${businessName} for the repair "${locked.title}".`,
      now,
    );
    const tenants = await findTenancyTenants(tx, locked.tenancyId);
    const outbox = tenants
      .filter((p) => !p.deletedAt)
      .map((p) => tradeChosenEmail(ctx, locked, { email: p.email, greeting: p.firstName }, businessName));
    return { repair: locked, chosen, others, outbox, landlordName };
  });

  await tell(ctx, outbox);
  await tellTrades(ctx, [
    ...(chosen ? [tradeMail(ctx, chosen.trade, (to) => acceptedEmail(ctx, repair, to, landlordName))] : []),
    ...others.map((row) => tradeMail(ctx, row.trade, (to) => notChosenEmail(ctx, repair, to))),
  ]);
  return getRepair(ctx, actor, repair.id);
}
