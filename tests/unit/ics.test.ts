// Issue 29 item 3: what a landlord types into a title or address must not break out of its .ics line (a bare CR
// once reached the file) and long text folds at 75 octets without splitting a character (RFC 5545 §3.1, §3.3.11).
import { describe, expect, it } from 'vitest';
import { foldLine, icsText, viewingIcs } from '../../src/domain/ics';

const encoder = new TextEncoder();

function event(fields: { summary?: string; description?: string; location?: string }) {
  return viewingIcs({
    uid: 'viewing-1@yourplace.test',
    start: new Date('2027-07-15T10:00:00Z'),
    minutes: 30,
    summary: fields.summary ?? 'Viewing',
    description: fields.description ?? 'See you there',
    location: fields.location ?? '1 Canal St',
    sequence: 0,
    stamp: new Date('2027-07-01T09:00:00Z'),
  });
}

/** The file's logical lines: continuation lines (a leading space) joined back on, as a calendar reads them. */
function unfolded(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
}

/** Every character of the file that is a control character other than the CRLF line ends (tab allowed). */
function strayControls(ics: string): string[] {
  return [...ics.replace(/\r\n/g, '')].filter((c) => {
    const code = c.codePointAt(0) ?? 0;
    return (code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f);
  });
}

describe('.ics text values', () => {
  it('drops NUL, the other C0 controls, DEL and C1, and keeps tab', () => {
    expect(icsText('a\u0000b\u0007c\u001bd\u007fe\u0080f\u009fg\th')).toBe('abcdefg\th');
  });

  it('writes every kind of line break as \\n in a description, and as a space in a title', () => {
    expect(icsText('one\r\ntwo\rthree\nfour\u2028five')).toBe('one\\ntwo\\nthree\\nfour\\nfive');
    expect(icsText('one\r\ntwo\rthree', 'single')).toBe('one two three');
  });

  it('escapes backslash, semicolon and comma, and an escape a person typed stays text', () => {
    expect(icsText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(icsText('literal \\n')).toBe('literal \\\\n');
  });
});

describe('.ics files from nasty input', () => {
  const injection = 'Nice flat\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Free money\rATTENDEE:x';

  it('a CRLF or bare CR in the title, address or description adds no line to the file', () => {
    const ics = event({ summary: injection, location: injection, description: injection });
    const lines = unfolded(ics);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('SUMMARY:'))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('ATTENDEE'))).toBe(false);
    expect(strayControls(ics)).toEqual([]);
    expect(lines).toContain('SUMMARY:Nice flat END:VEVENT BEGIN:VEVENT SUMMARY:Free money ATTENDEE:x');
  });

  it('NUL, DEL and C1 characters never reach the file', () => {
    const ics = event({ summary: 'A\u0000B\u007fC\u0085D\u009bE', location: '\u0001\u001f\u0080' });
    expect(strayControls(ics)).toEqual([]);
    expect(unfolded(ics)).toContain('SUMMARY:ABC DE');
    expect(unfolded(ics)).toContain('LOCATION:');
  });

  it('folds long multi-byte and emoji text at 75 octets without splitting a character', () => {
    const text = `Große Wohnung 🏠👨‍👩‍👧 ${'é€😀'.repeat(40)} 東京`;
    const ics = event({ summary: text, description: text, location: text });
    for (const line of ics.split('\r\n')) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
      // A split character would decode to U+FFFD (or leave a lone surrogate in the JS string).
      expect(line).not.toContain('\uFFFD');
      expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(unfolded(ics)).toContain(`SUMMARY:${text}`);
  });

  it('folds on UTF-8 boundaries: each physical line decodes on its own', () => {
    const folded = foldLine(`DESCRIPTION:${'😀'.repeat(30)}`);
    for (const line of folded.split('\r\n')) {
      const bytes = encoder.encode(line);
      expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(line);
      expect(bytes.length).toBeLessThanOrEqual(75);
    }
  });
});

describe('.ics status (decision 0056)', () => {
  const base = {
    uid: 'viewing-1@yourplace.test',
    start: new Date('2027-07-15T10:00:00Z'),
    minutes: 30,
    summary: 'Viewing',
    description: 'See you there',
    location: '1 Canal St',
    sequence: 0,
    stamp: new Date('2027-07-01T09:00:00Z'),
  };
  const status = (ics: string) => unfolded(ics).filter((line) => line.startsWith('STATUS:'));

  it('is TENTATIVE while the landlord has not confirmed, CONFIRMED once they have, CANCELLED when called off', () => {
    expect(status(viewingIcs({ ...base, tentative: true }))).toEqual(['STATUS:TENTATIVE']);
    expect(status(viewingIcs(base))).toEqual(['STATUS:CONFIRMED']);
    expect(status(viewingIcs({ ...base, tentative: true, cancelled: true }))).toEqual(['STATUS:CANCELLED']);
  });
});
