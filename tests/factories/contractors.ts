// Contractors, their reviews and leads inserted directly (each test owns its data). Review totals are kept equal to
// the reviews, as the seed and the reviews service keep them.
import { eq, sql } from 'drizzle-orm';
import type { LeadStatus, ServiceArea, Specialty } from '../../src/domain/contractors';
import {
  contentSubmissions,
  contractorImages,
  contractors,
  leads,
  reviews,
  tradeChecks,
} from '../../src/server/db/schema';
import type { TestApp } from '../support/app';

let counter = 0;

export type Contractor = typeof contractors.$inferSelect;

export interface ContractorOptions {
  userId?: string | null;
  businessName?: string;
  firstName?: string | null;
  lastName?: string | null;
  specialty?: Specialty;
  serviceAreas?: ServiceArea[] | string[];
  services?: string[];
  description?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  emergencyCallouts?: boolean;
  status?: 'pending' | 'live' | 'rejected' | 'withdrawn';
  liveUntil?: Date | null;
  experienceYears?: number | null;
  profileViews?: number;
  /** Star ratings of seeded-style reviews (no author) to attach. */
  ratings?: number[];
  images?: number;
}

export async function createContractor(t: TestApp, options: ContractorOptions = {}): Promise<Contractor> {
  counter += 1;
  const ratings = options.ratings ?? [];
  const [row] = await t.db
    .insert(contractors)
    .values({
      userId: options.userId ?? null,
      businessName: options.businessName ?? `Test Trades ${counter}`,
      firstName: options.firstName === undefined ? 'Sam' : options.firstName,
      lastName: options.lastName === undefined ? `Trader${counter}` : options.lastName,
      specialty: options.specialty ?? 'General Building',
      serviceAreas: options.serviceAreas ?? ['London'],
      services: options.services ?? ['Repairs'],
      description: options.description === undefined ? 'Reliable local trades.' : options.description,
      phone: options.phone === undefined ? '020 7946 0000' : options.phone,
      email: options.email === undefined ? `trades${counter}@example.test` : options.email,
      website: options.website === undefined ? null : options.website,
      emergencyCallouts: options.emergencyCallouts ?? false,
      status: options.status ?? 'live',
      liveUntil: options.liveUntil ?? null,
      experienceYears: options.experienceYears === undefined ? 10 : options.experienceYears,
      profileViews: options.profileViews ?? 0,
      ratingSum: ratings.reduce((sum, r) => sum + r, 0),
      reviewCount: ratings.length,
    })
    .returning();
  if (ratings.length) {
    const base = Date.now() - ratings.length * 60_000;
    await t.db.insert(reviews).values(
      ratings.map((rating, i) => ({
        contractorId: row.id,
        authorId: null,
        customerName: `Customer ${i + 1}`,
        rating,
        comment: `Review ${i + 1}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
  }
  if (options.images) {
    await t.db.insert(contractorImages).values(
      Array.from({ length: options.images }, (_, position) => ({
        contractorId: row.id,
        position,
        url: `/media/test/${row.id}-${position}.webp`,
        thumbUrl: `/media/test/${row.id}-${position}-thumb.webp`,
      })),
    );
  }
  return row;
}

export async function createLead(
  t: TestApp,
  contractorId: string,
  options: {
    status?: LeadStatus;
    jobTitle?: string;
    requesterId?: string | null;
    createdAt?: Date;
    /** When the trade marked the job done (issue 32 item 5). */
    completedAt?: Date | null;
  } = {},
) {
  counter += 1;
  const [row] = await t.db
    .insert(leads)
    .values({
      contractorId,
      requesterId: options.requesterId ?? null,
      jobTitle: options.jobTitle ?? `Job ${counter}`,
      description: 'Please quote.',
      location: 'Leeds LS1',
      contactEmail: `customer${counter}@example.test`,
      status: options.status ?? 'active',
      completedAt: options.completedAt ?? null,
      createdAt: options.createdAt ?? new Date(),
    })
    .returning();
  return row;
}

/**
 * A check an admin recorded (insurance by default, a year from now), inserted directly; `checkedBy` null unless
 * given (the admin routes' own tests record checks through the API).
 */
export async function createTradeCheck(
  t: TestApp,
  contractorId: string,
  options: Partial<typeof tradeChecks.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(tradeChecks)
    .values({
      contractorId,
      kind: 'insurance',
      provider: 'Test Mutual Insurance',
      expiresOn: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
      ...options,
    })
    .returning();
  return row;
}

/** The contractor row as stored now. */
export async function reloadContractor(t: TestApp, id: string): Promise<Contractor> {
  const [row] = await t.db.select().from(contractors).where(eq(contractors.id, id));
  return row;
}

/** The rating total and count the reviews themselves add up to. */
export async function reviewTotals(t: TestApp, contractorId: string) {
  const [row] = await t.db
    .select({
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(eq(reviews.contractorId, contractorId));
  return { ratingSum: Number(row.sum), reviewCount: Number(row.count) };
}

/** All four totals the reviews add up to: every review, and the verified-job ones among them. */
export async function allReviewTotals(t: TestApp, contractorId: string) {
  const [row] = await t.db
    .select({
      sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      count: sql<number>`count(*)::int`,
      verifiedSum: sql<number>`coalesce(sum(${reviews.rating}) filter (where ${reviews.verified}), 0)::int`,
      verifiedCount: sql<number>`(count(*) filter (where ${reviews.verified}))::int`,
    })
    .from(reviews)
    .where(eq(reviews.contractorId, contractorId));
  return {
    ratingSum: Number(row.sum),
    reviewCount: Number(row.count),
    verifiedRatingSum: Number(row.verifiedSum),
    verifiedReviewCount: Number(row.verifiedCount),
  };
}

export async function profileSubmissionsFor(t: TestApp, contractorId: string) {
  return t.db
    .select()
    .from(contentSubmissions)
    .where(eq(contentSubmissions.targetId, contractorId))
    .orderBy(contentSubmissions.createdAt);
}

/** The profile form's content (POST /api/contractor/profile), valid unless overridden. */
export function profileContent(overrides: Record<string, unknown> = {}) {
  return {
    businessName: 'Kept Photos Roofing',
    specialty: 'Roofing',
    services: ['Slate repairs'],
    serviceAreas: ['Leeds'],
    description: 'Roofers with photos that stay.',
    images: [] as string[],
    ...overrides,
  };
}
