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
    expect(LISTING_FIELD_NAMES).toHaveLength(18);
    expect(EMPTY_LISTING.available).toBe(true);
  });
});

describe('the deposit hints', () => {
  it('waits for a positive rent before naming a cap', () => {
    for (const rent of [undefined, 0, -5, Number.NaN, '1200']) expect(rentPenceOf(rent)).toBeNull();
    expect(depositHints({ monthlyRent: undefined, deposit: 2000, holdingDeposit: 500 })).toEqual({
      deposit:
        "Optional. Capped by law at five weeks' rent (six from £50,000 a year); enter the rent to see the cap.",
      holdingDeposit: "Optional. At most one week's rent; enter the rent to see the cap.",
    });
  });

  it("names five weeks' and one week's rent as the legal maxima, to the penny", () => {
    // £1,150.50 a month is £265.50 a week.
    expect(rentPenceOf(1150.5)).toBe(115_050);
    expect(depositHints({ monthlyRent: 1150.5, deposit: null, holdingDeposit: 265.5 })).toEqual({
      deposit: "Legal maximum: £1,327.50 (five weeks' rent). Leave blank to take the maximum.",
      holdingDeposit: "Optional, to reserve the home. Legal maximum: £265.50 (one week's rent).",
    });
  });

  it('warns as soon as a deposit typed is a penny above its cap', () => {
    expect(depositHints({ monthlyRent: 1150.5, deposit: 1327.51, holdingDeposit: 265.51 })).toEqual({
      deposit: 'Above the legal maximum of £1,327.50.',
      holdingDeposit: 'Above the legal maximum of £265.50.',
    });
  });

  it('takes the cap from the domain rule, six weeks from £50,000 a year', () => {
    // £5,000 a month is £60,000 a year: six weeks is £6,923.07.
    expect(depositHints({ monthlyRent: 5000, deposit: null, holdingDeposit: null }).deposit).toBe(
      "Legal maximum: £6,923.07 (six weeks' rent). Leave blank to take the maximum.",
    );
    // £4,166.66 a month is just under £50,000 a year: five weeks.
    expect(depositHints({ monthlyRent: 4166.66, deposit: null, holdingDeposit: null }).deposit).toContain(
      "(five weeks' rent)",
    );
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
