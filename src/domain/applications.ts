// From viewing to tenancy (issue 31; docs/decisions/0063-applications-and-tenancies.md). Pure rules both sides
// import: an application's statuses and who may move it where, the fixed list of reasons to decline (never
// children or benefits: Renters' Rights Act 2025 Part 1 Chapters 3 and 4), the offer rules (the advertised rent
// or less: the bidding ban, RRA 2025 s.56; a deposit within the nation's cap: Tenant Fees Act 2019 Sch.1), the
// deposit schemes and the day by which a deposit must be protected (Housing Act 2004 s.213), and a tenancy's
// to-do list. Money in API bodies is pounds with the pence beside it, as the property API gives rent and deposit.
import { z } from 'zod';
import { DEPOSIT_RULES, depositCapPence, messageFindings, type TNation } from './advert-rules';
import { ZCalendarDay } from './date-schemas';

/**
 * The pages the emails link to (decision 0066 builds them): one place, so a page that moves moves its links too.
 */
export const APPLICATION_PAGES = {
  myApplications: '/applications',
  myHome: '/my-home',
  listingApplicants: (propertyId: string) => `/listings/${propertyId}/applicants`,
  tenancies: '/tenancies',
} as const;

// ---- statuses and transitions ----

export const APPLICATION_STATUSES = ['submitted', 'offered', 'accepted', 'declined', 'withdrawn'] as const;
export type TApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<TApplicationStatus, string> = {
  submitted: 'Applied',
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** Still waiting on a decision: the landlord may offer or decline, the tenant may withdraw (or accept an offer). */
export const OPEN_STATUSES: readonly TApplicationStatus[] = ['submitted', 'offered'];

export function isOpen(status: TApplicationStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

export type TApplicationAction = 'offer' | 'decline' | 'withdraw' | 'accept';
export type TApplicationSide = 'landlord' | 'tenant';

/**
 * Who may do what, from which status, and where it leads. An offer is made once, on a submitted application: a
 * tenant accepts the terms they saw (a changed offer would race their acceptance). The landlord may still decline an
 * offered application (an offer is no contract) and the tenant may withdraw until they accept.
 */
export const TRANSITIONS: Record<
  TApplicationAction,
  { by: TApplicationSide; from: readonly TApplicationStatus[]; to: TApplicationStatus }
> = {
  offer: { by: 'landlord', from: ['submitted'], to: 'offered' },
  decline: { by: 'landlord', from: ['submitted', 'offered'], to: 'declined' },
  withdraw: { by: 'tenant', from: ['submitted', 'offered'], to: 'withdrawn' },
  accept: { by: 'tenant', from: ['offered'], to: 'accepted' },
};

export function mayAct(
  action: TApplicationAction,
  side: TApplicationSide,
  status: TApplicationStatus,
): boolean {
  const rule = TRANSITIONS[action];
  return rule.by === side && rule.from.includes(status);
}

// ---- messages ----

export const APPLICATION_MESSAGES = {
  notFound: 'Application not found',
  propertyNotFound: 'Property not found',
  tenancyNotFound: 'Tenancy not found',
  tenantsOnly: 'Only tenants can apply for a home.',
  noConversation: 'Send the landlord an enquiry about this home first: you apply from your conversation.',
  blocked: 'You cannot apply for this home.',
  notLive: 'This home is not taking applications: it is not live, or it is let agreed.',
  alreadyApplied: 'You have already applied for this home.',
  profileRequired:
    'Please complete your renter profile first: the landlord sees it with your application, the same for everyone.',
  landlordOnly: 'Only the landlord of this home can do that.',
  tenantOnly: 'Only the tenant who applied can do that.',
  notOpen: 'This application has already been decided.',
  offerOnce: 'Only a submitted application can be offered the home.',
  acceptOffer: 'Only an offer can be accepted.',
  biddingBan:
    "The rent offered cannot be above the advertised rent: rental bidding is banned (Renters' Rights Act 2025).",
  depositCap: (cap: string, text: string) => `The deposit can be at most ${cap} for this home (${text}).`,
  startPast: 'The start date cannot be in the past.',
  noteRequired: 'Please say why in a note.',
  reason: 'Choose a reason from the list.',
  tenantPatch: 'Only the landlord records the deposit and the start date.',
  startArrived: 'The start date can only be moved before it arrives.',
  futureDay: 'This date cannot be in the future.',
  scheme: 'Choose a deposit scheme for the nation the home is in.',
} as const;

// ---- declining: a fixed list, never children or benefits ----

export const DECLINE_REASONS = [
  'let_to_another',
  'affordability',
  'references',
  'move_in_date',
  'household_size',
  'other',
] as const;
export type TDeclineReason = (typeof DECLINE_REASONS)[number];

/**
 * What both sides read. There is no reason about children or benefits, and "household size" is the home's legal
 * occupancy (its licence or room sizes), not who the household are (RRA 2025 Part 1 Chapter 3).
 */
export const DECLINE_REASON_LABELS: Record<TDeclineReason, string> = {
  let_to_another: 'Let to another applicant',
  affordability: 'Affordability',
  references: 'References',
  move_in_date: 'Move-in date',
  household_size: "Household larger than the home's legal occupancy",
  other: 'Other',
};

export const MESSAGE_MAX = 2000;
export const NOTE_MAX = 1000;

export const ZApplyRequest = z.strictObject({
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX, `A message can be at most ${MESSAGE_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type TApplyRequest = z.output<typeof ZApplyRequest>;

export const ZDeclineRequest = z
  .strictObject({
    reason: z.enum(DECLINE_REASONS, { error: APPLICATION_MESSAGES.reason }),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters`)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((body) => body.reason !== 'other' || !!body.note, {
    path: ['note'],
    error: APPLICATION_MESSAGES.noteRequired,
  });
export type TDeclineRequest = z.output<typeof ZDeclineRequest>;

/** The advert rules that a reason to decline must not break either: no refusing benefits or children. */
const DISCRIMINATION_RULES = ['benefits-discrimination', 'children-discrimination'];

/**
 * What is wrong with a decline's note in the home's nation on `day`: the fixed list has no reason about children or
 * benefits, and "other" with a note cannot bring one back (RRA 2025 Part 1 Chapters 3 and 4; decision 0063).
 */
export function declineNoteProblems(note: string | null, nation: TNation, day: string): string[] {
  if (!note) return [];
  return messageFindings(note, nation, day)
    .filter((finding) => DISCRIMINATION_RULES.includes(finding.ruleId))
    .map((finding) => finding.message);
}

/** Pounds, at most two places (the property API's unit for rent and deposit). */
const ZPounds = (what: string) =>
  z
    .number({ error: `${what} must be an amount in pounds` })
    .min(0, `${what} cannot be negative`)
    .max(1_000_000, `${what} is too large`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      error: `${what} can have at most two decimal places`,
    });

export const ZOfferRequest = z.strictObject({
  startDate: ZCalendarDay('Please choose a start date'),
  deposit: ZPounds('The deposit'),
  /** The advertised rent or less; the advertised rent when not given. */
  rent: ZPounds('The rent')
    .refine((n) => n > 0, { error: 'The rent must be more than £0' })
    .optional(),
});
export type TOfferRequest = z.output<typeof ZOfferRequest>;

export const poundsOf = (pence: number) => pence / 100;
export const penceOf = (pounds: number) => Math.round(pounds * 100);

export interface TOfferFacts {
  advertisedRentPence: number;
  rentPence: number;
  depositPence: number;
  startDate: string;
  nation: TNation;
  /** London's calendar day today. */
  today: string;
}

export type TOfferProblem =
  | { field: 'rent'; kind: 'bidding'; message: string }
  | { field: 'deposit'; kind: 'cap'; message: string }
  | { field: 'startDate'; kind: 'past'; message: string };

const money = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: pence % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** The legal maximum deposit on this rent in this nation, in pence; null where the law sets none (Wales). */
export function offerDepositCapPence(rentPence: number, nation: TNation): number | null {
  return depositCapPence(rentPence, nation);
}

/** What is wrong with an offer, in the order a person would fix it: empty when it may be made. */
export function offerProblems(offer: TOfferFacts): TOfferProblem[] {
  const problems: TOfferProblem[] = [];
  // Renters' Rights Act 2025 s.56: no rent above the advertised rent may be asked for or accepted.
  if (offer.rentPence > offer.advertisedRentPence)
    problems.push({ field: 'rent', kind: 'bidding', message: APPLICATION_MESSAGES.biddingBan });
  const cap = offerDepositCapPence(offer.rentPence, offer.nation);
  if (cap !== null && offer.depositPence > cap)
    problems.push({
      field: 'deposit',
      kind: 'cap',
      message: APPLICATION_MESSAGES.depositCap(money(cap), DEPOSIT_RULES[offer.nation].capText),
    });
  if (offer.startDate < offer.today)
    problems.push({ field: 'startDate', kind: 'past', message: APPLICATION_MESSAGES.startPast });
  return problems;
}

// ---- deposit schemes and protection ----

export const DEPOSIT_SCHEMES = [
  'dps',
  'mydeposits',
  'tds',
  'safedeposits_scotland',
  'mydeposits_scotland',
  'lps_scotland',
  'tds_northern_ireland',
  'mydeposits_northern_ireland',
] as const;
export type TDepositScheme = (typeof DEPOSIT_SCHEMES)[number];

/** The government-approved schemes, by the nations they serve (gov.uk/tenancy-deposit-protection, mygov.scot, nidirect). */
export const DEPOSIT_SCHEME_INFO: Record<TDepositScheme, { label: string; nations: readonly TNation[] }> = {
  dps: { label: 'Deposit Protection Service (DPS)', nations: ['england', 'wales'] },
  mydeposits: { label: 'mydeposits', nations: ['england', 'wales'] },
  tds: { label: 'Tenancy Deposit Scheme (TDS)', nations: ['england', 'wales'] },
  safedeposits_scotland: { label: 'SafeDeposits Scotland', nations: ['scotland'] },
  mydeposits_scotland: { label: 'mydeposits Scotland', nations: ['scotland'] },
  lps_scotland: { label: 'Letting Protection Service Scotland', nations: ['scotland'] },
  tds_northern_ireland: { label: 'TDS Northern Ireland', nations: ['northern_ireland'] },
  mydeposits_northern_ireland: { label: 'mydeposits Northern Ireland', nations: ['northern_ireland'] },
};

export function isDepositScheme(value: unknown): value is TDepositScheme {
  return typeof value === 'string' && (DEPOSIT_SCHEMES as readonly string[]).includes(value);
}

export function schemesFor(nation: TNation): TDepositScheme[] {
  return DEPOSIT_SCHEMES.filter((scheme) => DEPOSIT_SCHEME_INFO[scheme].nations.includes(nation));
}

export function depositSchemeLabel(scheme: string | null): string | null {
  return isDepositScheme(scheme) ? DEPOSIT_SCHEME_INFO[scheme].label : null;
}

/** A calendar day `n` days after `day` (both YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The `n`th weekday (Monday to Friday) after `day`. Bank holidays are not skipped: the date is never late. */
export function addWeekdays(day: string, n: number): string {
  let current = day;
  for (let counted = 0; counted < n; ) {
    current = addDays(current, 1);
    const weekday = new Date(`${current}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted++;
  }
  return current;
}

/**
 * The last day the deposit may be protected, as data per nation:
 * - England: within 30 days beginning with the day it was received (Housing Act 2004 s.213(3); the prescribed
 *   information in the same 30 days, s.213(5)-(6); s.214 lets a court order one to three times the deposit).
 *   "Beginning with" counts the day of receipt as the first, so the last day is receipt + 29.
 * - Wales: the same 30 days for an occupation contract (Renting Homes (Wales) Act 2016 s.45 and Sch.5).
 * - Northern Ireland: within 28 days of receipt (Tenancy Deposit Schemes Regulations (Northern Ireland) 2012).
 * - Scotland: within 30 working days of the beginning of the tenancy (Tenancy Deposit Schemes (Scotland)
 *   Regulations 2011 reg.3), counted here in weekdays, so never later than the law's date.
 * Null when nothing says when: no deposit, or (outside Scotland) no day of receipt recorded.
 */
export function protectDepositBy(
  nation: TNation,
  tenancy: { depositPence: number; depositReceivedOn: string | null; startDate: string },
): string | null {
  if (tenancy.depositPence <= 0) return null;
  if (nation === 'scotland') return addWeekdays(tenancy.startDate, 30);
  if (!tenancy.depositReceivedOn) return null;
  return addDays(tenancy.depositReceivedOn, nation === 'northern_ireland' ? 27 : 29);
}

export const TODO_KINDS = ['protect_deposit', 'information_sheet'] as const;
export type TTodoKind = (typeof TODO_KINDS)[number];

export interface TTodo {
  kind: TTodoKind;
  label: string;
  dueBy: string | null;
  done: boolean;
}

/** What the landlord must still do for a tenancy, as both sides see it on "My home" and "Tenancies". */
export function tenancyTodo(
  nation: TNation,
  tenancy: {
    depositPence: number;
    depositReceivedOn: string | null;
    depositProtectedOn: string | null;
    informationSheetGivenOn: string | null;
    startDate: string;
  },
): TTodo[] {
  const todo: TTodo[] = [];
  const protectBy = protectDepositBy(nation, tenancy);
  if (tenancy.depositPence > 0)
    todo.push({
      kind: 'protect_deposit',
      label: protectBy
        ? 'Protect the deposit in a government-approved scheme and record its reference'
        : 'Protect the deposit in a government-approved scheme (record when it was received to see the deadline)',
      dueBy: protectBy,
      done: !!tenancy.depositProtectedOn,
    });
  todo.push({
    kind: 'information_sheet',
    label:
      tenancy.depositPence > 0
        ? "Give the tenant the government's information sheet and the deposit's prescribed information"
        : "Give the tenant the government's information sheet",
    // The deposit's prescribed information is due with its protection; without a deposit, by the start.
    dueBy: tenancy.depositPence > 0 ? protectBy : tenancy.startDate,
    done: !!tenancy.informationSheetGivenOn,
  });
  return todo;
}

export const ZTenancyPatch = z.strictObject({
  depositScheme: z.enum(DEPOSIT_SCHEMES, { error: APPLICATION_MESSAGES.scheme }).nullable().optional(),
  depositReference: z
    .string()
    .trim()
    .max(100, 'A reference can be at most 100 characters')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  depositReceivedOn: ZCalendarDay().nullable().optional(),
  depositProtectedOn: ZCalendarDay().nullable().optional(),
  informationSheetGivenOn: ZCalendarDay().nullable().optional(),
  startDate: ZCalendarDay('Please choose a start date').optional(),
});
export type TTenancyPatch = z.output<typeof ZTenancyPatch>;

// ---- replies ----

export const ZRenterProfileSnapshot = z
  .object({
    introduction: z.string(),
    householdSize: z.number().int().nullable(),
    pets: z.string().nullable(),
    petDetails: z.string().nullable(),
    moveInFrom: z.string().nullable(),
    monthlyIncome: z.number().nullable().describe('Pounds a month'),
    monthlyIncomePence: z.number().int().nullable(),
    guarantorAvailable: z.boolean().nullable(),
    rightToRentShareCode: z.string().nullable(),
    previousLandlord: z.object({ name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'RenterProfileSnapshot' });
export type TRenterProfileSnapshot = z.output<typeof ZRenterProfileSnapshot>;

/** What a deleted applicant's application keeps: the same fields, all empty (decision 0051). */
export const EMPTY_SNAPSHOT: TRenterProfileSnapshot = {
  introduction: '',
  householdSize: null,
  pets: null,
  petDetails: null,
  moveInFrom: null,
  monthlyIncome: null,
  monthlyIncomePence: null,
  guarantorAvailable: null,
  rightToRentShareCode: null,
  previousLandlord: null,
};

/** The stored jsonb, whatever its age, read as a snapshot: missing fields are null, never invented. */
export function readSnapshot(stored: unknown): TRenterProfileSnapshot {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const pence = num(s.monthlyIncomePence);
  const prev = s.previousLandlord as { name?: unknown; email?: unknown } | null | undefined;
  return {
    introduction: str(s.introduction) ?? '',
    householdSize: num(s.householdSize),
    pets: str(s.pets),
    petDetails: str(s.petDetails),
    moveInFrom: str(s.moveInFrom),
    monthlyIncome: pence === null ? null : poundsOf(pence),
    monthlyIncomePence: pence,
    guarantorAvailable: typeof s.guarantorAvailable === 'boolean' ? s.guarantorAvailable : null,
    rightToRentShareCode: str(s.rightToRentShareCode),
    previousLandlord:
      prev && typeof prev.name === 'string' && typeof prev.email === 'string'
        ? { name: prev.name, email: prev.email }
        : null,
  };
}

const isoInstant = z.string().describe('ISO 8601 instant');
const day = z.string().describe('YYYY-MM-DD');

export const ZApplicationView = z
  .object({
    id: z.uuid(),
    status: z.enum(APPLICATION_STATUSES),
    createdAt: isoInstant,
    message: z.string().nullable(),
    conversationId: z.uuid(),
    tenancyId: z.uuid().nullable(),
    property: z.object({
      id: z.uuid(),
      title: z.string(),
      street: z.string().describe('The street and town, without the house or flat number'),
      outcode: z.string(),
      rent: z.number().describe('Pounds a month (advertised)'),
      rentPence: z.number().int(),
      coverUrl: z.string().nullable(),
    }),
    applicant: z.object({ id: z.uuid(), name: z.string() }),
    profile: ZRenterProfileSnapshot,
    offer: z
      .object({
        startDate: day,
        rent: z.number().describe('Pounds a month'),
        rentPence: z.number().int(),
        deposit: z.number().describe('Pounds'),
        depositPence: z.number().int(),
        offeredAt: isoInstant,
      })
      .nullable(),
    decline: z
      .object({
        reason: z.enum(DECLINE_REASONS),
        reasonLabel: z.string(),
        note: z.string().nullable(),
        declinedAt: isoInstant,
      })
      .nullable(),
    withdrawnAt: isoInstant.nullable(),
    acceptedAt: isoInstant.nullable(),
  })
  .meta({ id: 'Application' });
export type TApplicationView = z.output<typeof ZApplicationView>;

export const ZApplicationList = z.object({ applications: z.array(ZApplicationView) });
export type TApplicationList = z.output<typeof ZApplicationList>;

export const ZApplicationCreated = z.object({ applicationId: z.uuid() });
export const ZTenancyCreated = z.object({ tenancyId: z.uuid() });

const ZParty = z.object({ id: z.uuid(), name: z.string(), email: z.string() });

export const ZTenancyView = z
  .object({
    id: z.uuid(),
    applicationId: z.uuid(),
    property: z.object({
      id: z.uuid(),
      title: z.string(),
      address: z.string().describe('In full, with the postcode: both parties may see it'),
      outcode: z.string(),
    }),
    nation: z.enum(['england', 'wales', 'scotland', 'northern_ireland']),
    landlord: ZParty,
    tenants: z.array(ZParty),
    startDate: day,
    rent: z.number().describe('Pounds a month'),
    rentPence: z.number().int(),
    deposit: z.number().describe('Pounds'),
    depositPence: z.number().int(),
    depositReceivedOn: day.nullable(),
    depositScheme: z.enum(DEPOSIT_SCHEMES).nullable(),
    depositSchemeLabel: z.string().nullable(),
    depositReference: z.string().nullable(),
    depositProtectedOn: day.nullable(),
    protectDepositBy: day.nullable(),
    informationSheetGivenOn: day.nullable(),
    depositSchemes: z
      .array(z.object({ id: z.enum(DEPOSIT_SCHEMES), label: z.string() }))
      .describe("The schemes of the home's nation, to choose from"),
    todo: z.array(
      z.object({
        kind: z.enum(TODO_KINDS),
        label: z.string(),
        dueBy: day.nullable(),
        done: z.boolean(),
      }),
    ),
    createdAt: isoInstant,
  })
  .meta({ id: 'Tenancy' });
export type TTenancyView = z.output<typeof ZTenancyView>;

export const ZTenancyList = z.object({ tenancies: z.array(ZTenancyView) });
export type TTenancyList = z.output<typeof ZTenancyList>;
