// Enquiries and conversations (issue 13): who may start one, who may read it, messages, unread counts, the
// daily limit, blocks, reports (admins read reported ones, audited) and the throttled email.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_CONVERSATIONS_PER_DAY } from '../../src/domain/conversations';
import { conversations, messages } from '../../src/server/db/schema';
import { createContractor } from '../factories/contractors';
import { createListing } from '../factories/listings';
import {
  type CreatedUser,
  createAdmin,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, emailsTo } from '../support/http';
import { auditEntries } from './admin.helpers';

describe('enquiries and conversations', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let tenant: CreatedUser;
  let listingId: string;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Landlord' });
    tenant = await createPremiumTenant(t, { firstName: 'Tom', lastName: 'Tenant' });
    listingId = (await createListing(t, { landlordId: landlord.id, title: 'Sunny flat by the park' })).id;
  });
  afterAll(() => t.close());

  const enquire = (who: CreatedUser | null, id: string, body: Record<string, unknown>) =>
    call(t, 'POST', `/api/properties/${id}/enquiries`, { cookie: who?.cookie, body });
  const enquiry = {
    message: 'Hello, is the flat still available from March?',
    moveInDate: '2099-03-01',
    occupants: 3,
    pets: false,
  };
  const thread = (who: CreatedUser, id: string, query = '') =>
    call(t, 'GET', `/api/conversations/${id}/messages${query}`, { cookie: who.cookie });
  const send = (who: CreatedUser, id: string, body: string) =>
    call(t, 'POST', `/api/conversations/${id}/messages`, { cookie: who.cookie, body: { body } });

  describe('sending an enquiry', () => {
    it('opens one conversation per tenant and listing; a second enquiry adds to it', async () => {
      const first = await enquire(tenant, listingId, enquiry);
      expect(first.statusCode, first.body).toBe(201);
      const { conversationId } = first.json();
      expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);

      const again = await enquire(tenant, listingId, { message: 'Also, is there parking nearby please?' });
      expect(again.statusCode).toBe(200);
      expect(again.json().conversationId).toBe(conversationId);

      const rows = await t.db.select().from(messages).where(eq(messages.conversationId, conversationId));
      expect(rows).toHaveLength(2);
      const page = await thread(landlord, conversationId);
      expect(page.statusCode).toBe(200);
      const [opening, follow] = page.json().messages;
      expect(opening).toMatchObject({
        body: enquiry.message,
        fromMe: false,
        senderName: 'Tom Tenant',
        details: { moveInDate: '2099-03-01', occupants: 3, pets: false },
      });
      expect(follow.body).toBe('Also, is there parking nearby please?');
      expect(page.json().conversation).toMatchObject({
        kind: 'enquiry',
        role: 'owner',
        subject: { title: 'Sunny flat by the park', href: `/properties/${listingId}` },
        otherParty: { id: tenant.id, name: 'Tom Tenant' },
      });
    });

    it('asks for a message of 10 to 2,000 characters and validates every optional field', async () => {
      const short = await enquire(tenant, listingId, { message: 'Hi there' });
      expect(short.statusCode).toBe(400);
      expect(short.json().fieldErrors.message[0]).toMatch(/at least 10 characters/);
      const long = await enquire(tenant, listingId, { message: 'x'.repeat(2001) });
      expect(long.json().fieldErrors.message[0]).toMatch(/2,000/);
      const bad = await enquire(tenant, listingId, {
        message: 'A perfectly fine message',
        occupants: 0,
        pets: 'maybe',
        moveInDate: 'soon',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['moveInDate', 'occupants', 'pets']);
      expect(bad.json().fieldErrors.occupants[0]).toMatch(/at least 1/);
    });

    it('needs a signed-in premium tenant, and refuses the landlord on their own listing', async () => {
      expect((await enquire(null, listingId, enquiry)).statusCode).toBe(401);
      const free = await createTenant(t);
      const refused = await enquire(free, listingId, enquiry);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', feature: 'contactLandlords' });
      const own = await enquire(landlord, listingId, enquiry);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toMatch(/your own listing/);
    });

    it('refuses enquiries to a listing that is not live (409) and to unknown ids (404)', async () => {
      const pending = await createListing(t, { landlordId: landlord.id, status: 'pending' });
      const res = await enquire(tenant, pending.id, enquiry);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This home is no longer taking enquiries.');
      expect((await enquire(tenant, '00000000-0000-4000-8000-000000000000', enquiry)).statusCode).toBe(404);
      expect((await enquire(tenant, 'not-an-id', enquiry)).statusCode).toBe(404);
    });

    it(`lets a tenant open at most ${NEW_CONVERSATIONS_PER_DAY} new conversations a day`, async () => {
      const busy = await createPremiumTenant(t);
      const owner = await createLandlord(t, { premium: true });
      for (let i = 0; i < NEW_CONVERSATIONS_PER_DAY; i++) {
        const listing = await createListing(t, { landlordId: owner.id });
        const res = await enquire(busy, listing.id, enquiry);
        expect(res.statusCode, res.body).toBe(201);
      }
      const extra = await createListing(t, { landlordId: owner.id });
      const refused = await enquire(busy, extra.id, enquiry);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/up to 20 new conversations a day/);
    });
  });

  describe('reading and replying', () => {
    let conversationId: string;
    beforeAll(async () => {
      const other = await createListing(t, { landlordId: landlord.id, title: 'Garden maisonette' });
      conversationId = (await enquire(tenant, other.id, enquiry)).json().conversationId;
    });

    it('only the two participants can read or write; everyone else gets 404', async () => {
      const stranger = await createPremiumTenant(t);
      const admin = await createAdmin(t);
      for (const who of [stranger, admin]) {
        expect((await thread(who, conversationId)).statusCode).toBe(404);
        expect((await send(who, conversationId, 'Hello?')).statusCode).toBe(404);
        expect(
          (await call(t, 'POST', `/api/conversations/${conversationId}/read`, { cookie: who.cookie }))
            .statusCode,
        ).toBe(404);
      }
      expect((await call(t, 'GET', `/api/conversations/${conversationId}/messages`)).statusCode).toBe(401);
      expect((await thread(tenant, 'nonsense')).statusCode).toBe(404);
    });

    it('the landlord replies; the tenant sees it unread in the inbox, then reads it', async () => {
      const reply = await send(landlord, conversationId, 'Yes it is. When would you like to view?');
      expect(reply.statusCode, reply.body).toBe(201);
      expect(reply.json()).toMatchObject({ fromMe: true, system: false });

      const inbox = await call(t, 'GET', '/api/conversations', { cookie: tenant.cookie });
      expect(inbox.statusCode).toBe(200);
      const item = inbox.json().conversations.find((c: { id: string }) => c.id === conversationId);
      expect(item).toMatchObject({
        unread: 1,
        role: 'starter',
        otherParty: { name: 'Lena Landlord' },
        lastMessage: { body: 'Yes it is. When would you like to view?', fromMe: false },
      });
      // Newest activity first.
      expect(inbox.json().conversations[0].id).toBe(conversationId);
      const unread = await call(t, 'GET', '/api/conversations/unread', { cookie: tenant.cookie });
      expect(unread.json().unread).toBeGreaterThanOrEqual(1);

      const read = await call(t, 'POST', `/api/conversations/${conversationId}/read`, {
        cookie: tenant.cookie,
      });
      expect(read.statusCode).toBe(200);
      const after = await call(t, 'GET', '/api/conversations', { cookie: tenant.cookie });
      expect(after.json().conversations.find((c: { id: string }) => c.id === conversationId).unread).toBe(0);
    });

    it('polling with ?after returns only newer messages', async () => {
      const page = await thread(tenant, conversationId);
      const last = page.json().messages.at(-1);
      await send(landlord, conversationId, 'Saturday at 11 works for me.');
      const since = await thread(tenant, conversationId, `?after=${last.id}`);
      expect(since.json().messages.map((m: { body: string }) => m.body)).toEqual([
        'Saturday at 11 works for me.',
      ]);
    });

    it('stores and returns message text as text', async () => {
      const html = '<img src=x onerror=alert(1)> hello';
      await send(tenant, conversationId, html);
      const page = await thread(landlord, conversationId);
      expect(page.json().messages.at(-1).body).toBe(html);
      expect(page.headers['content-type']).toMatch(/application\/json/);
    });

    it('warns the reader, not the writer, about payment requests, bank details and moving off the site', async () => {
      await send(
        landlord,
        conversationId,
        'Please transfer the £500 deposit to hold it. Sort code 12-34-56.',
      );
      await send(landlord, conversationId, 'Message me on WhatsApp at 07700 900123 instead.');
      const seenByTenant = (await thread(tenant, conversationId)).json().messages.slice(-2);
      expect(seenByTenant[0].warnings).toEqual(['payment', 'bank']);
      expect(seenByTenant[1].warnings).toEqual(['offsite']);
      const seenByLandlord = (await thread(landlord, conversationId)).json().messages.slice(-2);
      expect(seenByLandlord.every((m: { warnings: string[] }) => m.warnings.length === 0)).toBe(true);
    });

    it('emails the other side about a new message at most once in 15 minutes', async () => {
      const quietLandlord = await createLandlord(t, { premium: true });
      const listing = await createListing(t, { landlordId: quietLandlord.id, title: 'Quiet cottage' });
      const id = (await enquire(tenant, listing.id, enquiry)).json().conversationId;
      await enquire(tenant, listing.id, { message: 'One more thing about the garden.' });
      const mails = await emailsTo(t, quietLandlord.email, 'message');
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('New message from Tom Tenant about "Quiet cottage"');
      expect(mails[0].textBody).toContain(`/inbox?c=${id}`);
      // The message itself stays on the site.
      expect(mails[0].textBody).not.toContain('One more thing');

      t.clock.now = new Date(Date.now() + 16 * 60_000);
      await send(tenant, id, 'Following up after a while.');
      expect(await emailsTo(t, quietLandlord.email, 'message')).toHaveLength(2);
      t.clock.now = new Date();
    });

    it('sends no message email to someone who switched Email Notifications off', async () => {
      const off = await createLandlord(t, { premium: true });
      await call(t, 'PUT', '/api/notification-settings', { cookie: off.cookie, body: { email: false } });
      const listing = await createListing(t, { landlordId: off.id });
      expect((await enquire(tenant, listing.id, enquiry)).statusCode).toBe(201);
      expect(await emailsTo(t, off.email, 'message')).toHaveLength(0);
    });
  });

  describe('landlord response time', () => {
    it('shows on the listing from real first replies, once there are three enquiries', async () => {
      const quick = await createLandlord(t, { premium: true });
      const listing = await createListing(t, { landlordId: quick.id });
      const responseTime = async () =>
        (await call(t, 'GET', `/api/properties/${listing.id}`)).json().responseTime as string | null;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const asker = await createPremiumTenant(t);
        ids.push((await enquire(asker, listing.id, enquiry)).json().conversationId);
        await send(quick, ids[i], 'Thanks for asking, yes it is.');
        if (i < 2) expect(await responseTime()).toBeNull();
      }
      expect(await responseTime()).toBe('Usually replies within an hour');
      const summary = await call(t, 'GET', '/api/conversations/summary', { cookie: quick.cookie });
      expect(summary.json()).toEqual({
        enquiries: 3,
        unread: 0,
        responseTime: 'Usually replies within an hour',
      });
      // A second reply does not move the first-reply time.
      const [row] = await t.db.select().from(conversations).where(eq(conversations.id, ids[0]));
      await send(quick, ids[0], 'One more thing.');
      const [again] = await t.db.select().from(conversations).where(eq(conversations.id, ids[0]));
      expect(again.ownerFirstReplyAt).toEqual(row.ownerFirstReplyAt);
    });
  });

  describe('blocks and reports', () => {
    it('a blocked user cannot message, either way, until unblocked', async () => {
      const owner = await createLandlord(t, { premium: true });
      const listing = await createListing(t, { landlordId: owner.id });
      const pest = await createPremiumTenant(t);
      const id = (await enquire(pest, listing.id, enquiry)).json().conversationId;

      const block = await call(t, 'POST', `/api/users/${pest.id}/block`, { cookie: owner.cookie });
      expect(block.statusCode).toBe(200);
      expect(block.json()).toEqual({ blocked: true });
      for (const who of [pest, owner]) {
        const res = await send(who, id, 'Are you there?');
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('You cannot message this person.');
      }
      const second = await createListing(t, { landlordId: owner.id });
      expect((await enquire(pest, second.id, enquiry)).statusCode).toBe(403);
      const inbox = await call(t, 'GET', '/api/conversations', { cookie: pest.cookie });
      expect(inbox.json().conversations.find((c: { id: string }) => c.id === id).blocked).toBe(true);

      await call(t, 'DELETE', `/api/users/${pest.id}/block`, { cookie: owner.cookie });
      expect((await send(pest, id, 'Sorry, one last question.')).statusCode).toBe(201);
      expect(
        (await call(t, 'POST', `/api/users/${owner.id}/block`, { cookie: owner.cookie })).statusCode,
      ).toBe(400);
    });

    it('a participant reports with a reason; an admin then reads it read-only, and the read is audited', async () => {
      const owner = await createLandlord(t, { premium: true });
      const listing = await createListing(t, { landlordId: owner.id });
      const id = (await enquire(tenant, listing.id, enquiry)).json().conversationId;
      await send(owner, id, 'Pay the holding fee by bank transfer today or lose it.');

      const noReason = await call(t, 'POST', `/api/conversations/${id}/report`, {
        cookie: tenant.cookie,
        body: { reason: '  ' },
      });
      expect(noReason.statusCode).toBe(400);
      const admin = await createAdmin(t);
      expect((await thread(admin, id)).statusCode).toBe(404);

      const report = await call(t, 'POST', `/api/conversations/${id}/report`, {
        cookie: tenant.cookie,
        body: { reason: 'Asking for money before a viewing' },
      });
      expect(report.statusCode).toBe(201);

      const reports = await call(t, 'GET', '/api/admin/reports', { cookie: admin.cookie });
      expect(reports.statusCode).toBe(200);
      const listed = reports.json().reports.find((r: { conversationId: string }) => r.conversationId === id);
      expect(listed).toMatchObject({ reason: 'Asking for money before a viewing', status: 'open' });
      expect((await call(t, 'GET', '/api/admin/reports', { cookie: tenant.cookie })).statusCode).toBe(403);

      const read = await thread(admin, id);
      expect(read.statusCode).toBe(200);
      expect(read.json().conversation.readOnly).toBe(true);
      expect(read.json().messages.map((m: { body: string }) => m.body)).toContain(
        'Pay the holding fee by bank transfer today or lose it.',
      );
      expect((await send(admin, id, 'Admin here')).statusCode).toBe(403);
      const [entry] = await auditEntries(t, 'conversation.read', id);
      expect(entry).toMatchObject({ actorId: admin.id, targetType: 'conversation' });

      const close = await call(t, 'POST', `/api/admin/reports/${listed.id}/close`, { cookie: admin.cookie });
      expect(close.statusCode).toBe(200);
      expect(
        (await call(t, 'POST', `/api/admin/reports/${listed.id}/close`, { cookie: admin.cookie })).statusCode,
      ).toBe(404);
    });
  });

  describe('quote requests', () => {
    it('open a conversation the contractor answers in, and status changes post a line in it', async () => {
      const owner = await createContractorUser(t, { premium: true, firstName: 'Cara' });
      const profile = await createContractor(t, { userId: owner.id, businessName: 'Cara Roofing' });
      const landlordClient = await createLandlord(t, { premium: true });
      const res = await call(t, 'POST', `/api/contractors/${profile.id}/quote-requests`, {
        cookie: landlordClient.cookie,
        body: {
          jobTitle: 'Slipped slates',
          description: 'Three slates slipped after the storm.',
          location: 'LS6 3QW',
          contactEmail: landlordClient.email,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id: leadId, conversationId } = res.json();
      expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);

      const seen = await thread(owner, conversationId);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().messages[0].body).toBe('Slipped slates\n\nThree slates slipped after the storm.');
      expect(seen.json().conversation).toMatchObject({ kind: 'quote', leadId, role: 'owner' });
      expect((await send(owner, conversationId, 'I can come on Tuesday morning.')).statusCode).toBe(201);

      const patch = await call(t, 'PATCH', `/api/contractor/leads/${leadId}`, {
        cookie: owner.cookie,
        body: { status: 'won' },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      const mine = (await thread(landlordClient, conversationId)).json();
      expect(mine.conversation.otherParty.name).toBe('Cara Roofing');
      expect(mine.messages.at(-1)).toMatchObject({
        system: true,
        body: 'Cara Roofing marked this request as won.',
      });
      const [row] = await t.db.select().from(conversations).where(eq(conversations.id, conversationId));
      expect(row.leadId).toBe(leadId);
    });

    it('a contractor without Contractor Pro is offered the plan instead of the thread', async () => {
      const owner = await createContractorUser(t, { premium: false });
      const profile = await createContractor(t, { userId: owner.id });
      const res = await call(t, 'POST', `/api/contractors/${profile.id}/quote-requests`, {
        cookie: tenant.cookie,
        body: { jobTitle: 'Tap', description: 'Dripping tap', location: 'LS1', contactEmail: tenant.email },
      });
      const refused = await thread(owner, res.json().conversationId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().feature).toBe('manageLeads');
    });
  });
});
