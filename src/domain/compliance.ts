// The compliance calendar of a home (issue 32 item 4; docs/decisions/0069-compliance-calendar.md): what a landlord
// must have done, when each is next due, and when to remind them. Pure rules on calendar days (YYYY-MM-DD, London):
// the server applies them to records and tenancies, the pages only show the result.
import { z } from 'zod';
import type { TNation } from './advert-rules';
import { protectDepositBy } from './applications';
import { addDays, addMonths, addWeekdays, daysBetween } from './calendar-days';
import {
  COMPLIANCE_KINDS,
  COMPLIANCE_STATUSES,
  type TComplianceKind,
  type TComplianceStatus,
} from './compliance-options';
import { ZCalendarDay } from './date-schemas';

export * from './compliance-options';

/**
 * How long each lasts, in months, in every nation (decision 0069): gas safety 12 (Gas Safety (Installation and Use)
 * Regulations 1998 reg 36(3); NI 2004 reg 36), EICR 60 (England 2020 regs reg 3(1)(b); Wales 2022 regs Sch.1;
 * Housing (Scotland) Act 2006 s.13(4A) guidance; Electrical Safety Standards for Private Tenancies Regulations (NI) 2024), EPC 120 (Energy Performance of Buildings
 * (England and Wales) Regulations 2012 reg 34; Scotland and NI the same 10 years).
 */
export const VALIDITY_MONTHS: Partial<Record<TComplianceKind, number>> = {
  gas_safety: 12,
  eicr: 60,
  epc: 120,
};
/** A gas check up to 2 months before the last one's due date keeps that date (reg 36(3)(aa), from April 2018). */
export const GAS_EARLY_WINDOW_MONTHS = 2;
/** Within this many days of its due date an item is `due_soon`. */
export const DUE_SOON_DAYS = 60;
/** Reminder emails go this many days before a due date, and once when it has passed. */
export const REMINDER_DAYS = [60, 30, 7] as const;
export type TReminderStage = 'd60' | 'd30' | 'd7' | 'overdue';
/** An alarm check counts for a tenancy if made at most this many days before it starts (2022 regs reg 4(1)(c)). */
export const ALARM_CHECK_WINDOW_DAYS = 28;
/** Kinds the landlord may say the home does not need: a home without a gas supply, an area with no licensing. */
export const MAY_BE_NOT_REQUIRED: readonly TComplianceKind[] = ['gas_safety', 'licence'];
/** A certificate: a PDF or a picture, at most 5 MB (the site's upload limit). */
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

export const COMPLIANCE_MESSAGES = {
  notFound: 'Home not found',
  recordNotFound: 'Record not found',
  landlordOnly: 'Only the landlord of this home can record its compliance.',
  futureCompleted: 'The date done cannot be in the future.',
  expiresBeforeDone: 'The expiry date must be after the date done.',
  licenceExpiry: "Give the licence's expiry date.",
  notRequiredKind: 'Only a gas safety check or a licence can be marked as not required.',
  depositOnTenancy:
    "This home's tenancy holds its deposit dates: record the protection on the tenancy, not here.",
  chooseFile: 'Please choose a certificate to upload (a PDF or a photo).',
  fileType: 'A certificate must be a PDF or a picture (JPG, PNG, GIF, WebP).',
  tooLarge: 'A certificate can be at most 5 MB.',
} as const;

export { addDays, addMonths, addWeekdays, daysBetween, protectDepositBy };

// ---- due dates and statuses ----

/**
 * When a check recorded now is next due. A date the certificate gives (an EICR's shorter interval, a licence's
 * expiry) wins; alarms and deposit protection follow the tenancy instead (null). A gas check made within 2 months
 * before the previous one's due date keeps that date, a year on (reg 36(3)(aa)).
 */
export function nextDueOn(
  kind: TComplianceKind,
  record: { completedOn: string; expiresOn: string | null },
  previousDueOn: string | null = null,
): string | null {
  if (record.expiresOn) return record.expiresOn;
  const months = VALIDITY_MONTHS[kind];
  if (!months) return null;
  if (
    kind === 'gas_safety' &&
    previousDueOn &&
    record.completedOn <= previousDueOn &&
    record.completedOn >= addMonths(previousDueOn, -GAS_EARLY_WINDOW_MONTHS)
  )
    return addMonths(previousDueOn, months);
  return addMonths(record.completedOn, months);
}

/** ok, due_soon (on or within 60 days of the due date) or overdue (after it). */
export function statusOn(dueOn: string, today: string): TComplianceStatus {
  const left = daysBetween(today, dueOn);
  if (left < 0) return 'overdue';
  return left <= DUE_SOON_DAYS ? 'due_soon' : 'ok';
}

/** The reminder due today for a due date: the nearest of 60, 30 and 7 days passed, or overdue; null before 60. */
export function reminderStage(dueOn: string, today: string): TReminderStage | null {
  const left = daysBetween(today, dueOn);
  if (left < 0) return 'overdue';
  const passed = REMINDER_DAYS.filter((days) => left <= days);
  const nearest = passed[passed.length - 1];
  return nearest === undefined ? null : (`d${nearest}` as TReminderStage);
}

export interface ComplianceRecordFacts {
  id: string;
  completedOn: string;
  dueOn: string | null;
  notRequired: boolean;
}

export interface TenancyFacts {
  startDate: string;
  depositPence: number;
  depositReceivedOn: string | null;
  depositProtectedOn: string | null;
}

export interface ComplianceState {
  kind: TComplianceKind;
  status: TComplianceStatus;
  /** Whether anything is recorded for it (a record, or the tenancy's dates for the deposit). */
  recorded: boolean;
  lastDoneOn: string | null;
  dueOn: string | null;
  /** Where the dates come from: a compliance record or the tenancy. */
  source: 'record' | 'tenancy' | null;
  /** One line for the person: what is missing or what comes next. */
  note: string | null;
}

/**
 * Where one item stands today. `latest` is the current record of the kind (latest done); `tenancy` the home's
 * latest tenancy. A gas, electrical or EPC check never recorded is overdue ("Not recorded"): the duty starts with
 * the first tenancy. A licence never recorded is not required (only some councils license a home).
 */
export function complianceState(
  kind: TComplianceKind,
  latest: ComplianceRecordFacts | null,
  context: { today: string; nation: TNation | null; tenancy: TenancyFacts | null },
): ComplianceState {
  const { today, tenancy } = context;
  const base = {
    kind,
    recorded: !!latest,
    lastDoneOn: latest?.completedOn ?? null,
    source: latest ? 'record' : null,
  };
  const state = (status: TComplianceStatus, dueOn: string | null, note: string | null): ComplianceState => ({
    ...base,
    source: base.source as ComplianceState['source'],
    status,
    dueOn,
    note,
  });
  if (latest?.notRequired) return state('not_required', null, 'Marked as not required for this home.');

  if (kind === 'deposit_protection') {
    if (!tenancy)
      return latest ? state('ok', null, null) : state('not_required', null, 'No tenancy recorded.');
    if (tenancy.depositPence <= 0)
      return { ...state('not_required', null, 'No deposit was taken.'), source: 'tenancy', recorded: true };
    const dueOn = protectDepositBy(context.nation ?? 'england', tenancy);
    const fromTenancy = {
      source: 'tenancy' as const,
      recorded: true,
      lastDoneOn: tenancy.depositProtectedOn,
    };
    if (tenancy.depositProtectedOn) return { ...state('ok', dueOn, null), ...fromTenancy };
    if (!dueOn)
      return {
        ...state('due_soon', null, 'Record when the deposit was received on the tenancy.'),
        ...fromTenancy,
        recorded: false,
      };
    return { ...state(statusOn(dueOn, today), dueOn, 'Not protected yet.'), ...fromTenancy };
  }

  if (kind === 'alarms') {
    if (!tenancy)
      return latest
        ? state('ok', null, 'Check again when the next tenancy starts.')
        : state('not_required', null, 'Checked at the start of each tenancy.');
    const checkedFor = latest && latest.completedOn >= addDays(tenancy.startDate, -ALARM_CHECK_WINDOW_DAYS);
    if (checkedFor) return state('ok', null, 'Check again when the next tenancy starts.');
    return state(
      statusOn(tenancy.startDate, today),
      tenancy.startDate,
      'Check them on the day the tenancy starts.',
    );
  }

  if (!latest)
    return kind === 'licence'
      ? state('not_required', null, 'Only if your council requires one: record it with its expiry.')
      : state('overdue', null, 'Not recorded');
  if (!latest.dueOn) return state('ok', null, null);
  return state(statusOn(latest.dueOn, today), latest.dueOn, null);
}

// ---- requests and replies ----

export const ZComplianceRecordRequest = z
  .strictObject({
    kind: z.enum(COMPLIANCE_KINDS, { error: `Choose one of ${COMPLIANCE_KINDS.join(', ')}.` }),
    completedOn: ZCalendarDay('Give the date it was done as YYYY-MM-DD.'),
    expiresOn: ZCalendarDay('Give the expiry date as YYYY-MM-DD.').nullish(),
    notRequired: z.boolean().optional(),
  })
  .superRefine((value, check) => {
    if (value.expiresOn && value.expiresOn <= value.completedOn)
      check.addIssue({ code: 'custom', path: ['expiresOn'], message: COMPLIANCE_MESSAGES.expiresBeforeDone });
    if (value.notRequired && !MAY_BE_NOT_REQUIRED.includes(value.kind))
      check.addIssue({ code: 'custom', path: ['notRequired'], message: COMPLIANCE_MESSAGES.notRequiredKind });
    if (value.kind === 'licence' && !value.notRequired && !value.expiresOn)
      check.addIssue({ code: 'custom', path: ['expiresOn'], message: COMPLIANCE_MESSAGES.licenceExpiry });
  });
export type TComplianceRecordRequest = z.output<typeof ZComplianceRecordRequest>;

export const ZCertificate = z
  .object({ url: z.string(), name: z.string(), contentType: z.string(), size: z.number().int() })
  .meta({ id: 'ComplianceCertificate' });
export type TCertificate = z.output<typeof ZCertificate>;

export const ZComplianceHistoryEntry = z.object({
  id: z.uuid(),
  completedOn: z.string(),
  expiresOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  notRequired: z.boolean(),
  certificate: ZCertificate.nullable(),
  recordedAt: z.string(),
});

export const ZComplianceItem = z
  .object({
    kind: z.enum(COMPLIANCE_KINDS),
    label: z.string(),
    status: z.enum(COMPLIANCE_STATUSES),
    recorded: z.boolean(),
    lastDoneOn: z.string().nullable(),
    /** When it is next due (a certificate's expiry, or the tenancy's date). */
    dueOn: z.string().nullable(),
    /** The current certificate's expiry: the same day as dueOn for a dated certificate. */
    expiresOn: z.string().nullable(),
    source: z.enum(['record', 'tenancy']).nullable(),
    note: z.string().nullable(),
    recordId: z.uuid().nullable(),
    certificate: ZCertificate.nullable(),
    /** Every record of the kind, latest first (the landlord's view only; empty for tenants). */
    history: z.array(ZComplianceHistoryEntry),
  })
  .meta({ id: 'ComplianceItem' });
export type TComplianceItem = z.output<typeof ZComplianceItem>;

export const ZComplianceCalendar = z
  .object({
    property: z.object({
      id: z.uuid(),
      title: z.string(),
      nation: z.string().nullable(),
      /** The town or district trades are asked from. */
      area: z.string(),
    }),
    /** The landlord sees the history and may record; a tenant sees the current certificates. */
    viewer: z.enum(['landlord', 'tenant']),
    items: z.array(ZComplianceItem),
  })
  .meta({ id: 'ComplianceCalendar' });
export type TComplianceCalendar = z.output<typeof ZComplianceCalendar>;

export const ZComplianceRecorded = z.object({
  id: z.uuid(),
  kind: z.enum(COMPLIANCE_KINDS),
  completedOn: z.string(),
  dueOn: z.string().nullable(),
  status: z.enum(COMPLIANCE_STATUSES),
});
export type TComplianceRecorded = z.output<typeof ZComplianceRecorded>;

/** The dashboard's badge per home: the worst status of its items and the nearest due date. */
export const ZComplianceSummary = z.object({
  propertyId: z.uuid(),
  status: z.enum(COMPLIANCE_STATUSES),
  overdue: z.number().int(),
  dueSoon: z.number().int(),
  nextDueOn: z.string().nullable(),
});
export const ZComplianceSummaries = z.object({ homes: z.array(ZComplianceSummary) });
export type TComplianceSummary = z.output<typeof ZComplianceSummary>;

const SEVERITY: Record<TComplianceStatus, number> = { overdue: 3, due_soon: 2, ok: 1, not_required: 0 };

export function summarise(
  propertyId: string,
  items: Array<Pick<ComplianceState, 'status' | 'dueOn'>>,
): TComplianceSummary {
  const worst = items.reduce<TComplianceStatus>(
    (acc, item) => (SEVERITY[item.status] > SEVERITY[acc] ? item.status : acc),
    'not_required',
  );
  const due = items
    .filter((item) => item.dueOn && item.status !== 'not_required')
    .map((item) => item.dueOn as string)
    .sort();
  return {
    propertyId,
    status: worst === 'not_required' ? 'ok' : worst,
    overdue: items.filter((item) => item.status === 'overdue').length,
    dueSoon: items.filter((item) => item.status === 'due_soon').length,
    nextDueOn: due[0] ?? null,
  };
}
