// The small input rules of the security review (finding 6): tables looked up with a client's words find only their
// own entries, dates keep to one range, and request bodies are made storable or refused when absurdly deep.
import { describe, expect, it } from 'vitest';
import { ZCalendarDay } from '../../src/domain/date-schemas';
import { isSaneInstant, parseSaneInstant } from '../../src/domain/dates';
import { ownValue } from '../../src/domain/lookup';
import { ZPropertySearchQuery } from '../../src/domain/properties';
import { MAX_JSON_DEPTH, storableText, withoutNul } from '../../src/server/lib/nul';

describe('ownValue', () => {
  const table: Record<string, number> = { flat: 1, house: 2 };
  it('finds own entries and never what every object inherits', () => {
    expect(ownValue(table, 'flat')).toBe(1);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])
      expect(ownValue(table, name), name).toBeUndefined();
  });

  it('makes the search read such a type as unknown (null), not as a function', () => {
    for (const type of ['constructor', '__proto__', 'toString']) {
      const parsed = ZPropertySearchQuery.parse({ type });
      expect(parsed.propertyType, type).toBeNull();
    }
    expect(ZPropertySearchQuery.parse({ type: 'flat' }).propertyType).toBe('apartment');
  });
});

describe('dates', () => {
  it('keeps days and instants between 1900 and 2200', () => {
    for (const day of ['1900-01-01', '2026-11-24', '2200-12-31'])
      expect(ZCalendarDay().safeParse(day).success, day).toBe(true);
    for (const day of ['0000-01-01', '1899-12-31', '2201-01-01', '2026-02-30', '+100000-01-01', '26-1-1'])
      expect(ZCalendarDay().safeParse(day).success, day).toBe(false);
    expect(isSaneInstant(new Date('0000-01-01T00:00:00Z'))).toBe(false);
    expect(isSaneInstant(new Date(Number.NaN))).toBe(false);
    expect(parseSaneInstant('2026-11-24T10:00:00Z')?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(parseSaneInstant('2026-11-24')?.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    for (const text of ['0000-01-01', '+100000-01-01T00:00:00Z', '100000-01-01', 'yesterday', '1'])
      expect(parseSaneInstant(text), text).toBeNull();
  });
});

describe('request text made storable', () => {
  it('replaces lone surrogates, keeps real pairs, and drops NULs', () => {
    expect(storableText('a\ud800b')).toBe('a\ufffdb');
    expect(storableText('\udc00')).toBe('\ufffd');
    expect(storableText('end \ud83d')).toBe('end \ufffd');
    expect(storableText('😀 ok')).toBe('😀 ok');
    expect(storableText('a\u0000b')).toBe('ab');
    expect(withoutNul({ 'k\ud800': ['x\udfff', { y: 'z\u0000' }] })).toEqual({
      'k\ufffd': ['x\ufffd', { y: 'z' }],
    });
  });

  it('refuses nesting deeper than the limit with a 400, without a stack overflow', () => {
    const nested = (depth: number) => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    };
    expect(() => withoutNul(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => withoutNul(nested(MAX_JSON_DEPTH + 1))).toThrow(/nested too deeply/);
    expect(() => withoutNul(nested(100_000))).toThrow(/nested too deeply/);
  });
});
