// Two app instances sharing Redis count one client's attempts together (the scale-out path).
// CI sets TEST_REDIS_URL; a bare machine has no Redis, so this file then only checks it is not in CI.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/domain/limits';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

const redisUrl = process.env.TEST_REDIS_URL;

if (!redisUrl) {
  describe('rate limits without Redis', () => {
    it('is not running in CI, where TEST_REDIS_URL must be set', () => {
      expect(process.env.CI && process.env.TEST_DATABASE_URL ? 'CI without TEST_REDIS_URL' : 'local').toBe(
        'local',
      );
    });
  });
} else
  describe('rate limits shared through Redis', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const env = { REDIS_URL: redisUrl!, RATE_LIMIT_MAX: '3' };
      a = await createTestApp(env);
      b = await createTestApp(env);
    });
    afterAll(async () => {
      await a.close();
      await b.close();
    });

    it('counts attempts made on two instances against one limit', async () => {
      const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const payload = { name: 'A', email: 'a@example.test', subject: 'S', message: 'M' };
      const codes: number[] = [];
      for (const t of [a, b, a, b]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 429]);
    });

    it("counts one user's limited actions on two instances against one limit (issue 29: per user, not per IP)", async () => {
      // The same person on both instances (one shared database in production; here, the same id in each).
      const id = randomUUID();
      const [onA, onB] = [await createUser(a, { id }), await createUser(b, { id })];
      // Reports are counted before the conversation is looked up: an unknown one answers 404 and still counts.
      const codes: number[] = [];
      for (let i = 0; i <= LIMITS.reportsPerUser.max; i++) {
        const [t, who] = i % 2 === 0 ? [a, onA] : [b, onB];
        const res = await call(t, 'POST', `/api/conversations/${randomUUID()}/report`, {
          cookie: who.cookie,
          body: { reason: 'Walking the shared limit' },
          ip: `10.8.${i}.1`,
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(codes).toEqual([...Array(LIMITS.reportsPerUser.max).fill(404), 429]);
    });
  });
