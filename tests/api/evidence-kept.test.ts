// Keep the evidence (issue 29 item 1, decision 0051): deleting an account or a listing never erases another
// person's records. One test per table that used to cascade from one party's row into what the other keeps, read
// back through the API where there is one; and the evidence hold on reported conversations.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_EVIDENCE_HOLD_DAYS } from '../../src/domain/retention';
import {
  contractors,
  conversationReports,
  conversations,
  forumMessages,
  forumTopics,
  invoices,
  leads,
  messages,
  properties,
  propertyImages,
  reviews,
  subscriptions,
  users,
  viewingBookings,
  viewingSlots,
} from '../../src/server/db/schema';
import { removeDemoData } from '../../src/server/db/seed';
import { runEvidenceRelease } from '../../src/server/features/accounts/service';
import { createContractor, createLead } from '../factories/contractors';
import { createListing } from '../factories/listings';
import {
  type CreatedUser,
  createAdmin,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createSuperAdmin,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { dayAhead } from '../support/dates';
import { call } from '../support/http';

const DAY = 86_400_000;

describe('keep the evidence', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const deleteAccount = async (who: CreatedUser) => {
    const res = await call(t, 'DELETE', '/api/account', {
      cookie: who.cookie,
      body: { password: who.password },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const thread = (who: CreatedUser, id: string) =>
    call(t, 'GET', `/api/conversations/${id}/messages`, { cookie: who.cookie });
  const inbox = async (who: CreatedUser) =>
    (await call(t, 'GET', '/api/conversations', { cookie: who.cookie })).json().conversations as Array<{
      id: string;
      otherParty: { name: string; deleted: boolean };
      subject: { title: string; href: string | null; removed: boolean };
    }>;

  /** A landlord's live listing with photos, a tenant's enquiry, the landlord's reply and a booked viewing. */
  async function enquiryWithViewing() {
    const landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Landlord' });
    const tenant = await createPremiumTenant(t, { firstName: 'Tom', lastName: 'Tenant' });
    const listing = await createListing(t, { landlordId: landlord.id, title: 'Canal-side flat', images: 2 });
    const enquiry = await call(t, 'POST', `/api/properties/${listing.id}/enquiries`, {
      cookie: tenant.cookie,
      body: { message: 'Could I come and see the flat, please?' },
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const conversationId = enquiry.json().conversationId as string;
    const reply = await call(t, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: landlord.cookie,
      body: { body: 'Of course, pick a time below.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const slot = await call(t, 'POST', `/api/listings/${listing.id}/viewing-slots`, {
      cookie: landlord.cookie,
      body: { date: dayAhead(5), startTime: '11:00', durationMinutes: 30, capacity: 2 },
    });
    expect(slot.statusCode, slot.body).toBe(201);
    const booked = await call(t, 'POST', `/api/conversations/${conversationId}/viewings`, {
      cookie: tenant.cookie,
      body: { slotId: slot.json().id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    return { landlord, tenant, listing, conversationId, slotId: slot.json().id as string };
  }

  const bodies = (res: { json: () => { messages: Array<{ body: string }> } }) =>
    res.json().messages.map((m) => m.body);

  describe('an account deleted', () => {
    it('conversations and messages: the tenant still reads the thread of a landlord who deleted their account', async () => {
      const { landlord, tenant, listing, conversationId } = await enquiryWithViewing();
      await deleteAccount(landlord);

      const read = await thread(tenant, conversationId);
      expect(read.statusCode, read.body).toBe(200);
      expect(bodies(read)).toEqual(
        expect.arrayContaining(['Could I come and see the flat, please?', 'Of course, pick a time below.']),
      );
      expect(read.json().conversation).toMatchObject({
        otherParty: { id: landlord.id, name: 'Deleted user', deleted: true },
        subject: { title: 'Canal-side flat', href: null, removed: true },
      });
      const listed = (await inbox(tenant)).find((c) => c.id === conversationId);
      expect(listed).toMatchObject({ otherParty: { name: 'Deleted user' }, subject: { removed: true } });
      // Nobody receives a new message: refused with a reason, not lost.
      const send = await call(t, 'POST', `/api/conversations/${conversationId}/messages`, {
        cookie: tenant.cookie,
        body: { body: 'Hello?' },
      });
      expect(send.statusCode).toBe(409);
      expect(send.json().message).toMatch(/deleted their account/);
      // The listing is withdrawn, kept for the thread: no page for anyone, no enquiry.
      expect((await call(t, 'GET', `/api/properties/${listing.id}`)).statusCode).toBe(404);
      const [row] = await t.db.select().from(properties).where(eq(properties.id, listing.id));
      expect(row).toMatchObject({ status: 'withdrawn', title: 'Canal-side flat' });
    });

    it('viewing bookings and slots: the tenant still sees the viewing, called off, after the landlord leaves', async () => {
      const { landlord, tenant, conversationId, slotId } = await enquiryWithViewing();
      await deleteAccount(landlord);

      const viewings = await call(t, 'GET', `/api/conversations/${conversationId}/viewings`, {
        cookie: tenant.cookie,
      });
      expect(viewings.statusCode, viewings.body).toBe(200);
      expect(viewings.json().booking).toMatchObject({ status: 'cancelled' });
      expect(viewings.json().slots).toEqual([]);
      const [slot] = await t.db.select().from(viewingSlots).where(eq(viewingSlots.id, slotId));
      expect(slot.cancelledAt).toBeInstanceOf(Date);
    });

    it('the landlord still reads a deleted tenant’s side as "Deleted user", and the booking stays', async () => {
      const { landlord, tenant, conversationId } = await enquiryWithViewing();
      await deleteAccount(tenant);

      const read = await thread(landlord, conversationId);
      expect(read.statusCode, read.body).toBe(200);
      expect(bodies(read)).toContain('Could I come and see the flat, please?');
      expect(read.json().conversation.otherParty).toMatchObject({ name: 'Deleted user', deleted: true });
      expect(read.json().messages.find((m: { fromMe: boolean }) => !m.fromMe)).toBeDefined();
      const bookings = await t.db
        .select()
        .from(viewingBookings)
        .where(eq(viewingBookings.conversationId, conversationId));
      expect(bookings).toHaveLength(1);
      expect(bookings[0]).toMatchObject({ tenantId: tenant.id, status: 'cancelled' });
      const mine = await call(t, 'GET', `/api/conversations/${conversationId}/viewings`, {
        cookie: landlord.cookie,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().booking).toMatchObject({ status: 'cancelled' });
      // Nobody would come: the landlord cannot propose another time to someone who left.
      const [{ propertyId }] = await t.db
        .select({ propertyId: viewingSlots.propertyId })
        .from(viewingSlots)
        .where(eq(viewingSlots.id, bookings[0].slotId));
      const later = await call(t, 'POST', `/api/listings/${propertyId}/viewing-slots`, {
        cookie: landlord.cookie,
        body: { date: dayAhead(7), startTime: '10:00', durationMinutes: 30, capacity: 1 },
      });
      expect(later.statusCode, later.body).toBe(201);
      const proposed = await call(t, 'POST', `/api/viewings/${bookings[0].id}/propose`, {
        cookie: landlord.cookie,
        body: { slotId: later.json().id },
      });
      expect(proposed.statusCode).toBe(409);
      expect(proposed.json().message).toMatch(/deleted their account/);
    });

    it('conversation reports: moderators still see and read a report after both sides deleted their accounts', async () => {
      const { landlord, tenant, conversationId } = await enquiryWithViewing();
      const admin = await createAdmin(t);
      const report = await call(t, 'POST', `/api/conversations/${conversationId}/report`, {
        cookie: tenant.cookie,
        body: { reason: 'Asked for a deposit before any viewing' },
      });
      expect(report.statusCode, report.body).toBe(201);
      await deleteAccount(landlord);
      await deleteAccount(tenant);

      const reports = await call(t, 'GET', '/api/admin/reports', { cookie: admin.cookie });
      expect(reports.statusCode).toBe(200);
      const listed = reports
        .json()
        .reports.find((r: { conversationId: string }) => r.conversationId === conversationId);
      expect(listed).toMatchObject({ reason: 'Asked for a deposit before any viewing', status: 'open' });
      const read = await thread(admin, conversationId);
      expect(read.statusCode, read.body).toBe(200);
      expect(bodies(read)).toContain('Of course, pick a time below.');
      // The listing a report holds keeps its photos as evidence.
      const [conversation] = await t.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, conversationId));
      expect(
        await t.db
          .select()
          .from(propertyImages)
          .where(eq(propertyImages.propertyId, conversation.propertyId as string)),
      ).toHaveLength(2);
    });

    it('leads and quote conversations: the contractor keeps the lead and thread of a customer who left', async () => {
      const owner = await createContractorUser(t, { premium: true });
      const profile = await createContractor(t, { userId: owner.id, businessName: 'Cara Roofing' });
      const customer = await createLandlord(t, { premium: true, firstName: 'Priya', lastName: 'Shah' });
      const asked = await call(t, 'POST', `/api/contractors/${profile.id}/quote-requests`, {
        cookie: customer.cookie,
        body: {
          jobTitle: 'Leaking roof',
          description: 'Water comes in after heavy rain.',
          location: 'LS6 3QW',
          contactEmail: 'priya@example.test',
          contactPhone: '07700 900123',
        },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const leadId = asked.json().id as string;
      await deleteAccount(customer);

      const lead = await call(t, 'GET', `/api/contractor/leads/${leadId}`, { cookie: owner.cookie });
      expect(lead.statusCode, lead.body).toBe(200);
      expect(JSON.stringify(lead.json())).toContain('Leaking roof');
      expect(JSON.stringify(lead.json())).not.toContain('priya@example.test');
      const [row] = await t.db.select().from(leads).where(eq(leads.id, leadId));
      expect(row).toMatchObject({ requesterId: customer.id, contactPhone: null });
      const quoteThread = (await inbox(owner)).find((c) => c.otherParty.deleted);
      expect(quoteThread).toMatchObject({ otherParty: { name: 'Deleted user' } });
    });

    it('contractors: a customer keeps the quote thread and lead of a trade that deleted its account', async () => {
      const owner = await createContractorUser(t, { premium: true });
      const profile = await createContractor(t, { userId: owner.id, businessName: 'Dan Drains' });
      const customer = await createLandlord(t, { premium: true });
      const asked = await call(t, 'POST', `/api/contractors/${profile.id}/quote-requests`, {
        cookie: customer.cookie,
        body: {
          jobTitle: 'Blocked drain',
          description: 'Slow to empty.',
          location: 'LS1 5HD',
          contactEmail: 'c@example.test',
        },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      await deleteAccount(owner);

      const mine = (await inbox(customer)).find((c) => c.subject.title === 'Blocked drain');
      expect(mine).toBeDefined();
      const read = await thread(customer, mine?.id as string);
      expect(read.statusCode, read.body).toBe(200);
      expect(await t.db.select().from(leads).where(eq(leads.id, asked.json().id))).toHaveLength(1);
      const [kept] = await t.db.select().from(contractors).where(eq(contractors.id, profile.id));
      expect(kept).toMatchObject({ status: 'withdrawn', businessName: 'Dan Drains' });
    });

    it('reviews: a trade keeps the review, and its rating, of a customer who deleted their account', async () => {
      const profile = await createContractor(t, { ratings: [4] });
      const author = await createTenant(t, { firstName: 'Rita', lastName: 'Reviewer' });
      const lead = await createLead(t, profile.id, { status: 'won', requesterId: author.id });
      await t.db.insert(reviews).values({
        contractorId: profile.id,
        authorId: author.id,
        leadId: lead.id,
        customerName: 'Rita R.',
        rating: 5,
        comment: 'Fixed the boiler the same day.',
      });
      await t.db
        .update(contractors)
        .set({
          ratingSum: sql`${contractors.ratingSum} + 5`,
          reviewCount: sql`${contractors.reviewCount} + 1`,
        })
        .where(eq(contractors.id, profile.id));
      await deleteAccount(author);

      const page = await call(t, 'GET', `/api/contractors/${profile.id}/reviews`);
      expect(page.statusCode, page.body).toBe(200);
      const found = page
        .json()
        .reviews.find((r: { comment: string }) => r.comment === 'Fixed the boiler the same day.');
      expect(found).toMatchObject({ customerName: 'Deleted user', rating: 5 });
      const [totals] = await t.db.select().from(contractors).where(eq(contractors.id, profile.id));
      expect(totals).toMatchObject({ reviewCount: 2, ratingSum: 9 });
    });

    it('forum topics and messages: replies survive the topic author’s deletion, signed "Deleted user"', async () => {
      const author = await createPremiumTenant(t, { firstName: 'Ann', lastName: 'Author' });
      const replier = await createPremiumTenant(t, { firstName: 'Ravi', lastName: 'Replier' });
      const topic = await call(t, 'POST', '/api/forum/topics', {
        cookie: author.cookie,
        body: { title: 'Damp in a rented flat', description: 'Who pays for the dehumidifier?' },
      });
      expect(topic.statusCode, topic.body).toBe(201);
      const id = topic.json().id as string;
      const reply = await call(t, 'POST', `/api/forum/topics/${id}/messages`, {
        cookie: replier.cookie,
        body: { content: 'Your landlord must fix the cause: ask in writing.' },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      await deleteAccount(author);

      const read = await call(t, 'GET', `/api/forum/topics/${id}/messages`, { cookie: replier.cookie });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().topic.author.name).toBe('Deleted user');
      expect(read.json().messages.map((m: { content: string }) => m.content)).toContain(
        'Your landlord must fix the cause: ask in writing.',
      );
      expect(await t.db.select().from(forumTopics).where(eq(forumTopics.id, id))).toHaveLength(1);
      expect(await t.db.select().from(forumMessages).where(eq(forumMessages.topicId, id))).toHaveLength(1);
    });

    it('subscriptions and invoices: payment records stay, tied to the anonymised account', async () => {
      const payer = await createTenant(t);
      const [sub] = await t.db
        .insert(subscriptions)
        .values({
          userId: payer.id,
          plan: 'tenant',
          provider: 'test',
          providerSubscriptionId: `sub_${payer.id}`,
          status: 'canceled',
          pricePence: 999,
        })
        .returning();
      await t.db.insert(invoices).values({
        userId: payer.id,
        subscriptionId: sub.id,
        providerInvoiceId: `in_${payer.id}`,
        amountPence: 999,
        status: 'paid',
      });
      await deleteAccount(payer);

      const kept = await t.db.select().from(invoices).where(eq(invoices.userId, payer.id));
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ amountPence: 999, status: 'paid', subscriptionId: sub.id });
      expect(await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id))).toHaveLength(1);
      const [person] = await t.db.select().from(users).where(eq(users.id, payer.id));
      expect(person).toMatchObject({
        firstName: 'Deleted user',
        email: `deleted-${payer.id}@deleted.invalid`,
      });
    });

    it('admin deletion of a user anonymises the same way and keeps the other side’s thread', async () => {
      const { landlord, tenant, conversationId } = await enquiryWithViewing();
      const superAdmin = await createSuperAdmin(t);
      const res = await call(t, 'DELETE', `/api/admin/delete-user/${landlord.id}`, {
        cookie: superAdmin.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);

      const read = await thread(tenant, conversationId);
      expect(read.statusCode).toBe(200);
      expect(read.json().conversation.otherParty.name).toBe('Deleted user');
      // Gone from the admin's user list, and a second delete finds nothing.
      const again = await call(t, 'DELETE', `/api/admin/delete-user/${landlord.id}`, {
        cookie: superAdmin.cookie,
      });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('a listing deleted', () => {
    it('properties: the owner’s delete withdraws the listing; the tenant keeps thread, messages and viewing', async () => {
      const { landlord, tenant, listing, conversationId } = await enquiryWithViewing();
      const res = await call(t, 'DELETE', `/api/properties/${listing.id}`, { cookie: landlord.cookie });
      expect(res.statusCode, res.body).toBe(204);

      // Gone for the public, the owner's list and a second delete.
      expect((await call(t, 'GET', `/api/properties/${listing.id}`)).statusCode).toBe(404);
      expect(
        (await call(t, 'GET', `/api/properties/${listing.id}`, { cookie: landlord.cookie })).statusCode,
      ).toBe(404);
      expect(
        (await call(t, 'DELETE', `/api/properties/${listing.id}`, { cookie: landlord.cookie })).statusCode,
      ).toBe(404);
      const search = await call(t, 'GET', '/api/properties?q=Canal-side');
      expect(search.json().properties.map((p: { id: string }) => p.id)).not.toContain(listing.id);

      for (const who of [tenant, landlord]) {
        const read = await thread(who, conversationId);
        expect(read.statusCode, read.body).toBe(200);
        expect(bodies(read)).toContain('Could I come and see the flat, please?');
        expect(read.json().conversation.subject).toEqual({
          title: 'Canal-side flat',
          href: null,
          removed: true,
        });
      }
      const viewings = await call(t, 'GET', `/api/conversations/${conversationId}/viewings`, {
        cookie: tenant.cookie,
      });
      expect(viewings.statusCode).toBe(200);
      expect(viewings.json().booking).toMatchObject({ status: 'cancelled' });
      // Not bookable again, and no new slot for it.
      const slot = await call(t, 'POST', `/api/listings/${listing.id}/viewing-slots`, {
        cookie: landlord.cookie,
        body: { date: dayAhead(6), startTime: '12:00', durationMinutes: 30, capacity: 1 },
      });
      expect(slot.statusCode).toBe(404);
      // No report holds it: its photos went.
      expect(
        await t.db.select().from(propertyImages).where(eq(propertyImages.propertyId, listing.id)),
      ).toHaveLength(0);
    });

    it('the super admin’s delete withdraws too, and a reported listing keeps its photos', async () => {
      const { tenant, listing, conversationId } = await enquiryWithViewing();
      const superAdmin = await createSuperAdmin(t);
      await call(t, 'POST', `/api/conversations/${conversationId}/report`, {
        cookie: tenant.cookie,
        body: { reason: 'Photos copied from another advert' },
      });
      const res = await call(t, 'DELETE', `/api/admin/property/${listing.id}`, { cookie: superAdmin.cookie });
      expect(res.statusCode, res.body).toBe(200);

      expect((await thread(tenant, conversationId)).statusCode).toBe(200);
      expect(await t.db.select().from(properties).where(eq(properties.id, listing.id))).toHaveLength(1);
      expect(
        await t.db.select().from(propertyImages).where(eq(propertyImages.propertyId, listing.id)),
      ).toHaveLength(2);
    });

    it('the super admin’s delete of a trade with customers withdraws it and keeps their leads', async () => {
      const profile = await createContractor(t, {});
      const lead = await createLead(t, profile.id);
      const superAdmin = await createSuperAdmin(t);
      const res = await call(t, 'DELETE', `/api/admin/contractor/${profile.id}`, {
        cookie: superAdmin.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toMatch(/withdrawn/);
      expect(await t.db.select().from(leads).where(eq(leads.id, lead.id))).toHaveLength(1);
      expect((await call(t, 'GET', `/api/contractors/${profile.id}`)).statusCode).toBe(404);
    });
  });

  describe('the evidence hold', () => {
    it('no foreign key cascades into a record another person keeps', async () => {
      // Every ON DELETE CASCADE left removes only the deleting person's own private data (decision 0051).
      const found = await t.db.execute(sql`
        select con.conrelid::regclass::text as child, a.attname as col, con.confrelid::regclass::text as parent
        from pg_constraint con
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = any(con.conkey)
        where con.contype = 'f' and con.confdeltype = 'c'`);
      const cascades = (
        found as unknown as { rows: Array<{ child: string; col: string; parent: string }> }
      ).rows
        .map((r) => `${r.child}.${r.col} -> ${r.parent}`)
        .sort();
      expect(cascades).toEqual([
        'alert_deliveries.property_id -> properties',
        'alert_deliveries.user_id -> users',
        'content_submissions.user_id -> users',
        'contractor_images.contractor_id -> contractors',
        'email_change_requests.user_id -> users',
        // A pin names no one; a withdrawn listing is soft-deleted, so this cascade runs only when a test resets.
        'featured_pins.property_id -> properties',
        'forum_messages.topic_id -> forum_topics',
        'media_uploads.user_id -> users',
        'notification_settings.user_id -> users',
        'password_reset_tokens.user_id -> users',
        'property_images.property_id -> properties',
        'property_interactions.property_id -> properties',
        'property_interactions.user_id -> users',
        'property_rent_changes.property_id -> properties',
        // Only the tenant's own: an application carries its own snapshot, so deleting the profile takes nobody's record.
        'renter_profiles.user_id -> users',
        // Only the person's own read mark on a repair's conversation (issue 32): the messages stay.
        'repair_reads.user_id -> users',
        'saved_searches.user_id -> users',
        'sessions.impersonator_id -> users',
        'sessions.return_session_id -> sessions',
        'sessions.user_id -> users',
        'subscription_reminders.subscription_id -> subscriptions',
        'trade_checks.contractor_id -> contractors',
        'user_blocks.blocked_id -> users',
        'user_blocks.blocker_id -> users',
        // When a held viewing email is due: bookkeeping of the thread itself, which is never deleted while kept.
        'viewing_notices.conversation_id -> conversations',
      ]);
    });

    it('moderators still know who a reported party was until the hold ends; the other side never does', async () => {
      const { landlord, tenant, conversationId } = await enquiryWithViewing();
      const admin = await createAdmin(t);
      await call(t, 'POST', `/api/conversations/${conversationId}/report`, {
        cookie: tenant.cookie,
        body: { reason: 'Wanted the deposit in cash' },
      });
      await deleteAccount(landlord);

      const asAdmin = await thread(admin, conversationId);
      expect(asAdmin.json().conversation.heldIdentities).toEqual([
        { userId: landlord.id, name: 'Lena Landlord', email: landlord.email, phone: null },
      ]);
      const asTenant = await thread(tenant, conversationId);
      expect(asTenant.json().conversation.heldIdentities).toEqual([]);
      expect(JSON.stringify(asTenant.json())).not.toContain(landlord.email);

      // Still held the day before the hold ends; forgotten after it.
      const release = () => runEvidenceRelease(t.app.ctx);
      await t.db
        .update(conversationReports)
        .set({ status: 'closed', closedAt: new Date(Date.now() - (REPORT_EVIDENCE_HOLD_DAYS - 1) * DAY) })
        .where(eq(conversationReports.conversationId, conversationId));
      await release();
      const [kept] = await t.db.select().from(users).where(eq(users.id, landlord.id));
      expect(kept.heldIdentity).toMatchObject({ email: landlord.email });
      await t.db
        .update(conversationReports)
        .set({ closedAt: new Date(Date.now() - (REPORT_EVIDENCE_HOLD_DAYS + 1) * DAY) })
        .where(eq(conversationReports.conversationId, conversationId));
      expect((await release()).released).toBeGreaterThanOrEqual(1);
      const [gone] = await t.db.select().from(users).where(eq(users.id, landlord.id));
      expect(gone.heldIdentity).toBeNull();
      expect(JSON.stringify(gone)).not.toContain(landlord.email);
      expect((await thread(admin, conversationId)).json().conversation.heldIdentities).toEqual([]);
    });

    it('an account with no reported thread keeps nothing of who it was', async () => {
      const { landlord } = await enquiryWithViewing();
      await deleteAccount(landlord);
      const [row] = await t.db.select().from(users).where(eq(users.id, landlord.id));
      expect(row.heldIdentity).toBeNull();
    });

    it('the database refuses to delete a reported conversation, a listing with threads or a party to one', async () => {
      const { landlord, tenant, listing, conversationId } = await enquiryWithViewing();
      await call(t, 'POST', `/api/conversations/${conversationId}/report`, {
        cookie: tenant.cookie,
        body: { reason: 'Scam' },
      });
      await expect(t.db.delete(conversations).where(eq(conversations.id, conversationId))).rejects.toThrow();
      await expect(t.db.delete(properties).where(eq(properties.id, listing.id))).rejects.toThrow();
      await expect(t.db.delete(users).where(eq(users.id, landlord.id))).rejects.toThrow();
      expect(
        await t.db.select().from(messages).where(eq(messages.conversationId, conversationId)),
      ).not.toHaveLength(0);
    });

    it(`a demo reset is refused while a report on a demo conversation is open or closed within ${REPORT_EVIDENCE_HOLD_DAYS} days`, async () => {
      const demoLandlord = await createLandlord(t, { premium: true, isDemo: true });
      const tenant = await createPremiumTenant(t);
      const listing = await createListing(t, { landlordId: demoLandlord.id, title: 'Demo flat' });
      const enquiry = await call(t, 'POST', `/api/properties/${listing.id}/enquiries`, {
        cookie: tenant.cookie,
        body: { message: 'Is the demo flat still available?' },
      });
      expect(enquiry.statusCode, enquiry.body).toBe(201);
      const conversationId = enquiry.json().conversationId as string;
      await call(t, 'POST', `/api/conversations/${conversationId}/report`, {
        cookie: tenant.cookie,
        body: { reason: 'Fake listing' },
      });
      await expect(removeDemoData(t.db)).rejects.toThrow(/evidence hold/);
      const closedAt = new Date(Date.now() - (REPORT_EVIDENCE_HOLD_DAYS - 1) * DAY);
      await t.db
        .update(conversationReports)
        .set({ status: 'closed', closedAt })
        .where(eq(conversationReports.conversationId, conversationId));
      await expect(removeDemoData(t.db)).rejects.toThrow(/evidence hold/);
      expect(
        await t.db.select().from(conversations).where(eq(conversations.id, conversationId)),
      ).toHaveLength(1);

      // Past the hold, the reset goes ahead and takes the demo conversation with it.
      await t.db
        .update(conversationReports)
        .set({ closedAt: new Date(Date.now() - (REPORT_EVIDENCE_HOLD_DAYS + 1) * DAY) })
        .where(eq(conversationReports.conversationId, conversationId));
      await removeDemoData(t.db);
      expect(
        await t.db.select().from(conversations).where(eq(conversations.id, conversationId)),
      ).toHaveLength(0);
      expect(await t.db.select().from(users).where(eq(users.id, demoLandlord.id))).toHaveLength(0);
      expect(await t.db.select().from(users).where(eq(users.id, tenant.id))).toHaveLength(1);
    });
  });
});
