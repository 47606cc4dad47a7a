// A trade's response time from its real replies to quote requests (issue 28): the rule in trade-claims.ts, the label
// a landlord's uses. Apart from trade-claims.ts because conversations.ts brings zod, which the pages must not load.
import { responseTimeLabel } from './conversations';
import {
  TRADE_RESPONSE_MIN_REQUESTS,
  TRADE_RESPONSE_WINDOW_DAYS,
  type TradeResponseTime,
} from './trade-claims';

/** The trade's response time from each recent request's first-reply delay (null: not answered), or null. */
export function tradeResponseTime(delaysMs: ReadonlyArray<number | null>): TradeResponseTime | null {
  if (delaysMs.length < TRADE_RESPONSE_MIN_REQUESTS) return null;
  const label = responseTimeLabel([...delaysMs]);
  return label ? { label, requests: delaysMs.length, windowDays: TRADE_RESPONSE_WINDOW_DAYS } : null;
}
