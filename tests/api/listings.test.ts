// Landlords' listings (doc 1 "Landlord dashboard", §3 content submission, §4 new property listing, §5 property
// form and photos, §6 roles, §7 calls): photos, submissions for review, the landlord's own list, delete.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminSubmission } from '../../src/domain/admin';
import { maxDepositPence } from '../../src/domain/deposit';
import {
  FULL_POSTCODE_MESSAGE,
  LISTING_SUBMITTED_MESSAGE,
  PENDING_CHANGE_MESSAGE,
  UPLOADED_PHOTOS_ONLY_MESSAGE,
} from '../../src/domain/listings';
import { auditLog, contentSubmissions, properties, propertyImages, users } from '../../src/server/db/schema';
import { applyPropertyListing, rejectPropertyListing } from '../../src/server/features/listings/apply';
import { createListing, listingContent } from '../factories/listings';
import {
  type CreatedUser,
  createAdmin,
  createLandlord,
  createPremiumTenant,
  createSuperAdmin,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, postMultipart, serverErrors } from '../support/http';

describe('landlord listings', () => {
  let t: TestApp;
  let landlord: CreatedUser; // subscribed
  let otherLandlord: CreatedUser; // subscribed
  let unsubscribed: CreatedUser;
  let freeTenant: CreatedUser;
  let premiumTenant: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true });
    otherLandlord = await createLandlord(t, { premium: true });
    unsubscribed = await createLandlord(t);
    freeTenant = await createTenant(t);
    premiumTenant = await createPremiumTenant(t);
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const jpegWithExif = (width = 2400, height = 1800) =>
    sharp({ create: { width, height, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'x', Artist: 'Someone' } } })
      .toBuffer();
  const upload = async (cookie: string | undefined, data?: Buffer, field = 'photo') =>
    postMultipart(t, '/api/listing-photos', cookie, [
      { name: field, filename: 'room.jpg', contentType: 'image/jpeg', data: data ?? (await jpegWithExif()) },
    ]);
  const uploadedUrl = async (user: CreatedUser) =>
    (await upload(user.cookie, await jpegWithExif(800, 600))).json().url as string;
  const onDisk = (url: string) => path.join(t.config.dataDir, url);
  const submit = (cookie: string | undefined, body: unknown) =>
    call(t, 'POST', '/api/content-submissions', { cookie, body });
  const newListing = (content: Record<string, unknown> = {}) => ({
    contentType: 'property_listing',
    contentData: listingContent(content),
  });
  const submissionFor = async (id: string) =>
    (await t.db.select().from(contentSubmissions).where(eq(contentSubmissions.id, id)))[0];
  const propertyRow = async (id: string) =>
    (await t.db.select().from(properties).where(eq(properties.id, id)))[0];
  /** What the admin review does on approval: mark the submission approved and apply it, in one transaction. */
  const approve = async (submissionId: string, now = new Date()) => {
    // Read before the transaction: PGlite is one connection, so a query outside an open transaction waits for it.
    const submission = await submissionFor(submissionId);
    return t.db.transaction(async (tx) => {
      await tx
        .update(contentSubmissions)
        .set({ submissionStatus: 'approved', reviewedAt: now, reviewedBy: admin.id })
        .where(eq(contentSubmissions.id, submissionId));
      return applyPropertyListing(tx, submission, { now, storage: t.app.ctx.storage });
    });
  };

  describe('POST /api/listing-photos', () => {
    it('is for subscribed landlords only', async () => {
      expect((await upload(undefined)).statusCode).toBe(401);
      for (const user of [freeTenant, premiumTenant, unsubscribed, admin]) {
        const res = await upload(user.cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          code: 'SUBSCRIPTION_REQUIRED',
          message: 'Photo uploads require an active landlord subscription.',
          requestId: expect.any(String),
        });
      }
    });

    it('stores a 1600 px and a 480×360 WebP under the landlord, without EXIF', async () => {
      const input = await jpegWithExif();
      expect((await sharp(input).metadata()).exif).toBeDefined();
      const res = await upload(landlord.cookie, input);
      expect(res.statusCode).toBe(201);
      const photo = res.json();
      expect(photo.url).toMatch(new RegExp(`^/media/listings/${landlord.id}/[A-Za-z0-9_-]+-1600\\.webp$`));
      expect(photo.thumbUrl).toBe(photo.url.replace('-1600.webp', '-480.webp'));
      expect(photo).toMatchObject({ width: 1600, height: 1200 });
      for (const [url, size] of [
        [photo.url, { width: 1600, height: 1200 }],
        [photo.thumbUrl, { width: 480, height: 360 }],
      ] as const) {
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', ...size });
        expect(meta.exif).toBeUndefined();
      }
    });

    it('never enlarges a small photo, and accepts PNG and GIF', async () => {
      const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#fff' } })
        .png()
        .toBuffer();
      const res = await postMultipart(t, '/api/listing-photos', landlord.cookie, [
        { name: 'photo', filename: 'a.png', contentType: 'image/png', data: png },
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ width: 300, height: 200 });
      const gif = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#00f' } })
        .gif()
        .toBuffer();
      const gifRes = await postMultipart(t, '/api/listing-photos', landlord.cookie, [
        { name: 'photo', filename: 'b.gif', contentType: 'image/gif', data: gif },
      ]);
      expect(gifRes.statusCode).toBe(201);
    });

    it('refuses a file that is not an image, whatever it claims, with 415', async () => {
      const res = await upload(landlord.cookie, Buffer.from('GIF89a but not really a picture'));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Please select an image file (JPG, PNG, GIF).',
      });
      const json = await call(t, 'POST', '/api/listing-photos', {
        cookie: landlord.cookie,
        body: { photo: 'data:image/png;base64,AAAA' },
      });
      expect(json.statusCode).toBe(415);
    });

    it('refuses a file over 5 MB with 413', async () => {
      const res = await upload(landlord.cookie, Buffer.alloc(6 * 1024 * 1024, 1));
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('asks for the photo field', async () => {
      const res = await upload(landlord.cookie, await jpegWithExif(100, 100), 'image');
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ photo: ['Please choose a photo to upload.'] });
      const noFile = await postMultipart(t, '/api/listing-photos', landlord.cookie, [
        { name: 'caption', data: 'hello' },
      ]);
      expect(noFile.statusCode).toBe(400);
    });
  });

  describe('POST /api/content-submissions', () => {
    it('is for subscribed landlords only, whatever the body', async () => {
      expect((await submit(undefined, newListing())).statusCode).toBe(401);
      for (const user of [freeTenant, premiumTenant, unsubscribed, admin]) {
        for (const body of [newListing(), {}]) {
          const res = await submit(user.cookie, body);
          expect(res.statusCode).toBe(403);
          expect(res.json().code).toBe('SUBSCRIPTION_REQUIRED');
        }
      }
    });

    it('submits a new listing as a pending property that nobody else can see', async () => {
      const photo = await uploadedUrl(landlord);
      const res = await submit(
        landlord.cookie,
        newListing({ images: [photo], title: 'Pending flat by the park' }),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ submissionStatus: 'pending', message: LISTING_SUBMITTED_MESSAGE });
      expect(body.message).toBe(
        "Your property listing has been submitted for admin review. You'll be notified once approved.",
      );

      const property = await propertyRow(body.targetId);
      expect(property).toMatchObject({
        landlordId: landlord.id,
        status: 'pending',
        publishedAt: null,
        title: 'Pending flat by the park',
        postcode: 'LS1 4AP',
        outcode: 'LS1',
        location: 'Leeds',
        monthlyRentPence: 115_000,
        bedrooms: 2,
        areaSqm: 64,
        availableFrom: '2030-09-01',
        amenities: ['Parking', 'Lift'],
      });
      const images = await t.db
        .select()
        .from(propertyImages)
        .where(eq(propertyImages.propertyId, property.id));
      expect(images).toMatchObject([
        { url: photo, thumbUrl: photo.replace('-1600.webp', '-480.webp'), width: 800, height: 600 },
      ]);
      const submission = await submissionFor(body.id);
      expect(submission).toMatchObject({
        userId: landlord.id,
        contentType: 'property_listing',
        submissionStatus: 'pending',
        targetId: property.id,
      });
      expect((submission.contentData as { postcode: string }).postcode).toBe('LS1 4AP');

      // Invisible to the public search and detail; the landlord and admins see it.
      const search = await call(t, 'GET', '/api/properties?postcode=LS1&limit=100', {
        cookie: premiumTenant.cookie,
      });
      expect(search.statusCode).toBe(200);
      expect(search.json().properties.map((p: { id: string }) => p.id)).not.toContain(property.id);
      expect(
        (await call(t, 'GET', `/api/properties/${property.id}`, { cookie: premiumTenant.cookie })).statusCode,
      ).toBe(404);
      const own = (
        await call(t, 'GET', `/api/properties/landlord/${landlord.id}`, { cookie: landlord.cookie })
      ).json();
      expect(own.find((p: { id: string }) => p.id === property.id)).toMatchObject({
        status: 'pending',
        imageUrl: photo,
        latestSubmission: {
          submissionId: body.id,
          submissionStatus: 'pending',
          adminNotes: null,
          reviewedAt: null,
        },
      });
    });

    it('goes live when an admin approves it (applyPropertyListing)', async () => {
      const res = await submit(landlord.cookie, newListing({ title: 'Soon live flat' }));
      const { id, targetId } = res.json();
      const approvedAt = new Date('2030-05-01T10:00:00Z');
      const applied = await approve(id, approvedAt);
      expect(applied).toEqual({ propertyId: targetId, landlordId: landlord.id, removedImageUrls: [] });
      const property = await propertyRow(targetId);
      expect(property.status).toBe('live');
      expect(property.publishedAt?.toISOString()).toBe(approvedAt.toISOString());
      const search = await call(t, 'GET', '/api/properties?postcode=LS1&limit=100', {
        cookie: premiumTenant.cookie,
      });
      expect(search.json().properties.map((p: { id: string }) => p.id)).toContain(targetId);
      const detail = await call(t, 'GET', `/api/properties/${targetId}`, { cookie: premiumTenant.cookie });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().title).toBe('Soon live flat');
    });

    it('keeps a rejected new listing out of sight as rejected', async () => {
      const { id, targetId } = (await submit(landlord.cookie, newListing())).json();
      const submission = await submissionFor(id);
      await t.db.transaction((tx) => rejectPropertyListing(tx, submission));
      expect((await propertyRow(targetId)).status).toBe('rejected');
    });

    it('refuses a deposit above five weeks’ rent and keeps a lower one (Tenant Fees Act 2019)', async () => {
      const cap = maxDepositPence(115_000);
      const res = await submit(landlord.cookie, newListing({ monthlyRent: 1150, deposit: 5000 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors['contentData.deposit'][0]).toMatch(
        /at most £1,326\.92.*Tenant Fees Act 2019/,
      );
      const atCap = await submit(landlord.cookie, newListing({ monthlyRent: 1150, deposit: cap / 100 }));
      expect((await propertyRow(atCap.json().targetId)).depositPence).toBe(cap);
      const lower = await submit(landlord.cookie, newListing({ monthlyRent: 1150, deposit: 1000 }));
      expect((await propertyRow(lower.json().targetId)).depositPence).toBe(100_000);
      // No figure: nothing stored, and the detail page says "Not stated" (properties-detail tests).
      const none = await submit(landlord.cookie, newListing({ monthlyRent: 1150, deposit: null }));
      expect((await propertyRow(none.json().targetId)).depositPence).toBeNull();
    });

    it('refuses a holding deposit above one week’s rent and stores a lawful one', async () => {
      const res = await submit(landlord.cookie, newListing({ monthlyRent: 1150, holdingDeposit: 300 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors['contentData.holdingDeposit'][0]).toMatch(
        /holding deposit can be at most £265\.38, one week.s rent/,
      );
      const atCap = await submit(landlord.cookie, newListing({ monthlyRent: 1150, holdingDeposit: 265.38 }));
      expect(atCap.statusCode).toBe(201);
      const row = await propertyRow(atCap.json().targetId);
      expect(row.holdingDepositPence).toBe(26_538);
      // Leaving it out means no holding deposit.
      const none = await submit(landlord.cookie, newListing({ monthlyRent: 1150 }));
      expect((await propertyRow(none.json().targetId)).holdingDepositPence).toBeNull();
      const negative = await submit(landlord.cookie, newListing({ holdingDeposit: -1 }));
      expect(negative.statusCode).toBe(400);
      expect(negative.json().fieldErrors['contentData.holdingDeposit']).toBeDefined();
    });

    it('refuses advert wording that excludes benefit claimants or families', async () => {
      for (const [field, text] of [
        ['title', 'Lovely flat, No DSS'],
        ['description', 'Quiet house. Sorry, no kids and no benefits.'],
      ] as const) {
        const res = await submit(landlord.cookie, newListing({ [field]: text }));
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors[`contentData.${field}`][0]).toMatch(/Renters' Rights Act 2025/);
      }
    });

    it('names the fields that are wrong, with the form’s messages', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ title: '' }, 'contentData.title', 'Title is required'],
        [{ propertyType: 'castle' }, 'contentData.propertyType', 'Property type is required'],
        [{ monthlyRent: 0 }, 'contentData.monthlyRent', 'Monthly rent is required'],
        [{ address: ' ' }, 'contentData.address', 'Address is required'],
        [{ postcode: '' }, 'contentData.postcode', 'Postcode is required'],
        [{ postcode: 'LS1' }, 'contentData.postcode', FULL_POSTCODE_MESSAGE],
        [{ postcode: 'NOTAPCDE' }, 'contentData.postcode', FULL_POSTCODE_MESSAGE],
        [{ postcode: 'ZZ1 1AA' }, 'contentData.postcode', FULL_POSTCODE_MESSAGE],
      ];
      for (const [content, field, message] of cases) {
        const res = await submit(landlord.cookie, newListing(content));
        expect(res.statusCode, JSON.stringify(content)).toBe(400);
        expect(res.json().fieldErrors[field], JSON.stringify(content)).toEqual([message]);
      }
      expect((await submit(landlord.cookie, newListing({ bedrooms: -1 }))).statusCode).toBe(400);
      expect((await submit(landlord.cookie, newListing({ bedrooms: 1.5 }))).statusCode).toBe(400);
      expect((await submit(landlord.cookie, newListing({ availableFrom: 'soon' }))).statusCode).toBe(400);
      const profile = await submit(landlord.cookie, {
        contentType: 'contractor_profile',
        contentData: listingContent(),
      });
      expect(profile.json().fieldErrors.contentType).toEqual([
        'Only property listings can be submitted here',
      ]);
      expect(
        (await submit(landlord.cookie, { ...newListing(), landlordId: otherLandlord.id })).statusCode,
      ).toBe(400);
      expect((await submit(landlord.cookie, { ...newListing(), targetId: 'nope' })).statusCode).toBe(400);
    });

    it('accepts only photos this landlord uploaded here', async () => {
      const others = await uploadedUrl(otherLandlord);
      const gone = `/media/listings/${landlord.id}/neverUploaded-1600.webp`;
      for (const url of [
        'https://example.com/house.jpg',
        'data:image/png;base64,AAAA',
        others,
        gone,
        '/media/avatars/x.webp',
      ]) {
        const res = await submit(landlord.cookie, newListing({ images: [url] }));
        expect(res.statusCode, url).toBe(400);
        expect(res.json().fieldErrors['contentData.images']).toEqual([UPLOADED_PHOTOS_ONLY_MESSAGE]);
      }
    });

    it('never fails on a NUL character', async () => {
      const res = await submit(
        landlord.cookie,
        newListing({ title: 'Flat\u0000 with view', amenities: ['Wi\u0000fi'] }),
      );
      expect(res.statusCode).toBe(201);
      expect((await propertyRow(res.json().targetId)).title).toBe('Flat with view');
    });
  });

  describe('editing a listing', () => {
    it('leaves the live record as it is until an admin approves the change', async () => {
      const keep = await uploadedUrl(landlord);
      const drop = await uploadedUrl(landlord);
      const added = await uploadedUrl(landlord);
      const created = (
        await submit(landlord.cookie, newListing({ title: 'Original title', images: [keep, drop] }))
      ).json();
      const firstLive = new Date('2030-01-01T00:00:00Z');
      await approve(created.id, firstLive);

      const edit = await submit(landlord.cookie, {
        ...newListing({ title: 'Edited title', monthlyRent: 1300, images: [added, keep] }),
        targetId: created.targetId,
      });
      expect(edit.statusCode).toBe(201);
      expect(edit.json()).toMatchObject({ targetId: created.targetId, submissionStatus: 'pending' });
      const before = await propertyRow(created.targetId);
      expect(before).toMatchObject({ title: 'Original title', monthlyRentPence: 115_000, status: 'live' });
      const detail = await call(t, 'GET', `/api/properties/${created.targetId}`, {
        cookie: premiumTenant.cookie,
      });
      expect(detail.json().title).toBe('Original title');

      const again = await submit(landlord.cookie, {
        ...newListing({ title: 'Third' }),
        targetId: created.targetId,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(PENDING_CHANGE_MESSAGE);

      const applied = await approve(edit.json().id, new Date('2030-06-01T00:00:00Z'));
      expect(applied.removedImageUrls).toEqual([drop]);
      const after = await propertyRow(created.targetId);
      expect(after).toMatchObject({ title: 'Edited title', monthlyRentPence: 130_000, status: 'live' });
      expect(after.publishedAt?.toISOString()).toBe(firstLive.toISOString());
      const images = await t.db
        .select()
        .from(propertyImages)
        .where(eq(propertyImages.propertyId, created.targetId))
        .orderBy(propertyImages.position);
      expect(images.map((i) => i.url)).toEqual([added, keep]);
      expect(images[0]).toMatchObject({
        width: 800,
        height: 600,
        thumbUrl: added.replace('-1600.webp', '-480.webp'),
      });
    });

    it('keeps the listing’s current photos, even ones not uploaded here (demo photos)', async () => {
      const demo = '/demo/photos/house-1.webp';
      const home = await createListing(t, { landlordId: landlord.id, images: [demo] });
      const res = await submit(landlord.cookie, {
        ...newListing({ images: [demo], title: 'Demo photo kept' }),
        targetId: home.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      // Stored as a change waiting for review that names the photo, the live listing untouched meanwhile.
      const submission = await submissionFor(res.json().id);
      expect(submission).toMatchObject({
        targetId: home.id,
        userId: landlord.id,
        submissionStatus: 'pending',
      });
      expect((submission.contentData as { images: string[] }).images).toEqual([demo]);
      expect(await propertyRow(home.id)).toMatchObject({ title: home.title, status: 'live' });
      // The admin reviewing it sees the photo in the change, and approving it leaves the photo on the listing.
      const queue = await call(t, 'GET', '/api/admin/content-submissions', { cookie: admin.cookie });
      const item = (queue.json() as TAdminSubmission[]).find((s) => s.id === res.json().id);
      expect(item?.contentData).toMatchObject({ title: 'Demo photo kept', images: [demo] });
      const approved = await call(t, 'POST', `/api/admin/content-submissions/${res.json().id}/review`, {
        cookie: admin.cookie,
        body: { status: 'approved' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const detail = await call(t, 'GET', `/api/properties/${home.id}`, { cookie: premiumTenant.cookie });
      expect(detail.json()).toMatchObject({ title: 'Demo photo kept' });
      expect(detail.json().images.map((i: { url: string }) => i.url)).toEqual([demo]);
    });

    it('answers 404 for another landlord’s property or an unknown one', async () => {
      const theirs = await createListing(t, { landlordId: otherLandlord.id });
      for (const targetId of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await submit(landlord.cookie, { ...newListing(), targetId });
        expect(res.statusCode).toBe(404);
      }
      expect(
        await t.db
          .select()
          .from(contentSubmissions)
          .where(and(eq(contentSubmissions.targetId, theirs.id), eq(contentSubmissions.userId, landlord.id))),
      ).toEqual([]);
    });

    it('allows one waiting change per property when two arrive together', async () => {
      const home = await createListing(t, { landlordId: landlord.id });
      const results = await Promise.all([
        submit(landlord.cookie, { ...newListing({ title: 'A' }), targetId: home.id }),
        submit(landlord.cookie, { ...newListing({ title: 'B' }), targetId: home.id }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });

    it('refuses an edit from a landlord whose subscription has ended', async () => {
      const lapsed = await createLandlord(t);
      const home = await createListing(t, { landlordId: lapsed.id });
      const res = await submit(lapsed.cookie, { ...newListing(), targetId: home.id });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('GET /api/content-submissions/mine', () => {
    it('lists the user’s own submissions with status and admin notes', async () => {
      const author = await createLandlord(t, { premium: true });
      const { id } = (await submit(author.cookie, newListing({ title: 'Needs photos' }))).json();
      await t.db
        .update(contentSubmissions)
        .set({
          submissionStatus: 'rejected',
          adminNotes: 'Please add photos.',
          reviewedAt: new Date('2030-02-02T00:00:00Z'),
        })
        .where(eq(contentSubmissions.id, id));
      await submit(otherLandlord.cookie, newListing({ title: 'Not theirs' }));
      expect((await call(t, 'GET', '/api/content-submissions/mine')).statusCode).toBe(401);
      const res = await call(t, 'GET', '/api/content-submissions/mine', { cookie: author.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject([
        {
          id,
          title: 'Needs photos',
          contentType: 'property_listing',
          submissionStatus: 'rejected',
          adminNotes: 'Please add photos.',
          reviewedAt: '2030-02-02T00:00:00.000Z',
        },
      ]);
    });
  });

  describe('GET /api/properties/landlord/{landlordId}', () => {
    it('is for the landlord themself and admins', async () => {
      const owner = await createLandlord(t);
      await createListing(t, {
        landlordId: owner.id,
        title: 'Live one',
        rent: 950,
        images: ['/demo/a.webp', '/demo/b.webp'],
      });
      await createListing(t, { landlordId: owner.id, title: 'Withdrawn one', status: 'withdrawn' });
      await createListing(t, { landlordId: otherLandlord.id, title: 'Not theirs' });
      expect((await call(t, 'GET', `/api/properties/landlord/${owner.id}`)).statusCode).toBe(401);
      for (const user of [otherLandlord, premiumTenant]) {
        const res = await call(t, 'GET', `/api/properties/landlord/${owner.id}`, { cookie: user.cookie });
        expect(res.statusCode).toBe(403);
      }
      for (const user of [owner, admin]) {
        const res = await call(t, 'GET', `/api/properties/landlord/${owner.id}`, { cookie: user.cookie });
        expect(res.statusCode).toBe(200);
        const list = res.json();
        expect(list.map((p: { title: string }) => p.title).sort()).toEqual(['Live one', 'Withdrawn one']);
        expect(list.find((p: { title: string }) => p.title === 'Live one')).toMatchObject({
          imageUrl: '/demo/a.webp',
          thumbnailUrl: '/demo/a-thumb.webp',
          images: ['/demo/a.webp', '/demo/b.webp'],
          monthlyRent: 950,
          status: 'live',
          latestSubmission: null,
        });
      }
      const odd = await call(t, 'GET', '/api/properties/landlord/not-a-uuid', { cookie: admin.cookie });
      expect(odd.json()).toEqual([]);
    });
  });

  describe('DELETE /api/properties/{id}', () => {
    it('lets the owner delete without a subscription: withdrawn for good, photos and waiting changes gone', async () => {
      const owner = await createLandlord(t, { premium: true });
      const photo = await uploadedUrl(owner);
      const { id, targetId } = (await submit(owner.cookie, newListing({ images: [photo] }))).json();
      // The subscription ends; deleting is still allowed (doc 1 §6).
      await t.db.update(users).set({ isPremium: false }).where(eq(users.id, owner.id));
      expect(existsSync(onDisk(photo))).toBe(true);
      const res = await call(t, 'DELETE', `/api/properties/${targetId}`, { cookie: owner.cookie });
      expect(res.statusCode).toBe(204);
      // Kept, withdrawn, for any conversation about it (decision 0051); out of the owner's list.
      expect(await propertyRow(targetId)).toMatchObject({ status: 'withdrawn', deletedAt: expect.any(Date) });
      const mine = await call(t, 'GET', `/api/properties/landlord/${owner.id}`, { cookie: owner.cookie });
      expect(mine.statusCode).toBe(200);
      expect(JSON.stringify(mine.json())).not.toContain(targetId);
      expect(await submissionFor(id)).toBeUndefined();
      expect(existsSync(onDisk(photo))).toBe(false);
      expect(existsSync(onDisk(photo.replace('-1600.webp', '-480.webp')))).toBe(false);
      expect(
        (await call(t, 'DELETE', `/api/properties/${targetId}`, { cookie: owner.cookie })).statusCode,
      ).toBe(404);
    });

    it('keeps a photo another of the landlord’s listings still uses', async () => {
      const photo = await uploadedUrl(landlord);
      const first = (await submit(landlord.cookie, newListing({ images: [photo] }))).json();
      await submit(landlord.cookie, newListing({ images: [photo] }));
      expect(
        (await call(t, 'DELETE', `/api/properties/${first.targetId}`, { cookie: landlord.cookie }))
          .statusCode,
      ).toBe(204);
      expect(existsSync(onDisk(photo))).toBe(true);
    });

    it('answers 404 to anyone else, and the listing stays', async () => {
      const home = await createListing(t, { landlordId: landlord.id });
      expect((await call(t, 'DELETE', `/api/properties/${home.id}`)).statusCode).toBe(401);
      for (const user of [otherLandlord, premiumTenant, freeTenant]) {
        const res = await call(t, 'DELETE', `/api/properties/${home.id}`, { cookie: user.cookie });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Property not found');
      }
      expect(await propertyRow(home.id)).toBeDefined();
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        expect(
          (await call(t, 'DELETE', `/api/properties/${id}`, { cookie: landlord.cookie })).statusCode,
        ).toBe(404);
      }
    });

    it('lets the super admin delete any listing, and records it in the audit log', async () => {
      const superAdmin = await createSuperAdmin(t);
      const home = await createListing(t, { landlordId: otherLandlord.id, title: 'Breaks the rules' });
      const res = await call(t, 'DELETE', `/api/properties/${home.id}`, { cookie: superAdmin.cookie });
      expect(res.statusCode).toBe(204);
      expect(await propertyRow(home.id)).toMatchObject({ status: 'withdrawn', deletedAt: expect.any(Date) });
      expect(
        (await call(t, 'GET', `/api/properties/${home.id}`, { cookie: superAdmin.cookie })).statusCode,
      ).toBe(404);
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, home.id));
      expect(entry).toMatchObject({
        actorId: superAdmin.id,
        action: 'property.delete',
        targetType: 'property',
      });
      expect(entry.before).toMatchObject({ title: 'Breaks the rules', landlordId: otherLandlord.id });
    });
  });

  it("refuses a plain admin another landlord's listing (403), as the admin API does: one rule", async () => {
    const home = await createListing(t, { landlordId: otherLandlord.id });
    const site = await call(t, 'DELETE', `/api/properties/${home.id}`, { cookie: admin.cookie });
    expect(site.statusCode).toBe(403);
    expect(site.json().code).toBe('SUPER_ADMIN_REQUIRED');
    const adminApi = await call(t, 'DELETE', `/api/admin/property/${home.id}`, { cookie: admin.cookie });
    expect(adminApi.statusCode).toBe(403);
    expect(await propertyRow(home.id)).toBeDefined();
  });

  it('answers bad input from landlords and admins with 4xx, never a server error', async () => {
    const home = await createListing(t, { landlordId: landlord.id });
    const ids = [home.id, landlord.id, 'not-a-uuid', '%00', "x'; drop table users; --"];
    const failures = await serverErrors(
      t,
      [
        { method: 'POST', url: '/api/content-submissions' },
        { method: 'GET', url: '/api/content-submissions/mine' },
        { method: 'POST', url: '/api/listing-photos' },
        ...ids.flatMap((id) => [
          { method: 'GET' as const, url: `/api/properties/landlord/${encodeURIComponent(id)}` },
          { method: 'DELETE' as const, url: `/api/properties/${encodeURIComponent(id)}?x=1` },
        ]),
      ],
      [otherLandlord.cookie, admin.cookie, unsubscribed.cookie],
    );
    expect(failures).toEqual([]);
  });
});
