// GET /api/config: the settings the browser may know (never a secret), one type for the server and the client.
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './payments';

export const ZPublicConfig = z.object({
  demoLogin: z.boolean().describe('Whether /demo-login may sign a visitor in as the demo tenant'),
  mapTileUrl: z.string().describe('The map tile URL template ({z}/{x}/{y})'),
  payments: z
    .enum(PAYMENT_PROVIDERS)
    .describe('Which provider takes the card: the test card form or Stripe Elements'),
  company: z
    .object({
      foundedYear: z
        .number()
        .int()
        .nullable()
        .describe('COMPANY_FOUNDED_YEAR; null: the site states no year'),
      address: z.string().nullable().describe('COMPANY_ADDRESS; null: the site states no address'),
    })
    .describe('Company facts, stated on the site only when configured'),
  stripePublishableKey: z
    .string()
    .nullable()
    .describe('Public by design (Stripe.js needs it in the browser); null unless Stripe is the provider'),
});
export type TPublicConfig = z.output<typeof ZPublicConfig>;
