// iCalendar (RFC 5545) files for viewings (issue 13): an event in Europe/London local time with its own VTIMEZONE,
// so calendars show the time the landlord chose, on both sides of a clock change. A cancelled viewing is the same
// UID with METHOD:CANCEL and a higher SEQUENCE, which removes it from the calendar it was added to. A booking the
// landlord has not confirmed is TENTATIVE; the confirmation sends the same UID, CONFIRMED, one SEQUENCE on.

export interface IcsEvent {
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  description: string;
  location: string;
  /** Bumped on every change, so a calendar replaces the earlier copy. */
  sequence: number;
  cancelled?: boolean;
  /** Booked but not yet confirmed by the landlord: STATUS:TENTATIVE until then (RFC 5545 §3.8.1.11). */
  tentative?: boolean;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 20270313T110000: the wall-clock time in London. */
export function londonLocal(at: Date): string {
  const parts = Object.fromEntries(LONDON.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** 20270313T110000Z. */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Every line break a person can type or paste: CRLF, a bare CR, LF, and Unicode's line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029\u0085]/g;
/**
 * Control characters (C0 but tab, DEL, C1) are not allowed in a TEXT value (RFC 5545 §3.1 "CONTROL", §3.3.11): a
 * bare CR could end the line and let a title add properties, or a whole VEVENT, to the file. They are dropped.
 */
function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f);
}

function withoutControls(value: string): string {
  return [...value].filter((char) => char === '\n' || !isControl(char)).join('');
}

/**
 * A TEXT value (RFC 5545 §3.3.11): control characters dropped, backslash, semicolon and comma escaped, and a line
 * break written as the two characters `\n` (or, for a one-line value such as a title, as a space).
 */
export function icsText(value: string, lines: 'multi' | 'single' = 'multi'): string {
  return withoutControls(value.replace(LINE_BREAK, '\n'))
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, lines === 'multi' ? '\\n' : ' ');
}

/** Lines longer than 75 octets fold onto continuation lines that start with a space (§3.1). */
export function foldLine(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const width = new TextEncoder().encode(char).length;
    if (size + width > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += width;
  }
  out.push(current);
  return out.join('\r\n ');
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function statusOf(event: IcsEvent): 'CANCELLED' | 'TENTATIVE' | 'CONFIRMED' {
  if (event.cancelled) return 'CANCELLED';
  return event.tentative ? 'TENTATIVE' : 'CONFIRMED';
}

export function viewingIcs(event: IcsEvent): string {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Your Place//Viewings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid, 'single')}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=Europe/London:${londonLocal(event.start)}`,
    `DTEND;TZID=Europe/London:${londonLocal(end)}`,
    `SUMMARY:${icsText(event.summary, 'single')}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(event.location, 'single')}`,
    `STATUS:${statusOf(event)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

const londonParts = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hourCycle: 'h23',
    ...options,
  });
  return (at: Date) =>
    Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value])) as Partial<
      Record<Intl.DateTimeFormatPartTypes, string>
    >;
};

const SHORT_PARTS = londonParts({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const LONG_DAY_PARTS = londonParts({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * "Tue 5 Jan 2027, 11:00": how a viewing's time reads in messages, emails and pages (London time). With its year
 * (issue 30: a slot in January read the same as last January's). Built from parts: en-GB puts a comma after the
 * weekday once the year is asked for.
 */
export function viewingTime(at: Date): string {
  const p = SHORT_PARTS(at);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

/** "11:00": a viewing's London clock time, under a day heading. */
export function viewingClock(at: Date): string {
  const p = SHORT_PARTS(at);
  return `${p.hour}:${p.minute}`;
}

/** "Tuesday 5 January 2027": a day heading over a list of viewing times. */
export function viewingDay(at: Date): string {
  const p = LONG_DAY_PARTS(at);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}
