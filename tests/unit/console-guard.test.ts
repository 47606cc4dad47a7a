// The console guard itself: an expected console.error passes when declared; the guard restores console.error.
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '../support/console-guard';

describe('console guard', () => {
  it('lets a test that declares it log an error', () => {
    allowConsoleError();
    console.error('expected in this test');
    expect(true).toBe(true);
  });

  it('watches console.error during every test', () => {
    expect(console.error.name).not.toBe('error');
  });
});
