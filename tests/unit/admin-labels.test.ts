// Admin pages show labels, not stored codes or ISO dates (issue 30 item 6): the audit log's actions, targets and
// changes, and account types, in words; a code no table knows is shown as it is.
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_WORDS,
  auditActionWords,
  auditTargetWords,
  changeLines,
  fieldWords,
  userTypeWords,
  valueWords,
} from '../../src/domain/admin-labels';

describe('audit log in words', () => {
  it('names every action the server records', async () => {
    const { readFileSync, readdirSync, statSync } = await import('node:fs');
    const path = await import('node:path');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
      });
    const actions = new Set<string>();
    for (const file of files('src/server')) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/action: '([a-z_.]+)'/g)) actions.add(match[1]);
      for (const match of text.matchAll(/= '((?:admin|account)\.[a-z_.]+)'/g)) actions.add(match[1]);
    }
    expect(actions.size).toBeGreaterThan(15);
    expect([...actions].filter((action) => !AUDIT_ACTION_WORDS[action])).toEqual([]);
  });

  it('reads actions and targets as words, and an unknown code as it is', () => {
    expect(auditActionWords('premium.grant_trial')).toBe('Trial granted');
    expect(auditActionWords('featured.pin')).toBe('Featured home pinned');
    expect(auditActionWords('something.new')).toBe('something.new');
    expect(auditTargetWords('content_submission')).toBe('Submission');
    expect(auditTargetWords(null)).toBe('');
  });

  it('writes a change field by field, with codes, booleans and dates in words', () => {
    expect(
      changeLines(
        { isPremium: false, premiumUntil: null },
        { isPremium: true, premiumUntil: '2027-01-05T10:30:00.000Z', days: 30 },
      ),
    ).toEqual([
      { label: 'Premium', before: 'No', after: 'Yes' },
      { label: 'Premium until', before: '—', after: '5 Jan 2027, 10:30' },
      { label: 'Days', before: null, after: '30' },
    ]);
    expect(changeLines({ submissionStatus: 'pending' }, { submissionStatus: 'approved' })).toEqual([
      { label: 'Status', before: 'Pending', after: 'Approved' },
    ]);
    expect(changeLines(null, { userType: 'landlord', role: 'super_admin' })).toEqual([
      { label: 'Account type', before: null, after: 'Landlord' },
      { label: 'Role', before: null, after: 'Super admin' },
    ]);
    expect(changeLines(null, ['Invalid date'])).toEqual([
      { label: 'Details', before: null, after: 'Invalid date' },
    ]);
  });

  it('writes days with their year in UK form and leaves free text alone', () => {
    expect(valueWords('2027-01-05')).toBe('5 January 2027');
    expect(valueWords('2026-07-01T23:30:00Z')).toBe('2 Jul 2026, 00:30');
    expect(valueWords('house')).toBe('House');
    expect(valueWords('part_furnished')).toBe('Part furnished');
    expect(valueWords('A flat by the canal')).toBe('A flat by the canal');
    expect(fieldWords('monthlyRentPence')).toBe('Monthly rent pence');
  });

  it('names account types, and staff accounts have none', () => {
    expect(userTypeWords('landlord')).toBe('Landlord');
    expect(userTypeWords(null)).toBe('Staff');
  });
});
