// The super admin's Live Content forms (doc 2 §3 live content, §5 limits): the server's schemas with the form's
// words, the starting values, the request the form sends and how a refusal is titled.
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  CONTRACTOR_DEFAULTS,
  contractorResolver,
  liveFieldMessage,
  PROPERTY_DEFAULTS,
  type PropertyValues,
  propertyResolver,
  publishBody,
  publishErrorTitle,
} from '../../src/client/features/admin/super/live/live-content-rules';
import { ADMIN_MESSAGES, LIVE_HOURS } from '../../src/domain/admin';

/** The resolver's messages, by field path ("contentData.title"). */
async function messages<T extends FieldValues>(resolver: Resolver<T, unknown, unknown>, values: T) {
  const { errors } = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const flat: Record<string, string> = {};
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string')
        flat[path] = value.message;
      else if (value && typeof value === 'object') walk(value, path);
    }
  };
  walk(errors, '');
  return flat;
}

const property = (patch: Partial<PropertyValues['contentData']>, hours: unknown = LIVE_HOURS.default) => ({
  ...PROPERTY_DEFAULTS,
  publishDuration: hours as number,
  contentData: {
    ...PROPERTY_DEFAULTS.contentData,
    title: 'Live flat',
    address: '1 Live Street, Leeds',
    postcode: 'LS1 4AP',
    ...patch,
  },
});

describe('the live content forms', () => {
  it('start as a two-bed flat at £1,200, or a contractor, live for the default hours', () => {
    expect(PROPERTY_DEFAULTS).toMatchObject({
      contentType: 'property',
      publishDuration: LIVE_HOURS.default,
      contentData: { propertyType: 'apartment', bedrooms: 2, monthlyRent: 1200 },
    });
    expect(CONTRACTOR_DEFAULTS).toMatchObject({
      contentType: 'contractor',
      publishDuration: LIVE_HOURS.default,
    });
  });

  it('pass a complete property', async () => {
    expect(await messages(propertyResolver, property({}))).toEqual({});
  });

  it("name the required fields in the schema's words", async () => {
    expect(await messages(propertyResolver, PROPERTY_DEFAULTS)).toMatchObject({
      'contentData.title': 'Title is required',
      'contentData.address': 'Address is required',
      'contentData.postcode': 'Postcode is required',
    });
  });

  it('word an emptied number field, which the schema leaves to zod', async () => {
    // An emptied number input gives NaN (valueAsNumber).
    expect(
      await messages(propertyResolver, property({ monthlyRent: Number.NaN, bedrooms: Number.NaN })),
    ).toEqual({
      'contentData.monthlyRent': 'Monthly rent must be between £1 and £100,000',
      'contentData.bedrooms': 'Bedrooms must be a whole number from 0 to 20',
    });
    expect(liveFieldMessage({ path: ['contentData', 'title'] })).toBeUndefined();
    expect(liveFieldMessage({})).toBeUndefined();
  });

  it('keep hours from 1 to 168', async () => {
    expect(await messages(propertyResolver, property({}, 200))).toEqual({
      publishDuration: ADMIN_MESSAGES.hours,
    });
    expect(await messages(propertyResolver, property({}, 0))).toEqual({
      publishDuration: ADMIN_MESSAGES.hours,
    });
  });

  it('need a business name for a contractor', async () => {
    expect(await messages(contractorResolver, CONTRACTOR_DEFAULTS)).toHaveProperty(
      'contentData.businessName',
    );
  });
});

describe('publishing', () => {
  it('sends the values with the chosen images in the content, leaving the values alone', () => {
    const values = property({});
    const body = publishBody(values, ['data:image/jpeg;base64,AAAA']);
    expect(body).toEqual({
      ...values,
      contentData: { ...values.contentData, images: ['data:image/jpeg;base64,AAAA'] },
    });
    expect(values.contentData).not.toHaveProperty('images');
  });

  it('titles a file too large with the spec’s words, anything else "Error"', () => {
    expect(publishErrorTitle(ADMIN_MESSAGES.fileTooLarge)).toBe('File Too Large');
    expect(publishErrorTitle('Enter a full UK postcode')).toBe('Error');
  });
});
