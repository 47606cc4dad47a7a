import { describe, expect, it } from 'vitest';
import {
  matchedWords,
  messageFindings,
  nationOfRegion,
  ruleApplies,
  WORDING_RULES,
  wordingFindings,
} from '../../src/domain/advert-rules';

const advert = (description: string, title = 'Two-bedroom flat', amenities: string[] = []) => ({
  title,
  description,
  amenities,
});
const AFTER = '2026-11-27';
const ids = (description: string, nation: Parameters<typeof wordingFindings>[1] = 'england', day = AFTER) =>
  wordingFindings(advert(description), nation, day).map((f) => f.ruleId);

describe('advert rules by nation', () => {
  it('reads the nation from the postcode district’s region', () => {
    expect(nationOfRegion('Scotland')).toBe('scotland');
    expect(nationOfRegion('Wales')).toBe('wales');
    expect(nationOfRegion('Northern Ireland')).toBe('northern_ireland');
    expect(nationOfRegion('North West')).toBe('england');
    expect(nationOfRegion('London')).toBe('england');
  });

  it.each([
    ['Offers over £1,200 a month considered', 'rental-bidding'],
    ['Rent OIEO £950', 'rental-bidding'],
    ['Best and final offers by Friday', 'rental-bidding'],
    ['Sealed bids to the agent', 'rental-bidding'],
    ['Minimum 12 month fixed term', 'fixed-term'],
    ['Six month AST', 'fixed-term'],
    ['Long lets only', 'fixed-term'],
    ["Six months' rent in advance required", 'rent-in-advance'],
    ['3 months rent upfront', 'rent-in-advance'],
    ['No DSS', 'benefits-discrimination'],
    ['No LHA or Universal Credit', 'benefits-discrimination'],
    ['Working tenants only', 'benefits-discrimination'],
    ['Not suitable for children', 'children-discrimination'],
    ['Adults only, no under-18s', 'children-discrimination'],
  ])('refuses “%s” in England (%s)', (text, rule) => {
    const found = wordingFindings(advert(text), 'england', AFTER).filter((f) => f.ruleId === rule);
    expect(found).toHaveLength(1);
    expect(found[0].kind).toBe('refuse');
    expect(found[0].message).toContain(found[0].law.title);
  });

  it('accepts a lawful advert and a month’s rent in advance', () => {
    expect(
      ids(
        'A bright flat near the station. One month’s rent in advance and a five-week deposit. Pets on request.',
      ),
    ).toEqual([]);
  });

  it('warns, not refuses, on softer phrases', () => {
    const found = wordingFindings(advert('Ideal for young professionals'), 'england', AFTER);
    expect(found.map((f) => [f.ruleId, f.kind])).toEqual([['soft-exclusion', 'warn']]);
  });

  it('applies each rule from its day, in its nations', () => {
    // Fixed terms are still lawful in Wales and Scotland has no bidding ban; discrimination is banned in all three.
    expect(ids('Minimum 12 months. Offers over £900.', 'wales')).toEqual([]);
    expect(ids('Minimum 12 months. Offers over £900.', 'scotland')).toEqual([]);
    expect(ids('No DSS', 'scotland')).toEqual(['benefits-discrimination']);
    expect(ids('No DSS', 'wales', '2026-05-31')).toEqual([]);
    expect(ids('No DSS', 'wales', '2026-06-01')).toEqual(['benefits-discrimination']);
    expect(ids('Offers over £900', 'england', '2026-04-30')).toEqual([]);
    expect(ids('No DSS', 'northern_ireland')).toEqual([]);
    expect(ruleApplies({ from: { england: '2026-05-01' } }, 'england', '2026-05-01')).toBe(true);
  });

  it('reads the amenity tags and the title too, naming the field', () => {
    const found = wordingFindings(advert('A flat', 'Offers over £800', ['No DSS']), 'england', AFTER);
    expect(found.map((f) => [f.ruleId, f.field, f.words])).toEqual([
      ['rental-bidding', 'title', ['Offers over']],
      ['benefits-discrimination', 'amenities', ['No DSS']],
    ]);
  });

  it('names each distinct phrase once, in the order written', () => {
    expect(matchedWords([/\bno dss\b/i, /\bno kids\b/i], 'No kids. no DSS. NO DSS.')).toEqual([
      'No kids',
      'no DSS',
    ]);
  });

  it('warns in conversations on the wording rules but not on who a home suits', () => {
    expect(
      messageFindings('Would you take offers over the rent?', 'england', AFTER).map((f) => f.ruleId),
    ).toEqual(['rental-bidding']);
    expect(messageFindings('I am a professional', 'england', AFTER)).toEqual([]);
  });

  it('gives every rule a source, a day in each nation it names, and a message', () => {
    for (const rule of WORDING_RULES) {
      expect(rule.law.url).toMatch(/^https:\/\/www\.(legislation\.)?gov\.uk\//);
      expect(Object.keys(rule.from).length).toBeGreaterThan(0);
      for (const day of Object.values(rule.from)) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.message.length).toBeGreaterThan(20);
    }
  });
});
