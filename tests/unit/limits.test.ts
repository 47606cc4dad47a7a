// Every limit is listed once (src/domain/limits.ts), the README's table is that list, and the server's limits read
// their numbers from it (issue 29).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHOTO_UPLOADS_PER_DAY } from '../../src/domain/constants';
import { QUOTE_REQUESTS_PER_HOUR } from '../../src/domain/contractors';
import { NEW_CONVERSATIONS_PER_DAY } from '../../src/domain/conversations';
import { FORUM_LIMITS } from '../../src/domain/forum';
import { LIMITS, limitsMarkdown, retryAfterSeconds, tryAgainIn, windowText } from '../../src/domain/limits';
import { loadConfig } from '../../src/server/config';
import { MAIL_PER_RECIPIENT_PER_HOUR } from '../../src/server/mail/mailer';
import { ACCOUNT_THROTTLE_WINDOW_MS } from '../../src/server/plugins/rate-limits';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : file.endsWith('.ts') ? [file] : [];
  });
}

describe('the one list of limits', () => {
  it('is the table in the README', () => {
    const readme = readFileSync('README.md', 'utf8');
    const table = /<!-- limits:start -->\n([\s\S]*?)\n<!-- limits:end -->/.exec(readme)?.[1];
    expect(table, 'README.md has no limits table between its markers').toBeDefined();
    expect(table).toBe(limitsMarkdown());
  });

  it('gives the numbers the server uses', () => {
    expect(loadConfig({}).authRateLimit).toBe(LIMITS.authPerIp.max);
    expect(ACCOUNT_THROTTLE_WINDOW_MS).toBe(LIMITS.failedPasswordsPerAccount.windowMs);
    expect(MAIL_PER_RECIPIENT_PER_HOUR).toBe(LIMITS.unsolicitedMailPerRecipient.max);
    expect(PHOTO_UPLOADS_PER_DAY).toBe(LIMITS.photoUploadsPerUser.max);
    expect(NEW_CONVERSATIONS_PER_DAY).toBe(LIMITS.newConversationsPerUser.max);
    expect(QUOTE_REQUESTS_PER_HOUR).toBe(LIMITS.quoteRequestsPerUser.max);
    expect(FORUM_LIMITS.topicsPerHour).toBe(LIMITS.forumTopicsPerUser.max);
    expect(FORUM_LIMITS.messagesPerTenMinutes).toBe(LIMITS.forumMessagesPerUser.max);
  });

  it('is where every server file that limits takes its numbers from', () => {
    const limiting = filesUnder('src/server').filter((file) =>
      /'RATE_LIMITED'|createRateLimit|rateLimit[:,} ]/.test(readFileSync(file, 'utf8')),
    );
    expect(limiting.length).toBeGreaterThan(8);
    const unlisted = limiting.filter((file) => {
      const source = readFileSync(file, 'utf8');
      // The error handler maps a 429 it is given; it sets no limit of its own.
      if (file.endsWith(path.join('plugins', 'errors.ts'))) return false;
      return !/domain\/limits'|plugins\/rate-limits'|_PER_(DAY|HOUR)\b|FORUM_LIMITS/.test(source);
    });
    expect(unlisted).toEqual([]);
  });

  it('says windows and waits in words people read', () => {
    expect(windowText(60_000)).toBe('1 minute');
    expect(windowText(15 * 60_000)).toBe('15 minutes');
    expect(windowText(3_600_000)).toBe('1 hour');
    expect(windowText(86_400_000)).toBe('24 hours');
    expect(windowText(0)).toBe('at any time');
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(59_001)).toBe(60);
    expect(tryAgainIn(1)).toBe('in 1 second');
    expect(tryAgainIn(61)).toBe('in 2 minutes');
    expect(tryAgainIn(86_400)).toBe('in 24 hours');
  });
});
