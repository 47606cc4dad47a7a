// GET /api/properties/featured: the landing page's featured homes, from real listings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPropertyCard } from '../../src/domain/properties';
import { createListing } from '../factories/listings';
import { createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('featured homes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows visitors the three newest live listings that have a photo, without contact details', async () => {
    const landlord = await createLandlord(t);
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    const withPhotos = [];
    for (let i = 1; i <= 4; i++) {
      withPhotos.push(
        await createListing(t, { landlordId: landlord.id, images: 1, createdAt: day(i), title: `Home ${i}` }),
      );
    }
    await createListing(t, { landlordId: landlord.id, images: 0, createdAt: day(0), title: 'No photo' });
    await createListing(t, {
      landlordId: landlord.id,
      images: 1,
      createdAt: day(0),
      status: 'pending',
      title: 'Pending',
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/properties/featured' });
    expect(res.statusCode).toBe(200);
    const cards: TPropertyCard[] = res.json().properties;
    expect(cards.map((c) => c.title)).toEqual(['Home 1', 'Home 2', 'Home 3']);
    expect(cards.every((c) => c.thumbnailUrl)).toBe(true);
    expect(res.body).not.toContain(landlord.email);
  });
});
