// How applications and tenancies read on the pages (issue 31, decision 0066): one status badge per state, the same
// profile rows for every applicant in the same order (never a question about children or benefits: the snapshot
// has none), and the offer form's rules checked before anything is sent (the server checks them again).
import type { TNation } from '../../../domain/advert-rules';
import {
  APPLICATION_STATUS_LABELS,
  DECLINE_REASON_LABELS,
  offerDepositCapPence,
  DECLINE_REASONS as REASONS,
} from '../../../domain/applications';
import { londonToday } from '../../../domain/dates';
import { formatPence, poundsToPence } from '../../../domain/money';
import type { ApplicationStatus, ApplicationView, DeclineReason, ProfileSnapshot } from './types';

export { isOpen } from '../../../domain/applications';

/** £1,250 from pounds (the API's unit for rent and deposits). */
export function formatPounds(pounds: number): string {
  return formatPence(poundsToPence(pounds));
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const instantFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** "14 March 2026" for a calendar day ('2026-03-14'); the text as given when it is not one. */
export function dayLabel(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** "14 March 2026" for an instant, in London. */
export function instantLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : instantFormat.format(date);
}

export type BadgeVariant = 'default' | 'success' | 'warning' | 'neutral' | 'danger';

const VARIANT: Record<ApplicationStatus, BadgeVariant> = {
  submitted: 'default',
  offered: 'warning',
  accepted: 'success',
  declined: 'danger',
  withdrawn: 'neutral',
};

export function statusBadge(status: ApplicationStatus): { label: string; variant: BadgeVariant } {
  return { label: APPLICATION_STATUS_LABELS[status], variant: VARIANT[status] };
}

/** The tenant's application for a listing that still counts (not withdrawn), if any: it makes Apply "Applied". */
export function currentApplicationFor(
  applications: readonly ApplicationView[] | undefined,
  propertyId: string,
): ApplicationView | null {
  return applications?.find((a) => a.property.id === propertyId && a.status !== 'withdrawn') ?? null;
}

/** The reasons a landlord may give, in the order the form lists them (the law's: never children or benefits). */
export const DECLINE_REASONS: ReadonlyArray<{ value: DeclineReason; label: string }> = REASONS.map(
  (value) => ({
    value,
    label: value === 'other' ? 'Other (say why in a note)' : DECLINE_REASON_LABELS[value],
  }),
);

export function declineError(reason: DeclineReason | '', note: string): string | null {
  if (!reason) return 'Choose a reason from the list';
  if (reason === 'other' && !note.trim()) return 'Say why in the note';
  return null;
}

/**
 * The deposit cap for a monthly rent in pounds in the home's nation (England: Tenant Fees Act 2019, 5 weeks, 6 from
 * £50,000 a year; src/domain/advert-rules.ts has each nation's); null where the law sets none.
 */
export function depositCapPounds(rentPounds: number, nation: TNation | null): number | null {
  const cap = offerDepositCapPence(poundsToPence(rentPounds), nation ?? 'england');
  return cap === null ? null : cap / 100;
}

export interface OfferInput {
  startDate: string;
  deposit: string;
}

/** The offer form's deposit, prefilled from the listing's own: never above the cap. */
export function initialDeposit(
  listingDeposit: number | null,
  rentPounds: number,
  nation: TNation | null,
): string {
  const cap = depositCapPounds(rentPounds, nation);
  if (listingDeposit === null) return '';
  return String(cap === null ? listingDeposit : Math.min(listingDeposit, cap));
}

/** Field errors for an offer, or an empty object: a start date not before today, a deposit from £0 to the cap. */
export function offerErrors(
  input: OfferInput,
  rentPounds: number,
  nation: TNation | null,
  now: Date = new Date(),
): Partial<Record<keyof OfferInput, string>> {
  const errors: Partial<Record<keyof OfferInput, string>> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.startDate)) errors.startDate = 'Choose a start date';
  else if (input.startDate < londonToday(now)) errors.startDate = 'The start date cannot be in the past';
  const cap = depositCapPounds(rentPounds, nation);
  const deposit = Number(input.deposit);
  if (input.deposit.trim() === '' || !Number.isFinite(deposit) || deposit < 0)
    errors.deposit = 'Enter the deposit in pounds (0 for none)';
  else if (Math.abs(deposit * 100 - Math.round(deposit * 100)) > 1e-6)
    errors.deposit = 'The deposit can have at most two decimal places';
  else if (cap !== null && deposit > cap)
    errors.deposit = `The deposit can be at most ${formatPounds(cap)} (the legal cap)`;
  return errors;
}

const PETS: Record<string, string> = { none: 'No pets', has_pets: 'Has pets' };

/**
 * The rows the landlord reads for every applicant, the same labels in the same order whoever applied (a fair
 * choice: nobody's application reads differently because they left a field blank). Nothing about children,
 * benefits, age or nationality is ever shown: the snapshot does not hold it.
 */
export function profileRows(profile: ProfileSnapshot): Array<{ label: string; value: string }> {
  const notSaid = 'Not given';
  const pets =
    profile.pets === null
      ? notSaid
      : `${PETS[profile.pets] ?? profile.pets}${profile.petDetails ? `: ${profile.petDetails}` : ''}`;
  return [
    {
      label: 'People who would live there',
      value: profile.householdSize === null ? notSaid : String(profile.householdSize),
    },
    { label: 'Pets', value: pets },
    { label: 'Earliest move-in', value: profile.moveInFrom ? dayLabel(profile.moveInFrom) : notSaid },
    {
      label: 'Monthly income',
      value: profile.monthlyIncome === null ? notSaid : formatPounds(profile.monthlyIncome),
    },
    {
      label: 'Guarantor available',
      value: profile.guarantorAvailable === null ? notSaid : profile.guarantorAvailable ? 'Yes' : 'No',
    },
    { label: 'Right-to-rent share code', value: profile.rightToRentShareCode ?? notSaid },
    {
      label: 'Previous landlord',
      value: profile.previousLandlord ? profile.previousLandlord.name : notSaid,
    },
  ];
}

/** What the tenant reads under an application's badge: where it stands and what happens next. */
export function tenantStatusNote(application: ApplicationView): string {
  switch (application.status) {
    case 'submitted':
      return 'The landlord has your application and profile. You will be emailed when they decide.';
    case 'offered':
      return 'The landlord has offered you this home. Accept it to make it your tenancy.';
    case 'accepted':
      return 'You accepted the offer: this is your home.';
    case 'declined':
      return 'The landlord chose not to offer you this home.';
    case 'withdrawn':
      return 'You withdrew this application.';
  }
}
