import { describe, expect, it } from 'vitest';
import { ByteLru } from '../../src/server/lib/lru';

describe('ByteLru', () => {
  it('keeps entries within its byte budget, dropping the least recently used first', () => {
    const lru = new ByteLru<string, number>(300);
    lru.set('a', 1, 100);
    lru.set('b', 2, 100);
    lru.set('c', 3, 100);
    // Reading `a` makes it the most recent, so `b` is the one to go.
    expect(lru.get('a')).toBe(1);
    lru.set('d', 4, 100);
    expect([...lru.keys()]).toEqual(['c', 'a', 'd']);
    expect(lru.bytes).toBe(300);
    // A large entry pushes out as many as it needs.
    lru.set('e', 5, 250);
    expect([...lru.keys()]).toEqual(['e']);
    expect(lru.bytes).toBe(250);
  });

  it('peeks without changing the order, and counts a replaced entry once', () => {
    const lru = new ByteLru<string, string>(1000);
    lru.set('a', 'first', 100);
    lru.set('b', 'second', 100);
    expect(lru.peek('a')).toBe('first');
    lru.set('c', 'third', 850);
    expect(lru.has('a')).toBe(false);
    lru.set('b', 'again', 50);
    expect(lru.get('b')).toBe('again');
    expect(lru.bytes).toBe(900);
    expect(lru.size).toBe(2);
  });

  it('keeps nothing larger than the whole budget, and forgets a key set that large', () => {
    const lru = new ByteLru<string, string>(100);
    lru.set('a', 'small', 40);
    lru.set('a', 'huge', 101);
    expect(lru.has('a')).toBe(false);
    expect(lru.bytes).toBe(0);
    lru.set('b', 'small', 40);
    lru.set('c', 'huge', 500);
    expect([...lru.keys()]).toEqual(['b']);
  });

  it('gives back the bytes of what it deletes or clears', () => {
    const lru = new ByteLru<number, number>(1000);
    lru.set(1, 1, 10);
    lru.set(2, 2, 20);
    lru.delete(1);
    lru.delete(3);
    expect(lru.bytes).toBe(20);
    lru.clear();
    expect(lru.bytes).toBe(0);
    expect(lru.size).toBe(0);
  });
});
