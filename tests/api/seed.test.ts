import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicStreet } from '../../src/domain/addresses';
import { listingFindings, NATIONS, nationOfRegion, oneOf } from '../../src/domain/advert-rules';
import { SERVICE_AREAS, SPECIALTIES } from '../../src/domain/constants';
import { londonToday } from '../../src/domain/dates';
import { isValidPostcode, outcodeOf } from '../../src/domain/postcodes';
import { isPremium } from '../../src/domain/premium';
import type { Db } from '../../src/server/db/client';
import {
  contactSubmissions,
  contentSubmissions,
  contractors,
  conversations,
  forumMessages,
  forumTopics,
  leads,
  notificationSettings,
  properties,
  propertyImages,
  propertyInteractions,
  reviews,
  savedSearches,
  sessions,
  tradeChecks,
  users,
} from '../../src/server/db/schema';
import {
  DEMO_ACCOUNTS,
  ensureSuperAdmin,
  isDatabaseEmpty,
  type SeedSummary,
  seedDemoData,
} from '../../src/server/db/seed';
import { getOutcode, primaryTown } from '../../src/server/geo/outcodes';
import { servicePlace } from '../../src/server/geo/service-areas';
import { verifyPassword } from '../../src/server/lib/passwords';
import { createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

const NOW = new Date('2025-03-14T10:00:00Z');
const DAY = 86_400_000;

/** Raw SQL rows; both drivers answer `{ rows }`. */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The ordered facts that must come out the same from every run of the seed. */
async function seededFacts(db: Db) {
  const listings = await db
    .select({
      title: properties.title,
      rent: properties.monthlyRentPence,
      postcode: properties.postcode,
      type: properties.propertyType,
      bedrooms: properties.bedrooms,
    })
    .from(properties)
    .orderBy(asc(properties.createdAt), asc(properties.postcode), asc(properties.title));
  const trades = await db
    .select({
      businessName: contractors.businessName,
      specialty: contractors.specialty,
      areas: contractors.serviceAreas,
      ratingSum: contractors.ratingSum,
      reviewCount: contractors.reviewCount,
    })
    .from(contractors)
    .orderBy(asc(contractors.createdAt), asc(contractors.businessName));
  const people = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .orderBy(asc(users.email));
  return { listings, trades, people };
}

describe('demo seed', () => {
  let t: TestApp;
  let summary: SeedSummary;

  beforeAll(async () => {
    t = await createTestApp();
    expect(await isDatabaseEmpty(t.db)).toBe(true);
    summary = await seedDemoData(t.db, { now: NOW });
  });
  afterAll(() => t?.close());

  it('loads at least 10,000 live listings and 500 live contractors, and says so in the summary', async () => {
    const [live] = await t.db.select({ n: count() }).from(properties).where(eq(properties.status, 'live'));
    expect(live.n).toBeGreaterThanOrEqual(10_000);
    const [trades] = await t.db
      .select({ n: count() })
      .from(contractors)
      .where(eq(contractors.status, 'live'));
    expect(trades.n).toBeGreaterThanOrEqual(500);
    expect(summary.properties).toBe(live.n + 1); // plus the demo landlord's pending listing
    expect(summary.durationMs).toBeGreaterThan(0);
    expect(await isDatabaseEmpty(t.db)).toBe(false);
  });

  it('covers all 8 specialties, all 10 cities and a few towns with live contractors', async () => {
    const bySpecialty = await t.db
      .select({ specialty: contractors.specialty, n: count() })
      .from(contractors)
      .where(eq(contractors.status, 'live'))
      .groupBy(contractors.specialty);
    expect(bySpecialty.map((r) => r.specialty).sort()).toEqual([...SPECIALTIES].sort());
    for (const row of bySpecialty) expect(row.n).toBeGreaterThanOrEqual(50);

    const byArea = await rows<{ area: string; n: number }>(
      t.db,
      sql`select area, count(*)::int as n from contractors, unnest(service_areas) as area where status = 'live' group by area`,
    );
    // Issue 17: the ten cities, and towns beyond them, each a place the postcode data knows by that name.
    const areas = byArea.map((r) => r.area);
    expect(areas).toEqual(expect.arrayContaining([...SERVICE_AREAS, 'Ipswich', 'York']));
    for (const area of areas) expect(servicePlace(area)?.name, area).toBe(area);
  });

  it('creates every documented demo account with its type, premium state and the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await t.db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      expect(user.userType).toBe(account.userType);
      expect(user.role).toBe('user');
      expect(user.isDemo).toBe(true);
      expect(isPremium(user, NOW), account.email).toBe(account.premium);
    }
    const [tenant] = await t.db.select().from(users).where(eq(users.email, 'tenant@demo.yourplace.test'));
    expect(await verifyPassword(tenant.passwordHash, 'demo1234')).toBe(true);
  });

  it('gives the premium tenant an active Tenant Premium subscription for 30 days', async () => {
    const [premium] = await t.db.select().from(users).where(eq(users.email, 'premium@demo.yourplace.test'));
    expect(premium).toMatchObject({
      subscriptionPlan: 'tenant',
      subscriptionStatus: 'active',
      stripeSubscriptionId: 'sub_demo_tenant',
    });
    expect(premium.currentPeriodEnd?.getTime()).toBe(NOW.getTime() + 30 * DAY);
    const saved = await t.db
      .select({ n: count() })
      .from(propertyInteractions)
      .where(and(eq(propertyInteractions.userId, premium.id), eq(propertyInteractions.type, 'save')));
    expect(saved[0].n).toBeGreaterThan(0);
    const searches = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, premium.id));
    expect(searches).toHaveLength(2);
  });

  it('gives the subscribed landlord a dozen live listings and one pending with its content submission', async () => {
    const [landlord] = await t.db.select().from(users).where(eq(users.email, 'landlord@demo.yourplace.test'));
    expect(landlord).toMatchObject({
      subscriptionPlan: 'landlord',
      subscriptionStatus: 'active',
      stripeSubscriptionId: 'sub_demo_landlord',
    });
    const own = await t.db
      .select({ id: properties.id, status: properties.status })
      .from(properties)
      .where(eq(properties.landlordId, landlord.id));
    expect(own.filter((p) => p.status === 'live')).toHaveLength(12);
    const pending = own.filter((p) => p.status === 'pending');
    expect(pending).toHaveLength(1);
    const [submission] = await t.db
      .select()
      .from(contentSubmissions)
      .where(eq(contentSubmissions.targetId, pending[0].id));
    expect(submission).toMatchObject({
      userId: landlord.id,
      contentType: 'property_listing',
      submissionStatus: 'pending',
    });
    expect(submission.contentData).toMatchObject({
      propertyType: expect.any(String),
      postcode: expect.any(String),
    });
  });

  it('gives the subscribed contractor a live profile with leads in every status the dashboard shows', async () => {
    const [user] = await t.db.select().from(users).where(eq(users.email, 'contractor@demo.yourplace.test'));
    expect(user).toMatchObject({ subscriptionPlan: 'contractor', subscriptionStatus: 'active' });
    const [profile] = await t.db.select().from(contractors).where(eq(contractors.userId, user.id));
    expect(profile).toMatchObject({ status: 'live' });
    // The six demo leads, from the demo accounts (the rest are the requests its reviewers made).
    const demoRequesters = t.db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    const own = await t.db
      .select({ status: leads.status })
      .from(leads)
      .where(and(eq(leads.contractorId, profile.id), inArray(leads.requesterId, demoRequesters)));
    expect(own).toHaveLength(6);
    expect(new Set(own.map((l) => l.status))).toEqual(new Set(['active', 'pending', 'won', 'lost']));
    // It answered the ones it moved on, in their conversations: its response time is measured, not typed.
    const answered = await t.db
      .select({ repliedAt: conversations.ownerFirstReplyAt })
      .from(conversations)
      .innerJoin(leads, eq(leads.id, conversations.leadId))
      .where(
        and(
          eq(leads.contractorId, profile.id),
          inArray(leads.requesterId, demoRequesters),
          inArray(leads.status, ['pending', 'won', 'lost']),
        ),
      );
    expect(answered).toHaveLength(4);
    for (const row of answered) expect(row.repliedAt).not.toBeNull();
    // Decision 0073: the won boiler job is marked done, so its requester (the demo landlord) may review it as a
    // verified job; no other demo lead is a finished job, and no seeded review claims to be verified.
    const done = await t.db
      .select({ status: leads.status, completedAt: leads.completedAt })
      .from(leads)
      .where(and(eq(leads.contractorId, profile.id), inArray(leads.requesterId, demoRequesters)));
    expect(done.filter((l) => l.completedAt).map((l) => l.status)).toEqual(['won']);
    const verified = await t.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.verified, true));
    expect(verified).toEqual([]);
  });

  it('writes every seeded review after a quote request of its author that the trade answered, one each', async () => {
    const rows = await t.db
      .select({
        authorId: reviews.authorId,
        leadId: reviews.leadId,
        reviewedAt: reviews.createdAt,
        leadRequester: leads.requesterId,
        leadContractor: leads.contractorId,
        reviewContractor: reviews.contractorId,
        leadStatus: leads.status,
        requestedAt: leads.createdAt,
        repliedAt: conversations.ownerFirstReplyAt,
      })
      .from(reviews)
      .leftJoin(leads, eq(leads.id, reviews.leadId))
      .leftJoin(conversations, eq(conversations.leadId, leads.id));
    expect(rows.length).toBeGreaterThan(1000);
    const leadIds = new Set<string>();
    for (const row of rows) {
      expect(row.leadId).not.toBeNull();
      expect(row.authorId).not.toBeNull();
      expect(row.leadRequester).toBe(row.authorId);
      expect(row.leadContractor).toBe(row.reviewContractor);
      expect(row.leadStatus === 'won' || row.repliedAt !== null).toBe(true);
      expect(row.requestedAt!.getTime()).toBeLessThanOrEqual(row.reviewedAt.getTime());
      leadIds.add(row.leadId!);
    }
    expect(leadIds.size).toBe(rows.length);
  });

  it('makes no trade "Verified": no admin has recorded a check in the demo data', async () => {
    expect(await t.db.select().from(tradeChecks)).toEqual([]);
  });

  it('queues a pending listing and a pending contractor profile for moderation', async () => {
    const queue = await t.db
      .select({ contentType: contentSubmissions.contentType })
      .from(contentSubmissions)
      .where(eq(contentSubmissions.submissionStatus, 'pending'));
    expect(queue.map((s) => s.contentType).sort()).toEqual(['contractor_profile', 'property_listing']);
  });

  it('gives every user a notification settings row with the defaults', async () => {
    const [everyone] = await t.db.select({ n: count() }).from(users);
    const settings = await t.db.select().from(notificationSettings);
    expect(settings).toHaveLength(everyone.n);
    for (const s of settings) {
      expect(s).toMatchObject({
        email: true,
        propertyAlerts: true,
        marketingEmails: false,
        securityAlerts: true,
      });
    }
  });

  it('places every listing in a real, geographic postcode district with its centroid and post town', async () => {
    const rows = await t.db
      .select({
        postcode: properties.postcode,
        outcode: properties.outcode,
        lat: properties.lat,
        lng: properties.lng,
        location: properties.location,
      })
      .from(properties);
    for (const row of rows) {
      const district = getOutcode(row.outcode);
      expect(district, row.outcode).toBeDefined();
      expect(district!.nonGeographic).toBe(false);
      expect(isValidPostcode(row.postcode), row.postcode).toBe(true);
      expect(outcodeOf(row.postcode)).toBe(row.outcode);
      expect(row.postcode).toMatch(/^[A-Z0-9]+ [0-9][ABDEFGHJLNPQRSTUWXYZ]{2}$/);
      expect([row.lat, row.lng]).toEqual([district!.lat, district!.lng]);
      expect(row.location).toBe(primaryTown(district!));
    }
  });

  it("stores every listing's public street: its street and town, never its flat, building or number", async () => {
    const rows = await t.db
      .select({ address: properties.address, street: properties.publicStreet })
      .from(properties);
    for (const row of rows) {
      expect(row.street, row.address).toBe(publicStreet(row.address));
      expect(row.street, row.address).not.toMatch(/\d|Flat/);
      expect(row.street.length, row.address).toBeGreaterThan(0);
    }
  });

  it('spreads listings over the whole country, weighted toward London and the big cities', async () => {
    const rows = await t.db
      .select({ outcode: properties.outcode, n: count() })
      .from(properties)
      .groupBy(properties.outcode);
    const byRegion = new Map<string, number>();
    let total = 0;
    for (const row of rows) {
      const region = getOutcode(row.outcode)!.region;
      byRegion.set(region, (byRegion.get(region) ?? 0) + row.n);
      total += row.n;
    }
    expect([...byRegion.keys()].sort()).toEqual(
      [
        'East Midlands',
        'East of England',
        'London',
        'North East',
        'North West',
        'Scotland',
        'South East',
        'South West',
        'Wales',
        'West Midlands',
        'Yorkshire and The Humber',
      ].sort(),
    );
    expect(byRegion.get('London')! / total).toBeGreaterThan(0.15);
    expect(rows.length).toBeGreaterThan(2000);
  });

  it('asks plausible rents: London dearer than the North East, rounded like adverts, deposits of five weeks', async () => {
    const rows = await t.db
      .select({
        outcode: properties.outcode,
        type: properties.propertyType,
        rent: properties.monthlyRentPence,
        deposit: properties.depositPence,
      })
      .from(properties);
    const rents = (region: string, type?: string) =>
      rows
        .filter((r) => getOutcode(r.outcode)!.region === region && (!type || r.type === type))
        .map((r) => r.rent);
    expect(median(rents('London'))).toBeGreaterThan(2 * median(rents('North East')));
    expect(median(rents('London', 'room'))).toBeLessThan(median(rents('London', 'apartment')));
    for (const row of rows) {
      expect(row.rent).toBeGreaterThanOrEqual(300_00);
      expect(row.rent).toBeLessThanOrEqual(10_000_00);
      expect(row.rent % (row.rent < 1000_00 ? 500 : 2500)).toBe(0);
      expect(row.deposit).toBe(Math.floor((row.rent * 12 * 5) / 52));
    }
  });

  it('passes every seeded listing through the rules of its nation: no live F/G, registration numbers, deposits stated', async () => {
    const rows = await t.db.select().from(properties);
    const day = londonToday(NOW);
    const broken: string[] = [];
    for (const p of rows) {
      const nation = oneOf(NATIONS, p.nation);
      expect(nation, p.outcode).toBe(nationOfRegion(getOutcode(p.outcode)!.region));
      const findings = listingFindings(
        {
          title: p.title,
          description: p.description,
          amenities: p.amenities,
          monthlyRentPence: p.monthlyRentPence,
          depositPence: p.depositPence,
          holdingDepositPence: p.holdingDepositPence,
          epcRating: p.epcRating,
          epcExemption:
            p.epcExemptionKind && p.epcExemptionReference
              ? { kind: p.epcExemptionKind, reference: p.epcExemptionReference }
              : null,
          landlordRegistrationNumber: p.landlordRegistrationNumber,
          occupationContract: p.occupationContract,
        },
        nation!,
        day,
      );
      if (findings.length > 0) broken.push(`${p.title}: ${findings.map((f) => f.message).join(' | ')}`);
      expect(p.depositPence, p.title).not.toBeNull();
    }
    expect(broken.slice(0, 5)).toEqual([]);
    // In England and Wales some F and G homes stay, each with its exemption recorded (Scotland sets no minimum).
    const exempt = rows.filter(
      (p) => (p.nation === 'england' || p.nation === 'wales') && (p.epcRating === 'F' || p.epcRating === 'G'),
    );
    expect(exempt.length).toBeGreaterThan(0);
    for (const p of exempt) expect(p.epcExemptionReference, p.title).toMatch(/^PRSE-/);
    expect(rows.filter((p) => p.nation === 'scotland').length).toBeGreaterThan(100);
    expect(rows.filter((p) => p.nation === 'wales').length).toBeGreaterThan(100);
  });

  it('matches bedrooms to the property type and lists the newest within the last 90 days', async () => {
    const rows = await t.db
      .select({
        type: properties.propertyType,
        bedrooms: properties.bedrooms,
        status: properties.status,
        createdAt: properties.createdAt,
        publishedAt: properties.publishedAt,
        epc: properties.epcRating,
        amenities: properties.amenities,
      })
      .from(properties);
    const allowed = { studio: [0], room: [1], apartment: [1, 2, 3], house: [2, 3, 4, 5] } as const;
    for (const row of rows) {
      expect(allowed[row.type] as readonly number[]).toContain(row.bedrooms);
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 90 * DAY);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (row.status === 'live') expect(row.publishedAt).not.toBeNull();
      expect('ABCDEFG').toContain(row.epc);
      expect(row.amenities.length).toBeGreaterThan(0);
    }
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['apartment', 'house', 'studio', 'room']));
  });

  it('shows one to three demo photos per listing, all present in public/demo/photos', async () => {
    const perListing = await t.db
      .select({ n: count() })
      .from(propertyImages)
      .groupBy(propertyImages.propertyId);
    expect(perListing).toHaveLength(summary.properties);
    for (const row of perListing) expect(row.n === 1 || row.n === 2 || row.n === 3).toBe(true);
    const urls = await t.db
      .selectDistinct({ url: propertyImages.url, thumbUrl: propertyImages.thumbUrl })
      .from(propertyImages);
    for (const { url, thumbUrl } of urls) {
      for (const u of [url, thumbUrl!]) {
        expect(u).toMatch(/^\/demo\/photos\/[a-z0-9-]+-(1200|480)\.webp$/);
        expect(existsSync(path.resolve('public', u.slice(1))), u).toBe(true);
      }
    }
  });

  it('keeps each contractor rating total and review count exactly equal to its reviews', async () => {
    const mismatches = await rows<{ id: string }>(
      t.db,
      sql`
      select c.id from contractors c
      left join (select contractor_id, sum(rating)::int as s, count(*)::int as n from reviews group by contractor_id) r
        on r.contractor_id = c.id
      where c.rating_sum <> coalesce(r.s, 0) or c.review_count <> coalesce(r.n, 0)`,
    );
    expect(mismatches).toEqual([]);
    const [stats] = await t.db
      .select({
        n: count(),
        authored: sql<number>`count(${reviews.authorId})::int`,
        avg: sql<number>`avg(${reviews.rating})::float`,
      })
      .from(reviews);
    expect(stats.n).toBe(summary.reviews);
    // Every seeded review has its author: the person whose answered quote request it follows.
    expect(stats.authored).toBe(summary.reviews);
    expect(stats.avg).toBeGreaterThan(3.8);
  });

  it('never shows the same review text twice on one profile, and varies it across the site', async () => {
    const repeats = await rows<{ contractor_id: string; comment: string }>(
      t.db,
      sql`select contractor_id, comment from reviews group by contractor_id, comment having count(*) > 1`,
    );
    expect(repeats).toEqual([]);
    const [variety] = await rows<{ n: number; distinct: number }>(
      t.db,
      sql`select count(*)::int as n, count(distinct comment)::int as distinct from reviews`,
    );
    // Most reviews read differently from every other one on the site, not only on their own profile.
    expect(variety.distinct / variety.n).toBeGreaterThan(0.6);
  });

  it('gives the demo tenant a confirmed viewing with the demo landlord, and others waiting for a slot', async () => {
    const [landlord] = await t.db.select().from(users).where(eq(users.email, 'landlord@demo.yourplace.test'));
    const [premium] = await t.db.select().from(users).where(eq(users.email, 'premium@demo.yourplace.test'));
    const threads = await rows<{
      starter_id: string;
      property_id: string;
      messages: number;
      booked: string | null;
    }>(
      t.db,
      sql`select c.starter_id, c.property_id, (select count(*)::int from messages m where m.conversation_id = c.id) as messages,
            (select b.status::text from viewing_bookings b where b.conversation_id = c.id and b.status <> 'cancelled') as booked
          from conversations c where c.owner_id = ${landlord.id} and c.kind = 'enquiry'`,
    );
    expect(threads).toHaveLength(4);
    const mine = threads.find((c) => c.starter_id === premium.id);
    expect(mine).toMatchObject({ booked: 'confirmed' });
    expect(mine!.messages).toBeGreaterThanOrEqual(2);
    expect(threads.filter((c) => c.booked === null)).toHaveLength(3);
    const [listing] = await t.db.select().from(properties).where(eq(properties.id, mine!.property_id));
    expect(listing).toMatchObject({ landlordId: landlord.id, status: 'live' });
    const [slots] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from viewing_slots where property_id = ${listing.id} and starts_at > ${NOW}`,
    );
    expect(slots.n).toBe(3);
  });

  it('writes forum topics by premium tenants whose message counts and last activity match their messages', async () => {
    const topics = await t.db.select().from(forumTopics);
    expect(topics.length).toBeGreaterThanOrEqual(12);
    const authorIds = [...new Set(topics.map((topic) => topic.userId))];
    const authors = await t.db.select().from(users).where(inArray(users.id, authorIds));
    for (const author of authors) {
      expect(author.userType).toBe('tenant');
      expect(isPremium(author, NOW)).toBe(true);
    }
    for (const topic of topics) {
      const messages = await t.db
        .select({ createdAt: forumMessages.createdAt })
        .from(forumMessages)
        .where(eq(forumMessages.topicId, topic.id));
      expect(messages.length).toBe(topic.messageCount);
      expect(messages.length).toBeGreaterThanOrEqual(2);
      expect(messages.length).toBeLessThanOrEqual(10);
      expect(topic.lastActivityAt.getTime()).toBe(Math.max(...messages.map((m) => m.createdAt.getTime())));
    }
  });

  it('leaves contact messages for the admin inbox, some unread', async () => {
    const rows = await t.db.select({ status: contactSubmissions.status }).from(contactSubmissions);
    expect(rows.map((r) => r.status)).toContain('unread');
    expect(rows.map((r) => r.status)).toContain('read');
  });

  it('produces the same listings, rents, postcodes, contractors and names on a fresh database', async () => {
    const other = await createTestApp();
    try {
      await seedDemoData(other.db, { now: NOW });
      const [first, second] = await Promise.all([seededFacts(t.db), seededFacts(other.db)]);
      expect(second.listings).toHaveLength(first.listings.length);
      expect(second.listings).toEqual(first.listings);
      expect(second.trades).toEqual(first.trades);
      expect(second.people).toEqual(first.people);
    } finally {
      await other.close();
    }
  }, 180_000);
});

describe('super admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates the super admin with a lowercased email and an argon2id password', async () => {
    const result = await ensureSuperAdmin(t.db, 'Boss@Example.TEST', 'first-secret');
    expect(result.created).toBe(true);
    const [admin] = await t.db.select().from(users).where(eq(users.id, result.id));
    expect(admin).toMatchObject({ email: 'boss@example.test', role: 'super_admin', userType: null });
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin.passwordHash, 'first-secret')).toBe(true);
    const settings = await t.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, admin.id));
    expect(settings).toHaveLength(1);
  });

  it('still counts a database holding only the super admin as empty, so the demo data is seeded', async () => {
    await ensureSuperAdmin(t.db, 'boss@example.test', 'first-secret');
    expect(await isDatabaseEmpty(t.db)).toBe(true);
  });

  it('updates the same account on the next start without duplicating it, and a new password replaces the old', async () => {
    const first = await ensureSuperAdmin(t.db, 'boss@example.test', 'first-secret');
    const again = await ensureSuperAdmin(t.db, 'BOSS@example.test', 'first-secret');
    expect(again).toEqual({ id: first.id, created: false });
    const changed = await ensureSuperAdmin(t.db, 'boss@example.test', 'second-secret');
    expect(changed).toEqual({ id: first.id, created: false });
    const rows = await t.db.select().from(users).where(eq(users.email, 'boss@example.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0].role).toBe('super_admin');
    expect(await verifyPassword(rows[0].passwordHash, 'second-secret')).toBe(true);
    expect(await verifyPassword(rows[0].passwordHash, 'first-secret')).toBe(false);
  });

  it('promotes an existing account and signs it out when the password changes', async () => {
    const tenant = await createTenant(t);
    const result = await ensureSuperAdmin(t.db, tenant.email, 'promoted-secret');
    expect(result).toEqual({ id: tenant.id, created: false });
    const [user] = await t.db.select().from(users).where(eq(users.id, tenant.id));
    expect(user).toMatchObject({ role: 'super_admin', userType: null });
    const remaining = await t.db.select().from(sessions).where(eq(sessions.userId, tenant.id));
    expect(remaining).toEqual([]);
  });
});
