// The common-password check for a new password (issue 30; docs/decisions/0057-small-things-users-notice.md). NIST
// SP 800-63B §3.1.1.2 asks that a chosen password be compared with a list of commonly used or compromised values;
// the NCSC's password guidance likewise says to block the most common ones. The list is the 10,000 most common
// passwords (resources/passwords, MIT), read once on first use. Sign-in never calls this.
import { readFileSync } from 'node:fs';
import { PASSWORD_MESSAGES } from '../../domain/accounts';
import { AppError } from '../../domain/errors';
import { projectPath } from './paths';

export const COMMON_PASSWORDS_FILE = projectPath('resources/passwords/common-passwords.txt');

let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0),
  );
  return common;
}

/** Digits and symbols people add at the end of a common word to pass a length rule ("password2026!"). */
const SUFFIX = /[\d\W_]+$/u;
/** A stem shorter than this is no word worth refusing on ("ab" + digits is rare and not on the list's top). */
const MIN_STEM = 4;

/** One short piece said again and again: "aaaaaaaaaaaa", "abcabcabcabc", "passwordpassword". */
function isRepetition(password: string): boolean {
  return /^(.{1,8}?)\1+$/su.test(password);
}

/**
 * Whether a new password is too easy to guess: on the list (any case), a listed password with digits or symbols
 * added at the end, or one short piece repeated.
 */
export function isCommonPassword(password: string, list: ReadonlySet<string> = commonPasswords()): boolean {
  const lower = password.toLowerCase();
  if (list.has(lower) || isRepetition(lower)) return true;
  const stem = lower.replace(SUFFIX, '');
  return stem.length >= MIN_STEM && stem !== lower && list.has(stem);
}

/** Refuses a common new password with a 400 naming the field, as a form's own errors are named. */
export function assertUncommonPassword(password: string, field: 'password' | 'newPassword'): void {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', PASSWORD_MESSAGES.common, {
      [field]: [PASSWORD_MESSAGES.common],
    });
  }
}
