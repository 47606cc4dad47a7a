// The renter profile (issue 31 item 1; docs/decisions/0064-the-renter-profile.md): what a tenant writes once and
// sends with each application. Only its owner sees it until they apply; an application carries a snapshot of it
// to the landlord of that home. It asks only what a landlord may lawfully use to choose: never children, benefits,
// nationality or any other protected characteristic (Equality Act 2010; Renters' Rights Act 2025 Part 1 Chapter 3).
import { z } from 'zod';
import { ZEmail } from './accounts';
import { ZCalendarDay } from './date-schemas';
import { isAdmin } from './identity';

export const INTRODUCTION_MAX = 1000;
export const PET_DETAILS_MAX = 300;
export const PREVIOUS_LANDLORD_NAME_MAX = 120;
export const HOUSEHOLD_SIZE = { min: 1, max: 20 } as const;
/** Pounds a month; anything above is a typing slip, not an income. */
export const MONTHLY_INCOME_MAX = 1_000_000;
/** How far ahead a move-in date may be: a profile is for homes advertised now. */
export const MOVE_IN_HORIZON_DAYS = 730;
export const PET_ANSWERS = ['none', 'has_pets'] as const;
export type TPetAnswer = (typeof PET_ANSWERS)[number];
export const PET_LABELS: Record<TPetAnswer, string> = { none: 'No pets', has_pets: 'I have pets' };

/**
 * A Home Office share code (GOV.UK "Prove your right to rent in England"): nine letters and digits, shown in three
 * groups of three; one made to prove a right to rent begins with R (one for work begins with W).
 */
export const SHARE_CODE_LENGTH = 9;
export const RIGHT_TO_RENT_PREFIX = 'R';
export const RIGHT_TO_WORK_PREFIX = 'W';
/** Share codes last 90 days from when they are made (GOV.UK "Prove your right to rent"). */
export const SHARE_CODE_VALID_DAYS = 90;

export const RENTER_PROFILE_MESSAGES = {
  introduction: 'Please write a short introduction',
  introductionTooLong: `Your introduction can be at most ${INTRODUCTION_MAX} characters`,
  householdSize: `Say how many people would live in the home: ${HOUSEHOLD_SIZE.min} to ${HOUSEHOLD_SIZE.max}`,
  pets: 'Say whether you have pets',
  petDetails: 'Say what pets you have, for example "one indoor cat"',
  petDetailsTooLong: `Pet details can be at most ${PET_DETAILS_MAX} characters`,
  moveInFrom: 'Please choose the earliest date you could move in',
  moveInPast: 'Your earliest move-in date cannot be in the past',
  moveInTooFar: 'Choose a move-in date within the next two years',
  monthlyIncome: `Monthly income must be a number of pounds from 0 to ${MONTHLY_INCOME_MAX.toLocaleString('en-GB')}`,
  guarantor: 'Guarantor must be yes, no or not said',
  shareCodeLength: `A share code has ${SHARE_CODE_LENGTH} letters and numbers, for example R12 3AB C45`,
  shareCodeCharacters: 'A share code has only letters and numbers',
  shareCodeWork:
    'This is a right to work code (it begins with W). Make a right to rent code on GOV.UK: it begins with R',
  shareCodePurpose:
    'A right to rent share code begins with R. Make one on GOV.UK under "Prove your right to rent"',
  previousLandlordName: "Give your previous landlord's name too, or leave both blank",
  previousLandlordNameTooLong: `The name can be at most ${PREVIOUS_LANDLORD_NAME_MAX} characters`,
  previousLandlordEmail: "Give your previous landlord's email address too, or leave both blank",
  tenantsOnly: 'A renter profile is for tenant accounts.',
} as const;

/** Who has a renter profile: tenant accounts (staff have none, whatever their account type). */
export function hasRenterProfile(person: { role?: string | null; userType?: string | null } | null): boolean {
  return person?.userType === 'tenant' && !isAdmin(person);
}

/** "R12 3ab c45" → "R123ABC45": spaces, dashes and case as people copy them are not part of the code. */
export function normaliseShareCode(text: string): string {
  return text.replace(/[\s\-‐-―]+/g, '').toUpperCase();
}

/** "R123ABC45" → "R12 3AB C45", as the Home Office shows it. */
export function formatShareCode(code: string): string {
  return normaliseShareCode(code).replace(/(.{3})(?=.)/g, '$1 ');
}

/** Why a (normalised) share code is not a right to rent code, or null when its form is right. */
export function shareCodeProblem(code: string): string | null {
  if (!/^[A-Z0-9]*$/.test(code)) return RENTER_PROFILE_MESSAGES.shareCodeCharacters;
  if (code.length !== SHARE_CODE_LENGTH) return RENTER_PROFILE_MESSAGES.shareCodeLength;
  if (code.startsWith(RIGHT_TO_WORK_PREFIX)) return RENTER_PROFILE_MESSAGES.shareCodeWork;
  if (!code.startsWith(RIGHT_TO_RENT_PREFIX)) return RENTER_PROFILE_MESSAGES.shareCodePurpose;
  return null;
}

/** The calendar day `days` after a `YYYY-MM-DD` day. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Why an earliest move-in day cannot be saved on `today` (London), or null: from today to two years ahead. */
export function moveInFromProblem(day: string, today: string): string | null {
  if (day < today) return RENTER_PROFILE_MESSAGES.moveInPast;
  if (day > addDays(today, MOVE_IN_HORIZON_DAYS)) return RENTER_PROFILE_MESSAGES.moveInTooFar;
  return null;
}

/** Optional text: blank is "not said" (null). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => v || null);

const ZShareCode = z
  .string({ error: RENTER_PROFILE_MESSAGES.shareCodeLength })
  .max(40, RENTER_PROFILE_MESSAGES.shareCodeLength)
  .nullish()
  .transform((v, ctx) => {
    const code = normaliseShareCode(v ?? '');
    if (!code) return null;
    const problem = shareCodeProblem(code);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    return code;
  });

/** Name and email of the previous landlord, both or neither: a reference needs someone to ask and where. */
const ZPreviousLandlord = z
  .strictObject({
    name: z
      .string()
      .trim()
      .max(PREVIOUS_LANDLORD_NAME_MAX, RENTER_PROFILE_MESSAGES.previousLandlordNameTooLong),
    email: z.string().trim(),
  })
  .nullish()
  .transform((v, ctx) => {
    const name = v?.name ?? '';
    const email = v?.email ?? '';
    if (!name && !email) return null;
    if (!name) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: RENTER_PROFILE_MESSAGES.previousLandlordName });
      return z.NEVER;
    }
    if (!email) {
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: RENTER_PROFILE_MESSAGES.previousLandlordEmail,
      });
      return z.NEVER;
    }
    const parsed = ZEmail.safeParse(email);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: parsed.error.issues[0]?.message ?? 'Invalid',
      });
      return z.NEVER;
    }
    return { name, email: parsed.data };
  });

/**
 * PUT /api/renter-profile. Money is pounds, as the property API's `rent` and `deposit` (stored in pence). The
 * move-in day's "not in the past" needs today's date: the service checks it with moveInFromProblem.
 */
export const ZRenterProfileRequest = z
  .strictObject({
    introduction: z
      .string({ error: RENTER_PROFILE_MESSAGES.introduction })
      .trim()
      .min(1, RENTER_PROFILE_MESSAGES.introduction)
      .max(INTRODUCTION_MAX, RENTER_PROFILE_MESSAGES.introductionTooLong)
      .describe('A few lines about you, for the landlord of a home you apply for'),
    householdSize: z
      .number({ error: RENTER_PROFILE_MESSAGES.householdSize })
      .int(RENTER_PROFILE_MESSAGES.householdSize)
      .min(HOUSEHOLD_SIZE.min, RENTER_PROFILE_MESSAGES.householdSize)
      .max(HOUSEHOLD_SIZE.max, RENTER_PROFILE_MESSAGES.householdSize)
      .describe('How many people would live in the home, of any age (never asked apart: RRA 2025)'),
    pets: z.enum(PET_ANSWERS, { error: RENTER_PROFILE_MESSAGES.pets }),
    petDetails: optionalText(PET_DETAILS_MAX, RENTER_PROFILE_MESSAGES.petDetailsTooLong).describe(
      'What pets, when pets is has_pets (required then; dropped when none)',
    ),
    moveInFrom: ZCalendarDay(RENTER_PROFILE_MESSAGES.moveInFrom).describe(
      'The earliest day you could move in, YYYY-MM-DD, today or later',
    ),
    monthlyIncome: z
      .number({ error: RENTER_PROFILE_MESSAGES.monthlyIncome })
      .min(0, RENTER_PROFILE_MESSAGES.monthlyIncome)
      .max(MONTHLY_INCOME_MAX, RENTER_PROFILE_MESSAGES.monthlyIncome)
      .nullish()
      .transform((v) => v ?? null)
      .describe('Optional: pounds a month, from any source'),
    guarantorAvailable: z
      .boolean({ error: RENTER_PROFILE_MESSAGES.guarantor })
      .nullish()
      .transform((v) => v ?? null)
      .describe('Optional: null is not said'),
    rightToRentShareCode: ZShareCode.describe(
      'Optional: a Home Office right to rent share code (9 letters and digits, begins with R); spaces and case are ignored',
    ),
    previousLandlord: ZPreviousLandlord.describe('Optional: both name and email, or neither (null)'),
  })
  .refine((profile) => profile.pets !== 'has_pets' || !!profile.petDetails, {
    path: ['petDetails'],
    message: RENTER_PROFILE_MESSAGES.petDetails,
    // Checked even while other fields are wrong, so every error shows at once.
    when: ({ value }) =>
      typeof value === 'object' && value !== null && 'pets' in value && value.pets === 'has_pets',
  })
  .transform((profile) => (profile.pets === 'none' ? { ...profile, petDetails: null } : profile));
export type TRenterProfileRequest = z.output<typeof ZRenterProfileRequest>;
export type TRenterProfileInput = z.input<typeof ZRenterProfileRequest>;

/**
 * The profile's fields, named as ApplicationView.profile names them (an application carries this snapshot).
 * householdSize, pets and moveInFrom are null only for a row saved outside this API (the PUT requires them).
 */
export const ZRenterProfile = z
  .object({
    introduction: z.string(),
    householdSize: z.number().int().nullable(),
    pets: z.enum(PET_ANSWERS).nullable(),
    petDetails: z.string().nullable(),
    moveInFrom: z.string().nullable().describe('YYYY-MM-DD'),
    monthlyIncome: z.number().nullable().describe('Pounds a month; null when not said'),
    guarantorAvailable: z.boolean().nullable(),
    rightToRentShareCode: z.string().nullable().describe('Normalised: 9 characters, no spaces'),
    previousLandlord: z.object({ name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'RenterProfile' });
export type TRenterProfile = z.output<typeof ZRenterProfile>;

/** GET and PUT /api/renter-profile: the owner's own profile, with when it was last saved; null before the first save. */
export const ZRenterProfileReply = z.object({
  profile: ZRenterProfile.extend({
    updatedAt: z.string().describe('ISO instant of the last save'),
  }).nullable(),
});
export type TRenterProfileReply = z.output<typeof ZRenterProfileReply>;
export type TRenterProfileView = NonNullable<TRenterProfileReply['profile']>;

/** The profile's fields as the form and the application show them, in order. */
export const RENTER_PROFILE_FIELDS = [
  'introduction',
  'householdSize',
  'pets',
  'moveInFrom',
  'monthlyIncome',
  'guarantorAvailable',
  'rightToRentShareCode',
  'previousLandlord',
] as const;
export type TRenterProfileField = (typeof RENTER_PROFILE_FIELDS)[number];

/** Later edits never reach a landlord who already has the application: it carries its own snapshot. */
const UNTIL_YOU_APPLY =
  'Only you, until you apply. Then the landlord of the home you apply for sees it as it was when you applied.';

/**
 * Who sees each field and when: the page shows it beside the field, and the tests hold the server to it. Nobody
 * else (other landlords, other tenants, contractors, our staff through the site) is shown a profile.
 */
export const RENTER_PROFILE_FIELD_TEXT: Record<
  TRenterProfileField,
  { label: string; hint: string; whoSees: string }
> = {
  introduction: {
    label: 'Introduction',
    hint: `A few lines about you and why the home suits you. Up to ${INTRODUCTION_MAX.toLocaleString('en-GB')} characters.`,
    whoSees: UNTIL_YOU_APPLY,
  },
  householdSize: {
    label: 'How many people would live there',
    hint: 'Everyone, of any age, you included. We never ask about children: a landlord may not refuse a family.',
    whoSees: `${UNTIL_YOU_APPLY} They may use it only to check the home is big enough by law.`,
  },
  pets: {
    label: 'Pets',
    hint: 'If you have pets, say what they are. In England a landlord must not unreasonably refuse a request to keep a pet.',
    whoSees: UNTIL_YOU_APPLY,
  },
  moveInFrom: {
    label: 'Earliest move-in date',
    hint: 'The first day you could move in. Today or later.',
    whoSees: UNTIL_YOU_APPLY,
  },
  monthlyIncome: {
    label: 'Monthly income (optional)',
    hint: 'In pounds, before tax, from any source: wages, pension, benefits or a student loan all count. Leave blank if you would rather not say; you can still apply.',
    whoSees: `${UNTIL_YOU_APPLY} Only the amount: never where it comes from.`,
  },
  guarantorAvailable: {
    label: 'Guarantor (optional)',
    hint: 'Whether someone would guarantee the rent for you.',
    whoSees: UNTIL_YOU_APPLY,
  },
  rightToRentShareCode: {
    label: 'Right to rent share code (optional)',
    hint: `If you are not a British or Irish citizen, make a share code on GOV.UK ("Prove your right to rent"). It has 9 letters and numbers and begins with R. It lasts ${SHARE_CODE_VALID_DAYS} days.`,
    whoSees: `${UNTIL_YOU_APPLY} They check it on GOV.UK with your date of birth, which we do not ask for.`,
  },
  previousLandlord: {
    label: 'Previous landlord (optional)',
    hint: 'Name and email of a landlord who could give you a reference. Both, or leave both blank.',
    whoSees:
      'Only you, until you apply. Then the landlord of the home you apply for sees the name and email as they were when you applied, and may ask them for a reference through Your Place. Your previous landlord sees only your name and the street of that home.',
  },
};

/** What the profile never asks, and why: shown on the page and explained in decision 0064. */
export const NEVER_ASKED = [
  'Whether children would live with you, or their ages',
  'Whether you receive benefits',
  'Your nationality, ethnicity, religion, sex, age, disability, pregnancy or relationship status',
  'Your date of birth, bank details or documents',
] as const;
