// The retention periods the privacy page states (src/domain/retention.ts) agree with what the code does.
import { describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  UNATTACHED_UPLOAD_TTL_MS,
} from '../../src/domain/constants';
import {
  EMAIL_CHANGE_LINK_HOURS,
  PASSWORD_RESET_LINK_HOURS,
  RETENTION,
  SESSION_IDLE_DAYS,
  SESSION_MAX_DAYS,
  UNATTACHED_UPLOAD_HOURS,
} from '../../src/domain/retention';
import { loadConfig } from '../../src/server/config';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('the retention list', () => {
  it('states the session lifetimes the server uses by default', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.sessionIdleMs).toBe(SESSION_IDLE_DAYS * DAY);
    expect(config.sessionMaxMs).toBe(SESSION_MAX_DAYS * DAY);
  });

  it('states the link and upload lifetimes the code uses', () => {
    expect(PASSWORD_RESET_TTL_MS).toBe(PASSWORD_RESET_LINK_HOURS * HOUR);
    expect(EMAIL_CHANGE_TTL_MS).toBe(EMAIL_CHANGE_LINK_HOURS * HOUR);
    expect(UNATTACHED_UPLOAD_TTL_MS).toBe(UNATTACHED_UPLOAD_HOURS * HOUR);
  });

  it('says what, how long and why for each kind of data, once each', () => {
    expect(new Set(RETENTION.map((r) => r.id)).size).toBe(RETENTION.length);
    for (const rule of RETENTION) {
      expect(rule.what.length, rule.id).toBeGreaterThan(10);
      expect(rule.kept.length, rule.id).toBeGreaterThan(3);
      expect(rule.why.length, rule.id).toBeGreaterThan(10);
    }
  });
});
