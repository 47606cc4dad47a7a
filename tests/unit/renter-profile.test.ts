// The renter profile's rules (issue 31 item 1; decision 0064): what it asks, how a share code is checked, and the
// words the page shows beside each field about who sees it and when.
import { describe, expect, it } from 'vitest';
import {
  formatShareCode,
  hasRenterProfile,
  moveInFromProblem,
  NEVER_ASKED,
  normaliseShareCode,
  RENTER_PROFILE_FIELD_TEXT,
  RENTER_PROFILE_FIELDS,
  RENTER_PROFILE_MESSAGES,
  shareCodeProblem,
  ZRenterProfile,
  ZRenterProfileRequest,
} from '../../src/domain/renter-profile';

const GOOD = {
  introduction: 'Nurse at the General, quiet, non-smoker.',
  householdSize: 2,
  pets: 'none',
  moveInFrom: '2027-01-10',
};

const errorsOf = (input: unknown) => {
  const result = ZRenterProfileRequest.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
};

describe('right to rent share codes', () => {
  it('ignores spaces, dashes and case as people copy them', () => {
    expect(normaliseShareCode(' r12 3ab-c45 ')).toBe('R123ABC45');
    expect(normaliseShareCode('R12\u00a03AB\u20133C4')).toBe('R123AB3C4');
  });

  it('shows a code in three groups of three, as the Home Office does', () => {
    expect(formatShareCode('r123abc45')).toBe('R12 3AB C45');
  });

  it('accepts nine letters and digits beginning with R', () => {
    expect(shareCodeProblem('R123ABC45')).toBeNull();
    expect(shareCodeProblem('RABCDEFGH')).toBeNull();
  });

  it('refuses the wrong length, other characters and codes made for another purpose', () => {
    expect(shareCodeProblem('R123ABC4')).toBe(RENTER_PROFILE_MESSAGES.shareCodeLength);
    expect(shareCodeProblem('R123ABC456')).toBe(RENTER_PROFILE_MESSAGES.shareCodeLength);
    expect(shareCodeProblem('R123AB!45')).toBe(RENTER_PROFILE_MESSAGES.shareCodeCharacters);
    expect(shareCodeProblem('W123ABC45')).toBe(RENTER_PROFILE_MESSAGES.shareCodeWork);
    expect(shareCodeProblem('S123ABC45')).toBe(RENTER_PROFILE_MESSAGES.shareCodePurpose);
  });

  it('stores the normalised code, and a blank one as not given', () => {
    const parsed = ZRenterProfileRequest.parse({ ...GOOD, rightToRentShareCode: 'r12 3ab c45' });
    expect(parsed.rightToRentShareCode).toBe('R123ABC45');
    expect(
      ZRenterProfileRequest.parse({ ...GOOD, rightToRentShareCode: '  ' }).rightToRentShareCode,
    ).toBeNull();
    expect(errorsOf({ ...GOOD, rightToRentShareCode: 'W12 3AB C45' })).toEqual({
      rightToRentShareCode: [RENTER_PROFILE_MESSAGES.shareCodeWork],
    });
  });
});

describe('the earliest move-in date', () => {
  it('may be today or later, up to two years ahead', () => {
    expect(moveInFromProblem('2026-11-27', '2026-11-27')).toBeNull();
    expect(moveInFromProblem('2028-11-26', '2026-11-27')).toBeNull();
  });

  it('is never in the past, nor years away', () => {
    expect(moveInFromProblem('2026-11-26', '2026-11-27')).toBe(RENTER_PROFILE_MESSAGES.moveInPast);
    expect(moveInFromProblem('2028-11-28', '2026-11-27')).toBe(RENTER_PROFILE_MESSAGES.moveInTooFar);
  });

  it('must be a real calendar day', () => {
    expect(errorsOf({ ...GOOD, moveInFrom: '2027-02-30' })).toHaveProperty('moveInFrom');
    expect(errorsOf({ ...GOOD, moveInFrom: undefined })).toEqual({
      moveInFrom: [RENTER_PROFILE_MESSAGES.moveInFrom],
    });
  });
});

describe('the profile request', () => {
  it('needs an introduction, the number of people, pets and a move-in date; the rest is optional', () => {
    const parsed = ZRenterProfileRequest.parse(GOOD);
    expect(parsed).toEqual({
      introduction: GOOD.introduction,
      householdSize: 2,
      pets: 'none',
      petDetails: null,
      moveInFrom: '2027-01-10',
      monthlyIncome: null,
      guarantorAvailable: null,
      rightToRentShareCode: null,
      previousLandlord: null,
    });
    expect(Object.keys(errorsOf({})).sort()).toEqual(['householdSize', 'introduction', 'moveInFrom', 'pets']);
  });

  it('counts people, 1 to 20, in whole numbers', () => {
    for (const householdSize of [0, 21, 2.5, '2'])
      expect(errorsOf({ ...GOOD, householdSize }), String(householdSize)).toEqual({
        householdSize: [RENTER_PROFILE_MESSAGES.householdSize],
      });
    expect(ZRenterProfileRequest.parse({ ...GOOD, householdSize: 20 }).householdSize).toBe(20);
  });

  it('keeps the introduction short', () => {
    expect(errorsOf({ ...GOOD, introduction: 'x'.repeat(1001) })).toEqual({
      introduction: [RENTER_PROFILE_MESSAGES.introductionTooLong],
    });
    expect(errorsOf({ ...GOOD, introduction: '   ' })).toEqual({
      introduction: [RENTER_PROFILE_MESSAGES.introduction],
    });
  });

  it('asks what pets when there are some, and forgets details when there are none', () => {
    expect(errorsOf({ ...GOOD, pets: 'has_pets' })).toEqual({
      petDetails: [RENTER_PROFILE_MESSAGES.petDetails],
    });
    expect(ZRenterProfileRequest.parse({ ...GOOD, pets: 'has_pets', petDetails: ' A cat ' }).petDetails).toBe(
      'A cat',
    );
    expect(ZRenterProfileRequest.parse({ ...GOOD, pets: 'none', petDetails: 'A cat' }).petDetails).toBeNull();
    expect(errorsOf({ ...GOOD, pets: 'yes' })).toEqual({ pets: [RENTER_PROFILE_MESSAGES.pets] });
    // Said with the other fields' errors, not only once they are right.
    expect(Object.keys(errorsOf({ ...GOOD, householdSize: 0, pets: 'has_pets' })).sort()).toEqual([
      'householdSize',
      'petDetails',
    ]);
  });

  it('takes income in pounds, as the property API takes rent, and a guarantor as yes, no or not said', () => {
    const parsed = ZRenterProfileRequest.parse({ ...GOOD, monthlyIncome: 2450.5, guarantorAvailable: false });
    expect(parsed.monthlyIncome).toBe(2450.5);
    expect(parsed.guarantorAvailable).toBe(false);
    expect(errorsOf({ ...GOOD, monthlyIncome: -1 })).toHaveProperty('monthlyIncome');
    expect(errorsOf({ ...GOOD, monthlyIncome: '2000' })).toHaveProperty('monthlyIncome');
    expect(errorsOf({ ...GOOD, guarantorAvailable: 'yes' })).toHaveProperty('guarantorAvailable');
  });

  it('takes the previous landlord as both name and a valid email, or neither', () => {
    const both = { name: 'Ms A Patel', email: ' A.Patel@Example.test ' };
    expect(ZRenterProfileRequest.parse({ ...GOOD, previousLandlord: both }).previousLandlord).toEqual({
      name: 'Ms A Patel',
      email: 'a.patel@example.test',
    });
    expect(
      ZRenterProfileRequest.parse({ ...GOOD, previousLandlord: { name: ' ', email: '' } }).previousLandlord,
    ).toBeNull();
    expect(errorsOf({ ...GOOD, previousLandlord: { name: 'Ms A Patel', email: '' } })).toEqual({
      'previousLandlord.email': [RENTER_PROFILE_MESSAGES.previousLandlordEmail],
    });
    expect(errorsOf({ ...GOOD, previousLandlord: { name: '', email: 'a@example.test' } })).toEqual({
      'previousLandlord.name': [RENTER_PROFILE_MESSAGES.previousLandlordName],
    });
    expect(errorsOf({ ...GOOD, previousLandlord: { name: 'A', email: 'not-an-email' } })).toEqual({
      'previousLandlord.email': ['Please enter a valid email address'],
    });
  });

  it('refuses what it never asks: children, benefits and anything else not in it', () => {
    for (const extra of [{ children: 2 }, { benefits: true }, { nationality: 'French' }, { adults: 2 }])
      expect(ZRenterProfileRequest.safeParse({ ...GOOD, ...extra }).success, JSON.stringify(extra)).toBe(
        false,
      );
  });
});

describe('who has a renter profile', () => {
  it('is tenant accounts only: not landlords, contractors, staff or nobody', () => {
    expect(hasRenterProfile({ role: 'user', userType: 'tenant' })).toBe(true);
    expect(hasRenterProfile({ role: 'user', userType: 'landlord' })).toBe(false);
    expect(hasRenterProfile({ role: 'user', userType: 'contractor' })).toBe(false);
    expect(hasRenterProfile({ role: 'admin', userType: 'tenant' })).toBe(false);
    expect(hasRenterProfile({ role: 'super_admin', userType: null })).toBe(false);
    expect(hasRenterProfile(null)).toBe(false);
  });
});

describe('who sees what, and when', () => {
  it('says it beside every field: only you until you apply, then the landlord of that home', () => {
    expect(Object.keys(RENTER_PROFILE_FIELD_TEXT).sort()).toEqual([...RENTER_PROFILE_FIELDS].sort());
    for (const field of RENTER_PROFILE_FIELDS) {
      const { label, hint, whoSees } = RENTER_PROFILE_FIELD_TEXT[field];
      expect(label.length, field).toBeGreaterThan(3);
      expect(hint.length, field).toBeGreaterThan(10);
      expect(whoSees, field).toMatch(/^Only you, until you apply\./);
      expect(whoSees, field).toMatch(/landlord of (the|that) home you apply for|its landlord/);
    }
  });

  it('names the fields the profile snapshot has, as the application contract names them', () => {
    expect(Object.keys(ZRenterProfile.shape).sort()).toEqual(
      [
        'guarantorAvailable',
        'householdSize',
        'introduction',
        'monthlyIncome',
        'moveInFrom',
        'petDetails',
        'pets',
        'previousLandlord',
        'rightToRentShareCode',
      ].sort(),
    );
  });

  it('tells the tenant what is never asked', () => {
    expect(NEVER_ASKED.join(' ')).toMatch(/children/);
    expect(NEVER_ASKED.join(' ')).toMatch(/benefits/);
  });
});
