// Photos through the app on both stores (decision 0041): a listing photo uploaded, stored, served at /media/ with
// the same cache headers as ever, named in a submission (its pixel size read back from the store), and removed by
// the day-old clean-up when nothing used it. The S3 store is a bucket on s3rver, a real S3-protocol server started
// here; the local store is DATA_DIR/media. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSubmissions, contractorImages, properties, propertyImages } from '../../src/server/db/schema';
import { runUploadCleanup } from '../../src/server/jobs/upload-cleanup';
import { readMedia } from '../../src/server/media/storage';
import { holdOwnUploads, PHOTO_GONE_MESSAGE } from '../../src/server/media/uploads';
import { profileContent } from '../factories/contractors';
import { listingContent } from '../factories/listings';
import {
  type CreatedUser,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, postMultipart } from '../support/http';
import { type S3Server, startS3Server } from '../support/s3';

const HOUR = 60 * 60 * 1000;

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server({ buckets: ['serving-media', 'shared-media', 'public-media'] });
});
afterAll(() => s3?.close());

const jpeg = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

async function uploadListingPhoto(t: TestApp, landlord: CreatedUser) {
  const res = await postMultipart(t, '/api/listing-photos', landlord.cookie, [
    { name: 'photo', filename: 'front.jpg', contentType: 'image/jpeg', data: await jpeg() },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { url: string; thumbUrl: string; width: number; height: number };
}

const keyOf = (url: string) => url.replace(/^\/media\//, '');

describe.each([
  ['local folder', () => ({})],
  ['S3 bucket', () => s3.env('serving-media')],
])('photos on the %s', (_name, env) => {
  let t: TestApp;
  let landlord: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp(env());
    landlord = await createLandlord(t, { premium: true });
  });
  afterAll(() => t?.close());

  it('stores an upload and serves it at /media/ as it was stored, cached for 30 days', async () => {
    const photo = await uploadListingPhoto(t, landlord);
    expect(photo.url).toMatch(new RegExp(`^/media/listings/${landlord.id}/[A-Za-z0-9_-]+-1600\\.webp$`));
    const stored = await readMedia(t.app.ctx.storage, keyOf(photo.url));
    expect(stored).not.toBeNull();
    expect(await t.app.ctx.storage.exists(keyOf(photo.thumbUrl))).toBe(true);

    const res = await t.app.inject({ method: 'GET', url: photo.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=2592000, immutable');
    expect(res.headers['content-length']).toBe(String(stored!.length));
    expect(res.headers['last-modified']).toMatch(/GMT$/);
    expect(res.rawPayload).toEqual(stored);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 900]);

    const head = await t.app.inject({ method: 'HEAD', url: photo.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored!.length));
    expect(head.rawPayload.length).toBe(0);

    const again = await t.app.inject({
      method: 'GET',
      url: photo.url,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 in JSON, never a 500, for a key that is not stored or could not be one', async () => {
    for (const url of [
      `/media/listings/${landlord.id}/neverUploaded-1600.webp`,
      '/media/',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e%2f%2e%2e%2fpackage.json',
      '/media/listings/.hidden',
      '/media/a//b.webp',
      '/media/x%00y.webp',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('takes a submission naming the upload, with its pixel size read back from the store', async () => {
    const photo = await uploadListingPhoto(t, landlord);
    const res = await call(t, 'POST', '/api/content-submissions', {
      cookie: landlord.cookie,
      body: { contentType: 'property_listing', contentData: listingContent({ images: [photo.url] }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(propertyImages).where(eq(propertyImages.url, photo.url));
    expect(row).toMatchObject({
      thumbUrl: photo.thumbUrl,
      storageKey: keyOf(photo.url),
      width: 1200,
      height: 900,
    });
  });

  it('refuses (409) to hold an upload that went from the store', async () => {
    const photo = await uploadListingPhoto(t, landlord);
    const hold = () =>
      t.db.transaction((tx) =>
        holdOwnUploads(tx, t.app.ctx, landlord.id, 'listings', [{ storageKey: keyOf(photo.url) }]),
      );
    await expect(hold()).resolves.toBeUndefined();
    await t.app.ctx.storage.remove(keyOf(photo.url));
    await expect(hold()).rejects.toMatchObject({ code: 'CONFLICT', message: PHOTO_GONE_MESSAGE });
  });

  it('removes a day-old upload nothing used from the store, both renditions, and keeps a used one', async () => {
    const unused = await uploadListingPhoto(t, landlord);
    const used = await uploadListingPhoto(t, landlord);
    const res = await call(t, 'POST', '/api/content-submissions', {
      cookie: landlord.cookie,
      body: { contentType: 'property_listing', contentData: listingContent({ images: [used.url] }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const stored = (url: string) => t.app.ctx.storage.exists(keyOf(url));

    t.clock.now = new Date(Date.now() + 23 * HOUR);
    await runUploadCleanup(t.app.ctx);
    expect(await stored(unused.url)).toBe(true);

    t.clock.now = new Date(Date.now() + 25 * HOUR);
    await runUploadCleanup(t.app.ctx);
    expect(await stored(unused.url)).toBe(false);
    expect(await stored(unused.thumbUrl)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: unused.url })).statusCode).toBe(404);
    expect(await stored(used.url)).toBe(true);
    expect(await stored(used.thumbUrl)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: used.url })).statusCode).toBe(200);
  });
});

describe('photos in one bucket behind two apps', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    // Two instances with data folders of their own, as on two hosts: only the bucket is shared.
    first = await createTestApp(s3.env('shared-media'));
    second = await createTestApp(s3.env('shared-media'));
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('serves from one what was uploaded through the other, and an avatar removed through one is gone from both', async () => {
    expect(first.config.dataDir).not.toBe(second.config.dataDir);
    const landlord = await createLandlord(first, { premium: true });
    const photo = await uploadListingPhoto(first, landlord);
    const fromSecond = await second.app.inject({ method: 'GET', url: photo.url });
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.rawPayload).toEqual(
      (await first.app.inject({ method: 'GET', url: photo.url })).rawPayload,
    );

    const tenant = await createPremiumTenant(first);
    const avatar = await postMultipart(first, '/api/profile/photo', tenant.cookie, [
      { name: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: await jpeg(400, 400) },
    ]);
    expect(avatar.statusCode, avatar.body).toBe(200);
    const url = avatar.json().profileImageUrl as string;
    expect((await second.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await call(first, 'DELETE', '/api/profile/photo', { cookie: tenant.cookie })).statusCode).toBe(
      200,
    );
    expect((await second.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('a bucket that stops answering', () => {
  const SECRET = 'never-in-a-log-0123456789abcdef';
  let down: S3Server;
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    down = await startS3Server({ buckets: ['going-away'] });
    t = await createTestApp(
      { ...down.env(), S3_SECRET_ACCESS_KEY: SECRET },
      { logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await down?.close();
  });

  it('makes photo requests 503s, never 500s, and keeps the secret key out of the log', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const photo = await uploadListingPhoto(t, landlord);
    await down.close();
    const served = await t.app.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(503);
    expect(served.json()).toMatchObject({ code: 'UNAVAILABLE' });
    const upload = await postMultipart(t, '/api/listing-photos', landlord.cookie, [
      { name: 'photo', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ]);
    expect(upload.statusCode).toBe(503);
    const submission = await call(t, 'POST', '/api/content-submissions', {
      cookie: landlord.cookie,
      body: { contentType: 'property_listing', contentData: listingContent({ images: [photo.url] }) },
    });
    expect(submission.statusCode).toBe(503);
    const log = lines.join('');
    expect(log).toContain('Photos cannot be reached');
    expect(log).toContain('ECONNREFUSED');
    expect(log).not.toContain(SECRET);
    expect(log).not.toMatch(/authorization|Credential=/i);
  }, 60_000);
});

describe("with MEDIA_PUBLIC_URL: photos fetched from the bucket's public address", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    base = s3.publicUrl('public-media');
    t = await createTestApp({ ...s3.env('public-media'), MEDIA_PUBLIC_URL: `${base}/` });
  });
  afterAll(() => t?.close());

  /** A GET of the address a reply gave, from the bucket itself (no app in between), as a browser would. */
  const fetched = async (url: string) => {
    const res = await fetch(url);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      cache: res.headers.get('cache-control'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };

  it('gives upload addresses there, which serve the stored bytes, and /media/ still serves them too', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const photo = await uploadListingPhoto(t, landlord);
    expect(photo.url).toMatch(new RegExp(`^${base}/listings/${landlord.id}/[A-Za-z0-9_-]+-1600\\.webp$`));
    expect(photo.thumbUrl).toBe(photo.url.replace(/-1600\.webp$/, '-480.webp'));
    const direct = await fetched(photo.url);
    expect(direct).toMatchObject({
      status: 200,
      type: 'image/webp',
      cache: 'public, max-age=31536000, immutable',
    });
    const key = photo.url.slice(base.length + 1);
    const viaApp = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(viaApp.statusCode).toBe(200);
    expect(direct.bytes).toEqual(viaApp.rawPayload);
  });

  it('keeps /media/<key> in the rows, and gives the public address in every reply that shows the photos', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const photo = await uploadListingPhoto(t, landlord);
    const key = photo.url.slice(base.length + 1);
    const res = await call(t, 'POST', '/api/content-submissions', {
      cookie: landlord.cookie,
      body: { contentType: 'property_listing', contentData: listingContent({ images: [photo.url] }) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const propertyId = res.json().targetId as string;
    // Rows: the reference, whatever MEDIA_PUBLIC_URL says today.
    const [row] = await t.db.select().from(propertyImages).where(eq(propertyImages.propertyId, propertyId));
    expect(row).toMatchObject({ url: `/media/${key}`, thumbUrl: `/media/${key.replace('-1600', '-480')}` });
    const [submission] = await t.db
      .select()
      .from(contentSubmissions)
      .where(eq(contentSubmissions.targetId, propertyId));
    expect((submission.contentData as { images: string[] }).images).toEqual([`/media/${key}`]);

    // Replies: the landlord's own list and submissions, then (live) search, detail and the rendered page.
    const own = await call(t, 'GET', `/api/properties/landlord/${landlord.id}`, { cookie: landlord.cookie });
    expect(own.json()[0]).toMatchObject({
      images: [photo.url],
      imageUrl: photo.url,
      thumbnailUrl: photo.thumbUrl,
    });
    const mine = await call(t, 'GET', '/api/content-submissions/mine', { cookie: landlord.cookie });
    if (mine.statusCode === 200) expect(JSON.stringify(mine.json())).toContain(photo.url);
    await t.db
      .update(properties)
      .set({ status: 'live', publishedAt: new Date() })
      .where(eq(properties.id, propertyId));
    const search = await call(t, 'GET', '/api/properties?postcode=LS1');
    const card = (search.json().properties as Array<{ id: string; thumbnailUrl: string }>).find(
      (c) => c.id === propertyId,
    );
    expect(card?.thumbnailUrl).toBe(photo.thumbUrl);
    const detail = await call(t, 'GET', `/api/properties/${propertyId}`);
    expect(detail.json().images).toMatchObject([
      { url: photo.url, thumbUrl: photo.thumbUrl, width: 1200, height: 900 },
    ]);
    const page = await t.app.inject({ method: 'GET', url: `/properties/${propertyId}` });
    expect(page.body).toContain(`<meta property="og:image" content="${photo.url}" />`);
    expect((await fetched(card!.thumbnailUrl)).status).toBe(200);
  });

  it('takes a portfolio and an avatar the same way', async () => {
    const contractor = await createContractorUser(t, { premium: true });
    const upload = await postMultipart(t, '/api/contractor/portfolio-photos', contractor.cookie, [
      { name: 'photo', filename: 'work.jpg', contentType: 'image/jpeg', data: await jpeg() },
    ]);
    expect(upload.statusCode, upload.body).toBe(201);
    const photo = upload.json() as { url: string };
    expect(photo.url.startsWith(`${base}/portfolio/${contractor.id}/`)).toBe(true);
    const profile = await call(t, 'POST', '/api/contractor/profile', {
      cookie: contractor.cookie,
      body: profileContent({ businessName: 'Public Address Roofing', images: [photo.url] }),
    });
    expect(profile.statusCode, profile.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(contractorImages)
      .where(eq(contractorImages.contractorId, profile.json().id));
    expect(row.url).toBe(`/media/${photo.url.slice(base.length + 1)}`);
    const own = await call(t, 'GET', '/api/contractor/profile', { cookie: contractor.cookie });
    expect(own.json().current.images).toEqual([photo.url]);
    expect(own.json().pending.images).toEqual([photo.url]);

    const tenant = await createPremiumTenant(t);
    const avatar = await postMultipart(t, '/api/profile/photo', tenant.cookie, [
      { name: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: await jpeg(400, 400) },
    ]);
    const url = avatar.json().profileImageUrl as string;
    expect(url.startsWith(`${base}/avatars/${tenant.id}/`)).toBe(true);
    expect((await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie })).json().profileImageUrl).toBe(
      url,
    );
    expect((await fetched(url)).status).toBe(200);
  });

  it("lets pages load images from that origin (the CSP's img-src names it)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const imgSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('img-src'));
    expect(imgSrc?.split(' ')).toContain(new URL(base).origin);
  });
});
