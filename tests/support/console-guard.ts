// Every test fails on a console.error it did not expect (issue 14): a React warning, an unhandled rejection
// logged by a library or a stray debug line is a defect, not noise. A test that means to cause one says so first
// with allowConsoleError().
import { afterEach, beforeEach } from 'vitest';

let calls: unknown[][] = [];
let allowed = false;
const original = console.error;

/** The console.error calls this test has made so far. */
export function consoleErrorsSoFar(): unknown[][] {
  return [...calls];
}

/** This test causes a console.error on purpose. */
export function allowConsoleError(): void {
  allowed = true;
}

beforeEach(() => {
  calls = [];
  allowed = false;
  console.error = (...args: unknown[]) => {
    calls.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (!allowed && calls.length > 0) {
    const first = calls[0].map((part) => (part instanceof Error ? part.stack : String(part))).join(' ');
    throw new Error(`Unexpected console.error (${calls.length}): ${first.slice(0, 500)}`);
  }
});
