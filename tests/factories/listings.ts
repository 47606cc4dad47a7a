// Factories and helpers for listings, saved homes and saved searches. Each test owns its data.
import { randomBytes } from 'node:crypto';
import type { TPropertyListingContent } from '../../src/domain/properties';
import { properties, propertyImages, savedSearches, sessions } from '../../src/server/db/schema';
import { getOutcode, primaryTown } from '../../src/server/geo/outcodes';
import { hmac, randomToken } from '../../src/server/lib/crypto';
import type { TestApp } from '../support/app';

export { call } from '../support/http';

import type { Method } from '../support/http';

/** A session valid for a year of the test's clock: alert tests move the clock by weeks. */
export async function longSession(t: TestApp, userId: string): Promise<string> {
  const token = randomToken();
  await t.db.insert(sessions).values({
    id: hmac(t.config.sessionSecret, token),
    userId,
    expiresAt: new Date(Math.max(Date.now(), t.clock.now.getTime()) + 365 * 86_400_000),
  });
  return `yp_session=${token}`;
}

let counter = 0;

/** A listing row written directly: live and published now unless told otherwise. */
export async function createListing(
  t: TestApp,
  landlordId: string,
  overrides: Partial<typeof properties.$inferInsert> & { outcode?: string; images?: string[] } = {},
) {
  counter += 1;
  const { images = [], outcode = 'LS1', ...rest } = overrides;
  const district = getOutcode(outcode);
  if (!district) throw new Error(`unknown district ${outcode}`);
  const now = rest.createdAt ?? new Date(t.clock.now);
  const [property] = await t.db
    .insert(properties)
    .values({
      landlordId,
      title: `Two bedroom flat ${counter}`,
      description: 'A bright flat close to the station.',
      propertyType: 'apartment',
      bedrooms: 2,
      bathrooms: 1,
      areaSqm: 60,
      monthlyRentPence: 95_000,
      address: `${counter} Park Row, ${primaryTown(district)}`,
      postcode: `${outcode} 4AP`,
      outcode,
      location: primaryTown(district),
      lat: district.lat,
      lng: district.lng,
      status: 'live',
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
      ...rest,
    })
    .returning();
  if (images.length > 0) {
    await t.db
      .insert(propertyImages)
      .values(
        images.map((url, position) => ({ propertyId: property.id, url, thumbUrl: `${url}?thumb`, position })),
      );
  }
  return property;
}

/** A saved search row written directly (the API path is tested on its own). */
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

/** The listing form's content, valid unless overridden. */
export function listingContent(overrides: Partial<Record<keyof TPropertyListingContent, unknown>> = {}) {
  return {
    title: 'Bright two bedroom flat near Leeds station',
    description: 'Second floor flat with a lift, a big kitchen and two double bedrooms.',
    propertyType: 'apartment',
    bedrooms: 2,
    bathrooms: 1,
    area: 64,
    monthlyRent: 1150,
    address: '12 Park Row, Leeds',
    postcode: 'ls14ap',
    availableFrom: '2030-09-01',
    amenities: ['Parking', 'Lift', 'Parking'],
    images: [] as string[],
    ...overrides,
  };
}

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data request built by hand (no form-data dependency). */
export function postMultipart(t: TestApp, url: string, cookie: string | undefined, parts: FormPart[]) {
  const boundary = `----yourplace${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
  });
}

/** What a careless or hostile client might send instead of the JSON a route expects. */
export const BAD_BODIES: Array<{ payload: string; type: string }> = [
  { payload: '{"name": ', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: '{}', type: 'application/json' },
  {
    payload: JSON.stringify({
      name: { a: 1 },
      propertyId: ['x'],
      type: 7,
      emailAlerts: 'yes',
      alertFrequency: null,
      searchCriteria: 'LS1',
      contentType: 'property_listing',
      contentData: { title: 5, images: 'x', monthlyRent: 'lots', amenities: [null] },
      targetId: 12,
    }),
    type: 'application/json',
  },
  {
    payload: JSON.stringify({
      name: 'x'.repeat(10_000),
      searchCriteria: { postcode: '\u0000', bedrooms: '4+', radius: 1e308, q: "'); drop table users; --" },
    }),
    type: 'application/json',
  },
  { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { payload: 'just text', type: 'text/plain' },
];

/** Every request answered below 500: the failures, as "METHOD url (body) → status". */
export async function serverErrors(
  t: TestApp,
  requests: Array<{ method: Method; url: string }>,
  cookies: string[],
): Promise<string[]> {
  const failures: string[] = [];
  for (const { method, url } of requests) {
    for (const cookie of cookies) {
      for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : BAD_BODIES) {
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie, ...(body ? { 'content-type': body.type } : {}) },
          ...(body ? { payload: body.payload } : {}),
        });
        if (res.statusCode >= 500)
          failures.push(`${method} ${url} (${body?.payload.slice(0, 40)}) → ${res.statusCode} ${res.body}`);
      }
    }
  }
  return failures;
}
