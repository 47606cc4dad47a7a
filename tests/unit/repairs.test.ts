// The repair clock (issue 32 item 2; decision 0070): each urgency's target, damp and mould's 10 working days, due
// soon at three quarters of the time, and the wording both parties read.
import { describe, expect, it } from 'vitest';
import {
  clockState,
  clockWording,
  dueSoonAtOf,
  REPAIR_CATEGORIES,
  REPAIR_CATEGORY_LABELS,
  targetFor,
  ZReportRepair,
} from '../../src/domain/repairs';

// Friday 27 November 2026, 14:05 in London (GMT).
const FRIDAY = new Date('2026-11-27T14:05:00Z');

describe('repair targets', () => {
  it('an emergency is made safe within 24 hours, to the minute', () => {
    const t = targetFor('plumbing', 'emergency', FRIDAY);
    expect(t.target).toBe('make_safe');
    expect(t.dueBy.toISOString()).toBe('2026-11-28T14:05:00.000Z');
    expect(clockWording(t, t.dueBy)).toBe('Made safe by Sat 28 Nov, 14:05');
  });

  it('urgent is 3 working days, to the end of the day, over a weekend', () => {
    const t = targetFor('heating', 'urgent', FRIDAY);
    expect(t.dueBy.toISOString()).toBe('2026-12-02T23:59:59.000Z');
    expect(clockWording(t, t.dueBy)).toBe('3 working days: by Wed 2 Dec');
  });

  it('urgent over Christmas skips the bank holidays', () => {
    const t = targetFor('electrical', 'urgent', new Date('2026-12-24T10:00:00Z'));
    expect(clockWording(t, t.dueBy)).toBe('3 working days: by Thu 31 Dec');
  });

  it('routine is 28 calendar days', () => {
    const t = targetFor('other', 'routine', FRIDAY);
    expect(t.dueBy.toISOString()).toBe('2026-12-25T23:59:59.000Z');
    expect(clockWording(t, t.dueBy)).toBe('28 days: by Fri 25 Dec');
  });

  it('damp and mould is investigated within 10 working days unless its urgency is sooner', () => {
    const routine = targetFor('damp_mould', 'routine', FRIDAY);
    expect(routine.target).toBe('investigate');
    // Mon 30 Nov … Fri 11 Dec is ten working days.
    expect(clockWording(routine, routine.dueBy)).toBe('Investigated within 10 working days: by Fri 11 Dec');
    expect(targetFor('damp_mould', 'urgent', FRIDAY).target).toBe('repair');
    expect(targetFor('damp_mould', 'emergency', FRIDAY).target).toBe('make_safe');
  });

  it('an emergency reported as the clocks go back still gets 24 real hours', () => {
    const t = targetFor('security', 'emergency', new Date('2026-10-24T23:30:00Z'));
    expect(t.dueBy.toISOString()).toBe('2026-10-25T23:30:00.000Z');
    expect(clockWording(t, t.dueBy)).toBe('Made safe by Sun 25 Oct, 23:30');
  });
});

describe('the clock', () => {
  const reportedAt = FRIDAY;
  const dueBy = new Date(reportedAt.getTime() + 24 * 3_600_000);
  const dueSoonAt = dueSoonAtOf(reportedAt, dueBy);

  it('is due soon three quarters of the way to its target', () => {
    expect(dueSoonAt.toISOString()).toBe('2026-11-28T08:05:00.000Z');
  });

  it('reads on time, due soon, overdue, then met or missed once it stops', () => {
    const running = { dueBy, dueSoonAt, clockStoppedAt: null };
    expect(clockState(running, new Date('2026-11-28T08:04:00Z'))).toBe('on_time');
    expect(clockState(running, new Date('2026-11-28T08:05:00Z'))).toBe('due_soon');
    expect(clockState(running, new Date('2026-11-28T14:05:01Z'))).toBe('overdue');
    const late = new Date('2026-11-29T00:00:00Z');
    expect(clockState({ ...running, clockStoppedAt: new Date('2026-11-28T10:00:00Z') }, late)).toBe('met');
    expect(clockState({ ...running, clockStoppedAt: late }, late)).toBe('missed');
  });
});

describe('a report', () => {
  it('names every category', () => {
    for (const c of REPAIR_CATEGORIES) expect(REPAIR_CATEGORY_LABELS[c]).toBeTruthy();
  });

  it('refuses an unknown category or urgency, and keeps empty access notes as none', () => {
    const base = { title: 'Leak', description: 'Under the sink', category: 'plumbing', urgency: 'urgent' };
    expect(ZReportRepair.safeParse({ ...base, category: 'garden' }).success).toBe(false);
    expect(ZReportRepair.safeParse({ ...base, urgency: 'whenever' }).success).toBe(false);
    expect(ZReportRepair.parse({ ...base, accessNotes: '  ' }).accessNotes).toBeNull();
  });
});
