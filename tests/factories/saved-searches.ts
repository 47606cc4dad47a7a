// Saved searches written directly (the API path is tested on its own), dated by the test's clock.
import { savedSearches } from '../../src/server/db/schema';
import type { TestApp } from '../support/app';

export async function createSavedSearch(
  t: TestApp,
  userId: string,
  overrides: Partial<typeof savedSearches.$inferInsert> = {},
) {
  const now = overrides.createdAt ?? new Date(t.clock.now);
  const [row] = await t.db
    .insert(savedSearches)
    .values({
      userId,
      name: 'Flats in Leeds',
      emailAlerts: true,
      alertFrequency: 'daily',
      searchCriteria: { postcode: 'LS1' },
      createdAt: now,
      lastCheckedAt: now,
      ...overrides,
    })
    .returning();
  return row;
}
