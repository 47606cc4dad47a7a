// Deterministic demo data (fixed seed): the same listings, rents, postcodes and contractors on every run.
import { eq, like, ne, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import { contactSubmissions, contractors, properties, propertyImages, users } from '../schema';
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

/** Removes every seeded row (for `seed --force`): demo users cascade to their listings, profiles and posts. */
export async function removeDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.isDemo, true));
    await tx.delete(contractors).where(eq(contractors.isDemo, true));
    await tx.delete(properties).where(eq(properties.isDemo, true));
    await tx.delete(contactSubmissions).where(like(contactSubmissions.email, `%@${DEMO_EMAIL_DOMAIN}`));
  });
}
