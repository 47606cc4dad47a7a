// The console guard itself: it records every console.error a test makes, and one declared with
// allowConsoleError() does not fail the test.
import { describe, expect, it } from 'vitest';
import { allowConsoleError, consoleErrorsSoFar } from '../support/console-guard';

describe('console guard', () => {
  it('records each console.error a test makes, with its arguments', () => {
    allowConsoleError();
    expect(consoleErrorsSoFar()).toEqual([]);
    console.error('expected in this test', 42);
    expect(consoleErrorsSoFar()).toEqual([['expected in this test', 42]]);
  });

  it('starts every test with nothing recorded', () => {
    expect(consoleErrorsSoFar()).toEqual([]);
    expect(console.error.name).not.toBe('error');
  });
});
