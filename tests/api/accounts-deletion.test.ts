import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contactSubmissions,
  contractors,
  forumMessages,
  forumTopics,
  notificationSettings,
  pageViews,
  passwordResetTokens,
  properties,
  propertyImages,
  propertyInteractions,
  reviews,
  savedSearches,
  sessions,
  users,
} from '../../src/server/db/schema';
import { mediaRef } from '../../src/server/media/urls';
import {
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createSuperAdmin,
  createTenant,
  signIn,
} from '../factories/users';
import { createTestApp, sessionCookie, type TestApp } from '../support/app';
import { call, emailsTo } from '../support/http';
import { uploadPhoto } from './accounts.helpers';

describe('DELETE /api/account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const listing = (landlordId: string, title = 'Two-bed flat in Leeds') => ({
    landlordId,
    title,
    propertyType: 'apartment' as const,
    monthlyRentPence: 95_000,
    address: '1 Park Row, Leeds',
    publicStreet: 'Park Row, Leeds',
    postcode: 'LS1 5HD',
    outcode: 'LS1',
  });

  const stored = (url: string) => path.join(t.config.dataDir, url);

  it('answers 401 when signed out', async () => {
    const res = await call(t, 'DELETE', '/api/account');
    expect(res.statusCode).toBe(401);
  });

  it('asks for the password: none or a wrong one is refused and nothing is deleted (decision 0056)', async () => {
    const tenant = await createTenant(t);
    const missing = await call(t, 'DELETE', '/api/account', { cookie: tenant.cookie, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.password).toEqual(['Enter your password to delete your account.']);
    const noBody = await call(t, 'DELETE', '/api/account', { cookie: tenant.cookie });
    expect(noBody.statusCode).toBe(400);
    const wrong = await call(t, 'DELETE', '/api/account', {
      cookie: tenant.cookie,
      body: { password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      fieldErrors: { password: ['Your password is incorrect.'] },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
    expect(row).toMatchObject({ email: tenant.email, deletedAt: null });
    expect((await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie })).statusCode).toBe(200);
  });

  it('emails a confirmation to the address the account had: subscription and viewings said', async () => {
    const tenant = await createTenant(t);
    const res = await call(t, 'DELETE', '/api/account', {
      cookie: tenant.cookie,
      body: { password: tenant.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await emailsTo(t, tenant.email, 'account_deleted');
    expect(mail.subject).toBe('Your account on Your Place is deleted');
    expect(mail.textBody).toContain('no further payments are taken');
    expect(mail.textBody).toContain('Viewings still to come are cancelled');
  });

  it('anonymises the account, removes what was only its own, keeps what it shared, and replies with the ok flag', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const otherDevice = await signIn(t, landlord.id);
    const [property] = await t.db.insert(properties).values(listing(landlord.id)).returning();
    await t.db
      .insert(propertyImages)
      .values({ propertyId: property.id, url: '/media/listings/x/large.webp' });
    const [topic] = await t.db
      .insert(forumTopics)
      .values({ userId: landlord.id, title: 'Deposit disputes', description: 'How do you handle them?' })
      .returning();
    await t.db
      .insert(forumMessages)
      .values({ topicId: topic.id, userId: landlord.id, content: 'Use the TDS.' });
    await t.db.insert(savedSearches).values({ userId: landlord.id, name: 'Leeds flats' });
    await t.db.insert(passwordResetTokens).values({
      userId: landlord.id,
      tokenHash: `hash-${landlord.id}`,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await t.db.insert(pageViews).values({ path: '/properties', userId: landlord.id });

    const res = await call(t, 'DELETE', '/api/account', {
      cookie: landlord.cookie,
      body: { password: landlord.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true });
    expect(res.cookies.find((c) => c.name === 'yp_session')?.value).toBe('');

    // The person is gone (decision 0051): the row stays anonymised for the records others share with it.
    const [row] = await t.db.select().from(users).where(eq(users.id, landlord.id));
    expect(row).toMatchObject({
      email: `deleted-${landlord.id}@deleted.invalid`,
      passwordHash: null,
      firstName: 'Deleted user',
      lastName: '',
      phone: null,
      profileImageUrl: null,
      isPremium: false,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain(landlord.email);
    // Their listing is withdrawn for good, kept for threads; its photos (no report holds them) go.
    const [kept] = await t.db.select().from(properties).where(eq(properties.id, property.id));
    expect(kept).toMatchObject({ status: 'withdrawn' });
    expect(kept.deletedAt).toBeInstanceOf(Date);
    expect(
      await t.db.select().from(propertyImages).where(eq(propertyImages.propertyId, property.id)),
    ).toHaveLength(0);
    // Forum posts stay, signed "Deleted user" (other people's replies hang off the topic).
    expect(await t.db.select().from(forumTopics).where(eq(forumTopics.id, topic.id))).toHaveLength(1);
    expect(await t.db.select().from(forumMessages).where(eq(forumMessages.userId, landlord.id))).toHaveLength(
      1,
    );
    // What was only theirs goes.
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, landlord.id))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, landlord.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, landlord.id)),
    ).toHaveLength(0);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, landlord.id))).toHaveLength(0);

    for (const cookie of [landlord.cookie, otherDevice]) {
      expect((await call(t, 'GET', '/api/auth/user', { cookie })).statusCode).toBe(401);
    }
    const login = await call(t, 'POST', '/api/login', {
      body: { email: landlord.email, password: landlord.password },
    });
    expect(login.statusCode).toBe(401);
    // The address is free again: the same person may register afresh.
    const again = await call(t, 'POST', '/api/register', {
      body: {
        email: landlord.email,
        password: 'another-long-password',
        firstName: 'Lena',
        lastName: 'Again',
        userType: 'landlord',
      },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('withdraws the trade profile, keeps reviews the user wrote signed "Deleted user", and drops their saves', async () => {
    const contractorUser = await createContractorUser(t);
    const [profile] = await t.db
      .insert(contractors)
      .values({
        userId: contractorUser.id,
        businessName: 'Leeds Plumbing Co',
        specialty: 'Plumbing & Heating',
        status: 'live',
        phone: '07700 900999',
      })
      .returning();
    const reviewer = await createTenant(t);
    await t.db
      .insert(reviews)
      .values({ contractorId: profile.id, authorId: reviewer.id, customerName: 'Rita R.', rating: 5 });

    const landlord = await createLandlord(t);
    const [property] = await t.db.insert(properties).values(listing(landlord.id)).returning();
    await t.db
      .insert(propertyInteractions)
      .values({ userId: reviewer.id, propertyId: property.id, type: 'save' });

    expect(
      (
        await call(t, 'DELETE', '/api/account', {
          cookie: reviewer.cookie,
          body: { password: reviewer.password },
        })
      ).statusCode,
    ).toBe(200);
    const kept = await t.db.select().from(reviews).where(eq(reviews.contractorId, profile.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ authorId: reviewer.id, customerName: 'Deleted user', rating: 5 });
    expect(
      await t.db.select().from(propertyInteractions).where(eq(propertyInteractions.userId, reviewer.id)),
    ).toHaveLength(0);
    expect(await t.db.select().from(properties).where(eq(properties.id, property.id))).toHaveLength(1);

    expect(
      (
        await call(t, 'DELETE', '/api/account', {
          cookie: contractorUser.cookie,
          body: { password: contractorUser.password },
        })
      ).statusCode,
    ).toBe(200);
    const [withdrawn] = await t.db.select().from(contractors).where(eq(contractors.id, profile.id));
    expect(withdrawn).toMatchObject({ status: 'withdrawn', businessName: 'Leeds Plumbing Co', phone: null });
    expect((await call(t, 'GET', `/api/contractors/${profile.id}`)).statusCode).toBe(404);
  });

  it('keeps contact messages for the admins but erases who sent them', async () => {
    const tenant = await createTenant(t);
    const sent = await call(t, 'POST', '/api/contact', {
      cookie: tenant.cookie,
      body: { name: 'Real Name', email: tenant.email, subject: 'Help', message: 'A question about deposits' },
    });
    expect(sent.statusCode).toBe(201);
    await call(t, 'DELETE', '/api/account', { cookie: tenant.cookie, body: { password: tenant.password } });
    const [row] = await t.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, sent.json().id));
    expect(row).toMatchObject({
      userId: null,
      name: 'Deleted user',
      email: 'deleted@invalid',
      message: 'A question about deposits',
    });
  });

  it('writes an audit entry without personal data', async () => {
    const tenant = await createTenant(t);
    await call(t, 'DELETE', '/api/account', { cookie: tenant.cookie, body: { password: tenant.password } });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, tenant.id));
    expect(entry).toMatchObject({
      action: 'account.delete',
      targetType: 'user',
      actorId: null,
      actorEmail: null,
    });
    expect(JSON.stringify(entry)).not.toContain(tenant.email);
  });

  it('removes the account’s stored files but keeps files other rows still use', async () => {
    const tenant = await createPremiumTenant(t);
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    const avatar = (
      await uploadPhoto(t, tenant.cookie, [
        { name: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg },
      ])
    ).json().profileImageUrl;
    expect(existsSync(stored(avatar))).toBe(true);

    const landlord = await createLandlord(t);
    const neighbour = await createLandlord(t);
    const store = async (key: string) => {
      await t.app.ctx.storage.put(key, jpeg, 'image/webp');
      return mediaRef(key);
    };
    const ownPhoto = await store(`listings/${landlord.id}/own.webp`);
    const sharedPhoto = await store('listings/shared/demo.webp');
    const [mine] = await t.db.insert(properties).values(listing(landlord.id)).returning();
    const [theirs] = await t.db.insert(properties).values(listing(neighbour.id, 'Studio')).returning();
    await t.db.insert(propertyImages).values([
      { propertyId: mine.id, url: ownPhoto },
      { propertyId: mine.id, url: sharedPhoto },
      { propertyId: theirs.id, url: sharedPhoto },
    ]);

    expect(
      (
        await call(t, 'DELETE', '/api/account', {
          cookie: tenant.cookie,
          body: { password: tenant.password },
        })
      ).statusCode,
    ).toBe(200);
    expect(existsSync(stored(avatar))).toBe(false);

    expect(
      (
        await call(t, 'DELETE', '/api/account', {
          cookie: landlord.cookie,
          body: { password: landlord.password },
        })
      ).statusCode,
    ).toBe(200);
    expect(existsSync(stored(ownPhoto))).toBe(false);
    expect(existsSync(stored(sharedPhoto))).toBe(true);
  });

  it('does not let a super admin delete their own account here', async () => {
    const superAdmin = await createSuperAdmin(t);
    const res = await call(t, 'DELETE', '/api/account', {
      cookie: superAdmin.cookie,
      body: { password: superAdmin.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await t.db.select().from(users).where(eq(users.id, superAdmin.id))).toHaveLength(1);
  });

  it('is refused on a shared demo account, signed in through the demo login', async () => {
    const login = await call(t, 'POST', '/api/auth/demo-login', { body: {} });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login);
    const res = await call(t, 'DELETE', '/api/account', { cookie, body: { password: 'whatever-it-is' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/shared demo account/);
    expect(
      await t.db.select().from(users).where(eq(users.email, 'premium@demo.yourplace.test')),
    ).toHaveLength(1);
  });

  it('is refused while an admin impersonates the account in demo mode', async () => {
    const admin = await createSuperAdmin(t);
    const demo = await createTenant(t, { isDemo: true });
    const cookie = await signIn(t, demo.id, admin.id);
    const res = await call(t, 'DELETE', '/api/account', { cookie, body: { password: 'whatever-it-is' } });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.id, demo.id))).toHaveLength(1);
  });
});
