// The compliance calendar's words without zod (decision 0069): kinds, statuses and their labels, and which trade
// books each check. The dashboard's badges load this alone; ./compliance has the rules and the schemas.

export const COMPLIANCE_KINDS = [
  'gas_safety',
  'eicr',
  'epc',
  'alarms',
  'deposit_protection',
  'licence',
] as const;
export type TComplianceKind = (typeof COMPLIANCE_KINDS)[number];

/** `not_required`: the landlord said the home needs none (no gas supply, no licence scheme), or nothing is due yet. */
export const COMPLIANCE_STATUSES = ['ok', 'due_soon', 'overdue', 'not_required'] as const;
export type TComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const COMPLIANCE_LABELS: Record<TComplianceKind, string> = {
  gas_safety: 'Gas safety check',
  eicr: 'Electrical safety report (EICR)',
  epc: 'Energy Performance Certificate',
  alarms: 'Smoke and carbon monoxide alarms',
  deposit_protection: 'Deposit protection',
  licence: 'Property licence',
};

export const COMPLIANCE_STATUS_LABELS: Record<TComplianceStatus, string> = {
  ok: 'Up to date',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  not_required: 'Not required',
};

/** Who to ask from the directory (src/domain/constants.ts SPECIALTIES); no energy assessors are listed, so no EPC. */
export const COMPLIANCE_BOOKING: Partial<Record<TComplianceKind, { label: string; specialty: string }>> = {
  gas_safety: { label: 'Book a Gas Safe engineer', specialty: 'Plumbing & Heating' },
  eicr: { label: 'Book an electrician', specialty: 'Electrical Services' },
  alarms: { label: 'Book an electrician', specialty: 'Electrical Services' },
};
