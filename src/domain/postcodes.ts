// Pure UK postcode helpers shared by client and server; the district centroids live server-side (server/geo).
import { isValid, toNormalised, validOutcode } from 'postcode';

export interface LatLng {
  lat: number;
  lng: number;
}

/** "sw1a1aa" or " SW1A  1AA " → "SW1A 1AA"; null when it is not a UK postcode. */
export function normalisePostcode(input: string): string | null {
  return toNormalised(input.trim());
}

export function isValidPostcode(input: string): boolean {
  return isValid(input.trim());
}

/** True for a well-formed outward code (district) such as "M1" or "SW1A". */
export function isValidOutcode(input: string): boolean {
  return validOutcode(input.trim().toUpperCase());
}

/**
 * The outward code (district) of a postcode, uppercased: the text before the space, or, typed
 * without a space, everything but the 3-character inward code. A bare district ("sw1a") is
 * returned whole, so a search by district works as well as one by full postcode.
 */
export function outcodeOf(postcode: string): string {
  const text = postcode.trim().toUpperCase().replace(/\s+/g, ' ');
  if (text === '') return '';
  const space = text.indexOf(' ');
  if (space >= 0) return text.slice(0, space);
  if (validOutcode(text) && !isValid(text)) return text;
  return text.length > 3 ? text.slice(0, -3) : text;
}

const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function haversineMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
