// The law's rules in the listing form (issue 28): the same rules as the API (src/domain/advert-rules.ts), run on
// what is typed so far, for the nation of the postcode typed (or the one chosen in a border district). Until a
// postcode is typed the form checks against England's rules, and says so.
import {
  listingFindings,
  listingNation,
  nationChoices,
  nationOfOutcode,
  type TListingFacts,
  type TNation,
  type TRuleFinding,
} from '../../../domain/advert-rules';
import { londonToday } from '../../../domain/dates';
import { isValidPostcode, outcodeOf } from '../../../domain/postcodes';

export interface FormNation {
  /** The nation whose rules the form checks. */
  nation: TNation;
  /** False until a full postcode is typed (then England's rules are checked). */
  known: boolean;
  /** In a border district, the nations to choose between; null elsewhere. */
  choices: readonly TNation[] | null;
  /** A border district whose nation has not been chosen yet. */
  needsChoice: boolean;
}

export function formNation(postcode: unknown, chosen: unknown): FormNation {
  if (typeof postcode !== 'string' || !isValidPostcode(postcode))
    return { nation: 'england', known: false, choices: null, needsChoice: false };
  const outcode = outcodeOf(postcode);
  const choices = nationChoices(outcode);
  const nation = listingNation(outcode, nationOfOutcode(outcode), chosen as TNation | null);
  return { nation: nation ?? choices?.[0] ?? 'england', known: true, choices, needsChoice: !nation };
}

const pence = (pounds: unknown) =>
  typeof pounds === 'number' && Number.isFinite(pounds) ? Math.round(pounds * 100) : null;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** What the rules read, from the form's values as they stand (partly typed values count as not given). */
export function formFacts(values: Record<string, unknown>): TListingFacts {
  const exemption = values.epcExemption as { kind?: unknown; reference?: unknown } | null | undefined;
  return {
    title: text(values.title),
    description: text(values.description),
    amenities: Array.isArray(values.amenities) ? values.amenities.map(String) : [],
    monthlyRentPence: pence(values.monthlyRent) ?? 0,
    depositPence: pence(values.deposit),
    holdingDepositPence: pence(values.holdingDeposit),
    epcRating: text(values.epcRating) || null,
    epcExemption:
      exemption && typeof exemption.kind === 'string' && exemption.kind
        ? { kind: exemption.kind, reference: text(exemption.reference) }
        : null,
    landlordRegistrationNumber: text(values.landlordRegistrationNumber).trim() || null,
    occupationContract: text(values.occupationContract) || null,
  };
}

/** The rules' findings for the form's values today (London). */
export function formFindings(values: Record<string, unknown>, now = new Date()): TRuleFinding[] {
  const { nation } = formNation(values.postcode, values.nation);
  const facts = formFacts(values);
  // Caps need a rent: until one is typed, the deposit rules wait.
  const findings = listingFindings(facts, nation, londonToday(now));
  return facts.monthlyRentPence > 0
    ? findings
    : findings.filter((f) => f.field !== 'deposit' && f.field !== 'holdingDeposit');
}

/** The findings as the form shows them: per field, the first refusal (an inline error) and any warnings. */
export interface FieldLaw {
  nation: FormNation;
  refusal: (field: string) => string | undefined;
  warning: (field: string) => string | undefined;
  hasWarnings: boolean;
}

export function fieldLaw(values: Record<string, unknown>, now = new Date()): FieldLaw {
  // Live, only what was typed: wording found, or a figure or choice given. A missing value is the rules' error
  // when the form is sent (listing-form-rules.ts), not a red line on an empty form.
  const given = (field: string) => {
    const value = values[field];
    return value !== null && value !== undefined && value !== '';
  };
  const findings = formFindings(values, now).filter((f) => f.words.length > 0 || given(f.field));
  const first = (field: string, kind: 'refuse' | 'warn') =>
    findings.find((f) => f.field === field && f.kind === kind)?.message;
  return {
    nation: formNation(values.postcode, values.nation),
    refusal: (field) => first(field, 'refuse'),
    warning: (field) => first(field, 'warn'),
    hasWarnings: findings.some((f) => f.kind === 'warn'),
  };
}
