// Issue 28: the scam shield's law warnings (src/domain/conversation-law.ts), what the first enquiry may ask
// (src/domain/conversations.ts) and the nation of a conversation's home (server/features/conversations/nation.ts).
import { describe, expect, it } from 'vitest';
import { LAW } from '../../src/domain/advert-rules';
import { lawWarningOf, lawWarnings, lawWarningText } from '../../src/domain/conversation-law';
import { enquiryDetailsOf, RETIRED_ENQUIRY_FIELDS, ZEnquiryRequest } from '../../src/domain/conversations';
import { nationOfHome, nationOfOutcode } from '../../src/server/features/conversations/nation';

const DAY = '2026-11-27';
const ids = (text: string, nation: Parameters<typeof lawWarnings>[1] = 'england', day = DAY) =>
  lawWarnings(text, nation, day).map((w) => w.ruleId);

describe('law warnings in a conversation', () => {
  it('flags bidding, with the words, what the law allows and the law', () => {
    const [warning] = lawWarnings('We are taking offers over £1,500 pcm.', 'england', DAY);
    expect(warning).toEqual({
      ruleId: 'rental-bidding',
      name: 'Rental bidding',
      words: ['offers over'],
      allowed: expect.stringMatching(/may not invite, encourage or accept an offer above it/),
      law: { title: LAW.rentersRightsBidding.title, url: LAW.rentersRightsBidding.url },
    });
    expect(lawWarningText(warning)).toMatch(
      /^Rental bidding \(“offers over”\): The rent is the advertised rent/,
    );
  });

  it('flags rent in advance, a fixed term and discriminatory wording in England', () => {
    expect(ids('Six months rent in advance required.')).toEqual(['rent-in-advance']);
    expect(ids('It is a 12 month fixed term.')).toEqual(['fixed-term']);
    expect(ids('No DSS please.')).toEqual(['benefits-discrimination']);
    expect(ids('Not suitable for children.')).toEqual(['children-discrimination']);
  });

  it('says nothing about lawful messages (the control) or the softer advert-only phrases', () => {
    expect(ids('The rent is £1,200 a month; one month in advance once we agree. Viewing Saturday?')).toEqual(
      [],
    );
    expect(ids('I am a working professional and a couple only would suit.')).toEqual([]);
  });

  it('follows the nation of the home', () => {
    expect(ids('Offers over £900', 'scotland')).toEqual([]);
    expect(ids('No DSS', 'scotland')).toEqual(['benefits-discrimination']);
    expect(ids('A 12 month fixed term', 'wales')).toEqual([]);
    expect(ids('No DSS', 'northern_ireland')).toEqual([]);
    expect(ids('Offers over £900', null)).toEqual([]);
  });

  it('follows the day: England from 1 May 2026, Wales’ discrimination rules from 1 June 2026', () => {
    expect(ids('Offers over £900', 'england', '2026-04-30')).toEqual([]);
    expect(ids('Offers over £900', 'england', '2026-05-01')).toEqual(['rental-bidding']);
    expect(ids('No children', 'wales', '2026-05-31')).toEqual([]);
    expect(ids('No children', 'wales', '2026-06-01')).toEqual(['children-discrimination']);
  });

  it('falls back to the rules module’s own sentence for a rule it has no wording for', () => {
    const warning = lawWarningOf({
      ruleId: 'a-future-rule',
      kind: 'refuse',
      name: 'A future rule',
      field: 'description',
      words: ['x'],
      message: 'the law says so.',
      law: { title: 'An Act', url: 'https://www.legislation.gov.uk/' },
    });
    expect(warning.allowed).toBe('The law says so.');
  });
});

describe('what the first enquiry may ask', () => {
  const message = 'Could I view the flat next week, please?';
  it('takes a message, a move-in date, a number of people and pets', () => {
    expect(ZEnquiryRequest.parse({ message, moveInDate: '2099-01-01', occupants: 2, pets: false })).toEqual({
      message,
      moveInDate: '2099-01-01',
      occupants: 2,
      pets: false,
      confirmLawWarnings: false,
    });
  });

  it.each(Object.keys(RETIRED_ENQUIRY_FIELDS) as Array<keyof typeof RETIRED_ENQUIRY_FIELDS>)(
    'refuses %s, naming why',
    (field) => {
      const result = ZEnquiryRequest.safeParse({
        message,
        [field]: field === 'employmentStatus' ? 'employed' : 1,
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: [field], message: RETIRED_ENQUIRY_FIELDS[field] }),
      ]);
    },
  );

  it('refuses a number of people outside 1 to 20', () => {
    for (const occupants of [0, 21, 1.5, '2'])
      expect(ZEnquiryRequest.safeParse({ message, occupants }).success).toBe(false);
    expect(ZEnquiryRequest.parse({ message, occupants: null }).occupants).toBeNull();
  });

  it('shows only the lawful keys of stored details, whatever an older row holds', () => {
    expect(
      enquiryDetailsOf({
        moveInDate: '2099-01-01',
        adults: 2,
        children: 1,
        pets: true,
        employmentStatus: 'student',
      }),
    ).toEqual({ moveInDate: '2099-01-01', occupants: null, pets: true });
    expect(enquiryDetailsOf({ occupants: 3 })).toEqual({ moveInDate: null, occupants: 3, pets: null });
    expect(enquiryDetailsOf(null)).toBeNull();
  });
});

describe('the nation of a conversation’s home', () => {
  it('comes from the postcode district’s region', () => {
    expect(nationOfOutcode('LS6')).toBe('england');
    expect(nationOfOutcode('EH1')).toBe('scotland');
    expect(nationOfOutcode('CF10')).toBe('wales');
    expect(nationOfOutcode('ZZ99')).toBeNull();
    expect(nationOfOutcode(null)).toBeNull();
  });

  it('takes the listing’s own nation (a landlord’s choice in a border district) over its district’s', () => {
    // CH4 is an English district by its region; a landlord there may confirm the home is in Wales.
    expect(nationOfHome('wales', 'CH4')).toBe('wales');
    expect(nationOfHome(null, 'CH4')).toBe(nationOfOutcode('CH4'));
    expect(nationOfHome('atlantis', 'EH1')).toBe('scotland');
  });
});
