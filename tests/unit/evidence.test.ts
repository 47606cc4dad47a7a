// The evidence hold (decision 0051): what holds a reported conversation, and until when.
import { describe, expect, it } from 'vitest';
import { deletedAccountEmail, evidenceHeldSince, isEvidenceHeld } from '../../src/domain/evidence';
import { REPORT_EVIDENCE_HOLD_DAYS } from '../../src/domain/retention';

const DAY = 86_400_000;
const now = new Date('2026-11-27T08:00:00Z');
const closed = (daysAgo: number) => ({
  status: 'closed' as const,
  closedAt: new Date(now.getTime() - daysAgo * DAY),
});

describe('the evidence hold', () => {
  it('starts REPORT_EVIDENCE_HOLD_DAYS before now', () => {
    expect(now.getTime() - evidenceHeldSince(now).getTime()).toBe(REPORT_EVIDENCE_HOLD_DAYS * DAY);
  });

  it('holds while a report is open, however old', () => {
    expect(isEvidenceHeld([closed(5000), { status: 'open', closedAt: null }], now)).toBe(true);
  });

  it('holds until the hold has passed since the last report closed, and not after', () => {
    expect(isEvidenceHeld([closed(REPORT_EVIDENCE_HOLD_DAYS - 1)], now)).toBe(true);
    expect(isEvidenceHeld([closed(REPORT_EVIDENCE_HOLD_DAYS)], now)).toBe(true);
    expect(isEvidenceHeld([closed(REPORT_EVIDENCE_HOLD_DAYS + 1), closed(400)], now)).toBe(false);
    expect(isEvidenceHeld([closed(REPORT_EVIDENCE_HOLD_DAYS + 1), closed(10)], now)).toBe(true);
  });

  it('holds nothing without a report', () => {
    expect(isEvidenceHeld([], now)).toBe(false);
  });

  it('gives a deleted account a unique address no one can receive mail at', () => {
    const a = deletedAccountEmail('6f1c0c8e-7c1d-4a55-9d0e-0a1b2c3d4e5f');
    expect(a).toBe('deleted-6f1c0c8e-7c1d-4a55-9d0e-0a1b2c3d4e5f@deleted.invalid');
    expect(deletedAccountEmail('00000000-0000-4000-8000-000000000000')).not.toBe(a);
  });
});
