// The client-side rules of the application and tenancy pages (issue 31 item 6, decision 0066): what each status
// reads as, the same profile rows for every applicant, the offer form's checks, the decline form's, Apply's
// "Applied" state, and the landlord's tenancy record form sending only what changed.
import { describe, expect, it } from 'vitest';
import { accountLinksFor } from '../../src/client/components/layout/nav-items';
import {
  currentApplicationFor,
  DECLINE_REASONS,
  declineError,
  depositCapPounds,
  initialDeposit,
  offerErrors,
  profileRows,
  statusBadge,
  tenantStatusNote,
} from '../../src/client/features/applications/format';
import {
  openTodo,
  recordErrors,
  recordFormOf,
  recordPatch,
  startDateMovable,
  todoLine,
} from '../../src/client/features/tenancies/format';
import {
  APPLICATION_PAGES,
  DECLINE_REASONS as DOMAIN_REASONS,
  EMPTY_SNAPSHOT,
  type TApplicationView,
  type TTenancyView,
} from '../../src/domain/applications';
import { pageMetaFor } from '../../src/domain/pages';

const NOW = new Date('2026-11-27T12:00:00Z');

function application(overrides: Partial<TApplicationView> = {}): TApplicationView {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    status: 'submitted',
    createdAt: '2026-11-20T10:00:00Z',
    message: null,
    conversationId: '00000000-0000-4000-8000-000000000002',
    tenancyId: null,
    property: {
      id: '00000000-0000-4000-8000-000000000003',
      title: 'Terrace by the park',
      street: 'Park Road, Leeds',
      outcode: 'LS6',
      rent: 1200,
      rentPence: 120_000,
      coverUrl: null,
    },
    applicant: { id: '00000000-0000-4000-8000-000000000004', name: 'Ada Lovelace' },
    profile: EMPTY_SNAPSHOT,
    offer: null,
    decline: null,
    withdrawnAt: null,
    acceptedAt: null,
    ...overrides,
  };
}

function tenancy(overrides: Partial<TTenancyView> = {}): TTenancyView {
  return {
    id: '00000000-0000-4000-8000-000000000010',
    applicationId: '00000000-0000-4000-8000-000000000001',
    property: {
      id: '00000000-0000-4000-8000-000000000003',
      title: 'Terrace',
      address: '1 Park Road, Leeds LS6 1AA',
      outcode: 'LS6',
    },
    nation: 'england',
    landlord: { id: '00000000-0000-4000-8000-000000000020', name: 'Lee Landlord', email: 'lee@example.test' },
    tenants: [
      { id: '00000000-0000-4000-8000-000000000004', name: 'Ada Lovelace', email: 'ada@example.test' },
    ],
    startDate: '2026-12-15',
    rent: 1200,
    rentPence: 120_000,
    deposit: 1384.61,
    depositPence: 138_461,
    depositReceivedOn: null,
    depositScheme: null,
    depositSchemeLabel: null,
    depositReference: null,
    depositProtectedOn: null,
    protectDepositBy: null,
    informationSheetGivenOn: null,
    depositSchemes: [{ id: 'dps', label: 'Deposit Protection Service (DPS)' }],
    todo: [
      { kind: 'protect_deposit', label: 'Protect the deposit', dueBy: '2026-12-30', done: false },
      { kind: 'information_sheet', label: 'Give the information sheet', dueBy: null, done: true },
    ],
    createdAt: '2026-11-27T10:00:00Z',
    ...overrides,
  };
}

describe('statuses', () => {
  it('names every status in words with its own badge', () => {
    expect(statusBadge('submitted')).toEqual({ label: 'Applied', variant: 'default' });
    expect(statusBadge('offered').label).toBe('Offered');
    expect(statusBadge('accepted').variant).toBe('success');
    expect(statusBadge('declined').variant).toBe('danger');
    expect(statusBadge('withdrawn').label).toBe('Withdrawn');
  });

  it('tells the tenant what happens next for each status', () => {
    expect(tenantStatusNote(application())).toContain('You will be emailed');
    expect(tenantStatusNote(application({ status: 'offered' }))).toContain('Accept it');
    expect(tenantStatusNote(application({ status: 'accepted' }))).toContain('your home');
  });
});

describe('Apply', () => {
  it('shows "Applied" for a standing application of this home only, never a withdrawn one', () => {
    const mine = application();
    expect(currentApplicationFor([mine], mine.property.id)).toBe(mine);
    expect(currentApplicationFor([mine], '00000000-0000-4000-8000-0000000000ff')).toBeNull();
    expect(currentApplicationFor([application({ status: 'withdrawn' })], mine.property.id)).toBeNull();
    const declined = application({ status: 'declined' });
    expect(currentApplicationFor([application({ status: 'withdrawn' }), declined], mine.property.id)).toBe(
      declined,
    );
    expect(currentApplicationFor(undefined, mine.property.id)).toBeNull();
  });
});

describe('the applicant profile', () => {
  it('reads the same rows in the same order for a full profile and an empty one', () => {
    const full = profileRows({
      introduction: 'Nurse at the LGI',
      householdSize: 3,
      pets: 'has_pets',
      petDetails: 'an old cat',
      moveInFrom: '2027-01-04',
      monthlyIncome: 2850,
      monthlyIncomePence: 285_000,
      guarantorAvailable: true,
      rightToRentShareCode: 'W4X7Y9Z2K',
      previousLandlord: { name: 'Pat Previous', email: 'pat@example.test' },
    });
    const empty = profileRows(EMPTY_SNAPSHOT);
    expect(full.map((r) => r.label)).toEqual(empty.map((r) => r.label));
    expect(empty.every((r) => r.value === 'Not given')).toBe(true);
    expect(full.map((r) => r.value)).toEqual([
      '3',
      'Has pets: an old cat',
      '4 January 2027',
      '£2,850',
      'Yes',
      'W4X7Y9Z2K',
      'Pat Previous',
    ]);
  });

  it('never shows a row about children, benefits, age or nationality', () => {
    const labels = profileRows(EMPTY_SNAPSHOT)
      .map((r) => r.label)
      .join(' ');
    expect(labels).not.toMatch(/child|benefit|universal credit|age|nationality/i);
  });
});

describe('the offer form', () => {
  it("caps the deposit by the home's nation: five weeks' rent in England, none in Wales", () => {
    expect(depositCapPounds(1200, 'england')).toBe(1384.61);
    expect(depositCapPounds(1200, 'wales')).toBeNull();
  });

  it("prefills the listing's deposit, cut to the cap, or leaves it empty when the listing gave none", () => {
    expect(initialDeposit(1000, 1200, 'england')).toBe('1000');
    expect(initialDeposit(2000, 1200, 'england')).toBe('1384.61');
    expect(initialDeposit(2000, 1200, 'wales')).toBe('2000');
    expect(initialDeposit(null, 1200, 'england')).toBe('');
  });

  it('asks for a start date not in the past and a deposit from £0 to the cap', () => {
    expect(offerErrors({ startDate: '2026-12-01', deposit: '1384.61' }, 1200, 'england', NOW)).toEqual({});
    expect(offerErrors({ startDate: '2026-11-27', deposit: '0' }, 1200, 'england', NOW)).toEqual({});
    expect(offerErrors({ startDate: '', deposit: '' }, 1200, 'england', NOW)).toEqual({
      startDate: 'Choose a start date',
      deposit: 'Enter the deposit in pounds (0 for none)',
    });
    expect(offerErrors({ startDate: '2026-11-26', deposit: '1384.62' }, 1200, 'england', NOW)).toEqual({
      startDate: 'The start date cannot be in the past',
      deposit: 'The deposit can be at most £1,384.61 (the legal cap)',
    });
    expect(offerErrors({ startDate: '2026-12-01', deposit: '10.005' }, 1200, 'england', NOW).deposit).toBe(
      'The deposit can have at most two decimal places',
    );
    expect(
      offerErrors({ startDate: '2026-12-01', deposit: '-1' }, 1200, 'england', NOW).deposit,
    ).toBeTruthy();
    expect(offerErrors({ startDate: '2026-12-01', deposit: '9000' }, 1200, 'wales', NOW)).toEqual({});
  });
});

describe('the decline form', () => {
  it("lists the law's reasons only, and needs a note for other", () => {
    expect(DECLINE_REASONS.map((r) => r.value)).toEqual([...DOMAIN_REASONS]);
    expect(DECLINE_REASONS.map((r) => r.label).join(' ')).not.toMatch(/child|benefit/i);
    expect(declineError('', '')).toBe('Choose a reason from the list');
    expect(declineError('other', '  ')).toBe('Say why in the note');
    expect(declineError('other', 'Sold the home')).toBeNull();
    expect(declineError('affordability', '')).toBeNull();
  });
});

describe('the tenancy record', () => {
  it('counts and words what the landlord must still do', () => {
    const t = tenancy();
    expect(openTodo(t)).toBe(1);
    expect(todoLine(t.todo[0])).toBe('Protect the deposit (by 30 December 2026)');
    expect(todoLine(t.todo[1])).toBe('Give the information sheet');
  });

  it('lets the start date move only while it is still to come', () => {
    expect(startDateMovable({ startDate: '2026-11-28' }, NOW)).toBe(true);
    expect(startDateMovable({ startDate: '2026-11-27' }, NOW)).toBe(false);
  });

  it('sends only what changed, a cleared field as null', () => {
    const before = recordFormOf(tenancy({ depositReference: 'OLD-1' }));
    const after = { ...before, depositScheme: 'dps', depositReference: '', depositReceivedOn: '2026-11-20' };
    expect(recordPatch(before, after)).toEqual({
      depositScheme: 'dps',
      depositReference: null,
      depositReceivedOn: '2026-11-20',
    });
    expect(recordPatch(before, before)).toEqual({});
    expect(recordPatch(before, { ...before, startDate: '2027-01-01' })).toEqual({ startDate: '2027-01-01' });
  });

  it('asks for the scheme and its reference with a protected-on date, and no date in the future', () => {
    const form = recordFormOf(tenancy());
    expect(recordErrors({ ...form, depositProtectedOn: '2026-11-26' }, NOW)).toEqual({
      depositScheme: 'Choose the scheme it is protected with',
      depositReference: "Enter the scheme's reference for this deposit",
    });
    expect(
      recordErrors(
        { ...form, depositScheme: 'dps', depositReference: 'R1', depositProtectedOn: '2026-11-26' },
        NOW,
      ),
    ).toEqual({});
    expect(recordErrors({ ...form, informationSheetGivenOn: '2026-11-28' }, NOW)).toEqual({
      informationSheetGivenOn: 'This date cannot be in the future',
    });
  });
});

describe('account links', () => {
  it('gives tenants their applications and home, landlords their tenancies, and others nothing new', () => {
    expect(accountLinksFor('tenant').map((l) => l.to)).toEqual(['/applications', '/my-home']);
    expect(accountLinksFor('landlord').map((l) => l.to)).toEqual(['/tenancies']);
    expect(accountLinksFor('contractor')).toEqual([]);
    expect(accountLinksFor(null)).toEqual([]);
  });

  it('links to the pages the emails name, each a page of the site with its own title', () => {
    // nav-items.ts writes the paths out (the header loads no zod); they must stay APPLICATION_PAGES'.
    expect(accountLinksFor('tenant').map((l) => l.to)).toEqual([
      APPLICATION_PAGES.myApplications,
      APPLICATION_PAGES.myHome,
    ]);
    expect(accountLinksFor('landlord').map((l) => l.to)).toEqual([APPLICATION_PAGES.tenancies]);
    const id = '00000000-0000-4000-8000-000000000003';
    expect(pageMetaFor(APPLICATION_PAGES.myApplications)?.title).toBe('My Applications | Your Place');
    expect(pageMetaFor(APPLICATION_PAGES.myHome)?.title).toBe('My Home | Your Place');
    expect(pageMetaFor(APPLICATION_PAGES.tenancies)?.title).toBe('Tenancies | Your Place');
    expect(pageMetaFor(APPLICATION_PAGES.listingApplicants(id))?.title).toBe(
      'Listing Applicants | Your Place',
    );
    expect(pageMetaFor(`/tenancies/${id}`)?.title).toBe('Tenancy | Your Place');
  });
});
