// Places from the UK postcode data as the place boxes suggest them (issue 17): post towns, postcode areas by name,
// and districts. GET /api/places?q=ips answers with a few, best first.
import { z } from 'zod';

export const PLACE_KINDS = ['town', 'area', 'district'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

export const ZPlaceSuggestion = z.object({
  name: z
    .string()
    .describe('What the box takes when the suggestion is picked: "Ipswich", "South West London", "IP4"'),
  kind: z.enum(PLACE_KINDS),
  detail: z.string().describe('Where it is, in words: "East of England", "Ipswich, East of England"'),
});
export type TPlaceSuggestion = z.output<typeof ZPlaceSuggestion>;

/** GET /api/places: at most PLACE_SUGGESTIONS, best first. */
export const ZPlaceSuggestions = z.object({ places: z.array(ZPlaceSuggestion) });
export type TPlaceSuggestions = z.output<typeof ZPlaceSuggestions>;

export const PLACE_QUERY_MAX = 60;
export const PLACE_SUGGESTIONS = 8;

export const ZPlaceSuggestQuery = z.object({
  // Longer text names no place: it is cut rather than refused, as the box sends what is typed.
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim().slice(0, PLACE_QUERY_MAX)),
});
