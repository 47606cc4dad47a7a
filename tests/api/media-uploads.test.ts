// Security review finding 7: photo uploads never attached to anything are cleaned up after a day, and limited per
// account. Listing photos and portfolio photos alike; the files and the records go, attached ones stay.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_UPLOADS_PER_DAY } from '../../src/domain/constants';
import { mediaUploads } from '../../src/server/db/schema';
import { runUploadCleanup } from '../../src/server/jobs/upload-cleanup';
import { holdOwnUploads, PHOTO_GONE_MESSAGE } from '../../src/server/media/uploads';
import { profileContent } from '../factories/contractors';
import { listingContent } from '../factories/listings';
import { type CreatedUser, createContractorUser, createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, postMultipart } from '../support/http';

const HOUR = 60 * 60 * 1000;

describe('photo uploads before anything refers to them', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let contractor: CreatedUser;
  const start = Date.now();
  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true });
    contractor = await createContractorUser(t, { premium: true });
  });
  afterAll(() => t.close());

  const jpeg = () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: '#a73' } })
      .jpeg()
      .toBuffer();
  const uploadTo = async (url: string, user: CreatedUser) =>
    postMultipart(t, url, user.cookie, [
      { name: 'photo', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ]);
  const listingPhoto = async (user = landlord) => {
    const res = await uploadTo('/api/listing-photos', user);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { url: string; thumbUrl: string };
  };
  const portfolioPhoto = async () => {
    const res = await uploadTo('/api/contractor/portfolio-photos', contractor);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { url: string; thumbUrl: string };
  };
  const onDisk = (url: string) => existsSync(path.join(t.config.dataDir, url));
  const records = (url: string) => t.db.select().from(mediaUploads).where(eq(mediaUploads.url, url));
  const cleanAt = async (ms: number) => {
    t.clock.now = new Date(start + ms);
    try {
      return await runUploadCleanup(t.app.ctx);
    } finally {
      t.clock.now = new Date();
    }
  };

  it('removes a never-used upload and its thumbnail after a day, not before', async () => {
    const photo = await listingPhoto();
    const portfolio = await portfolioPhoto();
    expect(await records(photo.url)).toHaveLength(1);
    await cleanAt(23 * HOUR);
    expect(onDisk(photo.url) && onDisk(photo.thumbUrl) && onDisk(portfolio.url)).toBe(true);
    const result = await cleanAt(25 * HOUR);
    expect(result.checked).toBeGreaterThanOrEqual(2);
    for (const url of [photo.url, photo.thumbUrl, portfolio.url, portfolio.thumbUrl])
      expect(onDisk(url), url).toBe(false);
    expect(await records(photo.url)).toEqual([]);
    expect(await records(portfolio.url)).toEqual([]);
  });

  it('keeps uploads a listing, a waiting submission or a portfolio refers to, and forgets their records', async () => {
    const onListing = await listingPhoto();
    const res = await call(t, 'POST', '/api/content-submissions', {
      cookie: landlord.cookie,
      body: { contentType: 'property_listing', contentData: listingContent({ images: [onListing.url] }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const inPortfolio = await portfolioPhoto();
    const profile = await call(t, 'POST', '/api/contractor/profile', {
      cookie: contractor.cookie,
      body: profileContent({ images: [inPortfolio.url] }),
    });
    expect(profile.statusCode, profile.body).toBe(201);
    await cleanAt(25 * HOUR);
    for (const url of [onListing.url, onListing.thumbUrl, inPortfolio.url, inPortfolio.thumbUrl])
      expect(onDisk(url), url).toBe(true);
    expect(await records(onListing.url)).toEqual([]);
  });

  it('refuses a submission naming an upload the clean-up removed, never pointing at a missing file', async () => {
    const photo = await listingPhoto();
    await cleanAt(25 * HOUR);
    const res = await call(t, 'POST', '/api/content-submissions', {
      cookie: landlord.cookie,
      body: { contentType: 'property_listing', contentData: listingContent({ images: [photo.url] }) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['contentData.images']).toBeDefined();
  });

  it('checks, under the lock the clean-up takes, that the named uploads are still stored (409 when one went)', async () => {
    const photo = await listingPhoto();
    const key = photo.url.replace(/^\/media\//, '');
    const hold = (keys: Array<string | null>) =>
      t.db.transaction((tx) =>
        holdOwnUploads(
          tx,
          t.app.ctx,
          landlord.id,
          'listings',
          keys.map((storageKey) => ({ storageKey })),
        ),
      );
    await expect(hold([key, null, 'listings/someone-else/x-1600.webp'])).resolves.toBeUndefined();
    await rm(path.join(t.config.dataDir, photo.url));
    await expect(hold([key])).rejects.toMatchObject({ code: 'CONFLICT', message: PHOTO_GONE_MESSAGE });
  });

  it(`takes at most ${PHOTO_UPLOADS_PER_DAY} uploads an account in 24 hours (429), counting only that window`, async () => {
    const busy = await createLandlord(t, { premium: true });
    const now = Date.now();
    // Yesterday's uploads do not count; the last day's do.
    await t.db.insert(mediaUploads).values(
      Array.from({ length: PHOTO_UPLOADS_PER_DAY }, (_, i) => ({
        userId: busy.id,
        folder: 'listings',
        url: `/media/listings/${busy.id}/old${i}-1600.webp`,
        createdAt: new Date(now - 25 * HOUR),
      })),
    );
    await listingPhoto(busy);
    await t.db.insert(mediaUploads).values(
      Array.from({ length: PHOTO_UPLOADS_PER_DAY - 2 }, (_, i) => ({
        userId: busy.id,
        folder: 'listings',
        url: `/media/listings/${busy.id}/new${i}-1600.webp`,
        createdAt: new Date(now - HOUR),
      })),
    );
    await listingPhoto(busy);
    const refused = await uploadTo('/api/listing-photos', busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/uploaded 200 photos in the last 24 hours/);
    // The portfolio counts against the same account's limit; another account is untouched.
    expect((await listingPhoto()).url).toBeTruthy();
  });
});
