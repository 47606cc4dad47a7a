// The marketplace's own figures, counted live (issue 12: no number on a public page is invented).
import { z } from 'zod';

export const ZMarketplaceFigures = z.object({
  homesToRent: z.number().int().describe('Live listings anyone can open now'),
  vettedTrades: z
    .number()
    .int()
    .describe('Live contractor profiles, each checked by our team before it went live'),
});
export type TMarketplaceFigures = z.output<typeof ZMarketplaceFigures>;

/**
 * The footer's links to one live home and one live trade (doc 1 "Footer": /properties/{id}, /contractors/{id}),
 * chosen from what is live now; null where nothing is, so the footer never links to a page that is gone.
 */
export const ZFooterLinks = z.object({
  property: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  contractor: z.object({ id: z.uuid(), businessName: z.string() }).nullable(),
});
export type TFooterLinks = z.output<typeof ZFooterLinks>;
