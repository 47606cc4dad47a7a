// Deterministic demo data (fixed seed): the same listings, rents, postcodes and contractors on every run.
import { eq, like, ne, sql } from 'drizzle-orm';
import { evidenceHeldSince } from '../../../domain/evidence';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import { contactSubmissions, properties, propertyImages, users } from '../schema';
import { seedContactMessages, seedReviewQueue, seedSavedActivity } from './activity';
import { insertInBatches } from './batch';
import type { SeedContext } from './context';
import { seedContractors } from './contractors';
import { DEMO_ACCOUNTS, DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, demoAccount } from './demo-accounts';
import { seedEnquiries } from './enquiries';
import { seedForum } from './forum';
import { generateLandlordPortfolio, listingSubmissionData, seedBulkListings } from './properties';
import { createRandom, DEMO_SEED } from './random';
import { seedUsers } from './users';

export { ensureSuperAdmin } from './super-admin';
export { DEMO_ACCOUNTS, DEMO_PASSWORD };

export interface SeedOptions {
  /** Bulk live listings (default 10,000); the demo landlord's own come on top. */
  properties?: number;
  /** Bulk live contractors (default 520); the demo contractor's own comes on top. */
  contractors?: number;
  now?: Date;
  log?: (msg: string) => void;
}

export interface SeedSummary {
  users: number;
  properties: number;
  propertyImages: number;
  contractors: number;
  reviews: number;
  leads: number;
  forumTopics: number;
  forumMessages: number;
  savedProperties: number;
  savedSearches: number;
  contentSubmissions: number;
  contactSubmissions: number;
  durationMs: number;
}

export const DEFAULT_SEED_PROPERTIES = 10_000;
export const DEFAULT_SEED_CONTRACTORS = 520;
const DEMO_LANDLORD_LIVE_LISTINGS = 12;

export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => {});
  const propertyCount = opts.properties ?? DEFAULT_SEED_PROPERTIES;
  const contractorCount = opts.contractors ?? DEFAULT_SEED_CONTRACTORS;
  const random = createRandom(DEMO_SEED);
  // argon2 is slow on purpose: hash once, outside the transaction, and share it.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // About 33 listings per landlord, as a realistic spread of portfolio sizes.
  const landlordCount = Math.max(1, Math.min(300, Math.ceil(propertyCount / 33)));

  const summary = await db.transaction(async (tx) => {
    const ctx = (label: string): SeedContext => ({ db: tx, random: random.fork(label), now, passwordHash });
    const lap = (() => {
      let last = performance.now();
      return (what: string) => {
        const t = performance.now();
        log(`${what} (${Math.round(t - last)} ms)`);
        last = t;
      };
    })();

    const people = await seedUsers(ctx('users'), landlordCount);
    lap(`${people.count} users`);

    const bulk = await seedBulkListings(ctx('properties'), people.landlords, propertyCount);
    const portfolio = generateLandlordPortfolio(
      random.fork('landlord-portfolio'),
      now,
      people.ids.landlord,
      DEMO_LANDLORD_LIVE_LISTINGS,
    );
    const own = [...portfolio.live, portfolio.pending];
    await insertInBatches(
      tx,
      properties,
      own.map((l) => l.property),
    );
    await insertInBatches(
      tx,
      propertyImages,
      own.flatMap((l) => l.images),
    );
    const propertyTotal = bulk.properties + own.length;
    const imageTotal = bulk.images + own.reduce((n, l) => n + l.images.length, 0);
    lap(`${propertyTotal} properties, ${imageTotal} photos`);

    const premium = demoAccount('premiumTenant');
    const tenant = demoAccount('tenant');
    const landlord = demoAccount('landlord');
    const trade = await seedContractors(ctx('contractors'), contractorCount, {
      demoContractor: people.ids.contractor,
      applicant: people.applicant,
      reviewers: people.reviewers,
      requesters: [
        { id: people.ids.premiumTenant, email: premium.email },
        { id: people.ids.landlord, email: landlord.email },
        { id: people.ids.tenant, email: tenant.email },
      ],
    });
    lap(`${trade.contractors} contractors, ${trade.reviews} reviews, ${trade.leads} leads`);

    const forum = await seedForum(ctx('forum'), people.forumTenants);
    lap(`${forum.topics} forum topics, ${forum.messages} messages`);

    const enquiries = await seedEnquiries(
      ctx('enquiries'),
      {
        premiumTenant: { id: people.ids.premiumTenant, firstName: premium.firstName },
        landlord: { id: people.ids.landlord, firstName: landlord.firstName },
        others: people.forumTenants,
      },
      { id: portfolio.live[0].property.id!, title: portfolio.live[0].property.title },
    );
    lap(`${enquiries.conversations} enquiries, ${enquiries.slots} viewing slots`);

    const saved = await seedSavedActivity(
      ctx('saved'),
      { premiumTenant: people.ids.premiumTenant, tenant: people.ids.tenant },
      bulk.liveIds,
    );
    const contactCount = await seedContactMessages(ctx('contact'), {
      id: people.ids.premiumTenant,
      name: `${premium.firstName} ${premium.lastName}`,
      email: premium.email,
    });
    const profile = trade.pendingProfile;
    const submissions = await seedReviewQueue(ctx('review-queue'), {
      listing: {
        userId: people.ids.landlord,
        targetId: portfolio.pending.property.id,
        data: listingSubmissionData(portfolio.pending),
      },
      profile: {
        userId: people.applicant,
        targetId: profile.id!,
        data: {
          businessName: profile.businessName,
          specialty: profile.specialty,
          description: profile.description,
          website: profile.website,
          services: profile.services,
          serviceAreas: profile.serviceAreas,
          phone: profile.phone,
          email: profile.email,
          images: [],
        },
      },
    });
    lap('saved homes, saved searches, contact messages, review queue');

    return {
      users: people.count,
      properties: propertyTotal,
      propertyImages: imageTotal,
      contractors: trade.contractors,
      reviews: trade.reviews,
      leads: trade.leads,
      forumTopics: forum.topics,
      forumMessages: forum.messages,
      savedProperties: saved.savedProperties,
      savedSearches: saved.savedSearches,
      contentSubmissions: submissions,
      contactSubmissions: contactCount,
    };
  });
  // Fresh statistics, so the first searches on the new rows get good plans.
  await db.execute(sql`analyze`);
  return { ...summary, durationMs: Math.round(performance.now() - started) };
}

/**
 * True when there is nothing but super admins: ADMIN_EMAIL may create its account before the first
 * seed, and that must not stop the demo data from being loaded.
 */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(ne(users.role, 'super_admin')).limit(1);
  return !row;
}

/**
 * The conversations a demo account, listing or trade takes part in: they go with the demo data. The foreign keys
 * no longer cascade (decision 0051), so `seed --force` removes them itself, children first.
 */
const DEMO_CONVERSATIONS = sql`(
  select c.id from conversations c
  left join properties p on p.id = c.property_id
  left join leads l on l.id = c.lead_id
  left join contractors ct on ct.id = l.contractor_id
  where c.starter_id in (select id from users where is_demo) or c.owner_id in (select id from users where is_demo)
    or p.is_demo or ct.is_demo)`;

/**
 * Removes every seeded row (for `seed --force`) and what only they pointed at. Refused while a report on one of
 * those conversations holds it as evidence (src/domain/evidence.ts): the hold outranks a demo reset.
 */
export async function removeDemoData(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const held = await tx.execute(
      sql`select count(*)::int as n from conversation_reports r where r.conversation_id in ${DEMO_CONVERSATIONS}
        and (r.status = 'open' or r.closed_at >= ${evidenceHeldSince(now).toISOString()}::timestamptz)`,
    );
    const n = Number((held as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
    if (n > 0)
      throw new Error(
        `${n} report(s) on conversations with demo accounts are under the evidence hold: the demo data stays.`,
      );
    await tx.execute(sql`delete from conversation_reports where conversation_id in ${DEMO_CONVERSATIONS}`);
    await tx.execute(sql`delete from viewing_bookings where conversation_id in ${DEMO_CONVERSATIONS}`);
    await tx.execute(sql`delete from messages where conversation_id in ${DEMO_CONVERSATIONS}`);
    await tx.execute(sql`delete from conversations where id in ${DEMO_CONVERSATIONS}`);
    await tx.execute(sql`delete from viewing_bookings where slot_id in
      (select s.id from viewing_slots s join properties p on p.id = s.property_id where p.is_demo
        or p.landlord_id in (select id from users where is_demo))`);
    await tx.execute(sql`delete from viewing_slots where property_id in
      (select id from properties where is_demo or landlord_id in (select id from users where is_demo))`);
    await tx.execute(
      sql`delete from viewing_bookings where tenant_id in (select id from users where is_demo)`,
    );
    const demoTrades = sql`(select id from contractors where is_demo or user_id in (select id from users where is_demo))`;
    await tx.execute(sql`delete from reviews where contractor_id in ${demoTrades}`);
    await tx.execute(sql`delete from leads where contractor_id in ${demoTrades}`);
    await tx.execute(sql`delete from forum_messages where user_id in (select id from users where is_demo)`);
    await tx.execute(sql`delete from forum_topics where user_id in (select id from users where is_demo)`);
    await tx.execute(sql`delete from invoices where user_id in (select id from users where is_demo)`);
    await tx.execute(sql`delete from subscriptions where user_id in (select id from users where is_demo)`);
    await tx.execute(sql`delete from contractors where id in ${demoTrades}`);
    await tx.execute(
      sql`delete from properties where is_demo or landlord_id in (select id from users where is_demo)`,
    );
    await tx.delete(users).where(eq(users.isDemo, true));
    await tx.delete(contactSubmissions).where(like(contactSubmissions.email, `%@${DEMO_EMAIL_DOMAIN}`));
  });
}
