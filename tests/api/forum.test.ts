// Tenant forum (doc 2 "Tenant forum", §5, §6, §7): premium tenants only, plain text, ordered and paged.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_LIMITS } from '../../src/domain/forum';
import { auditLog, forumMessages, forumTopics } from '../../src/server/db/schema';
import {
  createAdmin,
  createLandlord,
  createPremiumTenant,
  createSuperAdmin,
  createTenant,
  createUser,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

describe('tenant forum', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.clock.now = new Date();
  });

  const postTopic = (cookie: string, body: object) => call(t, 'POST', '/api/forum/topics', { cookie, body });
  const postMessage = (cookie: string, topicId: string, content: unknown) =>
    call(t, 'POST', `/api/forum/topics/${topicId}/messages`, { cookie, body: { content } });

  async function newTopic(cookie: string, title = 'Deposit questions') {
    const res = await postTopic(cookie, { title, description: 'What should I do?' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; messageCount: number; lastActivityAt: string };
  }

  describe('who may use it', () => {
    it('asks a signed-out visitor to sign in (401)', async () => {
      expect((await call(t, 'GET', '/api/forum/topics')).statusCode).toBe(401);
      expect((await postTopic('', { title: 'a', description: 'b' })).statusCode).toBe(401);
    });

    it('refuses free tenants, premium landlords and admins who are not premium tenants (403)', async () => {
      const free = await createTenant(t);
      const landlord = await createLandlord(t, { premium: true });
      const admin = await createAdmin(t);
      const author = await createPremiumTenant(t);
      const topic = await newTopic(author.cookie);
      for (const who of [free, landlord, admin]) {
        const list = await call(t, 'GET', '/api/forum/topics', { cookie: who.cookie });
        expect(list.statusCode).toBe(403);
        expect(list.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
        expect((await postTopic(who.cookie, { title: 'Hi', description: 'There' })).statusCode).toBe(403);
        expect(
          (await call(t, 'GET', `/api/forum/topics/${topic.id}/messages`, { cookie: who.cookie })).statusCode,
        ).toBe(403);
        expect((await postMessage(who.cookie, topic.id, 'Hello')).statusCode).toBe(403);
      }
    });

    it('lets premium tenants in, by the admin flag, an admin-granted period or a subscription', async () => {
      const flagged = await createPremiumTenant(t);
      const granted = await createTenant(t, { premiumUntil: new Date(Date.now() + 86_400_000) });
      const subscribed = await createTenant(t, {
        subscriptionPlan: 'tenant',
        subscriptionStatus: 'active',
        stripeSubscriptionId: 'sub_forum_1',
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
      });
      for (const who of [flagged, granted, subscribed])
        expect((await call(t, 'GET', '/api/forum/topics', { cookie: who.cookie })).statusCode).toBe(200);
    });
  });

  describe('topics', () => {
    it('creates a topic with trimmed text, the author shown as first name and last initial', async () => {
      const author = await createPremiumTenant(t, { firstName: 'Priya', lastName: 'shah' });
      const res = await postTopic(author.cookie, {
        title: '  Mould in the bathroom  ',
        description: '\n Whose job is it?  ',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        title: 'Mould in the bathroom',
        description: 'Whose job is it?',
        messageCount: 0,
        author: { id: author.id, name: 'Priya S.' },
      });
      const [row] = await t.db.select().from(forumTopics).where(eq(forumTopics.id, res.json().id));
      expect(row.title).toBe('Mould in the bathroom');
    });

    it('requires a title and a description, trimmed, within their lengths', async () => {
      const author = await createPremiumTenant(t);
      const blank = await postTopic(author.cookie, { title: '   ', description: 'x' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fieldErrors.title).toEqual(['Title is required']);
      const missing = await postTopic(author.cookie, { title: 'x' });
      expect(missing.json().fieldErrors.description).toEqual(['Description is required']);
      const long = await postTopic(author.cookie, {
        title: 'x'.repeat(FORUM_LIMITS.titleMax + 1),
        description: 'y'.repeat(FORUM_LIMITS.descriptionMax + 1),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().fieldErrors).toEqual({
        title: ['Title must be at most 120 characters'],
        description: ['Description must be at most 2000 characters'],
      });
      const atLimit = await postTopic(author.cookie, {
        title: ` ${'x'.repeat(FORUM_LIMITS.titleMax)} `,
        description: 'y'.repeat(FORUM_LIMITS.descriptionMax),
      });
      expect(atLimit.statusCode).toBe(201);
    });

    it('stores and returns markup as plain text', async () => {
      const author = await createPremiumTenant(t);
      const html = '<img src=x onerror="alert(1)"> <b>bold</b>';
      const topic = await postTopic(author.cookie, { title: '<script>alert(1)</script>', description: html });
      expect(topic.json()).toMatchObject({ title: '<script>alert(1)</script>', description: html });
      const message = await postMessage(author.cookie, topic.json().id, html);
      expect(message.json().content).toBe(html);
      const res = await call(t, 'GET', `/api/forum/topics/${topic.json().id}/messages`, {
        cookie: author.cookie,
      });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().messages[0].content).toBe(html);
    });

    it('lists topics by newest activity first, with message counts, paged by cursor with a total', async () => {
      const author = await createPremiumTenant(t);
      const base = Date.now() + 1 * 3_600_000;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        t.clock.now = new Date(base + i * 60_000);
        ids.push((await newTopic(author.cookie, `Paging topic ${i}`)).id);
      }
      // A reply moves the oldest topic to the top.
      t.clock.now = new Date(base + 10 * 60_000);
      expect((await postMessage(author.cookie, ids[0], 'Bump')).statusCode).toBe(201);

      const first = await call(t, 'GET', '/api/forum/topics?limit=2', { cookie: author.cookie });
      expect(first.statusCode).toBe(200);
      const page1 = first.json();
      expect(page1.topics.map((x: { id: string }) => x.id)).toEqual([ids[0], ids[4]]);
      expect(page1.topics[0]).toMatchObject({
        messageCount: 1,
        lastActivityAt: new Date(base + 10 * 60_000).toISOString(),
      });
      expect(page1.total).toBeGreaterThanOrEqual(5);
      expect(page1.nextCursor).toEqual(expect.any(String));

      const second = await call(t, 'GET', `/api/forum/topics?limit=2&cursor=${page1.nextCursor}`, {
        cookie: author.cookie,
      });
      expect(second.json().topics.map((x: { id: string }) => x.id)).toEqual([ids[3], ids[2]]);
      const bad = await call(t, 'GET', '/api/forum/topics?cursor=nonsense', { cookie: author.cookie });
      expect(bad.statusCode).toBe(400);
      expect(
        (await call(t, 'GET', '/api/forum/topics?limit=500', { cookie: author.cookie })).statusCode,
      ).toBe(400);
    });
  });

  describe('messages', () => {
    it('posts trimmed messages, counts them, and lists them in order with author and time', async () => {
      const author = await createPremiumTenant(t);
      const replier = await createPremiumTenant(t, { firstName: 'Tomasz', lastName: 'Nowak' });
      const topic = await newTopic(author.cookie);
      const base = Date.now() + 2 * 3_600_000;
      t.clock.now = new Date(base);
      const first = await postMessage(replier.cookie, topic.id, '  First reply \n');
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        content: 'First reply',
        topicId: topic.id,
        author: { id: replier.id, name: 'Tomasz N.' },
        createdAt: new Date(base).toISOString(),
      });
      t.clock.now = new Date(base + 1000);
      await postMessage(author.cookie, topic.id, 'Second reply');

      const res = await call(t, 'GET', `/api/forum/topics/${topic.id}/messages`, { cookie: author.cookie });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.topic).toMatchObject({
        id: topic.id,
        messageCount: 2,
        lastActivityAt: new Date(base + 1000).toISOString(),
      });
      expect(body.messages.map((m: { content: string }) => m.content)).toEqual([
        'First reply',
        'Second reply',
      ]);
      expect(body.hasEarlier).toBe(false);
    });

    it('refuses empty, over-long and topic-less messages', async () => {
      const author = await createPremiumTenant(t);
      const topic = await newTopic(author.cookie);
      const blank = await postMessage(author.cookie, topic.id, ' \n\t ');
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('Message is required');
      const long = await postMessage(author.cookie, topic.id, 'm'.repeat(FORUM_LIMITS.messageMax + 1));
      expect(long.json().fieldErrors.content).toEqual(['Message must be at most 2000 characters']);
      const nul = await postMessage(author.cookie, topic.id, 'hello\u0000world');
      expect(nul.statusCode).toBe(201);
      expect(nul.json().content).toBe('helloworld');
      const unknown = await postMessage(author.cookie, '6f1d4c1e-8a3b-4c5d-9e7f-0a1b2c3d4e5f', 'Hello');
      expect(unknown.statusCode).toBe(404);
      expect((await postMessage(author.cookie, 'not-an-id', 'Hello')).statusCode).toBe(404);
      const [row] = await t.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id));
      expect(row.messageCount).toBe(1);
    });

    it('pages back with before and returns only newer messages with after (polling)', async () => {
      const author = await createPremiumTenant(t);
      const topic = await newTopic(author.cookie);
      const base = Date.now() + 3 * 3_600_000;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        t.clock.now = new Date(base + i * 1000);
        ids.push((await postMessage(author.cookie, topic.id, `Message ${i}`)).json().id);
      }
      const url = `/api/forum/topics/${topic.id}/messages`;
      const latest = (await call(t, 'GET', `${url}?limit=2`, { cookie: author.cookie })).json();
      expect(latest.messages.map((m: { id: string }) => m.id)).toEqual([ids[3], ids[4]]);
      expect(latest.hasEarlier).toBe(true);
      const earlier = (
        await call(t, 'GET', `${url}?limit=2&before=${ids[3]}`, { cookie: author.cookie })
      ).json();
      expect(earlier.messages.map((m: { id: string }) => m.id)).toEqual([ids[1], ids[2]]);
      const earliest = (
        await call(t, 'GET', `${url}?limit=2&before=${ids[1]}`, { cookie: author.cookie })
      ).json();
      expect(earliest.messages.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
      expect(earliest.hasEarlier).toBe(false);

      const newer = (await call(t, 'GET', `${url}?after=${ids[2]}`, { cookie: author.cookie })).json();
      expect(newer.messages.map((m: { id: string }) => m.id)).toEqual([ids[3], ids[4]]);
      const none = (await call(t, 'GET', `${url}?after=${ids[4]}`, { cookie: author.cookie })).json();
      expect(none.messages).toEqual([]);
      const byTime = (
        await call(t, 'GET', `${url}?after=${encodeURIComponent(new Date(base + 2500).toISOString())}`, {
          cookie: author.cookie,
        })
      ).json();
      expect(byTime.messages.map((m: { id: string }) => m.id)).toEqual([ids[3], ids[4]]);
      expect((await call(t, 'GET', `${url}?after=yesterday`, { cookie: author.cookie })).statusCode).toBe(
        400,
      );
    });

    it('limits posting per person (429) and counts only accepted posts', async () => {
      const author = await createPremiumTenant(t);
      for (let i = 0; i < FORUM_LIMITS.topicsPerHour; i++) {
        // Refused posts do not use up the allowance.
        expect((await postTopic(author.cookie, { title: '', description: '' })).statusCode).toBe(400);
        await newTopic(author.cookie, `Rate topic ${i}`);
      }
      const refused = await postTopic(author.cookie, { title: 'One more', description: 'Too many' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/You have posted a lot of topics recently/);
      // Someone else is unaffected.
      const other = await createPremiumTenant(t);
      const topic = await newTopic(other.cookie, 'Unaffected');

      for (let i = 0; i < FORUM_LIMITS.messagesPerTenMinutes; i++)
        expect((await postMessage(other.cookie, topic.id, `Reply ${i}`)).statusCode).toBe(201);
      expect((await postMessage(other.cookie, topic.id, 'One too many')).statusCode).toBe(429);
      const [row] = await t.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id));
      expect(row.messageCount).toBe(FORUM_LIMITS.messagesPerTenMinutes);
    });
  });

  describe('moderation', () => {
    it('lets an admin delete a message, keeping the count and last activity consistent, with an audit row', async () => {
      const author = await createPremiumTenant(t);
      const admin = await createAdmin(t);
      const topic = await newTopic(author.cookie);
      const base = Date.now() + 4 * 3_600_000;
      t.clock.now = new Date(base);
      const keep = (await postMessage(author.cookie, topic.id, 'Keep me')).json();
      t.clock.now = new Date(base + 5000);
      const spam = (await postMessage(author.cookie, topic.id, 'Buy now')).json();

      expect(
        (await call(t, 'DELETE', `/api/forum/messages/${spam.id}`, { cookie: author.cookie })).statusCode,
      ).toBe(403);
      const res = await call(t, 'DELETE', `/api/forum/messages/${spam.id}`, { cookie: admin.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id));
      expect(row.messageCount).toBe(1);
      expect(row.lastActivityAt.toISOString()).toBe(keep.createdAt);
      const left = await t.db.select().from(forumMessages).where(eq(forumMessages.topicId, topic.id));
      expect(left.map((m) => m.id)).toEqual([keep.id]);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'forum.message.delete'), eq(auditLog.targetId, spam.id)));
      expect(audit).toMatchObject({ actorId: admin.id, targetType: 'forum_message' });
      expect(audit.before).toMatchObject({ topicId: topic.id, authorId: author.id, content: 'Buy now' });
      expect(
        (await call(t, 'DELETE', `/api/forum/messages/${spam.id}`, { cookie: admin.cookie })).statusCode,
      ).toBe(404);
    });

    it('lets a super admin delete a topic with its messages, with an audit row; others may not', async () => {
      const author = await createPremiumTenant(t);
      const superAdmin = await createSuperAdmin(t);
      const topic = await newTopic(author.cookie, 'To be removed');
      await postMessage(author.cookie, topic.id, 'A reply');
      expect(
        (await call(t, 'DELETE', `/api/forum/topics/${topic.id}`, { cookie: author.cookie })).statusCode,
      ).toBe(403);
      expect((await call(t, 'DELETE', `/api/forum/topics/${topic.id}`)).statusCode).toBe(401);

      const res = await call(t, 'DELETE', `/api/forum/topics/${topic.id}`, { cookie: superAdmin.cookie });
      expect(res.statusCode).toBe(200);
      expect(await t.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id))).toHaveLength(0);
      expect(await t.db.select().from(forumMessages).where(eq(forumMessages.topicId, topic.id))).toHaveLength(
        0,
      );
      const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, topic.id));
      expect(audit).toMatchObject({ action: 'forum.topic.delete', actorId: superAdmin.id });
      expect(audit.before).toMatchObject({ title: 'To be removed', messageCount: 1 });
      const gone = await call(t, 'GET', `/api/forum/topics/${topic.id}/messages`, { cookie: author.cookie });
      expect(gone.statusCode).toBe(404);
    });
  });

  it('counts a premium tenant whose subscription lapsed as not premium on the next request', async () => {
    const tenant = await createUser(t, {
      userType: 'tenant',
      subscriptionPlan: 'tenant',
      subscriptionStatus: 'active',
      stripeSubscriptionId: 'sub_lapsing',
      currentPeriodEnd: new Date(Date.now() + 60_000),
    });
    expect((await call(t, 'GET', '/api/forum/topics', { cookie: tenant.cookie })).statusCode).toBe(200);
    t.clock.now = new Date(Date.now() + 120_000);
    expect((await call(t, 'GET', '/api/forum/topics', { cookie: tenant.cookie })).statusCode).toBe(403);
  });
});
