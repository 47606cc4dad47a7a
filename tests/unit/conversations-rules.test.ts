// The rules issue 13 shares between server and client: the scam shield, the response-time label, London times for
// viewings and the .ics file.
import { describe, expect, it } from 'vitest';
import { responseTimeLabel, scamWarnings } from '../../src/domain/conversations';
import {
  foldLine,
  icsText,
  londonLocal,
  viewingClock,
  viewingDay,
  viewingIcs,
  viewingTime,
} from '../../src/domain/ics';
import { londonInstant } from '../../src/domain/viewings';

const before = { viewingBooked: false };
const after = { viewingBooked: true };
const HOUR = 3_600_000;

describe('scam shield', () => {
  it('flags requests for money before a viewing, and not ordinary talk of rent', () => {
    expect(scamWarnings('Please transfer the £500 deposit today to secure it.', before)).toEqual(['payment']);
    expect(scamWarnings('Send a holding fee by Western Union and I will post the keys.', before)).toContain(
      'payment',
    );
    expect(scamWarnings('The rent is £950 a month and includes water.', before)).toEqual([]);
    expect(scamWarnings('Please transfer the £500 deposit today.', after)).toEqual([]);
  });

  it('always flags bank details', () => {
    expect(scamWarnings('Sort code 12-34-56, account number 12345678', after)).toEqual(['bank']);
    expect(scamWarnings('IBAN GB33 BUKB 2020 1555 5555 55', before)).toContain('bank');
  });

  it('flags phone numbers, emails and "WhatsApp me" only until a viewing is booked', () => {
    for (const text of [
      'Ring 07700 900123',
      'Call +44 7700 900123',
      'email me at jo@example.com',
      'WhatsApp me',
    ])
      expect(scamWarnings(text, before), text).toEqual(['offsite']);
    expect(scamWarnings('Ring 07700 900123', after)).toEqual([]);
    expect(scamWarnings('Is 2 bedrooms right for 3 people?', before)).toEqual([]);
  });
});

describe('landlord response time', () => {
  it('says nothing until there are three enquiries to judge by', () => {
    expect(responseTimeLabel([])).toBeNull();
    expect(responseTimeLabel([HOUR, HOUR])).toBeNull();
  });

  it('uses the median reply, counting unanswered enquiries as the slowest', () => {
    expect(responseTimeLabel([0.5 * HOUR, 0.2 * HOUR, 30 * HOUR])).toBe('Usually replies within an hour');
    expect(responseTimeLabel([3 * HOUR, 2 * HOUR, 4 * HOUR])).toBe('Usually replies within a few hours');
    expect(responseTimeLabel([20 * HOUR, null, 10 * HOUR])).toBe('Usually replies within a day');
    expect(responseTimeLabel([null, null, HOUR])).toBe('Usually slow to reply');
    expect(responseTimeLabel([50 * HOUR, 60 * HOUR, 70 * HOUR])).toBe('Usually replies within a few days');
  });
});

describe('London times for viewings', () => {
  it('turns a London wall-clock time into the right instant in winter and summer', () => {
    expect(londonInstant('2027-01-15', '11:00').toISOString()).toBe('2027-01-15T11:00:00.000Z');
    expect(londonInstant('2027-07-15', '11:00').toISOString()).toBe('2027-07-15T10:00:00.000Z');
    // 01:30 on the spring-forward night does not exist: it moves on by the hour, to 02:30 BST.
    expect(londonInstant('2027-03-28', '01:30').toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });

  it('reads back the same wall-clock time', () => {
    const at = londonInstant('2027-07-15', '17:45');
    expect(londonLocal(at)).toBe('20270715T174500');
    expect(viewingTime(at)).toBe('Thu 15 Jul 2027, 17:45');
    expect(viewingClock(at)).toBe('17:45');
    expect(viewingDay(at)).toBe('Thursday 15 July 2027');
    // The year on every slot date (issue 30), in winter too, and midnight reads 00:00.
    expect(viewingTime(londonInstant('2027-01-05', '00:00'))).toBe('Tue 5 Jan 2027, 00:00');
  });
});

describe('.ics files', () => {
  it('escapes text and folds long lines at 75 octets', () => {
    expect(icsText('Flat 2, Hope St; line\nnext')).toBe('Flat 2\\, Hope St\\; line\\nnext');
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(80)}`);
    for (const line of folded.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((l) => l.startsWith(' ')),
    ).toBe(true);
  });

  it('writes a London-time event, and a cancellation with the same UID', () => {
    const event = {
      uid: 'viewing-1@yourplace.test',
      start: londonInstant('2027-07-15', '11:00'),
      minutes: 30,
      summary: 'Viewing: Canal-side flat',
      description: 'See you there',
      location: '1 Canal St, LS1 4AP',
      sequence: 2,
      stamp: new Date('2027-07-01T09:00:00Z'),
    };
    const ics = viewingIcs(event);
    expect(ics).toContain('DTSTART;TZID=Europe/London:20270715T110000\r\n');
    expect(ics).toContain('DTEND;TZID=Europe/London:20270715T113000\r\n');
    expect(ics).toContain('TZID:Europe/London');
    expect(ics).toContain('SEQUENCE:2');
    expect(ics).toContain('LOCATION:1 Canal St\\, LS1 4AP');
    const cancel = viewingIcs({ ...event, cancelled: true, sequence: 3 });
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain('UID:viewing-1@yourplace.test');
  });
});
