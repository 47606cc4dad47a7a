// Issue 30 item 2, the privacy of the address (decision 0058). Visitors and members see the street and the postcode
// district; the house or flat number and the full postcode go only to a tenant whose viewing the landlord confirmed,
// the landlord and admins: in the detail, the search and map results, the featured homes, the server-rendered page
// (its markup, its embedded data and its JSON-LD), the viewing emails and the data export. Nor can the search be
// used to try numbers or postcodes one by one. On the code before this change every "not entitled" case failed:
// the full address was in every answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKER_OFFSET_DEGREES } from '../../src/domain/properties';
import { getOutcode } from '../../src/server/geo/outcodes';
import { tenantInConversation } from '../factories/conversations';
import { createListing } from '../factories/listings';
import {
  type CreatedUser,
  createAdmin,
  createLandlord,
  createPremiumTenant,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { dayAhead } from '../support/dates';
import { call, deliveredTo } from '../support/http';

const ADDRESS = 'Flat 9, Quayside Mansions, 4117 Canal Street, Leeds';
const POSTCODE = 'LS1 4AP';
/** What must never reach someone not entitled: the flat, the building, the house number, the full postcode. */
const PRIVATE = [/Flat 9/i, /Quayside/i, /4117/, /LS1 ?4AP/i];
const leaks = (text: string) => PRIVATE.filter((pattern) => pattern.test(text)).map(String);

const _DAY = 86_400_000;

describe('the privacy of the address', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let listingId: string;
  let slotId: string;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true });
    listingId = (
      await createListing(t, {
        landlordId: landlord.id,
        title: 'Canal-side flat with a balcony',
        address: ADDRESS,
        postcode: POSTCODE,
        location: 'Leeds',
        // Complete enough for the featured rules (decision 0062), so the landing page's window shows it too.
        images: 3,
        description: 'A bright canal-side flat with a balcony over the water. '.repeat(5),
        depositPence: 100_000,
        epcRating: 'C',
        councilTaxBand: 'B',
      })
    ).id;
    const slot = await call(t, 'POST', `/api/listings/${listingId}/viewing-slots`, {
      cookie: landlord.cookie,
      body: { date: dayAhead(5), startTime: '11:00', durationMinutes: 30, capacity: 4 },
    });
    expect(slot.statusCode, slot.body).toBe(201);
    slotId = slot.json().id;
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** A tenant with an enquiry and a viewing booked on the slot; confirmed by the landlord when asked. */
  async function tenantWithViewing(confirm: boolean) {
    const { tenant, conversationId } = await tenantInConversation(t, listingId, confirm ? 'Cora' : 'Bea');
    const booked = await call(t, 'POST', `/api/conversations/${conversationId}/viewings`, {
      cookie: tenant.cookie,
      body: { slotId },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    if (confirm) {
      const confirmed = await call(t, 'POST', `/api/viewings/${booked.json().id}/confirm`, {
        cookie: landlord.cookie,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    return tenant;
  }

  /** Every answer that shows this home, as this person gets it. */
  async function everyAnswer(cookie?: string) {
    const leeds = getOutcode('LS1')!;
    const urls = [
      `/api/properties/${listingId}`,
      '/api/properties?location=Leeds',
      '/api/properties?postcode=LS1',
      '/api/properties?q=Canal',
      // The map asks for the homes inside its box.
      `/api/properties?north=${leeds.lat + 0.1}&south=${leeds.lat - 0.1}&east=${leeds.lng + 0.1}&west=${leeds.lng - 0.1}&limit=100`,
      '/api/properties/featured',
      `/properties/${listingId}`,
      '/properties?location=Leeds',
    ];
    const answers: Array<{ url: string; status: number; body: string }> = [];
    for (const url of urls) {
      const res = await get(url, cookie);
      answers.push({ url, status: res.statusCode, body: res.body });
    }
    return answers;
  }

  async function expectStreetOnly(cookie?: string) {
    const answers = await everyAnswer(cookie);
    for (const { url, status, body } of answers) {
      expect(status, url).toBe(200);
      expect(leaks(body), url).toEqual([]);
    }
    // The home is in each of them, with its street and district: nothing was left out to pass the test.
    for (const { url, body } of answers) expect(body, url).toContain('Canal Street');
    const detail = (await get(`/api/properties/${listingId}`, cookie)).json();
    expect(detail).toMatchObject({
      address: 'Canal Street, Leeds',
      postcode: 'LS1',
      outcode: 'LS1',
      addressPrecision: 'street',
    });
  }

  async function expectFull(cookie: string) {
    const detail = (await get(`/api/properties/${listingId}`, cookie)).json();
    expect(detail).toMatchObject({ address: ADDRESS, postcode: POSTCODE, addressPrecision: 'full' });
    const page = await get(`/properties/${listingId}`, cookie);
    expect(page.statusCode).toBe(200);
    const root = page.body.slice(page.body.indexOf('<div id="root">'));
    expect(root).toContain('4117 Canal Street');
    expect(root).toContain(POSTCODE);
  }

  it('shows a signed-out visitor the street and district only, everywhere', async () => {
    await expectStreetOnly();
  });

  it('shows a signed-in member, even one whose plan has the contact details, the street and district only', async () => {
    await expectStreetOnly((await createTenant(t)).cookie);
    await expectStreetOnly((await createPremiumTenant(t)).cookie);
  });

  it('keeps the number from a tenant whose viewing is booked but not yet confirmed, in the emails too', async () => {
    const tenant = await tenantWithViewing(false);
    await expectStreetOnly(tenant.cookie);
    const [mail] = await deliveredTo(t, tenant.email, 'viewing');
    expect(mail.text).toContain('Where: Canal Street, Leeds, LS1');
    expect(leaks(mail.text ?? '')).toEqual([]);
    expect(leaks(mail.attachments[0].content.toString())).toEqual([]);
    // The landlord's copy names their own home in full.
    const [landlordMail] = await deliveredTo(t, landlord.email, 'viewing');
    expect(landlordMail.text).toContain(`Where: ${ADDRESS}, ${POSTCODE}`);
  });

  it('shows the full address to the tenant once the landlord confirms the viewing', async () => {
    const tenant = await tenantWithViewing(true);
    await expectFull(tenant.cookie);
    const [confirmation] = await deliveredTo(t, tenant.email, 'viewing');
    expect(confirmation.text).toContain(`Where: ${ADDRESS}, ${POSTCODE}`);
    // Cards stay the same for everyone (they are kept in a shared cache): the street only, even for this tenant.
    const search = await get('/api/properties?location=Leeds', tenant.cookie);
    expect(leaks(search.body)).toEqual([]);
  });

  it('answers readers who open the home at the same moment each with their own address and conversation', async () => {
    // Their lookups are answered by one statement together (conversations/lookups.ts listingReader).
    const [confirmed, booked, stranger] = [
      await tenantWithViewing(true),
      await tenantWithViewing(false),
      await createPremiumTenant(t),
    ];
    const readers = [confirmed, booked, stranger, confirmed, stranger, booked];
    const details = await Promise.all(
      readers.map(async (reader) => (await get(`/api/properties/${listingId}`, reader.cookie)).json()),
    );
    details.forEach((detail, i) => {
      const reader = readers[i];
      expect(detail.addressPrecision, `reader ${i}`).toBe(reader === confirmed ? 'full' : 'street');
      if (reader === stranger) expect(detail.conversationId, `reader ${i}`).toBeNull();
      else expect(detail.conversationId, `reader ${i}`).toMatch(/^[0-9a-f-]{36}$/);
    });
    expect(details[0].conversationId).toBe(details[3].conversationId);
    expect(details[1].conversationId).toBe(details[5].conversationId);
    expect(details[0].conversationId).not.toBe(details[1].conversationId);
  });

  it('shows the full address to the landlord and to an admin', async () => {
    await expectFull(landlord.cookie);
    await expectFull((await createAdmin(t)).cookie);
  });

  it('never shows the full address in the structured data, whoever asks', async () => {
    const page = await get(`/properties/${listingId}`, landlord.cookie);
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(JSON.parse(jsonLd).mainEntity.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Canal Street, Leeds',
      addressLocality: 'Leeds',
      postalCode: 'LS1',
      addressCountry: 'GB',
    });
  });

  it('places the map marker near the district centre, not at the house', async () => {
    const detail = (await get(`/api/properties/${listingId}`)).json();
    const centre = getOutcode('LS1')!;
    expect(Math.abs(detail.lat - centre.lat)).toBeLessThanOrEqual(MARKER_OFFSET_DEGREES);
    expect(Math.abs(detail.lng - centre.lng)).toBeLessThanOrEqual(MARKER_OFFSET_DEGREES);
  });

  it('cannot be asked which house number or full postcode a home has', async () => {
    const ids = async (query: string) =>
      (await get(`/api/properties?${query}`)).json().properties.map((p: { id: string }) => p.id);
    // The right number and a wrong one find the same homes; so do the right postcode and a wrong one in the district.
    expect(await ids('q=4117%20Canal%20Street')).toEqual(await ids('q=12%20Canal%20Street'));
    expect(await ids('q=4117')).toEqual(await ids('q=12'));
    expect(await ids(`q=${encodeURIComponent(POSTCODE)}`)).toEqual(await ids('q=LS1%209ZZ'));
    expect(await ids('q=Canal%20Street')).toContain(listingId);
  });

  it('exports a member their saved home with the street and district only', async () => {
    const member = await createPremiumTenant(t);
    const saved = await call(t, 'POST', '/api/property-interactions', {
      cookie: member.cookie,
      body: { propertyId: listingId, type: 'save' },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const exported = await get('/api/account/export', member.cookie);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('Canal Street');
    expect(leaks(exported.body)).toEqual([]);
  });
});
