const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const gbpExact = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** £1,250 from 125000 pence; whole pounds shown without decimals. */
export function formatPence(pence: number): string {
  return pence % 100 === 0 ? gbp.format(pence / 100) : gbpExact.format(pence / 100);
}

export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** "1,204" for counts; the page never rounds a count up into a boast. (Here, not beside the figures' schema: the
 * landing page loads without zod.) */
export function formatCount(n: number): string {
  return n.toLocaleString('en-GB');
}
