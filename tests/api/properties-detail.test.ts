// GET /api/properties/{id} and the /properties/{id} page head (doc 1 "Property detail", §7, §9 structured data).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TPropertyDetail } from '../../src/domain/properties';
import { properties, propertyInteractions, users } from '../../src/server/db/schema';
import { DETAIL_TTL_MS } from '../../src/server/features/properties/detail-cache';
import { VIEW_FLUSH_MS, viewRecorderFor } from '../../src/server/features/properties/views';
import { createListing } from '../factories/listings';
import {
  type CreatedUser,
  createAdmin,
  createLandlord,
  createPremiumTenant,
  createTenant,
  createUser,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('property detail', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let premium: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { firstName: 'Lena', lastName: 'Lord', phone: '07700 900123' });
    premium = await createPremiumTenant(t);
  });
  afterAll(() => t.close());

  const open = (id: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/properties/${id}`, headers: cookie ? { cookie } : {} });
  async function detail(id: string, cookie?: string): Promise<TPropertyDetail> {
    const res = await open(id, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const listing = (o: Omit<Parameters<typeof createListing>[1], 'landlordId'> = {}) =>
    createListing(t, { landlordId: landlord.id, ...o });
  const viewsOf = async (propertyId: string) =>
    t.db
      .select()
      .from(propertyInteractions)
      .where(and(eq(propertyInteractions.propertyId, propertyId), eq(propertyInteractions.type, 'view')));

  describe('who sees what', () => {
    it('shows a live listing to a signed-out visitor, without the landlord contact details', async () => {
      const made = await listing({ title: 'Garden flat', images: 2, amenities: ['WiFi', 'Parking'] });
      const property = await detail(made.id);
      expect(property).toMatchObject({
        id: made.id,
        title: 'Garden flat',
        landlordId: landlord.id,
        landlord: null,
        saved: false,
        amenities: ['WiFi', 'Parking'],
      });
      expect(property.images.map((i) => i.url)).toEqual([
        `/media/test/${made.id}-0.webp`,
        `/media/test/${made.id}-1.webp`,
      ]);
    });

    it('keeps the contact details from a signed-in user without premium', async () => {
      const free = await createTenant(t);
      const made = await listing();
      expect((await detail(made.id, free.cookie)).landlord).toBeNull();
    });

    it("gives a premium user the landlord's name, email and phone", async () => {
      const made = await listing();
      const property = await detail(made.id, premium.cookie);
      expect(property.landlord).toEqual({
        firstName: 'Lena',
        lastName: 'Lord',
        email: landlord.email,
        phone: '07700 900123',
      });
    });

    it("keeps the landlord's details from accounts whose plan does not contact landlords", async () => {
      // Contacting landlords is in Tenant Premium only (src/domain/plans.ts): a paying landlord or contractor
      // browsing another landlord's home sees what a visitor sees.
      const made = await listing();
      for (const other of [
        await createLandlord(t, { premium: true }),
        await createUser(t, { userType: 'contractor', premium: true }),
      ]) {
        const res = await open(made.id, other.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json().landlord).toBeNull();
        expect(res.body).not.toContain(landlord.email);
        expect(res.body).not.toContain('07700 900123');
      }
    });

    it('says whether the signed-in user saved it', async () => {
      const made = await listing();
      expect((await detail(made.id, premium.cookie)).saved).toBe(false);
      await t.db
        .insert(propertyInteractions)
        .values({ userId: premium.id, propertyId: made.id, type: 'save' });
      expect((await detail(made.id, premium.cookie)).saved).toBe(true);
    });
  });

  describe('deposit: exactly what the landlord gave', () => {
    it('shows a blank deposit as null ("Not stated"), never the legal cap', async () => {
      const made = await listing({ rent: 1000, depositPence: null });
      const property = await detail(made.id);
      expect(property.depositPence).toBeNull();
      expect(property.deposit).toBeNull();
    });

    it('shows the holding deposit as given, and null when none is stated', async () => {
      const held = await listing({ rent: 1000, holdingDepositPence: 20_000 });
      expect((await detail(held.id)).holdingDepositPence).toBe(20_000);
      const none = await listing({ rent: 1000 });
      expect((await detail(none.id)).holdingDepositPence).toBeNull();
    });

    it('names the nation whose law applies, from the postcode district', async () => {
      expect((await detail((await listing({ outcode: 'LS6' })).id)).nation).toBe('england');
      expect((await detail((await listing({ outcode: 'EH1' })).id)).nation).toBe('scotland');
      expect((await detail((await listing({ outcode: 'CF10' })).id)).nation).toBe('wales');
    });

    it('shows a lower deposit as it is', async () => {
      const made = await listing({ rent: 1000, depositPence: 80_000 });
      const property = await detail(made.id);
      expect(property.depositPence).toBe(80_000);
      expect(property.deposit).toBe(800);
    });
  });

  describe('not found', () => {
    it('answers 404 for an unknown id and for an id that is not one', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', "1' or '1'='1", '%00']) {
        const res = await open(encodeURIComponent(id));
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe('Property not found');
      }
    });

    it('answers 404 for listings that are not live or whose live period ended', async () => {
      const hidden = [
        await listing({ status: 'pending' }),
        await listing({ status: 'rejected' }),
        await listing({ status: 'withdrawn' }),
        await listing({ liveUntil: new Date(Date.now() - 60_000) }),
      ];
      for (const made of hidden) {
        expect((await open(made.id)).statusCode).toBe(404);
        expect((await open(made.id, premium.cookie)).statusCode).toBe(404);
      }
    });

    it("lets the landlord and admins open the landlord's own pending listing", async () => {
      const pending = await listing({ status: 'pending', title: 'Awaiting review' });
      expect((await detail(pending.id, landlord.cookie)).title).toBe('Awaiting review');
      const admin = await createAdmin(t);
      expect((await detail(pending.id, admin.cookie)).title).toBe('Awaiting review');
      const otherLandlord = await createLandlord(t);
      expect((await open(pending.id, otherLandlord.cookie)).statusCode).toBe(404);
    });
  });

  describe('view interactions', () => {
    const flushed = () => viewRecorderFor(t.app.ctx).flush();

    it('records one view per user and property, however often it is opened', async () => {
      const made = await listing();
      await detail(made.id, premium.cookie);
      await detail(made.id, premium.cookie);
      const other = await createUser(t);
      await detail(made.id, other.cookie);
      await flushed();
      await detail(made.id, other.cookie);
      await flushed();
      const views = await viewsOf(made.id);
      expect(views.map((v) => v.userId).sort()).toEqual([premium.id, other.id].sort());
    });

    it('sends a stored view no second time: reopening a listing after the flush buffers nothing', async () => {
      const made = await listing();
      const recorder = viewRecorderFor(t.app.ctx);
      await detail(made.id, premium.cookie);
      expect(recorder.waiting).toBe(1);
      await flushed();
      await detail(made.id, premium.cookie);
      expect(recorder.waiting).toBe(0);
      // Another member's first look is still written.
      const other = await createUser(t);
      await detail(made.id, other.cookie);
      expect(recorder.waiting).toBe(1);
      await flushed();
      expect((await viewsOf(made.id)).map((v) => v.userId).sort()).toEqual([premium.id, other.id].sort());
    });

    it('records nothing for a signed-out visitor or for the landlord', async () => {
      const made = await listing();
      await detail(made.id);
      await detail(made.id, landlord.cookie);
      await flushed();
      expect(await viewsOf(made.id)).toEqual([]);
    });

    it('buffers views instead of writing in the request, and stores them within the flush interval', async () => {
      const made = await listing();
      const recorder = viewRecorderFor(t.app.ctx);
      // No timer left from the tests before (a flush() leaves it running), so this view starts its own: faked,
      // so the flush interval passes when the test says, not in real time.
      await recorder.close();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        await detail(made.id, premium.cookie);
        expect(await viewsOf(made.id)).toEqual([]);
        expect(recorder.waiting).toBe(1);
        await vi.advanceTimersByTimeAsync(VIEW_FLUSH_MS - 1);
        expect(recorder.waiting).toBe(1); // not yet
        await vi.advanceTimersByTimeAsync(1);
        expect(recorder.waiting).toBe(0); // the timer took the batch
      } finally {
        vi.useRealTimers();
      }
      // flush() first waits for the write the timer began; nothing is left for it to write itself.
      await recorder.flush();
      expect((await viewsOf(made.id)).map((v) => v.userId)).toEqual([premium.id]);
    });

    it('skips a view of a listing deleted before the flush, and keeps the others of the batch', async () => {
      const gone = await listing();
      const kept = await listing();
      await detail(gone.id, premium.cookie);
      await detail(kept.id, premium.cookie);
      await t.db.delete(properties).where(eq(properties.id, gone.id));
      await flushed();
      expect((await viewsOf(kept.id)).map((v) => v.userId)).toEqual([premium.id]);
      expect(viewRecorderFor(t.app.ctx).waiting).toBe(0);
    });

    it('stores every buffered view when the server closes gracefully', async () => {
      const other = await createTestApp();
      try {
        const owner = await createLandlord(other);
        const viewer = await createPremiumTenant(other);
        const homes = [
          await createListing(other, { landlordId: owner.id }),
          await createListing(other, { landlordId: owner.id }),
        ];
        for (const home of homes) {
          const res = await other.app.inject({
            method: 'GET',
            url: `/api/properties/${home.id}`,
            headers: { cookie: viewer.cookie },
          });
          expect(res.statusCode).toBe(200);
        }
        const stored = () =>
          other.db
            .select()
            .from(propertyInteractions)
            .where(and(eq(propertyInteractions.userId, viewer.id), eq(propertyInteractions.type, 'view')));
        expect(await stored()).toEqual([]);
        await other.app.close();
        expect((await stored()).map((v) => v.propertyId).sort()).toEqual(homes.map((h) => h.id).sort());
      } finally {
        await other.close();
      }
    });
  });

  describe('page head for crawlers', () => {
    const page = (id: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url: `/properties/${id}`, headers: cookie ? { cookie } : {} });
    const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
    const decodeEntities = (text: string) =>
      text
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>');

    it('keeps $-patterns in a title and address as text, never pasting the template into the head', async () => {
      const title = "Flat $& with $` and $' in it";
      const made = await listing({ title, address: "1 $' Street $&", postcode: 'LS1 4AP', images: 1 });
      const res = await page(made.id);
      expect(res.statusCode).toBe(200);
      // One document: one doctype, one head, one title, one JSON-LD block, one canonical link.
      for (const marker of ['<!doctype', '<head>', '<title>', 'application/ld+json', 'rel="canonical"'])
        expect(res.body.split(marker).length - 1, marker).toBe(1);
      expect(res.body).not.toContain('<!--app-head-->');
      expect(decodeEntities(titleOf(res.body)!)).toContain(title);
      expect(res.body).toContain(`<meta property="og:title" content="${titleOf(res.body)}" />`);
      const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(script!).name).toBe(title);
    });

    it('serves the listing title, a meta description and JSON-LD in the HTML', async () => {
      const made = await listing({
        title: 'Two bedroom flat by the canal',
        rent: 1250,
        postcode: 'LS1 4AP',
        bedrooms: 2,
        area: 64,
        images: 2,
        availableFrom: '2099-03-01',
      });
      const res = await page(made.id);
      expect(res.statusCode).toBe(200);
      const title = decodeEntities(titleOf(res.body)!);
      expect(title).toContain('£1,250 pcm | Your Place');
      expect(title.length).toBeLessThanOrEqual(60);
      const description = decodeEntities(descriptionOf(res.body)!);
      expect(description.length).toBeGreaterThanOrEqual(121);
      expect(description.length).toBeLessThanOrEqual(160);
      expect(description).toMatch(
        /^2 bedroom flat to rent in Leeds LS1 for £1,250 pcm, available from 1 March 2099\./,
      );

      const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
      expect(script).toBeDefined();
      const data = JSON.parse(script!);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'RealEstateListing',
        name: 'Two bedroom flat by the canal',
        mainEntity: {
          '@type': 'Apartment',
          numberOfRooms: 2,
          floorSize: { value: 64, unitCode: 'MTK' },
          // The street and district only, for everyone who reads the page's source (decision 0058).
          address: { streetAddress: 'Test Street, Leeds', postalCode: 'LS1', addressCountry: 'GB' },
        },
        offers: {
          '@type': 'Offer',
          price: 1250,
          priceCurrency: 'GBP',
          availability: 'https://schema.org/InStock',
        },
      });
      expect(data.image).toEqual([
        `${t.config.publicUrl}/media/test/${made.id}-0.webp`,
        `${t.config.publicUrl}/media/test/${made.id}-1.webp`,
      ]);
      const days = (Date.parse(data.offers.validThrough) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(89.9);
      expect(days).toBeLessThan(90.1);
    });

    it('keeps a title that tries to close the script from breaking out of it', async () => {
      const made = await listing({ title: '</script><script>alert(1)</script>' });
      const res = await page(made.id);
      expect(res.body).not.toContain('<script>alert(1)');
      const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(script!).name).toBe('</script><script>alert(1)</script>');
    });

    it('answers 404 with a noindex page for an unknown, malformed or hidden listing', async () => {
      const pending = await listing({ status: 'pending' });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', pending.id]) {
        const res = await page(id);
        expect(res.statusCode, id).toBe(404);
        expect(titleOf(res.body)).toBe('Property Not Found | Your Place');
        expect(res.body).toContain('<meta name="robots" content="noindex" />');
        expect(res.body).not.toContain('application/ld+json');
      }
    });

    it("serves the landlord's preview of a pending listing, kept out of search engines", async () => {
      const pending = await listing({ status: 'pending', title: 'Preview me' });
      const res = await page(pending.id, landlord.cookie);
      expect(res.statusCode).toBe(200);
      expect(titleOf(res.body)).toContain('Preview me');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    });
  });

  // Last: it moves the test clock, which stays moved for the rest of the file.
  describe('the detail cache', () => {
    it('shows an approved edit at once: a listing write changes the version the page was kept under', async () => {
      const made = await listing({ title: 'Before the edit' });
      expect((await detail(made.id)).title).toBe('Before the edit');
      await t.db.update(properties).set({ title: 'After the edit' }).where(eq(properties.id, made.id));
      expect((await detail(made.id)).title).toBe('After the edit');
    });

    it('shows the landlord’s new phone number once the kept page is older than DETAIL_TTL_MS', async () => {
      const owner = await createLandlord(t, { phone: '01130000001' });
      const made = await createListing(t, { landlordId: owner.id });
      expect((await detail(made.id, premium.cookie)).landlord?.phone).toBe('01130000001');
      await t.db.update(users).set({ phone: '01130000002' }).where(eq(users.id, owner.id));
      // Still within the time a page is kept: the landlord's details are not a listing write.
      expect((await detail(made.id, premium.cookie)).landlord?.phone).toBe('01130000001');
      t.clock.now = new Date(Date.now() + DETAIL_TTL_MS + 1_000);
      expect((await detail(made.id, premium.cookie)).landlord?.phone).toBe('01130000002');
    });
  });
});
