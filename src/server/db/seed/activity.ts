// What the demo accounts have already done: saved homes and searches, messages to support, and
// submissions waiting in the admin review queue.
import { contactSubmissions, contentSubmissions, propertyInteractions, savedSearches } from '../schema';
import { insertInBatches } from './batch';
import type { SeedContext } from './context';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts';
import { addDays, pastDate } from './random';

export async function seedSavedActivity(
  ctx: SeedContext,
  people: { premiumTenant: string; tenant: string },
  liveIds: string[],
): Promise<{ savedProperties: number; savedSearches: number }> {
  const { random, now } = ctx;
  const interactions: (typeof propertyInteractions.$inferInsert)[] = [];
  const picks = random.sample(liveIds, 20);
  picks.slice(0, 6).forEach((propertyId) => {
    interactions.push({
      userId: people.premiumTenant,
      propertyId,
      type: 'save',
      createdAt: pastDate(random, now, 20),
    });
  });
  picks.slice(6, 9).forEach((propertyId) => {
    interactions.push({
      userId: people.tenant,
      propertyId,
      type: 'save',
      createdAt: pastDate(random, now, 10),
    });
  });
  picks.forEach((propertyId) => {
    interactions.push({
      userId: people.premiumTenant,
      propertyId,
      type: 'view',
      createdAt: pastDate(random, now, 25),
    });
  });
  await insertInBatches(ctx.db, propertyInteractions, interactions);

  // Criteria as the search panel sends them (doc 1 §3 property filter): rent in pounds.
  // Checked up to now, so the first alert run only reports listings added after the seed.
  const searches: (typeof savedSearches.$inferInsert)[] = [
    {
      userId: people.premiumTenant,
      name: '2 bed flats in Manchester',
      emailAlerts: true,
      alertFrequency: 'daily',
      searchCriteria: { postcode: 'M1', propertyType: 'apartment', bedrooms: 2, minRent: 800, maxRent: 1500 },
      lastCheckedAt: now,
      createdAt: addDays(now, -21),
    },
    {
      userId: people.premiumTenant,
      name: 'Houses in Leeds under £1,200',
      emailAlerts: true,
      alertFrequency: 'weekly',
      searchCriteria: { postcode: 'LS6', propertyType: 'house', maxRent: 1200 },
      lastCheckedAt: now,
      createdAt: addDays(now, -9),
    },
  ];
  await insertInBatches(ctx.db, savedSearches, searches);
  return {
    savedProperties: interactions.filter((i) => i.type === 'save').length,
    savedSearches: searches.length,
  };
}

export async function seedContactMessages(
  ctx: SeedContext,
  premiumTenant: { id: string; name: string; email: string },
): Promise<number> {
  const { now } = ctx;
  const rows: (typeof contactSubmissions.$inferInsert)[] = [
    {
      name: 'Rachel Adams',
      email: `rachel.adams@${DEMO_EMAIL_DOMAIN}`,
      subject: 'Question about Landlord Pro',
      message: 'Can I list properties owned by my limited company under one Landlord Pro subscription?',
      status: 'unread',
      createdAt: addDays(now, -1),
    },
    {
      userId: premiumTenant.id,
      name: premiumTenant.name,
      email: premiumTenant.email,
      subject: 'Listing shows the wrong area',
      message:
        'One of the flats I saved says Manchester in the title but the map pin is in Salford. Could you check it?',
      status: 'unread',
      createdAt: addDays(now, -2),
    },
    {
      name: 'Mark Ellis',
      email: `mark.ellis@${DEMO_EMAIL_DOMAIN}`,
      subject: 'Partnership enquiry',
      message: 'We run a tenant referencing service and would like to talk about working together.',
      status: 'read',
      createdAt: addDays(now, -6),
    },
    {
      name: 'Sophie Turner',
      email: `sophie.turner@${DEMO_EMAIL_DOMAIN}`,
      subject: 'Cannot reset my password',
      message: 'The reset link in my email says it has expired.',
      status: 'replied',
      adminNotes: 'Links last an hour; sent a fresh one and it worked.',
      createdAt: addDays(now, -12),
    },
  ];
  await insertInBatches(
    ctx.db,
    contactSubmissions,
    rows.map((r) => ({ ...r, updatedAt: r.createdAt })),
  );
  return rows.length;
}

export async function seedReviewQueue(
  ctx: SeedContext,
  pending: {
    listing: { userId: string; targetId: string; data: Record<string, unknown> };
    profile: { userId: string; targetId: string; data: Record<string, unknown> };
  },
): Promise<number> {
  const { now } = ctx;
  const rows: (typeof contentSubmissions.$inferInsert)[] = [
    {
      userId: pending.listing.userId,
      contentType: 'property_listing',
      contentData: pending.listing.data,
      targetId: pending.listing.targetId,
      submissionStatus: 'pending',
      createdAt: addDays(now, -1),
    },
    {
      userId: pending.profile.userId,
      contentType: 'contractor_profile',
      contentData: pending.profile.data,
      targetId: pending.profile.targetId,
      submissionStatus: 'pending',
      createdAt: addDays(now, -2),
    },
  ];
  await insertInBatches(ctx.db, contentSubmissions, rows);
  return rows.length;
}
