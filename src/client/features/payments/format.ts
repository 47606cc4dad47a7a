// Money and dates as people read them: GBP from integer pence, dates in Europe/London.
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function formatBillingDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}

/** "£1.00": invoices show pence exactly, in the invoice's currency. */
export function formatInvoiceAmount(pence: number, currency = 'gbp'): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(
    pence / 100,
  );
}

export function invoiceStatusLabel(status: string): string {
  if (status === 'paid') return 'Paid';
  if (status === 'open') return 'Payment failed';
  if (status === 'void') return 'Void';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** "4242 4242 4242 4242" as it is typed (American Express: 4-6-5); at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (/^3[47]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM/YY" as it is typed: the slash appears after the month. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length < 3) return digits.length === 2 && value.endsWith('/') ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
