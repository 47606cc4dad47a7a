import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BORDER_DISTRICTS,
  DEPOSIT_RULES,
  depositCapPence,
  isRegistrationNumber,
  LISTING_RULES,
  listingFindings,
  listingNation,
  matchedWords,
  messageFindings,
  NATIONS,
  nationChoices,
  nationOfOutcode,
  nationOfRegion,
  ruleApplies,
  ruleResults,
  ruleSummaries,
  type TListingFacts,
  type TNation,
  tenancyTerms,
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

const facts = (overrides: Partial<TListingFacts> = {}): TListingFacts => ({
  title: 'Two-bedroom flat',
  description: 'A bright flat near the station.',
  amenities: [],
  monthlyRentPence: 130_000,
  depositPence: 150_000,
  holdingDepositPence: 30_000,
  epcRating: 'C',
  epcExemption: null,
  landlordRegistrationNumber: null,
  occupationContract: null,
  ...overrides,
});
const ruleIds = (l: TListingFacts, nation: TNation, day = AFTER) =>
  listingFindings(l, nation, day).map((f) => f.ruleId);
const lawfulIn: Record<TNation, TListingFacts> = {
  england: facts(),
  wales: facts({ occupationContract: 'standard_periodic' }),
  scotland: facts({ depositPence: 260_000, landlordRegistrationNumber: '123456/230/45678' }),
  northern_ireland: facts({ depositPence: 130_000 }),
};

describe('listing rules by nation', () => {
  it.each(NATIONS)('accepts a lawful listing in %s', (nation) => {
    expect(ruleIds(lawfulIn[nation], nation)).toEqual([]);
  });

  it('requires an EPC rating or an exemption everywhere, from each nation’s day', () => {
    for (const nation of NATIONS) {
      expect(ruleIds({ ...lawfulIn[nation], epcRating: null }, nation)).toEqual(['epc-required']);
      expect(
        ruleIds(
          { ...lawfulIn[nation], epcRating: null, epcExemption: { kind: 'high_cost', reference: 'PRSE1' } },
          nation,
        ),
      ).toEqual([]);
    }
    expect(ruleIds(facts({ epcRating: null }), 'scotland', '2009-01-03')).not.toContain('epc-required');
    expect(ruleIds(facts({ epcRating: null }), 'scotland', '2009-01-04')).toContain('epc-required');
  });

  it('refuses F and G in England and Wales without an exemption, from 1 April 2020; not in Scotland', () => {
    expect(ruleIds(facts({ epcRating: 'F' }), 'england')).toEqual(['epc-minimum-e']);
    expect(ruleIds({ ...lawfulIn.wales, epcRating: 'G' }, 'wales')).toEqual(['epc-minimum-e']);
    expect(ruleIds(facts({ epcRating: 'G' }), 'england', '2020-03-31')).toEqual([]);
    expect(
      ruleIds(
        facts({ epcRating: 'G', epcExemption: { kind: 'all_improvements_made', reference: 'PRSE-12345' } }),
        'england',
      ),
    ).toEqual([]);
    expect(ruleIds({ ...lawfulIn.scotland, epcRating: 'G' }, 'scotland')).toEqual([]);
    expect(ruleIds(facts({ epcRating: 'E' }), 'england')).toEqual([]);
  });

  it('caps the deposit by nation: five weeks in England, two months in Scotland, one in Northern Ireland', () => {
    expect(depositCapPence(130_000, 'england')).toBe(150_000);
    expect(depositCapPence(130_000, 'scotland')).toBe(260_000);
    expect(depositCapPence(130_000, 'northern_ireland')).toBe(130_000);
    expect(depositCapPence(130_000, 'wales')).toBeNull();
    expect(ruleIds(facts({ depositPence: 150_001 }), 'england')).toEqual(['deposit-cap']);
    expect(ruleIds({ ...lawfulIn.scotland, depositPence: 260_001 }, 'scotland')).toEqual(['deposit-cap']);
    expect(ruleIds({ ...lawfulIn.northern_ireland, depositPence: 130_001 }, 'northern_ireland')).toEqual([
      'deposit-cap',
    ]);
    expect(ruleIds(facts({ depositPence: 150_001 }), 'england', '2019-05-31')).toEqual([]);
    expect(ruleIds(facts({ depositPence: null }), 'england')).toEqual([]);
    expect(DEPOSIT_RULES.wales.label).toBe('Security deposit');
  });

  it("caps the holding deposit at a week's rent in England (2019-06-01) and Wales (2019-09-01)", () => {
    expect(ruleIds(facts({ holdingDepositPence: 30_001 }), 'england')).toEqual(['holding-deposit-cap']);
    expect(ruleIds({ ...lawfulIn.wales, holdingDepositPence: 30_001 }, 'wales')).toEqual([
      'holding-deposit-cap',
    ]);
    expect(ruleIds({ ...lawfulIn.wales, holdingDepositPence: 30_001 }, 'wales', '2019-08-31')).toEqual([]);
    expect(ruleIds({ ...lawfulIn.scotland, holdingDepositPence: 90_000 }, 'scotland')).toEqual([]);
  });

  it('requires a Scottish landlord registration number in its format, or “pending”', () => {
    expect(ruleIds({ ...lawfulIn.scotland, landlordRegistrationNumber: null }, 'scotland')).toEqual([
      'landlord-registration',
    ]);
    expect(ruleIds({ ...lawfulIn.scotland, landlordRegistrationNumber: '12345' }, 'scotland')).toEqual([
      'landlord-registration',
    ]);
    expect(isRegistrationNumber('123456/230/45678')).toBe(true);
    expect(isRegistrationNumber('landlord registration pending')).toBe(true);
    expect(isRegistrationNumber('123456-230-45678')).toBe(false);
    expect(
      ruleIds({ ...lawfulIn.scotland, landlordRegistrationNumber: null }, 'scotland', '2011-08-30'),
    ).toEqual([]);
    expect(ruleIds(facts(), 'england')).toEqual([]);
  });

  it('requires the Welsh occupation contract type from 1 December 2022', () => {
    expect(ruleIds(facts(), 'wales')).toEqual(['occupation-contract']);
    expect(ruleIds(facts(), 'wales', '2022-11-30')).toEqual([]);
    expect(ruleIds({ ...lawfulIn.wales, occupationContract: 'standard_fixed_term' }, 'wales')).toEqual([]);
  });

  it('states the tenancy in each nation’s terms', () => {
    expect(tenancyTerms('england').name).toBe('Assured periodic tenancy');
    expect(tenancyTerms('england').points.join(' ')).toMatch(/two months’ notice.*pet/);
    expect(tenancyTerms('scotland').name).toBe('Private residential tenancy');
    expect(tenancyTerms('wales', 'standard_fixed_term').name).toBe('Standard fixed term occupation contract');
    expect(tenancyTerms('wales', null).name).toMatch(/not stated/);
  });

  it('gives every listing rule a source and a day in each nation it names', () => {
    for (const rule of LISTING_RULES) {
      expect(rule.law.url).toMatch(/^https:\/\/www\.(legislation\.)?gov\.uk\//);
      for (const day of Object.values(rule.from)) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(ruleSummaries().length).toBe(WORDING_RULES.length + LISTING_RULES.length);
  });

  it('gives each rule a result for the admin: pass, refuse, warn or not applying', () => {
    const results = ruleResults(
      facts({ description: 'Offers over £1,300. Ideal for professionals.' }),
      'england',
      AFTER,
    );
    const outcome = (id: string) => results.find((r) => r.ruleId === id)?.outcome;
    expect(outcome('rental-bidding')).toBe('refuse');
    expect(outcome('soft-exclusion')).toBe('warn');
    expect(outcome('epc-required')).toBe('pass');
    expect(outcome('landlord-registration')).toBe('not_applicable');
  });
});

describe('the nation of a postcode district', () => {
  const csv = readFileSync(path.join(process.cwd(), 'resources/postcodes/uk-outcodes.csv'), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const fields = line.split(',');
      return { outcode: fields[0], region: fields[fields.length - 2] };
    });

  it('is the same by the district’s letters (the browser) as by its region in the data (the server)', () => {
    expect(csv.length).toBeGreaterThan(2800);
    const differ = csv.filter((d) => nationOfOutcode(d.outcode) !== nationOfRegion(d.region));
    expect(differ).toEqual([]);
  });

  it('asks the landlord to confirm in border districts, and only there', () => {
    expect(nationChoices('TD15')).toEqual(['england', 'scotland']);
    expect(nationChoices('ls6')).toBeNull();
    expect(listingNation('TD15', 'england', null)).toBeUndefined();
    expect(listingNation('TD15', 'england', 'scotland')).toBe('scotland');
    expect(listingNation('TD15', 'england', 'wales')).toBeUndefined();
    expect(listingNation('LS6', 'england', 'scotland')).toBe('england');
    for (const [outcode, nations] of Object.entries(BORDER_DISTRICTS)) {
      const known = csv.find((d) => d.outcode === outcode);
      if (known) expect(nations[0]).toBe(nationOfRegion(known.region));
    }
  });
});
