// A listing's availability and its lifecycle, decided once: the label every card, list row, map popup, saved
// list, landing section and detail page shows, when a let-agreed home leaves search, when its landlord is asked
// to confirm it is still available, and when an unconfirmed one is paused. Days are London days.
import { londonToday } from './dates';

/**
 * A home marked "Let agreed" stays live with that badge this long (search shows it only when asked to include let
 * agreed homes: decision 0060), then is let and its page closes.
 */
export const LET_AGREED_VISIBLE_DAYS = 7;
/** A live listing asks its landlord to confirm it is still available this often. */
export const CONFIRM_EVERY_DAYS = 14;
/** Unconfirmed this long, a listing is paused: out of search until the landlord confirms it. */
export const PAUSE_AFTER_DAYS = 21;

const DAY_MS = 24 * 60 * 60 * 1000;

export type AvailabilityKind = 'now' | 'from' | 'let-agreed' | 'not-available';

export interface AvailabilityFacts {
  /** YYYY-MM-DD, or null for "immediately". */
  availableFrom: string | null;
  /** The landlord's "available to let" switch; false reads "Not available". */
  available?: boolean;
  letAgreedAt?: string | Date | null;
}

export interface Availability {
  kind: AvailabilityKind;
  /** "Available now", "Available from 13 Jan", "Let agreed", "Not available". */
  label: string;
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "13 Jan", with the year when it is not this (London) year: "13 Jan 2028". */
export function shortDay(day: string, now: Date = new Date()): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const sameYear = day.slice(0, 4) === londonToday(now).slice(0, 4);
  return (sameYear ? DAY_MONTH : DAY_MONTH_YEAR).format(date);
}

/** The one availability rule. A date on or before today (London) is "Available now". */
export function availabilityOf(facts: AvailabilityFacts, now: Date = new Date()): Availability {
  if (facts.letAgreedAt) return { kind: 'let-agreed', label: 'Let agreed' };
  if (facts.available === false) return { kind: 'not-available', label: 'Not available' };
  const day = facts.availableFrom?.slice(0, 10);
  if (!day || day <= londonToday(now)) return { kind: 'now', label: 'Available now' };
  return { kind: 'from', label: `Available from ${shortDay(day, now)}` };
}

function instant(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Reduced on 3 Nov" while the latest rent change was a reduction; null otherwise. */
export function reducedLabel(
  rentReducedAt: string | Date | null | undefined,
  now: Date = new Date(),
): string | null {
  const at = instant(rentReducedAt);
  return at ? `Reduced on ${shortDay(londonToday(at), now)}` : null;
}

export interface LifecycleFacts {
  status: string;
  letAgreedAt: Date | null;
  confirmedAt: Date | null;
  confirmReminderSentAt: Date | null;
}

/** What the lifecycle job does to a listing now: nothing, remind its landlord, pause it, or take a let home off. */
export type LifecycleStep = 'remind' | 'pause' | 'let' | null;

export function lifecycleStep(listing: LifecycleFacts, now: Date): LifecycleStep {
  if (listing.status !== 'live') return null;
  if (listing.letAgreedAt) {
    return now.getTime() - listing.letAgreedAt.getTime() >= LET_AGREED_VISIBLE_DAYS * DAY_MS ? 'let' : null;
  }
  if (!listing.confirmedAt) return null;
  const age = now.getTime() - listing.confirmedAt.getTime();
  if (age >= PAUSE_AFTER_DAYS * DAY_MS) return 'pause';
  const reminded = listing.confirmReminderSentAt && listing.confirmReminderSentAt >= listing.confirmedAt;
  if (age >= CONFIRM_EVERY_DAYS * DAY_MS && !reminded) return 'remind';
  return null;
}

/** When a live listing will be paused unless confirmed. */
export function pausesAt(confirmedAt: Date): Date {
  return new Date(confirmedAt.getTime() + PAUSE_AFTER_DAYS * DAY_MS);
}

/** When a let-agreed home leaves search. */
export function letLeavesSearchAt(letAgreedAt: Date): Date {
  return new Date(letAgreedAt.getTime() + LET_AGREED_VISIBLE_DAYS * DAY_MS);
}

/** Whether the landlord may confirm now: any time from going live; the dashboard offers it once it is due. */
export function confirmationDue(confirmedAt: Date | null, now: Date): boolean {
  return !!confirmedAt && now.getTime() - confirmedAt.getTime() >= CONFIRM_EVERY_DAYS * DAY_MS;
}

/**
 * What the owner of a listing that the public cannot see is told on its page: who can see it and why.
 * Null when the public sees it.
 */
export function ownerNotice(status: string): string | null {
  if (status === 'pending')
    return 'Only you and our review team can see this listing. It goes live once an admin approves it, usually within a working day.';
  if (status === 'paused')
    return 'This listing is paused: it is hidden from search because it was not confirmed as available for 21 days. Confirm it is still available to put it back.';
  if (status === 'let')
    return 'This home is let: it left search 7 days after you marked it let agreed. Relist it to show it again.';
  if (status === 'rejected')
    return 'Only you and our review team can see this listing: it was not approved. Edit it and submit it again.';
  if (status === 'withdrawn') return 'Only you and our review team can see this listing: it was withdrawn.';
  return null;
}

/** "2 viewings": how many booked or confirmed viewings still to come a change would call off. */
function viewingsCount(count: number): string {
  return `${count} ${count === 1 ? 'viewing' : 'viewings'}`;
}

/**
 * Said before Let agreed or Delete, which call off the listing's viewings still to come (decision 0056): how many,
 * and that both sides are told.
 */
export function viewingsCalledOffWarning(count: number): string {
  if (count === 0) return 'No viewings are booked; its open viewing slots are withdrawn.';
  return `${viewingsCount(count)} still to come ${count === 1 ? 'is' : 'are'} cancelled and its open slots withdrawn: each tenant is told in your conversation and by email, with a cancelling calendar file.`;
}

/**
 * Said before Let agreed or Delete, which decline the listing's open applications (decision 0063): how many, and that
 * each applicant is told. Empty when there are none.
 */
export function applicationsDeclinedWarning(count: number, why: 'letAgreed' | 'deleted'): string {
  if (count === 0) return '';
  const who = `${count} open ${count === 1 ? 'application is' : 'applications are'}`;
  return `${who} declined (${why === 'letAgreed' ? 'let to another applicant' : 'the listing was removed'}): each applicant is told in your conversation and by email.`;
}
