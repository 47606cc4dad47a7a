// Repairs (issue 32 items 1 and 2; docs/decisions/0070-repairs-and-their-clock.md). Pure rules both sides import:
// the categories, the urgencies and their published targets, how a damp and mould report combines with an urgency,
// a repair's statuses and its timeline's step kinds (those item 3 will add among them), the clock (due by, due soon,
// overdue) and its wording, and the API's shapes.
//
// The targets: emergency, made safe within 24 hours; urgent, within 3 working days; routine, within 28 days; damp
// and mould, investigated within 10 working days. These are the site's published promise to renters, modelled on
// the timescales the Hazards in Social Housing (Prescribed Requirements) (England) Regulations 2025 ("Awaab's Law",
// made under s.10A Landlord and Tenant Act 1985 as inserted by s.42 Social Housing (Regulation) Act 2023; in force
// 27 October 2025) set social landlords: emergency hazards investigated and made safe within 24 hours, significant
// damp and mould hazards investigated within 10 working days of the landlord becoming aware (gov.uk "Awaab's Law:
// guidance for social landlords"). Private landlords are not yet bound by them; Renters' Rights Act 2025 s.60
// provides for extending them to the private rented sector.
import { z } from 'zod';
import { LIMITS } from './limits';
import { ZRepairQuotes } from './repair-trades';
import { REPAIR_SIDES, ZRepairVisit, ZRepairWork } from './repair-visits';
import { addCalendarDays, addWorkingDays, endOfLondonDay, londonDayOf } from './working-days';

/** The pages repairs live on (the emails and "My home" link to them). */
export const REPAIR_PAGES = {
  list: '/repairs',
  report: (tenancyId: string) => `/repairs/new?tenancy=${tenancyId}`,
  one: (repairId: string) => `/repairs/${repairId}`,
} as const;

// ---- categories and urgencies ----

export const REPAIR_CATEGORIES = [
  'heating',
  'plumbing',
  'electrical',
  'damp_mould',
  'roof_windows',
  'security',
  'appliances',
  'pests',
  'other',
] as const;
export type TRepairCategory = (typeof REPAIR_CATEGORIES)[number];

export const REPAIR_CATEGORY_LABELS: Record<TRepairCategory, string> = {
  heating: 'Heating and hot water',
  plumbing: 'Plumbing and leaks',
  electrical: 'Electrics',
  damp_mould: 'Damp and mould',
  roof_windows: 'Roof, windows and doors',
  security: 'Locks and security',
  appliances: 'Appliances',
  pests: 'Pests',
  other: 'Something else',
};

export const REPAIR_URGENCIES = ['emergency', 'urgent', 'routine'] as const;
export type TRepairUrgency = (typeof REPAIR_URGENCIES)[number];

export const REPAIR_URGENCY_LABELS: Record<TRepairUrgency, string> = {
  emergency: 'Emergency',
  urgent: 'Urgent',
  routine: 'Routine',
};

/** What each urgency means, for the report form: the tenant chooses with these in front of them. */
export const REPAIR_URGENCY_HINTS: Record<TRepairUrgency, string> = {
  emergency:
    'A danger to health or safety, or serious damage to the home: no heating or hot water in cold weather, a leak you cannot stop, exposed wiring, a door that will not lock. Made safe within 24 hours.',
  urgent:
    'Something that makes daily life hard: a toilet, cooker or fridge not working. Within 3 working days.',
  routine: 'Everything else: a dripping tap, a sticking window, a loose tile. Within 28 days.',
};

// ---- the targets ----

export const CLOCK_TARGETS = ['make_safe', 'investigate', 'repair'] as const;
export type TClockTarget = (typeof CLOCK_TARGETS)[number];

/** A published target: what must happen, in how long, counted how. */
export interface TRepairTarget {
  target: TClockTarget;
  /** `hours` from the report; `working_days` and `days` end at the end of the London day they land on. */
  unit: 'hours' | 'working_days' | 'days';
  amount: number;
  label: string;
}

export const URGENCY_TARGETS: Record<TRepairUrgency, TRepairTarget> = {
  emergency: { target: 'make_safe', unit: 'hours', amount: 24, label: 'Made safe within 24 hours' },
  urgent: { target: 'repair', unit: 'working_days', amount: 3, label: 'Within 3 working days' },
  routine: { target: 'repair', unit: 'days', amount: 28, label: 'Within 28 days' },
};

/** Damp and mould: investigated within 10 working days (Awaab's Law's "significant hazard" timescale). */
export const DAMP_MOULD_TARGET: TRepairTarget = {
  target: 'investigate',
  unit: 'working_days',
  amount: 10,
  label: 'Investigated within 10 working days',
};

/** When a target falls, from the moment the landlord was told. */
export function dueByOf(target: TRepairTarget, reportedAt: Date): Date {
  if (target.unit === 'hours') return new Date(reportedAt.getTime() + target.amount * 3_600_000);
  const day = londonDayOf(reportedAt);
  const last =
    target.unit === 'working_days' ? addWorkingDays(day, target.amount) : addCalendarDays(day, target.amount);
  return endOfLondonDay(last);
}

/**
 * The target a repair runs to: its urgency's, except that damp and mould is never given longer than Awaab's Law's
 * 10 working days to be investigated. So damp and mould reported as an emergency is made safe within 24 hours, as
 * urgent within 3 working days (both sooner), and as routine investigated within 10 working days (not 28 days).
 */
export function targetFor(category: TRepairCategory, urgency: TRepairUrgency, reportedAt: Date) {
  const own = URGENCY_TARGETS[urgency];
  const ownDue = dueByOf(own, reportedAt);
  if (category === 'damp_mould') {
    const damp = dueByOf(DAMP_MOULD_TARGET, reportedAt);
    if (damp < ownDue) return { ...DAMP_MOULD_TARGET, dueBy: damp };
  }
  return { ...own, dueBy: ownDue };
}

/** The target a stored repair runs to, from its urgency and the kind of target it was given. */
export function targetOf(urgency: TRepairUrgency, target: TClockTarget): TRepairTarget {
  return target === 'investigate' ? DAMP_MOULD_TARGET : URGENCY_TARGETS[urgency];
}

/** Share of the time to the target after which it is "due soon" and the landlord is reminded (decision 0070). */
export const DUE_SOON_SHARE = 0.75;

/** The moment a repair becomes "due soon": three quarters of the way from its report to its target. */
export function dueSoonAtOf(reportedAt: Date, dueBy: Date): Date {
  const span = dueBy.getTime() - reportedAt.getTime();
  return new Date(reportedAt.getTime() + Math.floor(span * DUE_SOON_SHARE));
}

// ---- statuses and the timeline ----

/**
 * A repair's statuses. Items 1 and 2 use `reported` and `resolved` (the landlord marks it fixed); item 3 adds the
 * way through a trade: quotes asked, a quote accepted, a visit agreed, the work done (awaiting the tenant), and
 * `reported` again when the tenant reopens it.
 */
export const REPAIR_STATUSES = [
  'reported',
  'quoting',
  'quote_accepted',
  'visit_agreed',
  'work_done',
  'resolved',
] as const;
export type TRepairStatus = (typeof REPAIR_STATUSES)[number];

export const REPAIR_STATUS_LABELS: Record<TRepairStatus, string> = {
  reported: 'Reported',
  quoting: 'Asking for quotes',
  quote_accepted: 'Quote accepted',
  visit_agreed: 'Visit agreed',
  work_done: 'Work done: waiting for the tenant',
  resolved: 'Fixed',
};

/** The work is done (or the landlord says it is fixed): the clock stops. */
export const CLOCK_STOPPED_STATUSES: readonly TRepairStatus[] = ['work_done', 'resolved'];

/** The kinds of step a repair's timeline records; item 3 writes the quote, visit and confirmation ones. */
export const REPAIR_STEP_KINDS = [
  'reported',
  'due_soon',
  'overdue',
  'resolved',
  'quote_requested',
  'quoted',
  'quote_accepted',
  'visit_proposed',
  'visit_agreed',
  'work_done',
  'confirmed',
  'reopened',
  'auto_confirmed',
] as const;
export type TRepairStepKind = (typeof REPAIR_STEP_KINDS)[number];

export const REPAIR_STEP_LABELS: Record<TRepairStepKind, string> = {
  reported: 'Reported',
  due_soon: 'Target near: the landlord was reminded',
  overdue: 'Target passed: the landlord was told',
  resolved: 'Marked fixed by the landlord',
  quote_requested: 'Quotes asked for',
  quoted: 'Quote received',
  quote_accepted: 'Quote accepted',
  visit_proposed: 'Visit times proposed',
  visit_agreed: 'Visit agreed',
  work_done: 'Work done',
  confirmed: 'Confirmed fixed by the tenant',
  reopened: 'Reopened',
  auto_confirmed: 'Counted as fixed: no answer in 7 days',
};

// ---- the clock ----

export const CLOCK_STATES = ['on_time', 'due_soon', 'overdue', 'met', 'missed'] as const;
export type TClockState = (typeof CLOCK_STATES)[number];

export const CLOCK_STATE_LABELS: Record<TClockState, string> = {
  on_time: 'On time',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  met: 'Target met',
  missed: 'Target missed',
};

/** Where a repair stands against its target, now (or, once the clock stopped, when it did). */
export function clockState(
  repair: { dueBy: Date; dueSoonAt: Date; clockStoppedAt: Date | null },
  now: Date,
): TClockState {
  if (repair.clockStoppedAt) return repair.clockStoppedAt <= repair.dueBy ? 'met' : 'missed';
  if (now > repair.dueBy) return 'overdue';
  if (now >= repair.dueSoonAt) return 'due_soon';
  return 'on_time';
}

const LONDON_DAY_TEXT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});
const LONDON_TIME_TEXT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Sat 28 Nov" on the London calendar. */
export function londonDayText(instant: Date): string {
  return LONDON_DAY_TEXT.format(instant).replace(',', '');
}

/** "Made safe by Sat 28 Nov, 14:05", "3 working days: by Wed 2 Dec", "Investigated within 10 working days: by …". */
export function clockWording(
  target: { target: TClockTarget; unit: TRepairTarget['unit']; amount: number },
  dueBy: Date,
) {
  const day = londonDayText(dueBy);
  if (target.unit === 'hours') return `Made safe by ${day}, ${LONDON_TIME_TEXT.format(dueBy)}`;
  if (target.target === 'investigate') return `Investigated within ${target.amount} working days: by ${day}`;
  return target.unit === 'working_days'
    ? `${target.amount} working days: by ${day}`
    : `${target.amount} days: by ${day}`;
}

// ---- messages ----

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 4000;
export const ACCESS_NOTES_MAX = 1000;
export const RESOLUTION_NOTE_MAX = 2000;
/** Photos with one report. */
export const REPAIR_PHOTOS_MAX = 6;

export const REPAIR_MESSAGES = {
  notFound: 'Repair not found',
  tenancyNotFound: 'Tenancy not found',
  category: `Please choose a category: ${REPAIR_CATEGORIES.join(', ')}`,
  urgency: `Please choose how urgent it is: ${REPAIR_URGENCIES.join(', ')}`,
  tooManyPhotos: `At most ${REPAIR_PHOTOS_MAX} photos with a report.`,
  photoField: 'Send photos in the "photos" field.',
  landlordOnly: 'Only the landlord can mark a repair fixed.',
  alreadyResolved: 'This repair is already marked fixed.',
  tooManyReports: `You have reported ${LIMITS.repairReportsPerUser.max} repairs in the last 24 hours, the most we take in a day. Please add to one of them in your conversation with the landlord, or try again tomorrow.`,
} as const;

const text = (what: string, max: number) =>
  z
    .string({ error: `Please describe the ${what}` })
    .trim()
    .min(1, `Please describe the ${what}`)
    .max(max, `The ${what} can be at most ${max} characters`);

export const ZReportRepair = z.strictObject({
  title: z
    .string({ error: 'Please give the repair a short title' })
    .trim()
    .min(3, 'Please give the repair a short title (at least 3 characters)')
    .max(TITLE_MAX, `A title can be at most ${TITLE_MAX} characters`),
  description: text('problem', DESCRIPTION_MAX),
  category: z.enum(REPAIR_CATEGORIES, { error: REPAIR_MESSAGES.category }),
  urgency: z.enum(REPAIR_URGENCIES, { error: REPAIR_MESSAGES.urgency }),
  accessNotes: z
    .string()
    .trim()
    .max(ACCESS_NOTES_MAX, `Access notes can be at most ${ACCESS_NOTES_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type TReportRepair = z.output<typeof ZReportRepair>;

export const ZResolveRepair = z.strictObject({
  note: text('fix', RESOLUTION_NOTE_MAX),
});
export type TResolveRepair = z.output<typeof ZResolveRepair>;

// ---- replies ----

const isoInstant = z.string().describe('ISO 8601 instant');

/** Who reads a repair: its tenancy's parties, and the trades asked to quote for it (decision 0071). */
export { REPAIR_SIDES, type TRepairSide } from './repair-visits';

export const ZRepairCreated = z.object({ repairId: z.uuid(), dueBy: isoInstant });

const ZRepairPhoto = z.object({ url: z.string(), thumbUrl: z.string().nullable() });

export const ZRepairClock = z.object({
  target: z.enum(CLOCK_TARGETS),
  label: z.string().describe('The published target, e.g. "Within 3 working days"'),
  dueBy: isoInstant,
  dueSoonAt: isoInstant,
  state: z.enum(CLOCK_STATES),
  stateLabel: z.string(),
  wording: z.string().describe('e.g. "3 working days: by Wed 2 Dec"'),
});

export const ZRepairSummary = z
  .object({
    id: z.uuid(),
    tenancyId: z.uuid(),
    side: z
      .enum(REPAIR_SIDES)
      .describe('The asker: a party to the tenancy, or a trade asked to quote (item 3)'),
    title: z.string(),
    category: z.enum(REPAIR_CATEGORIES),
    categoryLabel: z.string(),
    urgency: z.enum(REPAIR_URGENCIES),
    urgencyLabel: z.string(),
    status: z.enum(REPAIR_STATUSES),
    statusLabel: z.string(),
    reportedAt: isoInstant,
    dueBy: isoInstant,
    clock: ZRepairClock,
    property: z.object({ id: z.uuid(), title: z.string(), address: z.string() }),
  })
  .meta({ id: 'RepairSummary' });
export type TRepairSummary = z.output<typeof ZRepairSummary>;

export const ZRepairList = z.object({
  repairs: z.array(
    ZRepairSummary.extend({
      unread: z
        .number()
        .int()
        .describe("Others' messages in the repair's conversation the asker has not read"),
    }).meta({ id: 'RepairListItem' }),
  ),
});
export type TRepairList = z.output<typeof ZRepairList>;

export const ZRepairStep = z.object({
  kind: z.enum(REPAIR_STEP_KINDS),
  label: z.string(),
  at: isoInstant,
  by: z.string().nullable().describe('Who took the step; null for the site'),
  note: z.string().nullable(),
});

/** The finished repair's trade, for "Review the trade" (issue 32 item 5; decision 0073). */
export const ZRepairTradeReview = z.object({
  contractorId: z.uuid(),
  businessName: z.string(),
  canReview: z.boolean().describe('The reader has not reviewed this trade yet'),
  reviewed: z.boolean(),
});

export const ZRepairView = ZRepairSummary.extend({
  description: z.string(),
  accessNotes: z.string().nullable().describe("The tenant's access notes: the parties only"),
  reportedBy: z.object({ name: z.string(), side: z.enum(['tenant', 'landlord']) }),
  tenants: z.array(z.object({ name: z.string(), phone: z.string().nullable() })),
  landlord: z.object({ name: z.string() }),
  photos: z.array(ZRepairPhoto),
  resolvedAt: isoInstant.nullable(),
  resolutionNote: z.string().nullable(),
  timeline: z.array(ZRepairStep),
  canResolve: z.boolean(),
  quotes: ZRepairQuotes.describe('Trades asked to quote, their quotes and the accepted one (decision 0071)'),
  visit: ZRepairVisit,
  work: ZRepairWork,
  tradeReview: ZRepairTradeReview.nullable().describe(
    'Once the trade has done the work: who did it, and whether the reader may review them (item 5); null before',
  ),
}).meta({ id: 'Repair' });
export type TRepairView = z.output<typeof ZRepairView>;
