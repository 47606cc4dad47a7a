// Issue 17: a contractor's service area is a UK place, not one of ten cities. The directory's serviceArea takes any
// town, postcode area, district or postcode and finds the trades whose areas cover it or lie close to it; profiles
// name their areas the same way, checked against the postcode data; GET /api/places suggests the places.
// (docs/decisions/0026-service-areas-are-places.md)
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_AREAS } from '../../src/domain/constants';
import { type TContractorPage, unknownServiceAreaMessage } from '../../src/domain/contractors';
import type { TPlaceSuggestions } from '../../src/domain/places';
import { type ContractorOptions, createContractor, reloadContractor } from '../factories/contractors';
import { createContractorUser } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';
import { type Cast, createCast } from './admin.helpers';

describe('service areas as places', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(() => t.close());

  const tag = () => `zq${randomBytes(4).toString('hex')}`;
  /** A live contractor carrying the test's word, so a search sees only the test's own trades. */
  const tagged = (word: string, options: ContractorOptions = {}) =>
    createContractor(t, { ...options, description: `Local trades ${word}` });

  /** The ids found for `serviceArea` among the test's own trades. */
  async function serving(word: string, serviceArea: string): Promise<string[]> {
    const query = new URLSearchParams({ q: word, serviceArea, limit: '50' });
    const res = await call(t, 'GET', `/api/contractors?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TContractorPage).contractors.map((c) => c.id).sort();
  }

  describe('the directory', () => {
    it('finds a contractor serving Ipswich for ?serviceArea=Ipswich, and not one serving only Leeds', async () => {
      const word = tag();
      const ipswich = await tagged(word, { serviceAreas: ['Ipswich'] });
      const leeds = await tagged(word, { serviceAreas: ['Leeds'] });
      expect(await serving(word, 'Ipswich')).toEqual([ipswich.id]);
      expect(await serving(word, 'ipswich')).toEqual([ipswich.id]);
      expect(await serving(word, 'Leeds')).toEqual([leeds.id]);
    });

    it('reads a district or a full postcode as the place it is in, and a district as part of its town', async () => {
      const word = tag();
      const town = await tagged(word, { serviceAreas: ['Ipswich'] });
      const district = await tagged(word, { serviceAreas: ['IP4'] });
      await tagged(word, { serviceAreas: ['Leeds'] });
      const both = [town.id, district.id].sort();
      expect(await serving(word, 'IP4')).toEqual(both);
      expect(await serving(word, 'ip4 1aa')).toEqual(both);
      // A trade serving one district of Ipswich serves Ipswich.
      expect(await serving(word, 'Ipswich')).toEqual(both);
    });

    it('finds the trades of a city for one of its districts, and of a place next door', async () => {
      const word = tag();
      const london = await tagged(word, { serviceAreas: ['London'] });
      const leeds = await tagged(word, { serviceAreas: ['Leeds'] });
      const pudsey = await tagged(word, { serviceAreas: ['Pudsey'] });
      expect(await serving(word, 'SW1A')).toEqual([london.id]);
      expect(await serving(word, 'South West London')).toEqual([london.id]);
      // LS18 (Horsforth) is a Leeds district, and a few miles from Pudsey.
      expect(await serving(word, 'LS18')).toEqual([leeds.id, pudsey.id].sort());
      expect(await serving(word, 'Pudsey')).toEqual([leeds.id, pudsey.id].sort());
      // Far places stay apart.
      expect(await serving(word, 'Sheffield')).toEqual([]);
      expect(await serving(word, 'Watford')).toEqual([]);
    });

    it('keeps each of the ten cities to its own trades', async () => {
      const word = tag();
      const byCity = new Map<string, string>();
      for (const city of SERVICE_AREAS) byCity.set(city, (await tagged(word, { serviceAreas: [city] })).id);
      for (const city of SERVICE_AREAS) expect(await serving(word, city), city).toEqual([byCity.get(city)]);
    });

    it('still matches text that is no place within the names given, and finds nothing for a made-up place', async () => {
      const word = tag();
      const edinburgh = await tagged(word, { serviceAreas: ['Edinburgh'] });
      expect(await serving(word, 'edin')).toEqual([edinburgh.id]);
      expect(await serving(word, 'Atlantis')).toEqual([]);
    });
  });

  describe('a contractor naming their areas', () => {
    const review = (id: string) =>
      call(t, 'POST', `/api/admin/content-submissions/${id}/review`, {
        cookie: cast.admin.cookie,
        body: { status: 'approved' },
      });

    it('saves any UK place, spelt as the postcode data spells it, and is found there once approved', async () => {
      const user = cast.contractor;
      const res = await call(t, 'POST', '/api/contractor/profile', {
        cookie: user.cookie,
        body: profile(['ipswich', 'IP4 1AA', 'Ipswich', 'bury st edmunds', 'Leeds']),
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id, submissionId } = res.json() as { id: string; submissionId: string };
      const own = await call(t, 'GET', '/api/contractor/profile', { cookie: user.cookie });
      expect(own.json().pending.serviceAreas).toEqual(['Ipswich', 'IP4', 'Bury St. Edmunds', 'Leeds']);

      const approved = await review(submissionId);
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await reloadContractor(t, id)).serviceAreas).toEqual([
        'Ipswich',
        'IP4',
        'Bury St. Edmunds',
        'Leeds',
      ]);
      const found = await call(t, 'GET', '/api/contractors?serviceArea=Ipswich&limit=50');
      expect((found.json() as TContractorPage).contractors.map((c) => c.id)).toContain(id);

      // A change is checked the same way.
      const bad = await call(t, 'PUT', '/api/contractor/profile', {
        cookie: user.cookie,
        body: profile(['Ipswich', 'Narnia']),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        message: unknownServiceAreaMessage('Narnia'),
        fieldErrors: { serviceAreas: [unknownServiceAreaMessage('Narnia')] },
      });
    });

    it('refuses a place the postcode data does not know with a 400 naming the field and the place', async () => {
      const res = await call(t, 'POST', '/api/contractor/profile', {
        cookie: cast.contractor.cookie,
        body: profile(['Leeds', 'Gotham City']),
      });
      expect(res.statusCode).toBe(400);
      const message = unknownServiceAreaMessage('Gotham City');
      expect(message).toMatch(/^Service areas: .*"Gotham City"/);
      expect(res.json()).toMatchObject({ message, fieldErrors: { serviceAreas: [message] } });
    });

    it('lets an admin publish live content serving a place, and refuses one that is not a place', async () => {
      const publish = (serviceAreas: string[]) =>
        call(t, 'POST', '/api/admin/create-live-content', {
          cookie: cast.superAdmin.cookie,
          body: {
            contentType: 'contractor',
            contentData: { businessName: 'Suffolk Sparks', specialty: 'Electrical Services', serviceAreas },
          },
        });
      const ok = await publish(['ipswich']);
      expect(ok.statusCode, ok.body).toBe(201);
      expect((await reloadContractor(t, ok.json().id)).serviceAreas).toEqual(['Ipswich']);
      const bad = await publish(['Lilliput']);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors['contentData.serviceAreas']).toEqual([
        unknownServiceAreaMessage('Lilliput'),
      ]);
    });
  });

  describe('GET /api/places', () => {
    const suggest = async (q: string) => {
      const res = await call(t, 'GET', `/api/places?${new URLSearchParams({ q })}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TPlaceSuggestions).places;
    };

    it('suggests towns, districts and areas for what is typed, best first, for anyone to cache', async () => {
      expect((await suggest('ips'))[0]).toEqual({ name: 'Ipswich', kind: 'town', detail: 'East of England' });
      expect((await suggest('IP4 1AA'))[0]).toMatchObject({ name: 'IP4', kind: 'district' });
      expect((await suggest('ip4'))[0]).toMatchObject({
        name: 'IP4',
        kind: 'district',
        detail: 'Ipswich, East of England',
      });
      expect((await suggest('lon'))[0]).toMatchObject({ name: 'London', kind: 'town' });
      expect((await suggest('south west'))[0]).toMatchObject({ name: 'South West London', kind: 'area' });
      expect((await suggest('ls1')).map((p) => p.name).slice(0, 3)).toEqual(['LS1', 'LS10', 'LS11']);
      expect(await suggest('')).toEqual([]);
      expect(await suggest('zzzz')).toEqual([]);
      expect((await suggest('b')).length).toBe(8);
      const res = await call(t, 'GET', '/api/places?q=leeds');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    });

    it('suggests only places a profile may name', async () => {
      const user = await createContractorUser(t);
      const created = await call(t, 'POST', '/api/contractor/profile', {
        cookie: user.cookie,
        body: profile(['Leeds']),
      });
      expect(created.statusCode, created.body).toBe(201);
      for (const q of ['ips', 'lon', 'south west', 'ls1', 'edmunds', 'IP4 1AA']) {
        const names = (await suggest(q)).map((p) => p.name);
        const res = await call(t, 'PUT', '/api/contractor/profile', {
          cookie: user.cookie,
          body: profile(names),
        });
        expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      }
    });
  });
});

function profile(serviceAreas: unknown) {
  return { businessName: 'Orwell Plumbing', specialty: 'Plumbing & Heating', serviceAreas };
}
