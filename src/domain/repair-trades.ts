// Repairs go to trades (issue 32 item 3, first half; docs/decisions/0071-repairs-go-to-trades.md). Pure rules both
// sides import: which of the directory's specialties suit each repair category, how many trades a repair may go to,
// the request and reply shapes of suggestions, invitations, quotes and acceptance, and their messages.
import { z } from 'zod';
import type { Specialty } from './contractor-options';
import { ZCalendarDay } from './date-schemas';
import type { TRepairCategory } from './repairs';

/** A landlord asks at most this many trades to quote for one repair (issue 32 item 3). */
export const MAX_TRADES_PER_REPAIR = 3;
/** Suggestions shown at once; any other live trade can be found by name. */
export const TRADE_SUGGESTIONS_MAX = 10;
/** A quote is in pounds, more than £0 and at most this. */
export const QUOTE_AMOUNT_MAX = 100_000;
export const QUOTE_NOTE_MAX = 2000;

/**
 * The directory's specialties (src/domain/constants.ts SPECIALTIES) that suit each category, best first. The
 * directory lists no locksmiths, appliance engineers or pest controllers, so those go to the nearest listed trade
 * that does the work (joiners fit locks and doors; electricians and plumbers repair appliances; builders proof a
 * home against pests), and the page says so (`REPAIR_TRADE_NOTES`).
 */
export const REPAIR_CATEGORY_SPECIALTIES: Record<TRepairCategory, readonly Specialty[]> = {
  heating: ['Plumbing & Heating'],
  plumbing: ['Plumbing & Heating'],
  electrical: ['Electrical Services'],
  damp_mould: ['General Building', 'Roofing', 'Painting & Decorating'],
  roof_windows: ['Roofing', 'Carpentry & Joinery'],
  security: ['Carpentry & Joinery', 'General Building'],
  appliances: ['Electrical Services', 'Plumbing & Heating'],
  pests: ['General Building'],
  other: ['General Building', 'Carpentry & Joinery'],
};

/** What the suggestions cannot offer, said beside them. */
export const REPAIR_TRADE_NOTES: Partial<Record<TRepairCategory, string>> = {
  security: 'The directory lists no locksmiths: joiners and builders fit locks and doors.',
  appliances:
    'The directory lists no appliance engineers: electricians and plumbers repair most appliances. Gas appliances need a Gas Safe registered engineer.',
  pests: 'The directory lists no pest controllers: builders can find and seal where pests get in.',
};

export const REPAIR_TRADE_MESSAGES = {
  tradeNotFound: 'Trade not found',
  quoteNotFound: 'Quote not found',
  landlordOnly: 'Only the landlord asks trades to quote and accepts a quote.',
  tradeOnly: 'Only a trade asked to quote for this repair can send a quote.',
  ownTrade: 'You cannot ask your own business to quote.',
  chooseTrades: `Choose from 1 to ${MAX_TRADES_PER_REPAIR} trades`,
  sameTradeTwice: 'Each trade can be chosen once.',
  tooMany: (asked: number) =>
    asked >= MAX_TRADES_PER_REPAIR
      ? `A repair can go to at most ${MAX_TRADES_PER_REPAIR} trades, and ${asked} have been asked already.`
      : `A repair can go to at most ${MAX_TRADES_PER_REPAIR} trades; ${asked} ${asked === 1 ? 'has' : 'have'} been asked, so you can ask ${MAX_TRADES_PER_REPAIR - asked} more.`,
  alreadyAsked: (name: string) => `${name} has already been asked to quote for this repair.`,
  noAccount: (name: string) =>
    `${name} has no account on Your Place to quote from. Use Request Quote on their page to contact them instead.`,
  closed: 'This repair is no longer taking quotes: a quote was accepted or it was marked fixed.',
  alreadyQuoted:
    'You have already quoted for this repair. A quote cannot be changed, so the landlord accepts exactly what they read.',
  alreadyAccepted: 'A quote for this repair has already been accepted.',
  notOpen: 'This quote is no longer open.',
  amount: 'Please enter the amount in pounds',
  amountPositive: 'The amount must be more than £0',
  amountMax: `The amount can be at most £${QUOTE_AMOUNT_MAX.toLocaleString('en-GB')}`,
  amountPence: 'The amount can have at most two decimal places',
  earliestVisit: 'Please choose the earliest day you could visit',
  pastVisit: 'The earliest visit cannot be in the past',
  noteTooLong: `A note can be at most ${QUOTE_NOTE_MAX} characters`,
} as const;

// ---- requests ----

export const ZInviteTrades = z.strictObject({
  contractorIds: z
    .array(z.uuid({ error: REPAIR_TRADE_MESSAGES.tradeNotFound }), {
      error: REPAIR_TRADE_MESSAGES.chooseTrades,
    })
    .min(1, REPAIR_TRADE_MESSAGES.chooseTrades)
    .max(MAX_TRADES_PER_REPAIR, REPAIR_TRADE_MESSAGES.chooseTrades)
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
      error: REPAIR_TRADE_MESSAGES.sameTradeTwice,
    })
    .transform((ids) => ids.map((id) => id.toLowerCase())),
});
export type TInviteTrades = z.output<typeof ZInviteTrades>;

export const ZSubmitRepairQuote = z.strictObject({
  amount: z
    .number({ error: REPAIR_TRADE_MESSAGES.amount })
    .refine((n) => Number.isFinite(n) && n > 0, { error: REPAIR_TRADE_MESSAGES.amountPositive })
    .refine((n) => n <= QUOTE_AMOUNT_MAX, { error: REPAIR_TRADE_MESSAGES.amountMax })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      error: REPAIR_TRADE_MESSAGES.amountPence,
    }),
  earliestVisit: ZCalendarDay(REPAIR_TRADE_MESSAGES.earliestVisit),
  note: z
    .string()
    .trim()
    .max(QUOTE_NOTE_MAX, REPAIR_TRADE_MESSAGES.noteTooLong)
    .nullish()
    .transform((v) => v ?? ''),
});
export type TSubmitRepairQuote = z.output<typeof ZSubmitRepairQuote>;
export type TSubmitRepairQuoteForm = z.input<typeof ZSubmitRepairQuote>;

export const ZTradeSuggestionQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Search at most 100 characters')
    .optional()
    .transform((v) => v || undefined),
});

// ---- replies ----

const isoInstant = z.string().describe('ISO 8601 instant');

const ZTradeBrief = z.object({
  id: z.uuid(),
  businessName: z.string(),
  specialty: z.string(),
  verified: z
    .boolean()
    .describe('An admin recorded a check (insurance, Gas Safe, NICEIC) that has not expired'),
  rating: z.number().nullable().describe('Average stars; null until the first review'),
  reviewCount: z.number().int(),
});

export const ZTradeSuggestion = ZTradeBrief.extend({
  serviceAreas: z.array(z.string()),
  miles: z
    .number()
    .nullable()
    .describe(
      "Miles from the home's postcode district to the nearest place the trade serves; 0 = it serves it",
    ),
  distanceLabel: z.string(),
  suited: z.boolean().describe("The trade's specialty suits the repair's category"),
  invited: z.boolean().describe('Already asked to quote for this repair'),
}).meta({ id: 'TradeSuggestion' });
export type TTradeSuggestion = z.output<typeof ZTradeSuggestion>;

export const ZTradeSuggestions = z
  .object({
    specialties: z.array(z.string()).describe("The specialties that suit the repair's category"),
    area: z.string().describe("The home's town and postcode district"),
    note: z.string().nullable().describe('What the directory cannot offer for this category'),
    slotsLeft: z.number().int().describe('How many more trades may be asked'),
    suggestions: z.array(ZTradeSuggestion),
  })
  .meta({ id: 'TradeSuggestions' });
export type TTradeSuggestions = z.output<typeof ZTradeSuggestions>;

export const ZTradesInvited = z.object({
  invited: z.array(z.object({ contractorId: z.uuid(), leadId: z.uuid(), businessName: z.string() })),
  slotsLeft: z.number().int(),
});
export type TTradesInvited = z.output<typeof ZTradesInvited>;

export const ZRepairQuoteCreated = z.object({ quoteId: z.uuid() });

export const INVITATION_STATES = ['invited', 'quoted', 'accepted', 'declined'] as const;
export type TInvitationState = (typeof INVITATION_STATES)[number];
export const INVITATION_STATE_LABELS: Record<TInvitationState, string> = {
  invited: 'Asked to quote',
  quoted: 'Quoted',
  accepted: 'Quote accepted',
  declined: 'Not chosen',
};

export const ZRepairQuote = z.object({
  id: z.uuid(),
  amount: z.number().nullable().describe('Pounds; null for the tenant (amounts are the landlord’s business)'),
  amountPence: z.number().int().nullable(),
  earliestVisit: z.string().describe('YYYY-MM-DD'),
  note: z.string().nullable().describe('The trade’s note; null for the tenant'),
  status: z.enum(['open', 'accepted', 'declined']),
  quotedAt: isoInstant,
});
export type TRepairQuote = z.output<typeof ZRepairQuote>;

export const ZRepairInvitation = z.object({
  leadId: z.uuid(),
  trade: ZTradeBrief,
  invitedAt: isoInstant,
  state: z.enum(INVITATION_STATES),
  stateLabel: z.string(),
  quote: ZRepairQuote.nullable(),
});
export type TRepairInvitation = z.output<typeof ZRepairInvitation>;

/** The `quotes` group of a repair's view: who was asked, their quotes, and what the reader may do. */
export const ZRepairQuotes = z
  .object({
    maxTrades: z.number().int(),
    invitations: z
      .array(ZRepairInvitation)
      .describe('The landlord and the tenant see every trade asked; a trade sees only its own invitation'),
    acceptedQuoteId: z.uuid().nullable(),
    amountsShown: z.boolean(),
    canInvite: z.boolean().describe('The landlord may ask more trades'),
    canAccept: z.boolean().describe('The landlord may accept an open quote'),
    canQuote: z.boolean().describe('The reading trade may send its quote'),
  })
  .meta({ id: 'RepairQuotes' });
export type TRepairQuotes = z.output<typeof ZRepairQuotes>;

/** The way a distance reads beside a suggestion. */
export function distanceLabel(miles: number | null, district: string): string {
  if (miles === null) return 'Distance not known';
  if (miles === 0) return `Serves ${district}`;
  const rounded = miles < 10 ? miles.toFixed(1) : String(Math.round(miles));
  return `${rounded} miles away`;
}

// ---- booking a compliance check (issue 32 item 4) ----

/** The checks a trade from the directory can be booked for (src/domain/compliance-options.ts COMPLIANCE_BOOKING). */
export const BOOKABLE_CHECKS = ['gas_safety', 'eicr', 'alarms'] as const;
export type TBookableCheck = (typeof BOOKABLE_CHECKS)[number];

/** The quote request's job title and description for each check: an ordinary lead, said plainly. */
export const BOOKING_JOBS: Record<TBookableCheck, { jobTitle: string; description: string }> = {
  gas_safety: {
    jobTitle: 'Gas safety check (CP12)',
    description:
      'Annual gas safety check of every gas appliance and flue in a rented home, with the landlord gas safety record. Please quote; a Gas Safe registered engineer is needed.',
  },
  eicr: {
    jobTitle: 'Electrical installation condition report (EICR)',
    description:
      'Inspection and testing of the fixed electrical installation of a rented home, with the written report (at least every 5 years). Please quote.',
  },
  alarms: {
    jobTitle: 'Smoke and carbon monoxide alarm check',
    description:
      'Check, and replace where needed, the smoke and carbon monoxide alarms of a rented home before a new tenancy begins. Please quote.',
  },
};

/** The query as sent; `kind` is checked after who is asking (strangers are told nothing, not that a kind is wrong). */
export const ZBookingQuery = z.object({
  kind: z
    .string()
    .optional()
    .describe(`The check: ${BOOKABLE_CHECKS.join(', ')}`),
});
export const ZBookingKind = z.object({
  kind: z.enum(BOOKABLE_CHECKS, { error: `Choose a check to book: ${BOOKABLE_CHECKS.join(', ')}` }),
});

export const ZBookingSuggestions = z
  .object({
    kind: z.enum(BOOKABLE_CHECKS),
    label: z.string().describe('"Book a Gas Safe engineer"'),
    property: z.object({ id: z.uuid(), title: z.string() }),
    area: z.string().describe("The home's town and postcode district"),
    dueOn: z.string().nullable().describe('When the check is next due (YYYY-MM-DD), if known'),
    request: z
      .object({
        jobTitle: z.string(),
        description: z.string(),
        location: z.string(),
        preferredDate: z.string().nullable(),
      })
      .describe('What the quote request form starts from'),
    specialties: z.array(z.string()),
    suggestions: z.array(ZTradeSuggestion),
  })
  .meta({ id: 'BookingSuggestions' });
export type TBookingSuggestions = z.output<typeof ZBookingSuggestions>;
