// Wording that adverts may not use. Refusing tenants because they receive benefits ("No DSS") was found
// unlawful indirect discrimination under the Equality Act 2010 (York County Court, 2020) and is banned
// outright by the Renters' Rights Act 2025, which also bans refusing tenants because they have children.

const BANNED_PHRASES: Array<{ pattern: RegExp; reason: string }> = [
  { pattern: /\bno\s+(?:dss|d\.s\.s\.?)\b/i, reason: '"No DSS"' },
  { pattern: /\bno\s+(?:housing\s+)?benefits?\b/i, reason: '"No benefits"' },
  { pattern: /\bno\s+(?:universal\s+credit|uc)\b/i, reason: '"No Universal Credit"' },
  { pattern: /\b(?:dss|benefits?\s+claimants?)\s+not\s+accepted\b/i, reason: 'refusing benefit claimants' },
  { pattern: /\bno\s+(?:children|kids|families)\b/i, reason: '"No children"' },
  {
    pattern: /\b(?:children|kids)\s+not\s+(?:accepted|allowed)\b/i,
    reason: 'refusing families with children',
  },
];

/** The discriminatory phrases found in the text, described for the landlord; empty when the text is fine. */
export function discriminatoryWording(text: string): string[] {
  return BANNED_PHRASES.filter(({ pattern }) => pattern.test(text)).map(({ reason }) => reason);
}

export function discriminatoryWordingMessage(found: string[]): string {
  return `Please remove ${found.join(' and ')}: adverts may not refuse tenants who receive benefits or have children (Equality Act 2010, Renters' Rights Act 2025).`;
}
