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
    title: "Renters' Rights Act 2025, s.56 (stating the rent; no rental bidding)",
    url: 'https://www.legislation.gov.uk/ukpga/2025/26/section/56',
  },
  rentersRightsTenancies: {
    title: "Renters' Rights Act 2025, Part 1 Chapter 1 (assured tenancies are periodic)",
    url: 'https://www.legislation.gov.uk/ukpga/2025/26/part/1/chapter/1',
  },
  rentersRightsRentInAdvance: {
    title: "Renters' Rights Act 2025 (rent in advance limited to one month)",
    url: 'https://www.gov.uk/guidance/renting-out-your-property-guidance-for-landlords-and-letting-agents',
  },
  rentersRightsDiscrimination: {
    title: "Renters' Rights Act 2025, Part 1 Chapter 5 (discrimination relating to children and benefits)",
    url: 'https://www.legislation.gov.uk/ukpga/2025/26/part/1/chapter/5',
  },
} as const satisfies Record<string, TLawSource>;

export type TAdvertField = 'title' | 'description' | 'amenities';
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
      findings.push({
        ruleId: rule.id,
        kind: rule.kind,
        name: rule.name,
        field,
        words,
        message: `Please ${rule.kind === 'refuse' ? 'remove' : 'check'} ${quoted(words)}: ${rule.message} (${rule.law.title})`,
        law: rule.law,
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
