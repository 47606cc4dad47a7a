// The law an advert must meet, by nation (issue 28). Every rule is data: where it applies, from which day, what it
// looks for, what it tells the landlord and which law says so. The next change in the law is a new entry here, not
// new code. The same rules run as the landlord types (the listing form), in the API (400 with fieldErrors), again
// at admin approval, on live listings when a rule starts, and in conversations (the scam shield warns on the
// wording rules). Sources and the reasoning: docs/decisions/0047-advert-rules-by-nation.md.
//
// A rule is either a refusal (the advert cannot be published with it) or a warning (the landlord must confirm the
// wording is meant lawfully before it is accepted).

/** The UK's nations, as the postcode district's region says (a landlord confirms it in border districts). */
export const NATIONS = ['england', 'wales', 'scotland', 'northern_ireland'] as const;
export type TNation = (typeof NATIONS)[number];

export const NATION_LABELS: Record<TNation, string> = {
  england: 'England',
  wales: 'Wales',
  scotland: 'Scotland',
  northern_ireland: 'Northern Ireland',
};

/** The nation of a postcode district's region as the ONS data names it (`uk_region`): Scotland, Wales, Northern Ireland, or an English region. */
export function nationOfRegion(ukRegion: string): TNation {
  const region = ukRegion.trim().toLowerCase();
  if (region === 'scotland') return 'scotland';
  if (region === 'wales') return 'wales';
  if (region === 'northern ireland') return 'northern_ireland';
  return 'england';
}

export interface TLawSource {
  /** The Act, regulation or guidance, as a person would cite it. */
  title: string;
  /** Where to read it (legislation.gov.uk or gov.uk). */
  url: string;
}

export const LAW = {
  rentersRightsBidding: {
    title: "Renters' Rights Act 2025, s.56 (requirement to state rent and to avoid rental bidding)",
    url: 'https://www.legislation.gov.uk/ukpga/2025/26/section/56',
  },
  rentersRightsTenancies: {
    title: "Renters' Rights Act 2025, s.1 (assured tenancies to be periodic)",
    url: 'https://www.legislation.gov.uk/ukpga/2025/26/section/1',
  },
  rentersRightsRentInAdvance: {
    title: "Renters' Rights Act 2025, ss.8 and 9 (rent in advance)",
    url: 'https://www.legislation.gov.uk/ukpga/2025/26/section/9',
  },
  rentersRightsDiscrimination: {
    title: "Renters' Rights Act 2025, Part 1 Chapter 3 (discrimination in the rental market)",
    url: 'https://www.legislation.gov.uk/ukpga/2025/26/part/1/chapter/3',
  },
  rentersRightsDiscriminationWalesScotland: {
    title:
      "Renters' Rights Act 2025, Part 1 Chapter 4 (discrimination in the rental market: Wales and Scotland)",
    url: 'https://www.legislation.gov.uk/ukpga/2025/26/part/1/chapter/4',
  },
  rentersRightsPets: {
    title: "Renters' Rights Act 2025, s.11 (right to request permission to keep a pet)",
    url: 'https://www.legislation.gov.uk/ukpga/2025/26/section/11',
  },
  tenantFees: {
    title:
      'Tenant Fees Act 2019, Schedule 1 (deposits of five or six weeks’ rent; holding deposit of one week’s)',
    url: 'https://www.legislation.gov.uk/ukpga/2019/4/schedule/1',
  },
  walesFees: {
    title:
      'Renting Homes (Fees etc.) (Wales) Act 2019, Schedules 1 and 2 (holding deposit of one week’s rent)',
    url: 'https://www.legislation.gov.uk/anaw/2019/2/schedules',
  },
  walesOccupationContracts: {
    title: 'Renting Homes (Wales) Act 2016, s.8 (occupation contracts: standard periodic or fixed term)',
    url: 'https://www.legislation.gov.uk/anaw/2016/1/section/8',
  },
  scotlandDeposit: {
    title:
      'Private Housing (Tenancies) (Scotland) Act 2016, s.20, applying Rent (Scotland) Act 1984, s.90 (deposit at most two months’ rent)',
    url: 'https://www.legislation.gov.uk/asp/2016/19/section/20',
  },
  scotlandTenancies: {
    title: 'Private Housing (Tenancies) (Scotland) Act 2016 (private residential tenancies, open-ended)',
    url: 'https://www.legislation.gov.uk/asp/2016/19/contents',
  },
  scotlandRegistration: {
    title:
      'Antisocial Behaviour etc. (Scotland) Act 2004, s.92B (landlord registration number in every advert)',
    url: 'https://www.legislation.gov.uk/asp/2004/8/section/92B',
  },
  northernIrelandDeposit: {
    title: 'Private Tenancies Act (Northern Ireland) 2022, s.4 (deposit at most one month’s rent)',
    url: 'https://www.legislation.gov.uk/nia/2022/20/section/4',
  },
  epcEnglandWales: {
    title: 'Energy Performance of Buildings (England and Wales) Regulations 2012 (an EPC for every letting)',
    url: 'https://www.legislation.gov.uk/uksi/2012/3118/contents',
  },
  epcScotland: {
    title: 'Energy Performance of Buildings (Scotland) Regulations 2008 (an EPC for every letting)',
    url: 'https://www.legislation.gov.uk/ssi/2008/309/contents',
  },
  epcNorthernIreland: {
    title:
      'Energy Performance of Buildings (Certificates and Inspections) Regulations (Northern Ireland) 2008 (an EPC for every letting)',
    url: 'https://www.legislation.gov.uk/nisr/2008/170/contents',
  },
  minimumEnergyEfficiency: {
    title:
      'Energy Efficiency (Private Rented Property) (England and Wales) Regulations 2015 (no letting below EPC E without a registered exemption)',
    url: 'https://www.gov.uk/guidance/domestic-private-rented-property-minimum-energy-efficiency-standard-landlord-guidance',
  },
} as const satisfies Record<string, TLawSource>;

export type TAdvertField =
  | 'title'
  | 'description'
  | 'amenities'
  | 'deposit'
  | 'holdingDeposit'
  | 'epcRating'
  | 'epcExemption'
  | 'landlordRegistrationNumber'
  | 'occupationContract';
export type TRuleKind = 'refuse' | 'warn';

export interface TWordingRule {
  id: string;
  /** Where the rule applies, and the first day (London) it applies there: `YYYY-MM-DD`. */
  from: Partial<Record<TNation, string>>;
  kind: TRuleKind;
  /** A short name for the kind of wording, for the admin's checklist and the public page. */
  name: string;
  /** Case-insensitive; each match is reported with the words it matched. */
  patterns: RegExp[];
  /** What the landlord is told, after the words found. */
  message: string;
  law: TLawSource;
  /** Where a nation's own law says the same, the source to cite there. */
  lawIn?: Partial<Record<TNation, TLawSource>>;
}

const numberWord = '(?:[2-9]|1[0-2]|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';

export const WORDING_RULES: TWordingRule[] = [
  {
    id: 'rental-bidding',
    from: { england: '2026-05-01' },
    kind: 'refuse',
    name: 'Rental bidding',
    patterns: [
      /\boffers?\s+(?:over|above|in\s+excess\s+of)\b/i,
      /\boffers?\s+in\s+the\s+region\s+of\b/i,
      /\bo\.?i\.?e\.?o\.?\b/i,
      /\bo\.?i\.?r\.?o\.?\b/i,
      /\bbest\s+and\s+final\b/i,
      /\bhighest\s+(?:bid|bidder|offer)s?\b/i,
      /\bsealed\s+bids?\b/i,
      /\bbidding\s+(?:war|process)\b/i,
    ],
    message:
      'an advert must state one rent, and a landlord may not invite or accept offers above it (fines up to £7,000).',
    law: LAW.rentersRightsBidding,
  },
  {
    id: 'fixed-term',
    from: { england: '2026-05-01' },
    kind: 'refuse',
    name: 'A minimum or fixed term',
    patterns: [
      /\bmin(?:imum|\.)?\s+(?:term\s+(?:of\s+)?)?\d+\s*(?:-\s*)?(?:months?|years?|mths?)\b/i,
      /\bmin(?:imum|\.)?\s+(?:of\s+)?(?:six|twelve|eighteen|twenty[- ]four|one|two)\s+(?:months?|years?)\b/i,
      /\bminimum\s+(?:term|tenancy|let|stay|contract)\b/i,
      /\bfixed[- ]term\b/i,
      /\bAST\b/,
      /\bassured\s+shorthold\b/i,
      /\blong\s+lets?\s+only\b/i,
    ],
    message:
      'every tenancy in England is now periodic (rolling monthly), and the tenant can leave on two months’ notice, so an advert cannot ask for a minimum or fixed term.',
    law: LAW.rentersRightsTenancies,
  },
  {
    id: 'rent-in-advance',
    from: { england: '2026-05-01' },
    kind: 'refuse',
    name: 'More than a month’s rent in advance',
    patterns: [
      new RegExp(
        `\\b${numberWord}\\s+months?['’]?\\s+(?:of\\s+)?(?:rent\\s+)?(?:(?:paid|payable|required)\\s+)?(?:in\\s+advance|up[- ]?front)\\b`,
        'i',
      ),
      /\b(?:a\s+)?(?:year|year['’]s|years['’]|annual|whole\s+year['’]?s?)\s+(?:of\s+)?rent\s+(?:(?:paid|payable|required)\s+)?(?:in\s+advance|up[- ]?front)\b/i,
      /\brent\s+(?:paid\s+)?(?:\d+|six|twelve|three)\s+months\s+(?:in\s+advance|up[- ]?front)\b/i,
    ],
    message:
      'a landlord may ask for at most one month’s rent in advance, and only once the tenancy is agreed.',
    law: LAW.rentersRightsRentInAdvance,
  },
  {
    id: 'benefits-discrimination',
    from: { england: '2026-05-01', scotland: '2026-05-01', wales: '2026-06-01' },
    kind: 'refuse',
    name: 'Refusing people who receive benefits',
    patterns: [
      /\bno\s+(?:dss|d\.s\.s\.?)\b/i,
      /\bno\s+(?:housing\s+)?benefits?\b/i,
      /\bno\s+(?:universal\s+credit|uc|lha|local\s+housing\s+allowance)\b/i,
      /\b(?:dss|lha|universal\s+credit|(?:housing\s+)?benefits?(?:\s+claimants?)?)\s+not\s+(?:accepted|allowed|considered)\b/i,
      /\bworking\s+(?:tenants?|people|professionals?|applicants?)\s+only\b/i,
    ],
    message:
      'a landlord may not refuse, or discourage, tenants because they receive benefits; affordability is checked the same way for everyone.',
    law: LAW.rentersRightsDiscrimination,
    lawIn: {
      wales: LAW.rentersRightsDiscriminationWalesScotland,
      scotland: LAW.rentersRightsDiscriminationWalesScotland,
    },
  },
  {
    id: 'children-discrimination',
    from: { england: '2026-05-01', scotland: '2026-05-01', wales: '2026-06-01' },
    kind: 'refuse',
    name: 'Refusing families with children',
    patterns: [
      /\bno\s+(?:children|kids|families|under[- ]?(?:18|eighteen)s?)\b/i,
      /\b(?:children|kids|families)\s+not\s+(?:accepted|allowed|considered|permitted)\b/i,
      /\bnot\s+suitable\s+for\s+(?:children|kids|families)\b/i,
      /\badults?\s+only\b/i,
    ],
    message:
      'a landlord may not refuse, or discourage, tenants because they have children or will live with children.',
    law: LAW.rentersRightsDiscrimination,
    lawIn: {
      wales: LAW.rentersRightsDiscriminationWalesScotland,
      scotland: LAW.rentersRightsDiscriminationWalesScotland,
    },
  },
  {
    id: 'soft-exclusion',
    from: { england: '2026-05-01', scotland: '2026-05-01', wales: '2026-06-01' },
    kind: 'warn',
    name: 'Wording that may put off lawful tenants',
    patterns: [
      /\bprofessionals?\b/i,
      /\bcouples?\s+only\b/i,
      /\bsingle\s+(?:person|occupant|professional)\s+only\b/i,
    ],
    message:
      'describing who the home suits is fine, but it may not be used to refuse people with children or who receive benefits. Confirm you will consider every applicant on the same terms.',
    law: LAW.rentersRightsDiscrimination,
    lawIn: {
      wales: LAW.rentersRightsDiscriminationWalesScotland,
      scotland: LAW.rentersRightsDiscriminationWalesScotland,
    },
  },
];

export interface TAdvertText {
  title: string;
  description: string;
  amenities: readonly string[];
}

export interface TRuleFinding {
  ruleId: string;
  kind: TRuleKind;
  name: string;
  field: TAdvertField;
  /** The words in the advert that matched, as the landlord wrote them. */
  words: string[];
  /** The sentence to show: the words, then what the law says, then the law. */
  message: string;
  law: TLawSource;
}

/** Whether a rule applies in `nation` on `day` (`YYYY-MM-DD`, London). */
export function ruleApplies(
  rule: { from: Partial<Record<TNation, string>> },
  nation: TNation,
  day: string,
): boolean {
  const from = rule.from[nation];
  return from !== undefined && from <= day;
}

function quoted(words: string[]): string {
  return words.map((w) => `“${w}”`).join(', ');
}

/** What the wording rules find in an advert's title, description and amenity tags, in `nation` on `day`. */
export function wordingFindings(advert: TAdvertText, nation: TNation, day: string): TRuleFinding[] {
  const texts: Array<[TAdvertField, string]> = [
    ['title', advert.title],
    ['description', advert.description],
    ['amenities', advert.amenities.join('\n')],
  ];
  const findings: TRuleFinding[] = [];
  for (const rule of WORDING_RULES) {
    if (!ruleApplies(rule, nation, day)) continue;
    for (const [field, text] of texts) {
      const words = matchedWords(rule.patterns, text);
      if (words.length === 0) continue;
      const law = rule.lawIn?.[nation] ?? rule.law;
      findings.push({
        ruleId: rule.id,
        kind: rule.kind,
        name: rule.name,
        field,
        words,
        message: `Please ${rule.kind === 'refuse' ? 'remove' : 'check'} ${quoted(words)}: ${rule.message} (${law.title})`,
        law,
      });
    }
  }
  return findings;
}

/** The distinct words the patterns match in `text`, in the order they first appear. */
export function matchedWords(patterns: readonly RegExp[], text: string): string[] {
  const found: Array<{ at: number; words: string }> = [];
  for (const pattern of patterns) {
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
    );
    for (const match of text.matchAll(global)) found.push({ at: match.index ?? 0, words: match[0].trim() });
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => f.words)
    .filter((words) => {
      const key = words.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The wording rules for a message between a tenant and a landlord (the scam shield): the same rules, any nation's,
 * since a conversation's wording is judged by the home it is about. Returns what to warn both sides about.
 */
export function messageFindings(text: string, nation: TNation, day: string): TRuleFinding[] {
  return wordingFindings({ title: '', description: text, amenities: [] }, nation, day).filter(
    (f) => f.ruleId !== 'soft-exclusion',
  );
}

// ---- the nation of a postcode district ----

/**
 * Postcode districts that straddle a border: the district's region (uk-outcodes.csv) names the nation most of it
 * lies in, so the landlord confirms the nation of the home in the form. The first nation is the district's own.
 */
export const BORDER_DISTRICTS: Readonly<Record<string, readonly TNation[]>> = {
  CA6: ['england', 'scotland'],
  TD9: ['scotland', 'england'],
  TD12: ['scotland', 'england'],
  TD15: ['england', 'scotland'],
  CH4: ['england', 'wales'],
  CH5: ['wales', 'england'],
  SY10: ['england', 'wales'],
  SY13: ['england', 'wales'],
  SY14: ['england', 'wales'],
  SY15: ['wales', 'england'],
  SY21: ['wales', 'england'],
  SY22: ['wales', 'england'],
  HR2: ['england', 'wales'],
  HR3: ['england', 'wales'],
  HR5: ['england', 'wales'],
  LD7: ['wales', 'england'],
  LD8: ['wales', 'england'],
  NP7: ['wales', 'england'],
  NP16: ['wales', 'england'],
  NP25: ['wales', 'england'],
};

const SCOTTISH_AREAS = new Set([
  'AB',
  'DD',
  'DG',
  'EH',
  'FK',
  'G',
  'HS',
  'IV',
  'KA',
  'KW',
  'KY',
  'ML',
  'PA',
  'PH',
  'TD',
  'ZE',
]);
const WELSH_AREAS = new Set(['CF', 'LD', 'LL', 'NP', 'SA']);

/**
 * The nation of a postcode district by its letters and number alone, for the browser (the server reads the
 * district's region from uk-outcodes.csv; a unit test holds the two equal for every district).
 */
export function nationOfOutcode(outcode: string): TNation {
  const code = outcode.trim().toUpperCase();
  const area = code.match(/^[A-Z]+/)?.[0] ?? '';
  const district = Number(code.slice(area.length).match(/^\d+/)?.[0] ?? Number.NaN);
  if (area === 'BT') return 'northern_ireland';
  if (area === 'TD') return district === 15 ? 'england' : 'scotland';
  if (SCOTTISH_AREAS.has(area)) return 'scotland';
  if (WELSH_AREAS.has(area)) return 'wales';
  if (area === 'CH' && district >= 5 && district <= 8) return 'wales';
  if (area === 'SY' && district >= 15 && district <= 25) return 'wales';
  return 'england';
}

/** The nations a landlord may choose between for a district on a border; null where the district decides. */
export function nationChoices(outcode: string): readonly TNation[] | null {
  return BORDER_DISTRICTS[outcode.trim().toUpperCase()] ?? null;
}

export const NATION_CONFIRM_MESSAGE =
  'This postcode district crosses a border: choose the nation the home is in (its law applies).';

/**
 * A listing's nation: the district's, or in a border district the one its landlord confirmed (one of the
 * district's nations). Undefined when a border district's nation is not confirmed yet.
 */
export function listingNation(
  outcode: string,
  districtNation: TNation,
  confirmed: TNation | null | undefined,
): TNation | undefined {
  const choices = nationChoices(outcode);
  if (!choices) return districtNation;
  return confirmed && choices.includes(confirmed) ? confirmed : undefined;
}

// ---- the listing's facts and the rules on them ----

/** A stored text as one of a list's values, or null (a column written before a value was retired reads as null). */
export function oneOf<T extends string>(list: readonly T[], value: string | null | undefined): T | null {
  return value != null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

export const PET_POLICIES = ['allowed', 'on_request', 'not_allowed'] as const;
export type TPetPolicy = (typeof PET_POLICIES)[number];
export const PET_POLICY_LABELS: Record<TPetPolicy, string> = {
  allowed: 'Pets allowed',
  on_request: 'Pets considered on request',
  not_allowed: 'No pets',
};

export const BILLS = ['water', 'gas', 'electricity', 'council_tax', 'broadband', 'tv_licence'] as const;
export type TBill = (typeof BILLS)[number];
export const BILL_LABELS: Record<TBill, string> = {
  water: 'Water',
  gas: 'Gas',
  electricity: 'Electricity',
  council_tax: 'Council Tax',
  broadband: 'Broadband',
  tv_licence: 'TV licence',
};

/** The exemptions the PRS Exemptions Register records (England and Wales), by kind. */
export const EPC_EXEMPTION_KINDS = [
  'high_cost',
  'all_improvements_made',
  'wall_insulation',
  'consent',
  'devaluation',
  'new_landlord',
] as const;
export type TEpcExemptionKind = (typeof EPC_EXEMPTION_KINDS)[number];
export const EPC_EXEMPTION_LABELS: Record<TEpcExemptionKind, string> = {
  high_cost: 'High cost (the cap on spending is reached)',
  all_improvements_made: 'All relevant improvements made',
  wall_insulation: 'Wall insulation would harm the building',
  consent: 'Consent refused (tenant, lender, planning or freeholder)',
  devaluation: 'Improvements would devalue the property by over 5%',
  new_landlord: 'New landlord (six months)',
};

/** Wales: the occupation contract a private landlord gives (Renting Homes (Wales) Act 2016, s.8). */
export const OCCUPATION_CONTRACTS = ['standard_periodic', 'standard_fixed_term'] as const;
export type TOccupationContract = (typeof OCCUPATION_CONTRACTS)[number];
export const OCCUPATION_CONTRACT_LABELS: Record<TOccupationContract, string> = {
  standard_periodic: 'Standard periodic occupation contract',
  standard_fixed_term: 'Standard fixed term occupation contract',
};

/** Scotland's landlord registration number ("123456/230/45678"), or the words the law allows while it is pending. */
export const REGISTRATION_NUMBER_PATTERN = /^\d{5,6}\/\d{3}\/\d{5}$/;
export const REGISTRATION_PENDING = 'Landlord registration pending';
export function isRegistrationNumber(value: string): boolean {
  const text = value.trim();
  return REGISTRATION_NUMBER_PATTERN.test(text) || text.toLowerCase() === REGISTRATION_PENDING.toLowerCase();
}

export interface TListingFacts extends TAdvertText {
  monthlyRentPence: number;
  depositPence: number | null;
  holdingDepositPence: number | null;
  epcRating: string | null;
  epcExemption: { kind: string; reference: string } | null;
  landlordRegistrationNumber: string | null;
  occupationContract: string | null;
}

const poundsOf = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: pence % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

const WEEKS_PER_YEAR = 52;
const weeklyPence = (monthlyPence: number) => (monthlyPence * 12) / WEEKS_PER_YEAR;

/** A nation's cap on the tenancy deposit, as data: weeks of rent (a higher count from a yearly rent), or months. */
export type TDepositCap =
  | { unit: 'weeks'; weeks: number; highWeeks: number; highFromYearlyPence: number }
  | { unit: 'months'; months: number };

export interface TDepositRule {
  /** What the nation's law and its people call it. */
  label: string;
  from: string;
  cap: TDepositCap | null;
  law: TLawSource | null;
  /** The cap in words, for the form's hint and the public page. */
  capText: string;
}

export const DEPOSIT_RULES: Record<TNation, TDepositRule> = {
  england: {
    label: 'Tenancy deposit',
    from: '2019-06-01',
    cap: { unit: 'weeks', weeks: 5, highWeeks: 6, highFromYearlyPence: 50_000_00 },
    law: LAW.tenantFees,
    capText: 'at most five weeks’ rent (six weeks’ from £50,000 a year)',
  },
  wales: {
    label: 'Security deposit',
    from: '2019-09-01',
    // No statutory cap on a security deposit in Wales that we could find (decision 0047).
    cap: null,
    law: LAW.walesFees,
    capText: 'no fixed legal maximum in Wales; it must be protected in a deposit scheme',
  },
  scotland: {
    label: 'Deposit',
    from: '2017-12-01',
    cap: { unit: 'months', months: 2 },
    law: LAW.scotlandDeposit,
    capText: 'at most two months’ rent',
  },
  northern_ireland: {
    label: 'Tenancy deposit',
    from: '2023-04-01',
    cap: { unit: 'months', months: 1 },
    law: LAW.northernIrelandDeposit,
    capText: 'at most one month’s rent',
  },
};

/** The legal maximum deposit for a monthly rent in a nation, in pence; null where the law sets none. */
export function depositCapPence(monthlyRentPence: number, nation: TNation): number | null {
  const cap = DEPOSIT_RULES[nation].cap;
  if (!cap) return null;
  if (cap.unit === 'months') return monthlyRentPence * cap.months;
  const weeks = monthlyRentPence * 12 >= cap.highFromYearlyPence ? cap.highWeeks : cap.weeks;
  return Math.floor(weeklyPence(monthlyRentPence) * weeks);
}

/** England and Wales: a holding deposit is at most one week's rent. */
export const HOLDING_DEPOSIT_RULES: Partial<Record<TNation, { from: string; law: TLawSource }>> = {
  england: { from: '2019-06-01', law: LAW.tenantFees },
  wales: { from: '2019-09-01', law: LAW.walesFees },
};

export function holdingDepositCapPence(monthlyRentPence: number, nation: TNation): number | null {
  return HOLDING_DEPOSIT_RULES[nation] ? Math.floor(weeklyPence(monthlyRentPence)) : null;
}

export interface TListingRule {
  id: string;
  from: Partial<Record<TNation, string>>;
  kind: 'refuse';
  name: string;
  field: TAdvertField;
  /** What is checked, in a sentence, for the public page and the admin's checklist. */
  checks: string;
  law: TLawSource;
  lawIn?: Partial<Record<TNation, TLawSource>>;
  /** The problem in the listing, as told to the landlord; null when the listing meets the rule. */
  problem: (listing: TListingFacts, nation: TNation) => string | null;
}

const EPC_BELOW_E = new Set(['F', 'G']);

export const LISTING_RULES: TListingRule[] = [
  {
    id: 'epc-required',
    from: {
      england: '2008-10-01',
      wales: '2008-10-01',
      scotland: '2009-01-04',
      northern_ireland: '2008-12-30',
    },
    kind: 'refuse',
    name: 'An Energy Performance Certificate',
    field: 'epcRating',
    checks: 'The listing gives the home’s EPC rating (A to G), or an exemption with its register reference.',
    law: LAW.epcEnglandWales,
    lawIn: { scotland: LAW.epcScotland, northern_ireland: LAW.epcNorthernIreland },
    problem: (l) =>
      l.epcRating || l.epcExemption
        ? null
        : 'Give the home’s EPC rating (A to G), or the exemption it has: a home may not be let without one.',
  },
  {
    id: 'epc-minimum-e',
    from: { england: '2020-04-01', wales: '2020-04-01' },
    kind: 'refuse',
    name: 'EPC rating E or better',
    field: 'epcRating',
    checks: 'A home rated F or G has an exemption on the PRS Exemptions Register, with its reference.',
    law: LAW.minimumEnergyEfficiency,
    problem: (l) =>
      l.epcRating && EPC_BELOW_E.has(l.epcRating) && !l.epcExemption
        ? `A home rated ${l.epcRating} may not be let unless it is improved to E or an exemption is registered on the PRS Exemptions Register: give the exemption and its reference, or the new rating.`
        : null,
  },
  {
    id: 'deposit-cap',
    from: {
      england: DEPOSIT_RULES.england.from,
      scotland: DEPOSIT_RULES.scotland.from,
      northern_ireland: DEPOSIT_RULES.northern_ireland.from,
    },
    kind: 'refuse',
    name: 'A deposit within the legal maximum',
    field: 'deposit',
    checks:
      'The deposit stated is within the nation’s cap (England five or six weeks’ rent, Scotland two months’, Northern Ireland one month’s).',
    law: LAW.tenantFees,
    lawIn: { scotland: LAW.scotlandDeposit, northern_ireland: LAW.northernIrelandDeposit },
    problem: (l, nation) => {
      const cap = depositCapPence(l.monthlyRentPence, nation);
      return cap !== null && l.depositPence !== null && l.depositPence > cap
        ? `The deposit can be at most ${poundsOf(cap)} here (${DEPOSIT_RULES[nation].capText}).`
        : null;
    },
  },
  {
    id: 'holding-deposit-cap',
    from: { england: '2019-06-01', wales: '2019-09-01' },
    kind: 'refuse',
    name: 'A holding deposit of at most one week’s rent',
    field: 'holdingDeposit',
    checks: 'A holding deposit is at most one week’s rent.',
    law: LAW.tenantFees,
    lawIn: { wales: LAW.walesFees },
    problem: (l, nation) => {
      const cap = holdingDepositCapPence(l.monthlyRentPence, nation);
      return cap !== null && l.holdingDepositPence !== null && l.holdingDepositPence > cap
        ? `The holding deposit can be at most ${poundsOf(cap)}, one week’s rent.`
        : null;
    },
  },
  {
    id: 'landlord-registration',
    from: { scotland: '2011-08-31' },
    kind: 'refuse',
    name: 'The landlord registration number',
    field: 'landlordRegistrationNumber',
    checks: `A Scottish listing shows its landlord registration number (like 123456/230/45678), or “${REGISTRATION_PENDING}”.`,
    law: LAW.scotlandRegistration,
    problem: (l) =>
      l.landlordRegistrationNumber && isRegistrationNumber(l.landlordRegistrationNumber)
        ? null
        : l.landlordRegistrationNumber
          ? `Enter the registration number as the Scottish Landlord Register gives it, like 123456/230/45678 (or “${REGISTRATION_PENDING}”).`
          : `A Scottish advert must show the landlord registration number (like 123456/230/45678), or “${REGISTRATION_PENDING}”.`,
  },
  {
    id: 'occupation-contract',
    from: { wales: '2022-12-01' },
    kind: 'refuse',
    name: 'The occupation contract offered',
    field: 'occupationContract',
    checks:
      'A Welsh listing states the occupation contract it offers (standard periodic or standard fixed term).',
    law: LAW.walesOccupationContracts,
    problem: (l) =>
      l.occupationContract && (OCCUPATION_CONTRACTS as readonly string[]).includes(l.occupationContract)
        ? null
        : 'Say which occupation contract you will give: standard periodic or standard fixed term.',
  },
];

/** Every rule's result for a listing in `nation` on `day`: the wording rules, then the listing's facts. */
export function listingFindings(listing: TListingFacts, nation: TNation, day: string): TRuleFinding[] {
  const findings = wordingFindings(listing, nation, day);
  for (const rule of LISTING_RULES) {
    if (!ruleApplies(rule, nation, day)) continue;
    const problem = rule.problem(listing, nation);
    if (!problem) continue;
    const law = rule.lawIn?.[nation] ?? rule.law;
    findings.push({
      ruleId: rule.id,
      kind: rule.kind,
      name: rule.name,
      field: rule.field,
      words: [],
      message: `${problem} (${law.title})`,
      law,
    });
  }
  return findings;
}

export const refusals = (findings: readonly TRuleFinding[]) => findings.filter((f) => f.kind === 'refuse');
export const warnings = (findings: readonly TRuleFinding[]) => findings.filter((f) => f.kind === 'warn');

export const CONFIRM_WORDING_MESSAGE =
  'Some wording needs your confirmation: read the notes on the listing and send it again with the confirmation ticked (confirmWording: true).';

/** One line per rule for the checklist and the public page: what is checked, where, from when, and the law. */
export interface TRuleSummary {
  id: string;
  name: string;
  kind: TRuleKind;
  checks: string;
  from: Partial<Record<TNation, string>>;
  law: TLawSource;
}

export function ruleSummaries(): TRuleSummary[] {
  return [
    ...WORDING_RULES.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      checks: `Title, description and features: ${r.message}`,
      from: r.from,
      law: r.law,
    })),
    ...LISTING_RULES.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      checks: r.checks,
      from: r.from,
      law: r.law,
    })),
  ];
}

/** One rule's result for a listing, for the admin's checklist: passed, broken, or not applying there (yet). */
export interface TRuleResult {
  ruleId: string;
  name: string;
  outcome: 'pass' | 'refuse' | 'warn' | 'not_applicable';
  messages: string[];
  law: TLawSource;
}

export function ruleResults(listing: TListingFacts, nation: TNation, day: string): TRuleResult[] {
  const found = listingFindings(listing, nation, day);
  const rules: Array<{
    id: string;
    name: string;
    from: Partial<Record<TNation, string>>;
    law: TLawSource;
    lawIn?: Partial<Record<TNation, TLawSource>>;
  }> = [...WORDING_RULES, ...LISTING_RULES];
  return rules.map((rule) => {
    const mine = found.filter((f) => f.ruleId === rule.id);
    const law = rule.lawIn?.[nation] ?? rule.law;
    return {
      ruleId: rule.id,
      name: rule.name,
      outcome: !ruleApplies(rule, nation, day)
        ? 'not_applicable'
        : mine.length === 0
          ? 'pass'
          : mine.some((f) => f.kind === 'refuse')
            ? 'refuse'
            : 'warn',
      messages: mine.map((f) => f.message),
      law,
    };
  });
}

// ---- live listings when a rule starts ----

/**
 * A live listing that breaks a rule in force (a rule that started after it was approved) stays live this many days
 * after its landlord and the admins are told, then pauses until the landlord changes it (decision 0047).
 */
export const LAW_GRACE_DAYS = 14;

// ---- the tenancy, in each nation's terms ----

export interface TTenancyTerms {
  name: string;
  points: string[];
  law: TLawSource;
}

/** What tenancy a listing offers, in its nation's terms (Wales: the contract its landlord gives). */
export function tenancyTerms(nation: TNation, occupationContract?: string | null): TTenancyTerms {
  switch (nation) {
    case 'england':
      return {
        name: 'Assured periodic tenancy',
        points: [
          'Rolling monthly, with no fixed end date.',
          'The tenant can leave by giving two months’ notice.',
          'The tenant can ask to keep a pet, and the landlord may not unreasonably refuse.',
        ],
        law: LAW.rentersRightsTenancies,
      };
    case 'scotland':
      return {
        name: 'Private residential tenancy',
        points: ['Open-ended, with no fixed end date.', 'The tenant can leave by giving 28 days’ notice.'],
        law: LAW.scotlandTenancies,
      };
    case 'wales':
      return {
        name:
          occupationContract && occupationContract in OCCUPATION_CONTRACT_LABELS
            ? OCCUPATION_CONTRACT_LABELS[occupationContract as TOccupationContract]
            : 'Occupation contract (type not stated)',
        points: ['The written statement of the contract is given within 14 days of moving in.'],
        law: LAW.walesOccupationContracts,
      };
    case 'northern_ireland':
      return {
        name: 'Private tenancy',
        points: ['The terms are agreed with the landlord and set out in a tenancy information notice.'],
        law: LAW.northernIrelandDeposit,
      };
  }
}
