// A contractor's own business profile (doc 1 §3 "Contractor own profile", dashboard business profile card) and
// portfolio photos: every new or changed profile waits for admin review as a contractor_profile submission, and the
// public record changes only when applyContractorProfile runs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_MESSAGES,
  type TOwnContractorProfile,
  type TPortfolioPhoto,
  unknownServiceAreaMessage,
} from '../../src/domain/contractors';
import { contentSubmissions, contractorImages, contractors } from '../../src/server/db/schema';
import { applyContractorProfile, rejectContractorProfile } from '../../src/server/features/contractors/apply';
import { createContractor, profileSubmissionsFor, reloadContractor } from '../factories/contractors';
import {
  type CreatedUser,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { multipart } from '../support/http';

describe('contractor own profile', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string | null, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  const profileBody = (overrides: Record<string, unknown> = {}) => ({
    businessName: 'Pennine Roofing',
    specialty: 'Roofing',
    services: ['Slate repairs', 'Flat roofs', 'Slate repairs'],
    serviceAreas: ['Leeds', 'Sheffield'],
    description: 'Family roofers in West Yorkshire since 1998.',
    phone: '0113 496 0999',
    email: 'Office@Pennine.example',
    website: 'www.pennine-roofing.example',
    emergencyCallouts: true,
    experienceYears: 25,
    ...overrides,
  });

  async function ownProfile(cookie: string): Promise<TOwnContractorProfile> {
    const res = await inject('GET', '/api/contractor/profile', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function approveLatest(contractorId: string) {
    const submissions = await profileSubmissionsFor(t, contractorId);
    const submission = submissions[submissions.length - 1];
    return t.db.transaction(async (tx) => {
      const [reviewed] = await tx
        .update(contentSubmissions)
        .set({ submissionStatus: 'approved', reviewedAt: new Date() })
        .where(eq(contentSubmissions.id, submission.id))
        .returning();
      return applyContractorProfile(tx, reviewed);
    });
  }

  const png = (color = '#336699') =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
      .png()
      .toBuffer();

  function upload(cookie: string | null, parts: Parameters<typeof multipart>[0]) {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/contractor/portfolio-photos',
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  }
  const photoPart = async () => ({
    name: 'photo',
    filename: 'job.png',
    contentType: 'image/png',
    data: await png(),
  });

  describe('creating a profile', () => {
    it('answers 404 before there is one, then creates a pending profile and its submission', async () => {
      const user = await createContractorUser(t, { firstName: 'Dave', lastName: 'Holt' });
      const none = await inject('GET', '/api/contractor/profile', user.cookie);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(PROFILE_MESSAGES.missing);

      const res = await inject('POST', '/api/contractor/profile', user.cookie, profileBody());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ submissionStatus: 'pending', message: PROFILE_MESSAGES.submitted });
      const row = await reloadContractor(t, res.json().id);
      expect(row).toMatchObject({
        userId: user.id,
        status: 'pending',
        businessName: 'Pennine Roofing',
        firstName: 'Dave',
        lastName: 'Holt',
        services: ['Slate repairs', 'Flat roofs'],
        website: 'https://www.pennine-roofing.example/',
        email: 'office@pennine.example',
        emergencyCallouts: true,
      });
      const [submission] = await profileSubmissionsFor(t, row.id);
      expect(submission).toMatchObject({
        userId: user.id,
        contentType: 'contractor_profile',
        submissionStatus: 'pending',
        targetId: row.id,
      });
      expect(submission.contentData).toMatchObject({
        businessName: 'Pennine Roofing',
        serviceAreas: ['Leeds', 'Sheffield'],
      });

      const own = await ownProfile(user.cookie);
      expect(own).toMatchObject({
        id: row.id,
        status: 'pending',
        latestSubmission: { submissionStatus: 'pending', adminNotes: null },
      });
      expect(own.pending?.businessName).toBe('Pennine Roofing');
    });

    it('keeps a new profile out of the directory and off its public page until approved', async () => {
      const user = await createContractorUser(t);
      const premium = await createPremiumTenant(t);
      const res = await inject(
        'POST',
        '/api/contractor/profile',
        user.cookie,
        profileBody({ businessName: 'Hidden Till Approved' }),
      );
      const id = res.json().id;
      const search = async () =>
        (await inject('GET', '/api/contractors?q=Hidden%20Till%20Approved', premium.cookie)).json().total;
      expect(await search()).toBe(0);
      expect((await inject('GET', `/api/contractors/${id}`, premium.cookie)).statusCode).toBe(404);
      const applied = await approveLatest(id);
      expect(applied).toMatchObject({ contractorId: id, created: false });
      expect((await reloadContractor(t, id)).status).toBe('live');
      expect(await search()).toBe(1);
      expect((await inject('GET', `/api/contractors/${id}`, premium.cookie)).statusCode).toBe(200);
    });

    it('refuses a second profile with 409', async () => {
      const user = await createContractorUser(t);
      expect((await inject('POST', '/api/contractor/profile', user.cookie, profileBody())).statusCode).toBe(
        201,
      );
      const again = await inject('POST', '/api/contractor/profile', user.cookie, profileBody());
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(PROFILE_MESSAGES.exists);
    });

    it('makes one profile when the form is sent twice at once', async () => {
      const user = await createContractorUser(t);
      const results = await Promise.all([
        inject('POST', '/api/contractor/profile', user.cookie, profileBody()),
        inject('POST', '/api/contractor/profile', user.cookie, profileBody()),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await t.db.select().from(contractors).where(eq(contractors.userId, user.id))).toHaveLength(1);
    });

    it('is for contractor accounts only', async () => {
      const body = profileBody();
      expect((await inject('POST', '/api/contractor/profile', null, body)).statusCode).toBe(401);
      expect((await inject('GET', '/api/contractor/profile', null)).statusCode).toBe(401);
      for (const person of [await createPremiumTenant(t), await createLandlord(t, { premium: true })]) {
        expect((await inject('POST', '/api/contractor/profile', person.cookie, body)).statusCode).toBe(403);
        expect((await inject('GET', '/api/contractor/profile', person.cookie)).statusCode).toBe(403);
        expect((await inject('PUT', '/api/contractor/profile', person.cookie, body)).statusCode).toBe(403);
      }
    });

    it('checks the fields with the messages a person can act on', async () => {
      const user = await createContractorUser(t);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ businessName: '  ' }, 'businessName', PROFILE_MESSAGES.businessName],
        [{ specialty: 'Wizardry' }, 'specialty', PROFILE_MESSAGES.specialty],
        [{ serviceAreas: [] }, 'serviceAreas', PROFILE_MESSAGES.serviceAreas],
        // Issue 17: any UK place is an area now; one the postcode data does not know is refused by name.
        [{ serviceAreas: ['Leeds', 'Atlantis'] }, 'serviceAreas', unknownServiceAreaMessage('Atlantis')],
        [{ serviceAreas: ['SW'] }, 'serviceAreas', unknownServiceAreaMessage('SW')],
        [{ website: 'javascript:alert(1)' }, 'website', PROFILE_MESSAGES.website],
        [{ website: 'not a site' }, 'website', PROFILE_MESSAGES.website],
        [{ email: 'nope' }, 'email', PROFILE_MESSAGES.email],
        [{ phone: 'ring me' }, 'phone', PROFILE_MESSAGES.phone],
        [{ experienceYears: 200 }, 'experienceYears', 'Years of experience must be 0 to 70'],
        [{ description: 'x'.repeat(2001) }, 'description', 'Must be at most 2000 characters'],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await inject('POST', '/api/contractor/profile', user.cookie, profileBody(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().fieldErrors[field], JSON.stringify(res.json())).toContain(message);
      }
      // Neither a badge nor a response time is the trade's to type (issue 28).
      for (const field of [{ verified: true }, { responseTime: 'Within 1 hour' }]) {
        const extra = await inject('POST', '/api/contractor/profile', user.cookie, {
          ...profileBody(),
          ...field,
        });
        expect(extra.statusCode).toBe(400);
      }
      expect(await t.db.select().from(contractors).where(eq(contractors.userId, user.id))).toHaveLength(0);
    });
  });

  describe('changing a live profile', () => {
    async function liveProfile() {
      const user = await createContractorUser(t, { premium: true });
      const profile = await createContractor(t, {
        userId: user.id,
        businessName: 'Original Name',
        specialty: 'Roofing',
        serviceAreas: ['Leeds'],
      });
      return { user, profile };
    }

    it('sends the change for review and leaves the live record as it is until approved', async () => {
      const { user, profile } = await liveProfile();
      const res = await inject(
        'PUT',
        '/api/contractor/profile',
        user.cookie,
        profileBody({ businessName: 'New Name' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: profile.id, submissionStatus: 'pending' });
      expect((await reloadContractor(t, profile.id)).businessName).toBe('Original Name');
      const own = await ownProfile(user.cookie);
      expect(own.current.businessName).toBe('Original Name');
      expect(own.pending?.businessName).toBe('New Name');
      expect(own.latestSubmission?.submissionStatus).toBe('pending');

      await approveLatest(profile.id);
      const after = await reloadContractor(t, profile.id);
      expect(after).toMatchObject({
        businessName: 'New Name',
        status: 'live',
        serviceAreas: ['Leeds', 'Sheffield'],
        emergencyCallouts: true,
        experienceYears: 25,
      });
    });

    it('replaces a change still waiting for review rather than queueing another', async () => {
      const { user, profile } = await liveProfile();
      await inject('PUT', '/api/contractor/profile', user.cookie, profileBody({ businessName: 'First Try' }));
      await inject(
        'PUT',
        '/api/contractor/profile',
        user.cookie,
        profileBody({ businessName: 'Second Try' }),
      );
      const submissions = await profileSubmissionsFor(t, profile.id);
      expect(submissions).toHaveLength(1);
      expect((submissions[0].contentData as { businessName: string }).businessName).toBe('Second Try');
    });

    it('starts a new submission after the last one was reviewed', async () => {
      const { user, profile } = await liveProfile();
      await inject('PUT', '/api/contractor/profile', user.cookie, profileBody({ businessName: 'Reviewed' }));
      await t.db
        .update(contentSubmissions)
        .set({
          submissionStatus: 'rejected',
          adminNotes: 'Name looks like a placeholder',
          reviewedAt: new Date(),
        })
        .where(eq(contentSubmissions.targetId, profile.id));
      expect((await ownProfile(user.cookie)).latestSubmission).toMatchObject({
        submissionStatus: 'rejected',
        adminNotes: 'Name looks like a placeholder',
      });
      await inject(
        'PUT',
        '/api/contractor/profile',
        user.cookie,
        profileBody({ businessName: 'Better Name' }),
      );
      const submissions = await profileSubmissionsFor(t, profile.id);
      expect(submissions.map((s) => s.submissionStatus)).toEqual(['rejected', 'pending']);
      expect((await reloadContractor(t, profile.id)).businessName).toBe('Original Name');
    });

    it('answers 404 to a change when there is no profile yet', async () => {
      const user = await createContractorUser(t);
      expect((await inject('PUT', '/api/contractor/profile', user.cookie, profileBody())).statusCode).toBe(
        404,
      );
    });
  });

  describe('approval and rejection (for the admin review)', () => {
    it('applies a submission made in the shape the demo seed uses', async () => {
      const user = await createContractorUser(t);
      const profile = await createContractor(t, {
        userId: user.id,
        status: 'pending',
        businessName: 'Seeded',
      });
      await t.db.insert(contentSubmissions).values({
        userId: user.id,
        contentType: 'contractor_profile',
        targetId: profile.id,
        contentData: {
          businessName: 'Fraser Joinery',
          specialty: 'Carpentry & Joinery',
          description: 'Joinery in Edinburgh.',
          website: null,
          services: ['Doors', 'Stairs'],
          serviceAreas: ['Edinburgh', 'Glasgow'],
          phone: '0131 496 0000',
          email: 'ewan.fraser@demo.yourplace.test',
          images: [],
        },
      });
      await approveLatest(profile.id);
      expect(await reloadContractor(t, profile.id)).toMatchObject({
        businessName: 'Fraser Joinery',
        status: 'live',
        emergencyCallouts: false,
      });
    });

    it('creates the profile when the submission has none behind it', async () => {
      const user = await createContractorUser(t, { firstName: 'Nia', lastName: 'Jones' });
      const [submission] = await t.db
        .insert(contentSubmissions)
        .values({
          userId: user.id,
          contentType: 'contractor_profile',
          contentData: profileBody(),
          targetId: null,
        })
        .returning();
      const applied = await t.db.transaction((tx) => applyContractorProfile(tx, submission));
      expect(applied.created).toBe(true);
      expect(await reloadContractor(t, applied.contractorId)).toMatchObject({
        userId: user.id,
        firstName: 'Nia',
        status: 'live',
        businessName: 'Pennine Roofing',
      });
    });

    it('refuses a submission that is not a contractor profile, or is no longer valid', async () => {
      const user = await createContractorUser(t);
      const [listing] = await t.db
        .insert(contentSubmissions)
        .values({ userId: user.id, contentType: 'property_listing', contentData: {} })
        .returning();
      await expect(t.db.transaction((tx) => applyContractorProfile(tx, listing))).rejects.toThrow(
        'not a contractor profile',
      );
      const [broken] = await t.db
        .insert(contentSubmissions)
        .values({ userId: user.id, contentType: 'contractor_profile', contentData: { businessName: '' } })
        .returning();
      await expect(t.db.transaction((tx) => applyContractorProfile(tx, broken))).rejects.toThrow(
        'no longer valid',
      );
    });

    it('rejecting a new profile keeps it hidden as rejected; rejecting a change leaves a live profile live', async () => {
      const newcomer = await createContractorUser(t);
      const created = await inject('POST', '/api/contractor/profile', newcomer.cookie, profileBody());
      const [newSubmission] = await profileSubmissionsFor(t, created.json().id);
      await t.db.transaction((tx) => rejectContractorProfile(tx, newSubmission));
      expect((await reloadContractor(t, created.json().id)).status).toBe('rejected');

      const veteran = await createContractorUser(t);
      const live = await createContractor(t, { userId: veteran.id });
      await inject('PUT', '/api/contractor/profile', veteran.cookie, profileBody());
      const [change] = await profileSubmissionsFor(t, live.id);
      await t.db.transaction((tx) => rejectContractorProfile(tx, change));
      expect((await reloadContractor(t, live.id)).status).toBe('live');
    });
  });

  describe('portfolio photos', () => {
    let subscribed: CreatedUser;
    beforeAll(async () => {
      subscribed = await createContractorUser(t, { premium: true });
    });

    it('turns an upload into stored WebP renditions for a subscribed contractor', async () => {
      const res = await upload(subscribed.cookie, [await photoPart()]);
      expect(res.statusCode, res.body).toBe(201);
      const photo: TPortfolioPhoto = res.json();
      expect(photo.url).toMatch(new RegExp(`^/media/portfolio/${subscribed.id}/[A-Za-z0-9_-]+-1600\\.webp$`));
      expect(photo).toMatchObject({ width: 800, height: 600 });
      const root = path.join(t.config.dataDir, 'media');
      expect(existsSync(path.join(root, photo.url.replace('/media/', '')))).toBe(true);
      expect(existsSync(path.join(root, photo.thumbUrl.replace('/media/', '')))).toBe(true);
    });

    it('is for subscribed contractors only', async () => {
      expect((await upload(null, [await photoPart()])).statusCode).toBe(401);
      const free = await createContractorUser(t);
      const refused = await upload(free.cookie, [await photoPart()]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'SUBSCRIPTION_REQUIRED',
        message: PROFILE_MESSAGES.photosNeedSubscription,
      });
      expect((await upload((await createPremiumTenant(t)).cookie, [await photoPart()])).statusCode).toBe(403);
    });

    it('refuses what is not a picture (415), a file over 5 MB (413) and a missing file (400)', async () => {
      const text = await upload(subscribed.cookie, [
        { name: 'photo', filename: 'x.png', contentType: 'image/png', data: 'not a picture' },
      ]);
      expect(text.statusCode).toBe(415);
      const big = await upload(subscribed.cookie, [
        {
          name: 'photo',
          filename: 'big.jpg',
          contentType: 'image/jpeg',
          data: Buffer.alloc(6 * 1024 * 1024, 1),
        },
      ]);
      expect(big.statusCode).toBe(413);
      expect((await upload(subscribed.cookie, [{ name: 'caption', data: 'hi' }])).statusCode).toBe(400);
      const json = await inject('POST', '/api/contractor/portfolio-photos', subscribed.cookie, {
        photo: 'x',
      });
      expect(json.statusCode).toBe(415);
    });

    it('puts uploaded photos in the profile once approved, in the order given', async () => {
      const user = await createContractorUser(t, { premium: true });
      const first: TPortfolioPhoto = (await upload(user.cookie, [await photoPart()])).json();
      const second: TPortfolioPhoto = (await upload(user.cookie, [await photoPart()])).json();
      const res = await inject(
        'POST',
        '/api/contractor/profile',
        user.cookie,
        profileBody({ images: [second.url, first.url] }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id;
      await approveLatest(id);
      const rows = await t.db
        .select()
        .from(contractorImages)
        .where(eq(contractorImages.contractorId, id))
        .orderBy(contractorImages.position);
      expect(rows.map((r) => r.url)).toEqual([second.url, first.url]);
      expect(rows[0].thumbUrl).toBe(second.thumbUrl);
      expect((await ownProfile(user.cookie)).current.images).toEqual([second.url, first.url]);

      // A later change that drops a photo removes it from the profile on approval.
      await inject('PUT', '/api/contractor/profile', user.cookie, profileBody({ images: [first.url] }));
      const applied = await approveLatest(id);
      expect(applied.removedImageUrls).toEqual([second.url]);
      expect((await ownProfile(user.cookie)).current.images).toEqual([first.url]);
    });

    it("refuses photos that are not the contractor's own uploads", async () => {
      const other = await createContractorUser(t, { premium: true });
      const theirs: TPortfolioPhoto = (await upload(other.cookie, [await photoPart()])).json();
      const user = await createContractorUser(t, { premium: true });
      for (const url of [
        theirs.url,
        'https://evil.example/x.webp',
        `/media/portfolio/${user.id}/missing-1600.webp`,
      ]) {
        const res = await inject(
          'POST',
          '/api/contractor/profile',
          user.cookie,
          profileBody({ images: [url] }),
        );
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe(PROFILE_MESSAGES.uploadedPhotosOnly);
      }
    });

    it('lets a contractor without a subscription keep existing photos but not add new ones', async () => {
      const user = await createContractorUser(t);
      const profile = await createContractor(t, { userId: user.id, images: 1 });
      const existing = `/media/test/${profile.id}-0.webp`;
      const keep = await inject(
        'PUT',
        '/api/contractor/profile',
        user.cookie,
        profileBody({ images: [existing] }),
      );
      expect(keep.statusCode, keep.body).toBe(200);
      const add = await inject(
        'PUT',
        '/api/contractor/profile',
        user.cookie,
        profileBody({ images: [existing, `/media/portfolio/${user.id}/abc-1600.webp`] }),
      );
      expect(add.statusCode).toBe(403);
      expect(add.json().code).toBe('SUBSCRIPTION_REQUIRED');
    });
  });
});
