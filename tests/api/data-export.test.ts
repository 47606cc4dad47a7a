// "Download my data" (issue 29 item 4; decision 0054): GET /api/account/export gives the signed-in person
// everything held about them as a JSON file, withholds secrets and other people's data, is limited per account and
// announced by email.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORTS_PER_DAY } from '../../src/domain/data-export';
import { type TDataExport, ZDataExport } from '../../src/domain/data-export-schema';
import {
  contactSubmissions,
  invoices,
  passwordResetTokens,
  sessions,
  userBlocks,
  users,
} from '../../src/server/db/schema';
import { DATA_EXPORT_AUDIT_ACTION } from '../../src/server/features/data-export/service';
import { createContractor, createLead } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { createSavedSearch } from '../factories/saved-searches';
import {
  type CreatedUser,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, emailsTo } from '../support/http';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('GET /api/account/export', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let tenant: CreatedUser;
  let listingId: string;
  let conversationId: string;
  let tenantCopy: Awaited<ReturnType<typeof call>>;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { firstName: 'Lara', lastName: 'Landlord', phone: '07700 900123' });
    tenant = await createPremiumTenant(t, { firstName: 'Tom', lastName: 'Tenant' });
    const listing = await createListing(t, {
      landlordId: landlord.id,
      title: 'Sunny flat by the park',
      images: 2,
    });
    listingId = listing.id;
    const saved = await call(t, 'POST', '/api/property-interactions', {
      cookie: tenant.cookie,
      body: { propertyId: listingId, type: 'save' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await createSavedSearch(t, tenant.id);
    const enquiry = await call(t, 'POST', `/api/properties/${listingId}/enquiries`, {
      cookie: tenant.cookie,
      body: { message: 'Is the flat still free from March?', occupants: 1, pets: false },
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    conversationId = enquiry.json().conversationId;
    const reply = await call(t, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: landlord.cookie,
      body: { body: 'Yes, it is free from the first of March.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    for (const [who, reason] of [
      [tenant, 'The tenant thinks this landlord asked for cash up front.'],
      [landlord, 'The landlord thinks this tenant is a scammer.'],
    ] as const) {
      const res = await call(t, 'POST', `/api/conversations/${conversationId}/report`, {
        cookie: who.cookie,
        body: { reason },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: tenant.email } });
    // One copy of the tenant's data, read by the tests below (three a day is the limit under test at the end).
    tenantCopy = await download(tenant);
  });
  afterAll(() => t.close());

  const download = (who: CreatedUser) =>
    call(t, 'GET', '/api/account/export', {
      cookie: who.cookie,
      headers: { 'user-agent': CHROME_ON_WINDOWS },
    });
  const exportOf = async (who: CreatedUser): Promise<{ text: string; data: TDataExport }> => {
    const res = who === tenant ? tenantCopy : await download(who);
    expect(res.statusCode, res.body).toBe(200);
    return { text: res.body, data: ZDataExport.parse(res.json()) };
  };

  it('answers 401 signed out', async () => {
    const res = await call(t, 'GET', '/api/account/export');
    expect(res.statusCode).toBe(401);
  });

  it('is a JSON file to keep, never stored by a cache', async () => {
    const res = tenantCopy;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="your-place-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("holds the tenant's account, saved home, saved search and both sides of their conversation", async () => {
    const { data } = await exportOf(tenant);
    expect(data.account).toMatchObject({ id: tenant.id, email: tenant.email, firstName: 'Tom' });
    expect(data.savedHomes).toEqual([
      expect.objectContaining({ propertyId: listingId, title: 'Sunny flat by the park' }),
    ]);
    expect(data.savedSearches).toHaveLength(1);
    expect(data.notificationSettings).toMatchObject({ email: true });
    expect(data.sessions.length).toBeGreaterThan(0);
    const [thread] = data.conversations as Array<{ id: string; otherPartyName: string; messages: unknown[] }>;
    expect(thread).toMatchObject({ id: conversationId, otherPartyName: 'Lara Landlord', youStarted: true });
    expect(thread.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: 'you', body: 'Is the flat still free from March?' }),
        expect.objectContaining({ from: 'Lara Landlord', body: 'Yes, it is free from the first of March.' }),
      ]),
    );
  });

  it('lists the reports the person filed, never the one filed against them', async () => {
    const { text, data } = await exportOf(tenant);
    expect(data.reportsFiled).toEqual([
      expect.objectContaining({
        conversationId,
        reason: 'The tenant thinks this landlord asked for cash up front.',
      }),
    ]);
    expect(text).not.toContain('The landlord thinks this tenant is a scammer.');
    expect(data.notIncluded.map((n) => n.what).join(' ')).toMatch(/Reports other people made/);
  });

  it("gives the other party's name and messages but not their email or phone", async () => {
    const { text } = await exportOf(tenant);
    expect(text).toContain('Lara Landlord');
    expect(text).not.toContain(landlord.email);
    expect(text).not.toContain('07700 900123');
  });

  it('says the password hash, session ids and token hashes exist, and never puts them in the file', async () => {
    const { text, data } = await exportOf(tenant);
    const [user] = await t.db.select().from(users).where(eq(users.id, tenant.id));
    const ids = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, tenant.id));
    const tokens = await t.db
      .select({ hash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, tenant.id));
    expect(tokens.length).toBeGreaterThan(0);
    for (const secret of [user.passwordHash!, ...ids.map((s) => s.id), ...tokens.map((r) => r.hash)])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/passwordHash|tokenHash/);
    const held = Object.fromEntries(data.withheldForSecurity.map((w) => [w.what, w.held]));
    expect(held['Password hash']).toBe(1);
    expect(held['Session ids']).toBe(ids.length);
    expect(held['Password reset link hashes']).toBe(tokens.length);
    expect(data.passwordResets.length).toBe(tokens.length);
  });

  it("gives the landlord their listings with full photo links, and the tenant's enquiry as sent", async () => {
    const { data } = await exportOf(landlord);
    const [listing] = data.listings as Array<{ id: string; photos: Array<{ url: string }>; link: string }>;
    expect(listing.id).toBe(listingId);
    expect(listing.photos).toHaveLength(2);
    for (const photo of listing.photos) expect(photo.url).toMatch(/^https?:\/\/[^/]+\/media\//);
    expect(listing.link).toMatch(new RegExp(`/properties/${listingId}$`));
    const [thread] = data.conversations as Array<{
      otherPartyName: string;
      youStarted: boolean;
      messages: unknown[];
    }>;
    expect(thread).toMatchObject({ otherPartyName: 'Tom Tenant', youStarted: false });
    expect(thread.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: 'Tom Tenant', body: 'Is the flat still free from March?' }),
      ]),
    );
  });

  it('gives a contractor their profile, its photos and quote requests; the customer the request they sent', async () => {
    const trade = await createContractorUser(t, { firstName: 'Dana' });
    const customer = await createTenant(t);
    const profile = await createContractor(t, {
      userId: trade.id,
      businessName: 'Dana Plumbing',
      images: 1,
      ratings: [5],
    });
    await createLead(t, profile.id, { jobTitle: 'Fix a dripping tap', requesterId: customer.id });
    const { data } = await exportOf(trade);
    const own = data.contractorProfile as {
      businessName: string;
      images: Array<{ url: string }>;
      quoteRequestsReceived: unknown[];
      reviewsReceived: unknown[];
    };
    expect(own.businessName).toBe('Dana Plumbing');
    expect(own.images).toEqual([expect.objectContaining({ url: expect.stringMatching(/^https?:\/\//) })]);
    expect(own.reviewsReceived).toEqual([expect.objectContaining({ rating: 5 })]);
    expect(own.quoteRequestsReceived).toEqual([expect.objectContaining({ jobTitle: 'Fix a dripping tap' })]);
    const sent = await exportOf(customer);
    expect(sent.data.quoteRequestsSent).toEqual([
      expect.objectContaining({ jobTitle: 'Fix a dripping tap', businessName: 'Dana Plumbing' }),
    ]);
    expect(sent.data.contractorProfile).toBeNull();
  });

  it('gives what else is tied to the account: page views, blocks, contact messages, invoices, read marks', async () => {
    const person = await createTenant(t);
    const other = await createTenant(t, { firstName: 'Bea', lastName: 'Blocked' });
    const viewed = await call(t, 'POST', '/api/analytics/page-view', {
      cookie: person.cookie,
      body: { path: '/saved-properties', referrer: null },
    });
    expect(viewed.statusCode).toBe(204);
    await t.db.insert(userBlocks).values({ blockerId: person.id, blockedId: other.id });
    await t.db.insert(userBlocks).values({ blockerId: other.id, blockedId: person.id });
    await t.db.insert(contactSubmissions).values({
      userId: person.id,
      name: 'Test',
      email: person.email,
      subject: 'A question',
      message: 'How do alerts work?',
    });
    await t.db.insert(invoices).values({
      userId: person.id,
      providerInvoiceId: `in_${person.id}`,
      amountPence: 999,
      status: 'paid',
    });
    const { data } = await exportOf(person);
    expect(data.pageViews).toEqual([expect.objectContaining({ path: '/saved-properties' })]);
    expect(data.blocks).toEqual([expect.objectContaining({ blockedName: 'Bea Blocked' })]);
    expect(data.notIncluded.find((n) => n.what === 'Who blocked you')?.why).toMatch(
      /^1 person has blocked you/,
    );
    expect(data.contactMessages).toEqual([expect.objectContaining({ subject: 'A question' })]);
    expect(data.invoices).toEqual([expect.objectContaining({ amountPence: 999, status: 'paid' })]);
    // Times read through SQL expressions come out as ISO strings, like every other time in the file.
    const read = await call(t, 'POST', `/api/conversations/${conversationId}/read`, {
      cookie: landlord.cookie,
    });
    expect(read.statusCode, read.body).toBe(200);
    const { data: landlordData } = await exportOf(landlord);
    const [thread] = landlordData.conversations as Array<{ youLastReadAt: string | null }>;
    expect(thread.youLastReadAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('emails the account that a copy was taken, from which device, and records it in the next copy', async () => {
    const person = await createTenant(t);
    await exportOf(person);
    const mails = await emailsTo(t, person.email, 'data_export');
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toMatch(
      /You downloaded a copy of your Your Place data on .+ from Chrome on Windows/,
    );
    expect(mails[0].textBody).toMatch(/If this wasn't you, change your password/);
    const { data } = await exportOf(person);
    expect(data.auditLog).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: DATA_EXPORT_AUDIT_ACTION, byYou: true })]),
    );
    expect(data.emailsSent).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'data_export' })]),
    );
  });

  it(`allows ${DATA_EXPORTS_PER_DAY} copies a day per account, then 429 with Retry-After and a clear message`, async () => {
    const person = await createTenant(t);
    for (let i = 0; i < DATA_EXPORTS_PER_DAY; i++) expect((await download(person)).statusCode).toBe(200);
    const refused = await download(person);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(refused.json().message).toBe(
      `You can download your data ${DATA_EXPORTS_PER_DAY} times a day. Please try again in 24 hours.`,
    );
    expect(refused.headers['cache-control']).toBe('no-store');
    // Only the copies made were announced; someone else is not held back by this account's limit.
    expect(await emailsTo(t, person.email, 'data_export')).toHaveLength(DATA_EXPORTS_PER_DAY);
    expect((await download(await createTenant(t))).statusCode).toBe(200);
  });
});
