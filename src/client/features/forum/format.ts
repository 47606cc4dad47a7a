// Forum times as people read them, in Europe/London.
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });

export function formatMessageTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** "5 minutes ago", "yesterday", then the date for anything older than a week. */
export function formatLastActivity(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return formatMessageTime(iso).split(',')[0];
}
