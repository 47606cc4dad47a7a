// GET /api/config: the settings the browser may know (never a secret), one type for the server and the client.
import type { PaymentProviderName } from './payments';

export interface TPublicConfig {
  /** Whether /demo-login may sign a visitor in as the demo tenant. */
  demoLogin: boolean;
  /** The map tile URL template ({z}/{x}/{y}). */
  mapTileUrl: string;
  /** Which provider takes the card: the test card form or Stripe Elements. */
  payments: PaymentProviderName;
  /** Public by design (Stripe.js needs it in the browser); null unless Stripe is the provider. */
  stripePublishableKey: string | null;
}

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
