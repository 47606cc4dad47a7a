// How listing facts read on cards, popups and the detail page (doc 1 "Property list", "Property detail").

import { type FURNISHED_STATES, PROPERTY_TYPE_LABELS, type PropertyType } from '../../../domain/constants';
import { londonToday } from '../../../domain/dates';
import { formatPence } from '../../../domain/money';

export function propertyTypeLabel(type: PropertyType | string): string {
  return PROPERTY_TYPE_LABELS[type as PropertyType] ?? type;
}

/** "£1,250 pcm": the rent is what people compare first. */
export function rentPcm(monthlyRentPence: number): string {
  return `${formatPence(monthlyRentPence)} pcm`;
}

/** "£1,250 per month", for places where "pcm" would be read aloud letter by letter. */
export function rentPerMonth(monthlyRentPence: number): string {
  return `${formatPence(monthlyRentPence)} per month`;
}

/** 0 bedrooms is a studio (doc 1 "Property card"). */
export function bedroomsLabel(bedrooms: number | null | undefined): string | null {
  if (bedrooms === null || bedrooms === undefined) return null;
  if (bedrooms === 0) return 'Studio';
  return `${bedrooms} ${bedrooms === 1 ? 'bed' : 'beds'}`;
}

export function bathroomsLabel(bathrooms: number | null | undefined): string | null {
  if (bathrooms === null || bathrooms === undefined) return null;
  return `${bathrooms} ${bathrooms === 1 ? 'bath' : 'baths'}`;
}

export function areaLabel(area: number | null | undefined): string | null {
  return area ? `${area.toLocaleString('en-GB')} m²` : null;
}

const FURNISHED_LABELS: Record<(typeof FURNISHED_STATES)[number], string> = {
  furnished: 'Furnished',
  part_furnished: 'Part furnished',
  unfurnished: 'Unfurnished',
};

export function furnishedLabel(furnished: string | null | undefined): string {
  return furnished
    ? (FURNISHED_LABELS[furnished as keyof typeof FURNISHED_LABELS] ?? furnished)
    : 'Not stated';
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A stored calendar day ("2026-03-14", or an instant on it) in words: "14 March 2026"; null when it is no day. */
export function dayInWords(value: string): string | null {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(value)?.[1];
  if (!day) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : longDate.format(date);
}

/** "14 March 2026", or 'Immediately' when there is no date or it has passed. */
export function availableFromLabel(availableFrom: string | null | undefined, now: Date = new Date()): string {
  if (!availableFrom) return 'Immediately';
  if (availableFrom.slice(0, 10) <= londonToday(now)) return 'Immediately';
  return dayInWords(availableFrom) ?? 'Immediately';
}

const shortDateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : shortDateTime.format(date);
}

/** The first `max` characters of a description, with an ellipsis when longer (map popups: 120). */
export function excerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max).trimEnd()}…` : clean;
}

/** "1,234", or "1,000+" when the server stopped counting at its cap (TPropertyPage.totalCapped). */
export function countLabel(total: number, capped = false): string {
  return `${total.toLocaleString('en-GB')}${capped ? '+' : ''}`;
}

export function homesCount(total: number, capped = false): string {
  return `${countLabel(total, capped)} ${total === 1 && !capped ? 'home' : 'homes'}`;
}

/** "2 beds · House", or just "Studio" for a studio with no bedroom (never "Studio · Studio"). */
export function bedsAndType(bedrooms: number | null | undefined, type: PropertyType | string): string {
  return [...new Set([bedroomsLabel(bedrooms), propertyTypeLabel(type)].filter(Boolean))].join(' · ');
}

export { londonToday };
