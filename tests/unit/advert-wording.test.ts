import { describe, expect, it } from 'vitest';
import { discriminatoryWording } from '../../src/domain/advert-wording';

describe('advert wording', () => {
  it.each([
    ['No DSS', '"No DSS"'],
    ['no d.s.s.', '"No DSS"'],
    ['Sorry, no housing benefit', '"No benefits"'],
    ['No Universal Credit', '"No Universal Credit"'],
    ['No children please', '"No children"'],
    ['no kids', '"No children"'],
    ['DSS not accepted', 'refusing benefit claimants'],
  ])('flags %j', (text, reason) => {
    expect(discriminatoryWording(text)).toContain(reason);
  });

  it('leaves ordinary adverts alone', () => {
    expect(
      discriminatoryWording('Family home near schools; children’s play park opposite. No smokers.'),
    ).toEqual([]);
    expect(discriminatoryWording('Benefits from a south-facing garden')).toEqual([]);
  });
});
