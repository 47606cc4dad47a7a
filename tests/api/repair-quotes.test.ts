// Repairs go to trades (issue 32 item 3, first half; decision 0071): the landlord sees live trades suited to the
// repair nearest the home first, asks up to three to quote (each a lead with the landlord's contact details, never
// the tenant's), an invited trade reads the repair cut down and quotes once, and the landlord accepts one: exactly
// one, even when two acceptances race; the chosen trade, the tenant and the others are each emailed once. Who may
// see and do what at each step: landlord, tenant, invited trade, uninvited trade (404), stranger (404), visitor (401).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, repairQuotes, repairs } from '../../src/server/db/schema';
import { createContractor, createTradeCheck } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { createTradeWithAccount } from '../factories/repairs';
import { createTenancy } from '../factories/tenancies';
import { type CreatedUser, createLandlord, createPremiumTenant, createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { dayAhead } from '../support/dates';
import { call, emailsTo } from '../support/http';

const LEAK = {
  title: 'Leak under the kitchen sink',
  description: 'Water drips from the trap into the cupboard whenever the tap runs.',
  category: 'plumbing',
  urgency: 'urgent',
  accessNotes: 'Key with the neighbour at number 14; the dog is friendly.',
};
const QUOTE = { amount: 185.5, earliestVisit: dayAhead(2), note: 'New trap and washer; an hour on site.' };

type Trade = Awaited<ReturnType<typeof createTradeWithAccount>>;

describe('repairs go to trades', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let tenant: CreatedUser;
  let stranger: CreatedUser;
  let tenancyId: string;
  let listingId: string;
  // Plumbers: serving the home's district (verified), its town (better rated), a district a mile or two off.
  let near: Trade;
  let town: Trade;
  let nearby: Trade;
  let far: Trade;
  let electrician: Trade;
  let pending: Trade;
  let outsider: Trade;
  let noAccountId: string;
  let ownTradeId: string;

  const post = (url: string, who: CreatedUser | null, body?: unknown) =>
    call(t, 'POST', url, { cookie: who?.cookie, body });
  const get = (url: string, who: CreatedUser | null) => call(t, 'GET', url, { cookie: who?.cookie });
  const report = async (body: Record<string, unknown> = LEAK) => {
    const res = await post(`/api/tenancies/${tenancyId}/repairs`, tenant, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().repairId as string;
  };
  const invite = (repairId: string, who: CreatedUser | null, ids: string[]) =>
    post(`/api/repairs/${repairId}/quote-requests`, who, { contractorIds: ids });
  const quote = (repairId: string, who: CreatedUser | null, body: Record<string, unknown> = QUOTE) =>
    post(`/api/repairs/${repairId}/quotes`, who, body);
  const accept = (repairId: string, quoteId: string, who: CreatedUser | null) =>
    post(`/api/repairs/${repairId}/quotes/${quoteId}/accept`, who);

  beforeAll(async () => {
    t = await createTestApp();
    // No plan: a repair never waits on a subscription (decision 0071).
    landlord = await createLandlord(t, { firstName: 'Lena', lastName: 'Landlord', phone: '0113 496 0001' });
    tenant = await createPremiumTenant(t, { firstName: 'Tia', lastName: 'Tenant', phone: '07700 900123' });
    stranger = await createTenant(t, { firstName: 'Sam', lastName: 'Stranger' });
    const listing = await createListing(t, {
      landlordId: landlord.id,
      title: 'Canal-side flat',
      address: '12 Canal Street, Leeds',
      postcode: 'LS1 4AB',
    });
    listingId = listing.id;
    tenancyId = (
      await createTenancy(t, {
        propertyId: listing.id,
        landlordId: landlord.id,
        tenantIds: [tenant.id],
        startDate: dayAhead(-30),
      })
    ).id;
    near = await createTradeWithAccount(t, {
      businessName: 'LS1 Plumbing',
      serviceAreas: ['LS1'],
      ratings: [4],
    });
    await createTradeCheck(t, near.contractor.id, { kind: 'gas_safe', registrationNumber: '123456' });
    town = await createTradeWithAccount(t, { businessName: 'Leeds Heating', ratings: [5, 5] });
    nearby = await createTradeWithAccount(t, { businessName: 'Headingley Plumbers', serviceAreas: ['LS6'] });
    far = await createTradeWithAccount(t, { businessName: 'Sheffield Pipes', serviceAreas: ['Sheffield'] });
    electrician = await createTradeWithAccount(t, {
      businessName: 'Sparky Leeds',
      specialty: 'Electrical Services',
    });
    pending = await createTradeWithAccount(t, { businessName: 'Pending Plumbing', status: 'pending' });
    outsider = await createTradeWithAccount(t, {
      businessName: 'Other Town Plumbing',
      serviceAreas: ['Bristol'],
    });
    noAccountId = (
      await createContractor(t, { businessName: 'No Account Plumbing', specialty: 'Plumbing & Heating' })
    ).id;
    // The landlord's own trade profile is never suggested nor invited.
    ownTradeId = (
      await createContractor(t, {
        userId: landlord.id,
        businessName: "Lena's Plumbing",
        specialty: 'Plumbing & Heating',
        serviceAreas: ['Leeds'],
      })
    ).id;
  });
  afterAll(() => t.close());

  it('suggests live trades with an account, suited to the repair and serving the home, nearest first', async () => {
    const repairId = await report();
    const res = await get(`/api/repairs/${repairId}/trade-suggestions`, landlord);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ specialties: ['Plumbing & Heating'], area: 'Leeds LS1', slotsLeft: 3 });
    const names = body.suggestions.map((s: { businessName: string }) => s.businessName);
    // 0 miles: verified first, then the rating; then the district a mile or two away.
    expect(names).toEqual(['LS1 Plumbing', 'Leeds Heating', 'Headingley Plumbers']);
    expect(body.suggestions[0]).toMatchObject({ verified: true, miles: 0, distanceLabel: 'Serves LS1' });
    expect(body.suggestions[1]).toMatchObject({ verified: false, rating: 5, reviewCount: 2, miles: 0 });
    expect(body.suggestions[2].miles).toBeGreaterThan(0);
    expect(body.suggestions[2].miles).toBeLessThan(5);
    expect(body.suggestions[2].distanceLabel).toMatch(/^\d\.\d miles away$/);

    // Any live trade can be found by name, suited or not, wherever it works.
    const search = (await get(`/api/repairs/${repairId}/trade-suggestions?q=sparky`, landlord)).json();
    expect(search.suggestions).toEqual([
      expect.objectContaining({ id: electrician.contractor.id, suited: false }),
    ]);
    const elsewhere = (await get(`/api/repairs/${repairId}/trade-suggestions?q=sheffield`, landlord)).json();
    expect(elsewhere.suggestions.map((s: { id: string }) => s.id)).toEqual([far.contractor.id]);
    expect(elsewhere.suggestions[0].miles).toBeGreaterThan(20);
  });

  it('only the landlord is shown suggestions: the tenant 403, anyone else 404, a visitor 401', async () => {
    const repairId = await report();
    const url = `/api/repairs/${repairId}/trade-suggestions`;
    expect((await get(url, tenant)).statusCode).toBe(403);
    expect((await get(url, stranger)).statusCode).toBe(404);
    expect((await get(url, outsider.user)).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(401);
    expect(
      (await get('/api/repairs/00000000-0000-4000-8000-000000000000/trade-suggestions', landlord)).statusCode,
    ).toBe(404);
  });

  it('asks trades to quote: leads with the landlord’s details, the trades emailed, the repair quoting', async () => {
    const repairId = await report();
    const res = await invite(repairId, landlord, [near.contractor.id, nearby.contractor.id]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ slotsLeft: 1 });
    expect(res.json().invited.map((i: { businessName: string }) => i.businessName)).toEqual([
      'LS1 Plumbing',
      'Headingley Plumbers',
    ]);

    const rows = await t.db.select().from(leads).where(eq(leads.repairId, repairId));
    expect(rows).toHaveLength(2);
    for (const lead of rows) {
      expect(lead).toMatchObject({
        requesterId: landlord.id,
        jobTitle: LEAK.title,
        location: 'Leeds LS1',
        contactEmail: landlord.email,
        contactPhone: '0113 496 0001',
        status: 'active',
      });
    }
    for (const trade of [near, nearby]) {
      const mail = await emailsTo(t, trade.contractor.email ?? '', 'lead');
      const mine = mail.filter((m) => m.subject === `Quote request for a repair: ${LEAK.title}`);
      expect(mine).toHaveLength(1);
      for (const secret of [LEAK.accessNotes, 'Tia', '07700 900123', '12 Canal Street'])
        expect(mine[0].textBody).not.toContain(secret);
      expect(mine[0].textBody).toContain('Leeds LS1');
    }
    const view = (await get(`/api/repairs/${repairId}`, landlord)).json();
    expect(view.status).toBe('quoting');
    expect(view.timeline.map((s: { kind: string }) => s.kind)).toEqual(['reported', 'quote_requested']);
    expect(view.quotes).toMatchObject({ canInvite: true, canAccept: false, maxTrades: 3 });
    expect(view.quotes.invitations.map((i: { state: string }) => i.state)).toEqual(['invited', 'invited']);

    // The trade's leads list links the lead to its repair.
    const own = (await get('/api/contractor/leads', near.user)).json().leads;
    expect(own).toEqual([expect.objectContaining({ repairId, jobTitle: LEAK.title })]);
  });

  it('at most three trades per repair, each once, live ones with an account, never the landlord’s own', async () => {
    const repairId = await report();
    expect((await invite(repairId, landlord, [near.contractor.id, nearby.contractor.id])).statusCode).toBe(
      201,
    );
    const again = await invite(repairId, landlord, [near.contractor.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('LS1 Plumbing has already been asked to quote for this repair.');
    const tooMany = await invite(repairId, landlord, [town.contractor.id, electrician.contractor.id]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toContain('so you can ask 1 more');
    // Any live trade may be asked, suited or not.
    expect((await invite(repairId, landlord, [electrician.contractor.id])).statusCode).toBe(201);
    const fourth = await invite(repairId, landlord, [town.contractor.id]);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toContain('at most 3 trades');
    expect(await t.db.select().from(leads).where(eq(leads.repairId, repairId))).toHaveLength(3);

    const other = await report();
    const ids = [near, town, nearby, far].map((x) => x.contractor.id);
    expect((await invite(other, landlord, ids)).statusCode).toBe(400);
    expect((await invite(other, landlord, [near.contractor.id, near.contractor.id])).statusCode).toBe(400);
    expect((await invite(other, landlord, [])).statusCode).toBe(400);
    expect((await invite(other, landlord, [pending.contractor.id])).statusCode).toBe(404);
    expect((await invite(other, landlord, ['00000000-0000-4000-8000-000000000000'])).statusCode).toBe(404);
    const noAccount = await invite(other, landlord, [noAccountId]);
    expect(noAccount.statusCode).toBe(409);
    expect(noAccount.json().message).toContain('has no account on Your Place');
    expect((await invite(other, landlord, [ownTradeId])).statusCode).toBe(403);
    // A refused request asks nobody.
    expect(await t.db.select().from(leads).where(eq(leads.repairId, other))).toHaveLength(0);
    expect((await invite(other, tenant, [near.contractor.id])).statusCode).toBe(403);
    expect((await invite(other, stranger, [near.contractor.id])).statusCode).toBe(404);
    expect((await invite(other, outsider.user, [near.contractor.id])).statusCode).toBe(404);
    expect((await invite(other, null, [near.contractor.id])).statusCode).toBe(401);
  });

  it('an invited trade reads the repair without the tenant’s details; an uninvited one is told it does not exist', async () => {
    const repairId = await report();
    await invite(repairId, landlord, [near.contractor.id, town.contractor.id]);
    const res = await get(`/api/repairs/${repairId}`, near.user);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      side: 'trade',
      title: LEAK.title,
      description: LEAK.description,
      category: 'plumbing',
      urgency: 'urgent',
      accessNotes: null,
      tenants: [],
      reportedBy: { name: 'The tenant', side: 'tenant' },
      canResolve: false,
      property: { address: 'Leeds LS1' },
    });
    expect(view.clock.label).toBe('Within 3 working days');
    expect(JSON.stringify(view)).not.toContain('Tia');
    expect(JSON.stringify(view)).not.toContain('Canal Street');
    // Not who else was asked, nor their quotes.
    expect(JSON.stringify(view)).not.toContain('Leeds Heating');
    expect(view.timeline.map((s: { kind: string; by: string | null }) => [s.kind, s.by])).toEqual([
      ['reported', 'The tenant'],
      ['quote_requested', 'Lena Landlord'],
    ]);
    // Its own invitation only: not who else was asked.
    expect(view.quotes.invitations).toHaveLength(1);
    expect(view.quotes.invitations[0].trade.id).toBe(near.contractor.id);
    expect(view.quotes).toMatchObject({ canQuote: true, canInvite: false, canAccept: false });

    for (const who of [outsider.user, stranger]) {
      expect((await get(`/api/repairs/${repairId}`, who)).statusCode).toBe(404);
      expect((await quote(repairId, who)).statusCode).toBe(404);
      expect((await post(`/api/repairs/${repairId}/resolve`, who, { note: 'Done' })).statusCode).toBe(404);
    }
    expect((await get(`/api/repairs/${repairId}`, null)).statusCode).toBe(401);
    expect((await quote(repairId, null)).statusCode).toBe(401);
    // A party who is not a trade may not quote; a trade may not mark it fixed nor ask others.
    expect((await quote(repairId, tenant)).statusCode).toBe(403);
    expect((await quote(repairId, landlord)).statusCode).toBe(403);
    expect((await post(`/api/repairs/${repairId}/resolve`, near.user, { note: 'Done' })).statusCode).toBe(
      403,
    );
    expect((await invite(repairId, near.user, [nearby.contractor.id])).statusCode).toBe(403);
    expect((await get(`/api/repairs/${repairId}/trade-suggestions`, near.user)).statusCode).toBe(403);
  });

  it('a trade quotes once, within the limits; the landlord is emailed and sees it, the tenant without the amount', async () => {
    const repairId = await report({ ...LEAK, title: 'Dripping bath tap' });
    await invite(repairId, landlord, [near.contractor.id]);
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...QUOTE, amount: 0 }, 'amount'],
      [{ ...QUOTE, amount: -5 }, 'amount'],
      [{ ...QUOTE, amount: 100_000.01 }, 'amount'],
      [{ ...QUOTE, amount: 12.345 }, 'amount'],
      [{ ...QUOTE, amount: '185' }, 'amount'],
      [{ ...QUOTE, earliestVisit: dayAhead(-1) }, 'earliestVisit'],
      [{ ...QUOTE, earliestVisit: '2026-02-30' }, 'earliestVisit'],
      [{ ...QUOTE, note: 'x'.repeat(2001) }, 'note'],
    ];
    for (const [body, field] of bad) {
      const res = await quote(repairId, near.user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    }
    const ok = await quote(repairId, near.user, { ...QUOTE, amount: 100_000, earliestVisit: dayAhead(0) });
    expect(ok.statusCode, ok.body).toBe(201);
    const { quoteId } = ok.json();
    const again = await quote(repairId, near.user);
    expect(again.statusCode).toBe(409);
    expect(await t.db.select().from(repairQuotes).where(eq(repairQuotes.repairId, repairId))).toHaveLength(1);

    const mail = (await emailsTo(t, landlord.email, 'repair')).filter(
      (m) => m.subject === 'Quote received: Dripping bath tap',
    );
    expect(mail).toHaveLength(1);
    expect(mail[0].textBody).toContain('LS1 Plumbing quoted £100,000');

    const mine = (await get(`/api/repairs/${repairId}`, landlord)).json();
    expect(mine.quotes.invitations[0]).toMatchObject({
      state: 'quoted',
      quote: {
        id: quoteId,
        amount: 100_000,
        amountPence: 10_000_000,
        earliestVisit: dayAhead(0),
        status: 'open',
      },
    });
    expect(mine.quotes.canAccept).toBe(true);
    expect(mine.timeline.map((s: { kind: string }) => s.kind)).toContain('quoted');
    const theirs = (await get(`/api/repairs/${repairId}`, tenant)).json();
    expect(theirs.quotes.amountsShown).toBe(false);
    expect(theirs.quotes.invitations[0]).toMatchObject({
      trade: { businessName: 'LS1 Plumbing' },
      state: 'quoted',
      quote: { amount: null, amountPence: null, note: null },
    });
    expect(JSON.stringify(theirs)).not.toContain('100000');
    const [lead] = await t.db
      .select()
      .from(leads)
      .where(and(eq(leads.repairId, repairId), eq(leads.contractorId, near.contractor.id)));
    expect(lead.status).toBe('pending');
  });

  it('two acceptances at once: exactly one quote accepted, every party told once', async () => {
    const repairId = await report({ ...LEAK, title: 'Radiator cold' });
    await invite(repairId, landlord, [near.contractor.id, town.contractor.id, nearby.contractor.id]);
    const a = (await quote(repairId, near.user, { ...QUOTE, amount: 120 })).json().quoteId;
    const b = (await quote(repairId, town.user, { ...QUOTE, amount: 95 })).json().quoteId;
    // Nearby never quoted.

    const results = await Promise.all([accept(repairId, a, landlord), accept(repairId, b, landlord)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const chosen = winner.quotes.acceptedQuoteId === a ? near : town;
    const notChosen = chosen === near ? town : near;

    const quotes = await t.db.select().from(repairQuotes).where(eq(repairQuotes.repairId, repairId));
    expect(quotes.filter((q) => q.status === 'accepted')).toHaveLength(1);
    expect(quotes.filter((q) => q.status === 'declined')).toHaveLength(1);
    const [repair] = await t.db.select().from(repairs).where(eq(repairs.id, repairId));
    expect(repair).toMatchObject({ status: 'quote_accepted', contractorId: chosen.contractor.id });
    expect(winner.status).toBe('quote_accepted');
    expect(winner.timeline.map((s: { kind: string }) => s.kind)).toEqual([
      'reported',
      'quote_requested',
      'quoted',
      'quoted',
      'quote_accepted',
    ]);
    const leadRows = await t.db.select().from(leads).where(eq(leads.repairId, repairId));
    const statusOf = (id: string) => leadRows.find((l) => l.contractorId === id)?.status;
    expect(statusOf(chosen.contractor.id)).toBe('won');
    expect(statusOf(notChosen.contractor.id)).toBe('lost');
    expect(statusOf(nearby.contractor.id)).toBe('lost');

    // Once more, either quote: 409. Nobody quotes or is asked any more.
    expect((await accept(repairId, a, landlord)).statusCode).toBe(409);
    expect((await accept(repairId, b, landlord)).statusCode).toBe(409);
    expect((await quote(repairId, nearby.user)).statusCode).toBe(409);
    expect((await invite(repairId, landlord, [electrician.contractor.id])).statusCode).toBe(409);

    const subject = (s: string) => (m: { subject: string }) => m.subject === s;
    expect(
      (await emailsTo(t, chosen.contractor.email ?? '', 'lead')).filter(
        subject('Your quote was accepted: Radiator cold'),
      ),
    ).toHaveLength(1);
    for (const other of [notChosen, nearby])
      expect(
        (await emailsTo(t, other.contractor.email ?? '', 'lead')).filter(
          subject('Not chosen this time: Radiator cold'),
        ),
      ).toHaveLength(1);
    expect(
      (await emailsTo(t, tenant.email, 'repair')).filter(
        subject('A trade is chosen for your repair: Radiator cold'),
      ),
    ).toHaveLength(1);

    // The chosen trade now reads the address; the others see they were not chosen.
    const chosenView = (await get(`/api/repairs/${repairId}`, chosen.user)).json();
    expect(chosenView.property.address).toBe('12 Canal Street, Leeds');
    expect(chosenView.quotes.invitations[0].state).toBe('accepted');
    // Access notes and the tenant's phone wait for an agreed visit.
    expect(chosenView.accessNotes).toBeNull();
    expect(chosenView.tenants).toEqual([]);
    for (const other of [notChosen, nearby]) {
      const view = (await get(`/api/repairs/${repairId}`, other.user)).json();
      expect(view.property.address).toBe('Leeds LS1');
      expect(view.quotes.invitations[0]).toMatchObject({ state: 'declined', stateLabel: 'Not chosen' });
      expect(view.quotes.canQuote).toBe(false);
    }
    // A trade not chosen reads neither who was nor the other quotes.
    const nearbyView = (await get(`/api/repairs/${repairId}`, nearby.user)).json();
    expect(nearbyView.timeline.map((s: { kind: string }) => s.kind)).toEqual([
      'reported',
      'quote_requested',
      'quote_accepted',
    ]);
    expect(JSON.stringify(nearbyView)).not.toContain(chosen.contractor.businessName);
    // The tenant sees who was chosen, never an amount.
    const tenantView = (await get(`/api/repairs/${repairId}`, tenant)).json();
    expect(tenantView.quotes.acceptedQuoteId).toBe(winner.quotes.acceptedQuoteId);
    expect(tenantView.quotes.invitations.map((i: { state: string }) => i.state).sort()).toEqual([
      'accepted',
      'declined',
      'declined',
    ]);
    expect(JSON.stringify(tenantView.quotes)).not.toMatch(/"amount":\d/);
  });

  it('only the landlord accepts: the tenant and the trade 403, anyone else 404; an unknown quote 404', async () => {
    const repairId = await report({ ...LEAK, title: 'Boiler pressure' });
    await invite(repairId, landlord, [near.contractor.id]);
    const { quoteId } = (await quote(repairId, near.user)).json();
    expect((await accept(repairId, quoteId, tenant)).statusCode).toBe(403);
    expect((await accept(repairId, quoteId, near.user)).statusCode).toBe(403);
    expect((await accept(repairId, quoteId, outsider.user)).statusCode).toBe(404);
    expect((await accept(repairId, quoteId, stranger)).statusCode).toBe(404);
    expect((await accept(repairId, quoteId, null)).statusCode).toBe(401);
    expect((await accept(repairId, '00000000-0000-4000-8000-000000000000', landlord)).statusCode).toBe(404);
    // Another repair's quote is not this one's.
    const other = await report({ ...LEAK, title: 'Shower leak' });
    expect((await accept(other, quoteId, landlord)).statusCode).toBe(404);
    expect((await accept(repairId, quoteId, landlord)).statusCode).toBe(200);
  });

  it('books a compliance check: the trade near the home and the quote request filled in for it', async () => {
    const recorded = await post(`/api/properties/${listingId}/compliance`, landlord, {
      kind: 'gas_safety',
      completedOn: dayAhead(-30),
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const url = `/api/properties/${listingId}/trade-suggestions?kind=gas_safety`;
    const res = await get(url, landlord);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'gas_safety',
      label: 'Book a Gas Safe engineer',
      area: 'Leeds LS1',
      specialties: ['Plumbing & Heating'],
      request: { jobTitle: 'Gas safety check (CP12)', location: 'Leeds LS1' },
    });
    expect(body.dueOn).toBe(recorded.json().dueOn);
    expect(body.request.preferredDate).toBe(body.dueOn);
    const names = body.suggestions.map((s: { businessName: string }) => s.businessName);
    expect(names.slice(0, 3)).toEqual(['LS1 Plumbing', 'Leeds Heating', 'Headingley Plumbers']);
    expect(names).not.toContain("Lena's Plumbing");
    expect(names).not.toContain('Sparky Leeds');

    expect(
      (await get(`/api/properties/${listingId}/trade-suggestions?kind=eicr`, landlord)).json().specialties,
    ).toEqual(['Electrical Services']);
    expect((await get(`/api/properties/${listingId}/trade-suggestions?kind=epc`, landlord)).statusCode).toBe(
      400,
    );
    expect((await get(`/api/properties/${listingId}/trade-suggestions`, landlord)).statusCode).toBe(400);
    expect((await get(url, tenant)).statusCode).toBe(403);
    expect((await get(url, stranger)).statusCode).toBe(404);
    expect((await get(url, near.user)).statusCode).toBe(404);
    expect((await get(url, null)).statusCode).toBe(401);
  });

  it('a repair fixed by the landlord takes no more invitations or quotes', async () => {
    const repairId = await report({ ...LEAK, title: 'Loose tap' });
    await invite(repairId, landlord, [near.contractor.id]);
    expect(
      (await post(`/api/repairs/${repairId}/resolve`, landlord, { note: 'Tightened it myself.' })).statusCode,
    ).toBe(200);
    expect((await quote(repairId, near.user)).statusCode).toBe(409);
    expect((await invite(repairId, landlord, [town.contractor.id])).statusCode).toBe(409);
    const listingOf = await t.db.select().from(repairs).where(eq(repairs.id, repairId));
    expect(listingOf[0].propertyId).toBe(listingId);
  });
});
