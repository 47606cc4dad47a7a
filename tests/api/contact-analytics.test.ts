import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions, emailOutbox, pageViews } from '../../src/server/db/schema';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

const message = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.test',
  subject: 'Viewing',
  message: 'Can I book a viewing?',
};

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores the message as unread and sends a receipt through the mail layer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      status: 'unread',
      userId: null,
    });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'ada@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0].status).toBe('sent');
  });

  it('links the message to the signed-in user', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message,
      headers: { cookie: user.cookie },
    });
    const [row] = await t.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, res.json().id));
    expect(row.userId).toBe(user.id);
  });

  it.each(['name', 'email', 'subject', 'message'] as const)('requires %s', async (field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, [field]: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBeDefined();
  });

  it('refuses unexpected fields and malformed JSON', async () => {
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, status: 'replied' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('Unexpected field: status');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('INVALID_JSON');
  });
});

describe('contact rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 with a JSON message after the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await t.app.inject({ method: 'POST', url: '/api/contact', payload: message })).statusCode);
    }
    expect(codes).toEqual([201, 201, 429]);
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(res.json().message).toMatch(/Too many requests/);
    expect(res.json().code).toBe('RATE_LIMITED');
  });
});

describe('POST /api/analytics/page-view', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('records the path without its query string, with the user when signed in', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      payload: { path: '/properties?postcode=LS1', referrer: null },
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.db.select().from(pageViews).where(eq(pageViews.userId, user.id));
    expect(rows.map((r) => r.path)).toEqual(['/properties']);
  });

  it('refuses a path that is not a site path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      payload: { path: 'https://evil.test' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('contact form messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names each missing field in words', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      name: ['Name is required'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
  });
});
