// The pure rules of applications and tenancies (issue 31; decision 0063).
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addWeekdays,
  DECLINE_REASON_LABELS,
  DECLINE_REASONS,
  declineNoteProblems,
  depositSchemeLabel,
  EMPTY_SNAPSHOT,
  mayAct,
  offerProblems,
  protectDepositBy,
  readSnapshot,
  schemesFor,
  tenancyTodo,
  ZDeclineRequest,
  ZOfferRequest,
} from '../../src/domain/applications';
import { applicationsDeclinedWarning } from '../../src/domain/availability';
import { maxDepositPence } from '../../src/domain/deposit';

const offer = (overrides: Partial<Parameters<typeof offerProblems>[0]> = {}) =>
  offerProblems({
    advertisedRentPence: 130_000,
    rentPence: 130_000,
    depositPence: 150_000,
    startDate: '2026-12-01',
    nation: 'england',
    today: '2026-11-27',
    ...overrides,
  });

describe('who may move an application where', () => {
  it('lets the landlord offer only a submitted application, and decline an open one', () => {
    expect(mayAct('offer', 'landlord', 'submitted')).toBe(true);
    expect(mayAct('offer', 'landlord', 'offered')).toBe(false);
    expect(mayAct('offer', 'tenant', 'submitted')).toBe(false);
    expect(mayAct('decline', 'landlord', 'offered')).toBe(true);
    expect(mayAct('decline', 'landlord', 'accepted')).toBe(false);
    expect(mayAct('decline', 'tenant', 'submitted')).toBe(false);
  });

  it('lets only the tenant withdraw an open application and accept an offer', () => {
    expect(mayAct('withdraw', 'tenant', 'submitted')).toBe(true);
    expect(mayAct('withdraw', 'tenant', 'offered')).toBe(true);
    expect(mayAct('withdraw', 'landlord', 'submitted')).toBe(false);
    expect(mayAct('withdraw', 'tenant', 'declined')).toBe(false);
    expect(mayAct('accept', 'tenant', 'offered')).toBe(true);
    expect(mayAct('accept', 'tenant', 'submitted')).toBe(false);
    expect(mayAct('accept', 'landlord', 'offered')).toBe(false);
  });
});

describe('declining', () => {
  it('has a fixed list of reasons, none about children or benefits', () => {
    expect(DECLINE_REASONS).toEqual([
      'let_to_another',
      'affordability',
      'references',
      'move_in_date',
      'household_size',
      'other',
    ]);
    const words = Object.values(DECLINE_REASON_LABELS).join(' ').toLowerCase();
    for (const banned of ['child', 'kid', 'famil', 'benefit', 'dss', 'universal credit'])
      expect(words).not.toContain(banned);
  });

  it('refuses a note that refuses benefits or children, from the day the law applies', () => {
    expect(declineNoteProblems('no housing benefit, sorry', 'england', '2026-05-01')).toHaveLength(1);
    expect(declineNoteProblems('Adults only', 'scotland', '2026-11-27')).toHaveLength(1);
    expect(declineNoteProblems('no DSS', 'england', '2026-04-30')).toEqual([]);
    expect(declineNoteProblems('I am selling the flat', 'england', '2026-11-27')).toEqual([]);
    expect(declineNoteProblems(null, 'england', '2026-11-27')).toEqual([]);
  });

  it('needs a note for "other" and refuses an unknown reason', () => {
    expect(ZDeclineRequest.safeParse({ reason: 'affordability' }).success).toBe(true);
    const other = ZDeclineRequest.safeParse({ reason: 'other', note: '  ' });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0].path).toEqual(['note']);
    expect(ZDeclineRequest.safeParse({ reason: 'other', note: 'The landlord is selling' }).success).toBe(
      true,
    );
    expect(ZDeclineRequest.safeParse({ reason: 'children' }).success).toBe(false);
  });
});

describe('an offer', () => {
  it('may be the advertised rent or less, never more (the bidding ban)', () => {
    expect(offer()).toEqual([]);
    expect(offer({ rentPence: 120_000, depositPence: 100_000 })).toEqual([]);
    expect(offer({ rentPence: 130_001 }).map((p) => p.kind)).toEqual(['bidding']);
  });

  it("caps the deposit at five weeks' rent in England, two months' in Scotland, none in Wales", () => {
    expect(offer({ depositPence: maxDepositPence(130_000) })).toEqual([]);
    const over = offer({ depositPence: maxDepositPence(130_000) + 1 });
    expect(over.map((p) => p.kind)).toEqual(['cap']);
    expect(over[0].message).toBe(
      'The deposit can be at most £1,500 for this home (at most five weeks’ rent (six weeks’ from £50,000 a year)).',
    );
    expect(offer({ nation: 'scotland', depositPence: 260_000 })).toEqual([]);
    expect(offer({ nation: 'scotland', depositPence: 260_001 }).map((p) => p.kind)).toEqual(['cap']);
    expect(offer({ nation: 'wales', depositPence: 500_000 })).toEqual([]);
  });

  it('cannot start in the past', () => {
    expect(offer({ startDate: '2026-11-27' })).toEqual([]);
    expect(offer({ startDate: '2026-11-26' }).map((p) => p.field)).toEqual(['startDate']);
  });

  it('takes pounds with at most two decimal places', () => {
    expect(ZOfferRequest.safeParse({ startDate: '2026-12-01', deposit: 1500.5 }).success).toBe(true);
    expect(ZOfferRequest.safeParse({ startDate: '2026-12-01', deposit: 1500.505 }).success).toBe(false);
    expect(ZOfferRequest.safeParse({ startDate: '2026-12-01', deposit: -1 }).success).toBe(false);
    expect(ZOfferRequest.safeParse({ startDate: '2026-13-01', deposit: 1 }).success).toBe(false);
  });
});

describe('deposit protection', () => {
  it('is due within 30 days beginning with the day of receipt in England and Wales (Housing Act 2004 s.213)', () => {
    const tenancy = { depositPence: 150_000, depositReceivedOn: '2026-06-01', startDate: '2026-06-15' };
    expect(protectDepositBy('england', tenancy)).toBe('2026-06-30');
    expect(protectDepositBy('wales', tenancy)).toBe('2026-06-30');
    expect(protectDepositBy('northern_ireland', tenancy)).toBe('2026-06-28');
  });

  it('says no date when no deposit or no day of receipt was recorded', () => {
    expect(
      protectDepositBy('england', {
        depositPence: 0,
        depositReceivedOn: '2026-06-01',
        startDate: '2026-06-15',
      }),
    ).toBeNull();
    expect(
      protectDepositBy('england', { depositPence: 1, depositReceivedOn: null, startDate: '2026-06-15' }),
    ).toBeNull();
  });

  it('counts 30 working days from the start in Scotland', () => {
    // Monday 1 June 2026 + 30 weekdays = Monday 13 July 2026.
    expect(
      protectDepositBy('scotland', { depositPence: 1, depositReceivedOn: null, startDate: '2026-06-01' }),
    ).toBe('2026-07-13');
    expect(addWeekdays('2026-06-05', 1)).toBe('2026-06-08');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('lists the schemes of each nation with their names', () => {
    expect(schemesFor('england')).toEqual(['dps', 'mydeposits', 'tds']);
    expect(schemesFor('scotland')).toEqual(['safedeposits_scotland', 'mydeposits_scotland', 'lps_scotland']);
    expect(depositSchemeLabel('tds')).toBe('Tenancy Deposit Scheme (TDS)');
    expect(depositSchemeLabel('nope')).toBeNull();
  });
});

describe("a tenancy's to-do list", () => {
  it('asks for the deposit to be protected and the information sheet given, and ticks them off', () => {
    const open = tenancyTodo('england', {
      depositPence: 150_000,
      depositReceivedOn: '2026-06-01',
      depositProtectedOn: null,
      informationSheetGivenOn: null,
      startDate: '2026-06-15',
    });
    expect(open.map((t) => [t.kind, t.dueBy, t.done])).toEqual([
      ['protect_deposit', '2026-06-30', false],
      ['information_sheet', '2026-06-30', false],
    ]);
    const done = tenancyTodo('england', {
      depositPence: 150_000,
      depositReceivedOn: '2026-06-01',
      depositProtectedOn: '2026-06-02',
      informationSheetGivenOn: '2026-06-02',
      startDate: '2026-06-15',
    });
    expect(done.every((t) => t.done)).toBe(true);
  });

  it('has nothing to protect without a deposit', () => {
    const todo = tenancyTodo('england', {
      depositPence: 0,
      depositReceivedOn: null,
      depositProtectedOn: null,
      informationSheetGivenOn: null,
      startDate: '2026-06-15',
    });
    expect(todo.map((t) => [t.kind, t.dueBy])).toEqual([['information_sheet', '2026-06-15']]);
  });
});

describe('the warning before Let agreed or Delete', () => {
  it('says how many applicants are declined and that each is told, or nothing', () => {
    expect(applicationsDeclinedWarning(0, 'letAgreed')).toBe('');
    expect(applicationsDeclinedWarning(1, 'letAgreed')).toBe(
      '1 open application is declined (let to another applicant): each applicant is told in your conversation and by email.',
    );
    expect(applicationsDeclinedWarning(2, 'deleted')).toMatch(
      /^2 open applications are declined \(the listing was removed\)/,
    );
  });
});

describe('the profile snapshot', () => {
  it('reads what was stored and never invents what was not', () => {
    expect(readSnapshot({})).toEqual(EMPTY_SNAPSHOT);
    expect(
      readSnapshot({
        introduction: 'Hi',
        householdSize: 2,
        monthlyIncomePence: 250_000,
        previousLandlord: { name: 'Pat', email: 'pat@example.test' },
      }),
    ).toMatchObject({
      introduction: 'Hi',
      householdSize: 2,
      monthlyIncome: 2500,
      monthlyIncomePence: 250_000,
      guarantorAvailable: null,
      previousLandlord: { name: 'Pat', email: 'pat@example.test' },
    });
  });
});
