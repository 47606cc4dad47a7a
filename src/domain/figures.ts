// The marketplace's own figures, counted live (issue 12: no number on a public page is invented).

export interface TMarketplaceFigures {
  /** Live listings anyone can open now. */
  homesToRent: number;
  /** Live contractor profiles, each checked by our team before it went live. */
  vettedTrades: number;
}

/** "1,204" for counts; the page never rounds a count up into a boast. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-GB');
}
