// The public form of a free-text address (decision 0058): the street and town, never the house or flat number,
// the building's or house's name, or a full postcode.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressFor, postcodeDistrict, publicSearchText, publicStreet } from '../../src/domain/addresses';

describe('publicStreet', () => {
  it.each([
    ['12 Park Row, Leeds', 'Park Row, Leeds'],
    ['12a Park Road, Leeds', 'Park Road, Leeds'],
    ['12A Park Road', 'Park Road'],
    ['12-14 Park Road, Leeds', 'Park Road, Leeds'],
    ['12 - 14 Park Road', 'Park Road'],
    ['Flat 3, 12 Park Road, Leeds', 'Park Road, Leeds'],
    ['Flat 3, Kingsway House, 12a Park Road, Leeds', 'Park Road, Leeds'],
    ['Flat 3 Kingsway House 12 Park Road Leeds', 'Park Road Leeds'],
    ['Flat A, 7 Mill Lane', 'Mill Lane'],
    ['Flat 2/1, 45 Byres Road, Glasgow', 'Byres Road, Glasgow'],
    ['12/3 Easter Road, Edinburgh', 'Easter Road, Edinburgh'],
    ['2F1, 10 Marchmont Crescent, Edinburgh', 'Marchmont Crescent, Edinburgh'],
    ['Unit 2, Mill Yard, Leeds', 'Mill Yard, Leeds'],
    ['Apartment 4B, 1 Deansgate, Manchester', 'Deansgate, Manchester'],
    ['Room 5, 30 Hyde Park Road, Leeds', 'Hyde Park Road, Leeds'],
    ['No. 8 Church Street, York', 'Church Street, York'],
    ['Ground floor flat, 21 Victoria Road, Bristol', 'Victoria Road, Bristol'],
    ['Rose Cottage, Church Lane, Leeds', 'Church Lane, Leeds'],
    ['Kingsway House, Leeds', 'Leeds'],
    ['Apartment 12 The Exchange, Quay Street, Manchester', 'Quay Street, Manchester'],
    ['Apartment 12 The Exchange, Manchester', 'Manchester'],
    ['Basement Flat, 5 Elm Row, Edinburgh', 'Elm Row, Edinburgh'],
    ['Top Floor Flat 2, 30 Hill Street', 'Hill Street'],
    ['Block C, 10 High St, York', 'High St, York'],
    ['The Old Rectory, Church Lane', 'Church Lane'],
    ['12 The Green, Leeds', 'The Green, Leeds'],
    ['7 Flatts Lane, Normanton', 'Flatts Lane, Normanton'],
    ['12 Park Row, Leeds LS1 4AP', 'Park Row, Leeds'],
    ['12 Park Row, ls14ap', 'Park Row'],
    ['Park Road 12, Leeds', 'Park Road, Leeds'],
    ['45 1st Avenue, Leeds', '1st Avenue, Leeds'],
    ['12', ''],
    ['Flat 3', ''],
    ['  12   Park   Row ,  Leeds  ', 'Park Row, Leeds'],
  ])('%s → %s', (address, expected) => {
    expect(publicStreet(address)).toBe(expected);
  });

  it('never keeps a house number that stands as its own word, whatever the landlord typed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom('', 'a', 'B'),
        fc.constantFrom('Flat 4, ', 'Apartment 12, ', 'Unit 9 ', 'Kingsway House, ', ''),
        fc.constantFrom('Park Road', 'High Street', 'Mill Lane', 'Byres Road'),
        fc.constantFrom(', Leeds', ', Glasgow', ' Leeds', ''),
        (n, letter, before, street, town) => {
          const shown = publicStreet(`${before}${n}${letter} ${street}${town}`);
          expect(shown).not.toMatch(/\d/);
          expect(shown).toContain(street);
          expect(shown).not.toMatch(/Flat|Apartment|Unit|Kingsway/);
        },
      ),
    );
  });
});

describe('addressFor', () => {
  const home = { address: 'Flat 3, 12 Park Row, Leeds', postcode: 'LS1 4AP', outcode: 'LS1' };

  it('gives the street and district to those not entitled', () => {
    expect(addressFor(home, 'street')).toEqual({
      address: 'Park Row, Leeds',
      postcode: 'LS1',
      addressPrecision: 'street',
    });
  });

  it('gives the whole address to those entitled', () => {
    expect(addressFor(home, 'full')).toEqual({
      address: home.address,
      postcode: home.postcode,
      addressPrecision: 'full',
    });
  });

  it('reads the district from the postcode when the outcode is missing', () => {
    expect(postcodeDistrict('LS1 4AP', '')).toBe('LS1');
  });
});

describe('publicSearchText', () => {
  it.each([
    ['LS1 4AP', 'LS1'],
    ['ls14ap garden', 'ls1 garden'],
    ['12 Park Row', 'Park Row'],
    ['"12a" Park Row', 'Park Row'],
    ['flat 4AP', 'flat'],
    ['garden LS6', 'garden LS6'],
    ['2 bedroom flat', 'bedroom flat'],
    ['12', ''],
  ])('%s → %s', (text, expected) => {
    expect(publicSearchText(text)).toBe(expected);
  });
});
