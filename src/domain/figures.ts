// The marketplace's own figures, counted live (issue 12: no number on a public page is invented).

export interface TMarketplaceFigures {
  /** Live listings anyone can open now. */
  homesToRent: number;
  /** Live contractor profiles, each checked by our team before it went live. */
  vettedTrades: number;
}

/**
 * The footer's links to one live home and one live trade (doc 1 "Footer": /properties/{id}, /contractors/{id}),
 * chosen from what is live now; null where nothing is, so the footer never links to a page that is gone.
 */
export interface TFooterLinks {
  property: { id: string; title: string } | null;
  contractor: { id: string; businessName: string } | null;
}

/** "1,204" for counts; the page never rounds a count up into a boast. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-GB');
}
