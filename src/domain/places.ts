// Places from the UK postcode data as the place boxes suggest them (issue 17): post towns, postcode areas by name,
// and districts. GET /api/places?q=ips answers with a few, best first.
import { z } from 'zod';

export const PLACE_KINDS = ['town', 'area', 'district'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export interface TPlaceSuggestion {
  /** What the box takes when the suggestion is picked: "Ipswich", "South West London", "IP4". */
  name: string;
  kind: PlaceKind;
  /** Where it is, in words: "East of England", "Ipswich, East of England". */
  detail: string;
}

export interface TPlaceSuggestions {
  places: TPlaceSuggestion[];
}

export const PLACE_QUERY_MAX = 60;
export const PLACE_SUGGESTIONS = 8;

export const ZPlaceSuggestQuery = z.object({
  // Longer text names no place: it is cut rather than refused, as the box sends what is typed.
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().slice(0, PLACE_QUERY_MAX)),
});
