// How the tenancy record reads (issue 31 item 5, decision 0066).
import { londonToday } from '../../../domain/dates';
import { dayLabel } from '../applications/format';
import type { TenancyPatch, TenancyView } from '../applications/types';

/** One line of what the landlord must still do: its label, and the date it is due by while it is not done. */
export function todoLine(item: TenancyView['todo'][number]): string {
  if (item.done || !item.dueBy) return item.label;
  return `${item.label} (by ${dayLabel(item.dueBy)})`;
}

/** How many of the landlord's steps are still to do. */
export function openTodo(tenancy: TenancyView): number {
  return tenancy.todo.filter((t) => !t.done).length;
}

/** The start date may be moved only while it is still to come (the server refuses otherwise). */
export function startDateMovable(tenancy: Pick<TenancyView, 'startDate'>, now: Date = new Date()): boolean {
  return tenancy.startDate > londonToday(now);
}

export interface RecordForm {
  depositScheme: string;
  depositReference: string;
  depositReceivedOn: string;
  depositProtectedOn: string;
  informationSheetGivenOn: string;
  startDate: string;
}

export function recordFormOf(tenancy: TenancyView): RecordForm {
  return {
    depositScheme: tenancy.depositScheme ?? '',
    depositReference: tenancy.depositReference ?? '',
    depositReceivedOn: tenancy.depositReceivedOn ?? '',
    depositProtectedOn: tenancy.depositProtectedOn ?? '',
    informationSheetGivenOn: tenancy.informationSheetGivenOn ?? '',
    startDate: tenancy.startDate,
  };
}

/**
 * Only what changed, so a save never rewrites a field nobody touched (and never sends the start date once it has
 * passed). An emptied field is sent as null: the landlord cleared it.
 */
export function recordPatch(before: RecordForm, after: RecordForm): TenancyPatch {
  const patch: TenancyPatch = {};
  const keys = [
    'depositScheme',
    'depositReference',
    'depositReceivedOn',
    'depositProtectedOn',
    'informationSheetGivenOn',
  ] as const;
  for (const key of keys) {
    const value = after[key].trim();
    if (value !== before[key]) patch[key] = value === '' ? null : value;
  }
  if (after.startDate && after.startDate !== before.startDate) patch.startDate = after.startDate;
  return patch;
}

/** The field errors the form can tell before sending: a protected-on date needs the scheme and its reference. */
export function recordErrors(
  form: RecordForm,
  now: Date = new Date(),
): Partial<Record<keyof RecordForm, string>> {
  const errors: Partial<Record<keyof RecordForm, string>> = {};
  const today = londonToday(now);
  if (form.depositProtectedOn && !form.depositScheme)
    errors.depositScheme = 'Choose the scheme it is protected with';
  if (form.depositProtectedOn && !form.depositReference.trim())
    errors.depositReference = "Enter the scheme's reference for this deposit";
  for (const key of ['depositReceivedOn', 'depositProtectedOn', 'informationSheetGivenOn'] as const)
    if (form[key] && form[key] > today) errors[key] = 'This date cannot be in the future';
  return errors;
}
