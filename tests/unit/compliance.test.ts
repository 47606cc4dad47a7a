// The compliance calendar's rules (src/domain/compliance.ts; decision 0069) on fixed dates.
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  addWeekdays,
  complianceState,
  nextDueOn,
  protectDepositBy,
  reminderStage,
  statusOn,
  summarise,
  ZComplianceRecordRequest,
} from '../../src/domain/compliance';

const record = (completedOn: string, dueOn: string | null, notRequired = false) => ({
  id: '00000000-0000-4000-8000-000000000001',
  completedOn,
  dueOn,
  notRequired,
});
const none = { today: '2026-11-27', nation: 'england' as const, tenancy: null };

describe('due dates', () => {
  it('adds months to the same day, or the month end when it has none', () => {
    expect(addMonths('2026-01-10', 12)).toBe('2027-01-10');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-08-31', -2)).toBe('2026-06-30');
  });

  it('puts gas safety 12 months on, EICR 5 years, EPC 10 years; alarms and deposits follow the tenancy', () => {
    const done = { completedOn: '2026-03-15', expiresOn: null };
    expect(nextDueOn('gas_safety', done)).toBe('2027-03-15');
    expect(nextDueOn('eicr', done)).toBe('2031-03-15');
    expect(nextDueOn('epc', done)).toBe('2036-03-15');
    expect(nextDueOn('alarms', done)).toBeNull();
    expect(nextDueOn('deposit_protection', done)).toBeNull();
  });

  it("takes the certificate's own date when given (a shorter EICR interval, a licence)", () => {
    expect(nextDueOn('eicr', { completedOn: '2026-03-15', expiresOn: '2029-03-15' })).toBe('2029-03-15');
    expect(nextDueOn('licence', { completedOn: '2026-03-15', expiresOn: '2031-01-01' })).toBe('2031-01-01');
  });

  it('keeps the gas due date for a check made up to 2 months early (reg 36(3)(aa)), not earlier', () => {
    expect(nextDueOn('gas_safety', { completedOn: '2027-01-20', expiresOn: null }, '2027-03-15')).toBe(
      '2028-03-15',
    );
    expect(nextDueOn('gas_safety', { completedOn: '2027-01-14', expiresOn: null }, '2027-03-15')).toBe(
      '2028-01-14',
    );
    expect(nextDueOn('gas_safety', { completedOn: '2027-04-01', expiresOn: null }, '2027-03-15')).toBe(
      '2028-04-01',
    );
  });
});

describe('statuses and reminders', () => {
  it('is ok beyond 60 days, due soon within them (the day included), overdue after the date', () => {
    expect(statusOn('2027-01-27', '2026-11-27')).toBe('ok');
    expect(statusOn('2027-01-26', '2026-11-27')).toBe('due_soon');
    expect(statusOn('2026-11-27', '2026-11-27')).toBe('due_soon');
    expect(statusOn('2026-11-26', '2026-11-27')).toBe('overdue');
  });

  it('reminds 60, 30 and 7 days before and once overdue, the nearest stage only', () => {
    expect(reminderStage('2027-01-27', '2026-11-27')).toBeNull();
    expect(reminderStage('2027-01-26', '2026-11-27')).toBe('d60');
    expect(reminderStage('2026-12-27', '2026-11-27')).toBe('d30');
    expect(reminderStage('2026-12-20', '2026-11-27')).toBe('d30');
    expect(reminderStage('2026-12-04', '2026-11-27')).toBe('d7');
    expect(reminderStage('2026-11-27', '2026-11-27')).toBe('d7');
    expect(reminderStage('2026-11-26', '2026-11-27')).toBe('overdue');
  });
});

describe('each kind today', () => {
  it('calls a gas check never recorded overdue ("Not recorded") and a licence never recorded not required', () => {
    expect(complianceState('gas_safety', null, none)).toMatchObject({
      status: 'overdue',
      note: 'Not recorded',
    });
    expect(complianceState('licence', null, none).status).toBe('not_required');
    expect(complianceState('gas_safety', record('2026-01-01', null, true), none).status).toBe('not_required');
  });

  it('reads a recorded check against its due date', () => {
    expect(complianceState('gas_safety', record('2026-01-10', '2027-01-10'), none)).toMatchObject({
      status: 'due_soon',
      dueOn: '2027-01-10',
      lastDoneOn: '2026-01-10',
    });
    expect(complianceState('epc', record('2020-01-10', '2030-01-10'), none).status).toBe('ok');
  });

  it('wants alarms checked for each tenancy start', () => {
    const tenancy = {
      startDate: '2026-12-01',
      depositPence: 0,
      depositReceivedOn: null,
      depositProtectedOn: null,
    };
    const context = { ...none, tenancy };
    expect(complianceState('alarms', null, context)).toMatchObject({
      status: 'due_soon',
      dueOn: '2026-12-01',
    });
    expect(complianceState('alarms', record('2025-06-01', null), context).status).toBe('due_soon');
    expect(complianceState('alarms', record('2026-11-20', null), context).status).toBe('ok');
    expect(complianceState('alarms', null, { ...context, today: '2026-12-02' }).status).toBe('overdue');
  });

  it("takes the deposit's dates from the tenancy", () => {
    const tenancy = {
      startDate: '2026-11-01',
      depositPence: 115_000,
      depositReceivedOn: '2026-10-20',
      depositProtectedOn: null,
    };
    expect(complianceState('deposit_protection', null, { ...none, tenancy })).toMatchObject({
      status: 'overdue',
      dueOn: '2026-11-18',
      source: 'tenancy',
    });
    expect(
      complianceState('deposit_protection', null, {
        ...none,
        tenancy: { ...tenancy, depositProtectedOn: '2026-10-25' },
      }),
    ).toMatchObject({ status: 'ok', lastDoneOn: '2026-10-25' });
    expect(
      complianceState('deposit_protection', null, { ...none, tenancy: { ...tenancy, depositPence: 0 } })
        .status,
    ).toBe('not_required');
  });

  it('counts the deposit deadline by nation', () => {
    const tenancy = { startDate: '2026-11-02', depositReceivedOn: '2026-10-20', depositPence: 150_000 };
    expect(protectDepositBy('england', tenancy)).toBe('2026-11-18');
    expect(protectDepositBy('wales', tenancy)).toBe('2026-11-18');
    expect(protectDepositBy('northern_ireland', tenancy)).toBe('2026-11-16');
    expect(protectDepositBy('scotland', tenancy)).toBe(addWeekdays('2026-11-02', 30));
    expect(addWeekdays('2026-11-02', 30)).toBe('2026-12-14');
    expect(protectDepositBy('england', { ...tenancy, depositReceivedOn: null })).toBeNull();
  });

  it('summarises a home by its worst item and nearest date', () => {
    expect(
      summarise('p', [
        { status: 'ok', dueOn: '2030-01-01' },
        { status: 'due_soon', dueOn: '2027-01-01' },
        { status: 'not_required', dueOn: null },
      ]),
    ).toEqual({ propertyId: 'p', status: 'due_soon', overdue: 0, dueSoon: 1, nextDueOn: '2027-01-01' });
  });
});

describe('the record request', () => {
  it('wants an expiry after the date done, a licence expiry, and not-required only for gas or a licence', () => {
    const parse = (body: unknown) => ZComplianceRecordRequest.safeParse(body).success;
    expect(parse({ kind: 'gas_safety', completedOn: '2026-11-01' })).toBe(true);
    expect(parse({ kind: 'gas_safety', completedOn: '2026-11-01', expiresOn: '2026-10-01' })).toBe(false);
    expect(parse({ kind: 'licence', completedOn: '2026-11-01' })).toBe(false);
    expect(parse({ kind: 'licence', completedOn: '2026-11-01', notRequired: true })).toBe(true);
    expect(parse({ kind: 'epc', completedOn: '2026-11-01', notRequired: true })).toBe(false);
    expect(parse({ kind: 'boiler', completedOn: '2026-11-01' })).toBe(false);
  });
});
