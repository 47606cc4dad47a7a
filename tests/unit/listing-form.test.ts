// The landlord's listing form (doc 1 §5 property form, Tenant Fees Act 2019 deposit caps): how typed text becomes
// values, the deposit hints, the form's rules and where the server's field errors go.
import { describe, expect, it } from 'vitest';
import { depositHints, rentPenceOf } from '../../src/client/features/listings/deposit-hints';
import {
  EMPTY_LISTING,
  LISTING_FIELD_NAMES,
  numberOrNull,
  numberOrUndefined,
  type PropertyFormValues,
  textOrNull,
} from '../../src/client/features/listings/form-values';
import { listingFieldErrors, listingResolver } from '../../src/client/features/listings/listing-form-rules';
import { fieldLaw, formNation } from '../../src/client/features/listings/listing-law';
import { NATION_CONFIRM_MESSAGE } from '../../src/domain/advert-rules';
import { FULL_POSTCODE_MESSAGE } from '../../src/domain/listings';

describe('typed text as values', () => {
  it('reads an empty optional field as null and anything else as its number or text', () => {
    for (const empty of ['', null, undefined]) {
      expect(numberOrNull(empty)).toBeNull();
      expect(textOrNull(empty)).toBeNull();
      expect(numberOrUndefined(empty)).toBeUndefined();
    }
    expect(numberOrNull('0')).toBe(0);
    expect(numberOrNull('2')).toBe(2);
    expect(numberOrUndefined('1150.50')).toBe(1150.5);
    expect(textOrNull('2026-05-01')).toBe('2026-05-01');
  });

  it('has every field of the listing in the empty form, available by default', () => {
    expect(LISTING_FIELD_NAMES).toContain('postcode');
    expect(LISTING_FIELD_NAMES).toContain('images');
    expect(LISTING_FIELD_NAMES).toHaveLength(24);
    expect(EMPTY_LISTING.available).toBe(true);
  });
});

describe('the deposit hints', () => {
  it('waits for a positive rent before naming a cap, and says what the law of the nation is', () => {
    for (const rent of [undefined, 0, -5, Number.NaN, '1200']) expect(rentPenceOf(rent)).toBeNull();
    expect(depositHints({ monthlyRent: undefined, deposit: 2000, holdingDeposit: 500 })).toEqual({
      depositLabel: 'Tenancy deposit',
      deposit:
        'Optional; blank shows as “Not stated”. In England: at most five weeks’ rent (six weeks’ from £50,000 a year).',
      holdingDeposit: "Optional. At most one week's rent; enter the rent to see the cap.",
    });
  });

  it("names England's legal maxima to the penny, and never offers to fill the deposit in", () => {
    // £1,150.50 a month is £265.50 a week.
    expect(rentPenceOf(1150.5)).toBe(115_050);
    expect(depositHints({ monthlyRent: 1150.5, deposit: null, holdingDeposit: 265.5 })).toEqual({
      depositLabel: 'Tenancy deposit',
      deposit: 'Optional; blank shows as “Not stated”. Legal maximum in England: £1,327.50.',
      holdingDeposit: "Optional, to reserve the home. Legal maximum: £265.50 (one week's rent).",
    });
  });

  it('takes the cap from the rules by nation: six weeks from £50,000 a year, two months in Scotland', () => {
    // £5,000 a month is £60,000 a year: six weeks is £6,923.07.
    expect(depositHints({ monthlyRent: 5000, deposit: null, holdingDeposit: null }).deposit).toContain(
      '£6,923.07',
    );
    const scotland = depositHints({ monthlyRent: 1000, deposit: null, holdingDeposit: null }, 'scotland');
    expect(scotland.deposit).toContain('Legal maximum in Scotland: £2,000.');
    expect(scotland.holdingDeposit).toBe('Optional, to reserve the home.');
    const wales = depositHints({ monthlyRent: 1000, deposit: null, holdingDeposit: null }, 'wales');
    expect(wales.depositLabel).toBe('Security deposit');
    expect(wales.deposit).toContain('no fixed legal maximum in Wales');
  });
});

describe('the law as the landlord types', () => {
  const typed = (values: Record<string, unknown>) =>
    fieldLaw({ ...EMPTY_LISTING, postcode: 'LS1 4AP', ...values }, new Date('2026-11-27T12:00:00Z'));

  it('refuses “offers over” in the title inline, naming the words and the law', () => {
    const message = typed({ title: 'Flat, offers over £900' }).refusal('title');
    expect(message).toMatch(/“offers over”.*Renters' Rights Act 2025, s\.56/);
  });

  it('checks the nation of the postcode typed, England until one is', () => {
    expect(formNation('', null)).toMatchObject({ nation: 'england', known: false });
    expect(formNation('EH1 1AA', null)).toMatchObject({ nation: 'scotland', known: true });
    expect(formNation('TD15 1AA', null)).toMatchObject({
      needsChoice: true,
      choices: ['england', 'scotland'],
    });
    expect(formNation('TD15 1AA', 'scotland')).toMatchObject({ nation: 'scotland', needsChoice: false });
    // Fixed terms are lawful in Wales: nothing to refuse there.
    expect(
      typed({ postcode: 'CF10 1AA', description: 'Minimum 12 month fixed term' }).refusal('description'),
    ).toBe(undefined);
  });

  it('shows live only what was typed; a missing EPC waits for the form to be sent', () => {
    const law = typed({ epcRating: null });
    expect(law.refusal('epcRating')).toBeUndefined();
    expect(typed({ epcRating: 'G' }).refusal('epcRating')).toMatch(/Exemptions Register/);
    expect(typed({ description: 'Ideal for professionals' }).hasWarnings).toBe(true);
  });
});

describe('the form rules', () => {
  const valid: PropertyFormValues = {
    ...EMPTY_LISTING,
    title: 'Two-bed flat by the canal',
    propertyType: 'apartment',
    monthlyRent: 1150.5,
    address: '12 Canal Wharf, Leeds',
    postcode: 'LS1 4AP',
    epcRating: 'C',
  };
  const resolve = async (values: PropertyFormValues) => {
    const result = await listingResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    return Object.fromEntries(Object.entries(result.errors).map(([name, error]) => [name, error?.message]));
  };

  it('passes a complete listing', async () => {
    expect(await resolve(valid)).toEqual({});
  });

  it("names the required fields in the schema's words", async () => {
    expect(await resolve(EMPTY_LISTING)).toMatchObject({
      title: 'Title is required',
      propertyType: 'Property type is required',
      monthlyRent: 'Monthly rent is required',
      postcode: 'Postcode is required',
    });
  });

  it('refuses what the law refuses, as the server does, before it is sent', async () => {
    expect(await resolve({ ...valid, title: 'Offers over £1,150' })).toEqual({
      title: expect.stringMatching(/“Offers over”.*s\.56/),
    });
    expect(await resolve({ ...valid, epcRating: null })).toEqual({ epcRating: expect.stringMatching(/EPC/) });
    expect(await resolve({ ...valid, postcode: 'TD15 1AA' })).toEqual({
      nation: NATION_CONFIRM_MESSAGE,
    });
  });

  it('asks for a full UK postcode, as the server does', async () => {
    expect(await resolve({ ...valid, postcode: 'LS1' })).toEqual({ postcode: FULL_POSTCODE_MESSAGE });
  });

  it('words the checks the schema leaves to zod', async () => {
    expect(await resolve({ ...valid, bedrooms: 2.5, bathrooms: 21, area: -1 })).toEqual({
      bedrooms: 'Bedrooms must be a whole number from 0 to 20',
      bathrooms: 'Bathrooms must be a whole number from 0 to 20',
      area: 'Area must be a whole number of square metres, up to 10,000',
    });
  });
});

describe("the server's field errors", () => {
  it('go beside the form field they are about, first message only, in the server’s order', () => {
    expect(
      listingFieldErrors({
        'contentData.postcode': ['Enter a full UK postcode', 'second'],
        'contentData.images.3': ['That photo is not one of yours'],
        targetId: ['Not yours'],
        'contentData.unknown': ['No such field'],
        'contentData.title': [],
      }),
    ).toEqual([
      ['postcode', 'Enter a full UK postcode'],
      ['images', 'That photo is not one of yours'],
    ]);
  });
});
