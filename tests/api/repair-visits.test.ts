// From an accepted quote to a confirmed fix (issue 32 item 3; decision 0072): the accepted trade proposes visit
// times and the tenant agrees one (only then does the trade see how to get in and who lives there); the trade marks
// the work done with a note and photos, which stops the clock; the tenant confirms or reopens it (the clock then
// restarts), and no answer in 7 days counts as confirmed, once; the landlord's own "mark fixed" closes the trades'
// invitations; and one conversation holds the tenant, the landlord and the accepted trade. Each step is tried as
// every kind of caller: the one it is for, the other parties (403), outsiders (404) and visitors (401).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueSoonAtOf, targetFor } from '../../src/domain/repairs';
import { userBlocks } from '../../src/server/db/schema';
import { runRepairAutoConfirm } from '../../src/server/features/repairs/auto-confirm';
import { type Contractor, createContractor } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { acceptedRepair, invitedTrade, repairTradeRows } from '../factories/repair-trades';
import { createTenancy } from '../factories/tenancies';
import {
  type CreatedUser,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  longSession,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, emailsTo, postMultipart } from '../support/http';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const LEAK = {
  title: 'Leak under the kitchen sink',
  description: 'Water drips from the trap into the cupboard whenever the tap runs.',
  category: 'plumbing',
  urgency: 'urgent',
  accessNotes: 'Key with the neighbour at number 14; the dog is friendly.',
};
const TENANT_PHONE = '07700 900123';

const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#38a' } })
    .jpeg()
    .toBuffer();

describe('repair visits, work and the conversation', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let tenant: CreatedUser;
  let stranger: CreatedUser;
  let tradeUser: CreatedUser;
  let otherTradeUser: CreatedUser;
  let trade: Contractor;
  let otherTrade: Contractor;
  let tenancyId: string;

  const people = () => [landlord, tenant, stranger, tradeUser, otherTradeUser];
  const post = (url: string, who: CreatedUser | null, body?: unknown) =>
    call(t, 'POST', url, { cookie: who?.cookie, body });
  const get = (url: string, who: CreatedUser | null) => call(t, 'GET', url, { cookie: who?.cookie });
  const view = async (id: string, who: CreatedUser) => {
    const res = await get(`/api/repairs/${id}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ahead = (ms: number) => new Date(t.clock.now.getTime() + ms).toISOString();

  /** Move the clock; everyone signs in again on a session that outlives the move. */
  async function at(instant: Date) {
    t.clock.now = instant;
    for (const who of people()) who.cookie = await longSession(t, who.id);
  }

  /** A repair the tenant reported (or the landlord logged), with the trade's quote accepted. */
  async function acceptedLeak(by: CreatedUser = tenant, fields: Record<string, string> = LEAK) {
    const res = await post(`/api/tenancies/${tenancyId}/repairs`, by, fields);
    expect(res.statusCode, res.body).toBe(201);
    const repairId: string = res.json().repairId;
    await acceptedRepair(t, { repairId, contractorId: trade.id, at: t.clock.now });
    return repairId;
  }
  const propose = (id: string, times: string[], who = tradeUser) =>
    post(`/api/repairs/${id}/visit-times`, who, { times });
  const agree = (id: string, time: string, who = tenant) => post(`/api/repairs/${id}/visit`, who, { time });
  const complete = (
    id: string,
    note = 'New trap and washer fitted; no drips after ten minutes.',
    who = tradeUser,
  ) => post(`/api/repairs/${id}/complete`, who, { note });
  /** A repair with a visit agreed two days ahead. */
  async function visitAgreed() {
    const id = await acceptedLeak();
    const time = ahead(2 * DAY);
    expect((await propose(id, [time])).statusCode).toBe(200);
    expect((await agree(id, time)).statusCode).toBe(200);
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Landlord' });
    tenant = await createPremiumTenant(t, { firstName: 'Tia', lastName: 'Tenant', phone: TENANT_PHONE });
    stranger = await createPremiumTenant(t, { firstName: 'Sam', lastName: 'Stranger' });
    tradeUser = await createContractorUser(t, { premium: true, firstName: 'Quinn', lastName: 'Fixer' });
    otherTradeUser = await createContractorUser(t, { premium: true, firstName: 'Olly', lastName: 'Other' });
    trade = await createContractor(t, { userId: tradeUser.id, businessName: 'Quick Fix Plumbing' });
    otherTrade = await createContractor(t, { userId: otherTradeUser.id, businessName: 'Other Pipes' });
    const listing = await createListing(t, { landlordId: landlord.id, title: 'Canal-side flat' });
    tenancyId = (
      await createTenancy(t, {
        propertyId: listing.id,
        landlordId: landlord.id,
        tenantIds: [tenant.id],
        startDate: '2026-01-01',
      })
    ).id;
    // A fixed clock from here on (a Wednesday morning, London), moved by the tests that need days to pass.
    await at(new Date('2026-11-25T09:00:00Z'));
  });
  afterAll(() => t.close());

  describe('the visit', () => {
    it('shows the accepted trade the repair without the access notes or the tenant until a visit is agreed', async () => {
      const id = await acceptedLeak();
      const seen = await view(id, tradeUser);
      expect(seen).toMatchObject({
        side: 'trade',
        status: 'quote_accepted',
        accessNotes: null,
        tenants: [],
        reportedBy: { name: 'The tenant', side: 'tenant' },
        visit: { options: [], at: null, canPropose: true, canAgree: false },
        work: { trade: { businessName: 'Quick Fix Plumbing' }, canComplete: true, canConfirm: false },
      });
      expect(JSON.stringify(seen)).not.toContain('Tia');
      expect(JSON.stringify(seen)).not.toContain(TENANT_PHONE);
      // The tenant and the landlord see everything, and who the trade is.
      const tenantView = await view(id, tenant);
      expect(tenantView).toMatchObject({ side: 'tenant', accessNotes: LEAK.accessNotes });
      expect(tenantView.work.trade.businessName).toBe('Quick Fix Plumbing');
      // A trade only invited to quote, anyone else and a visitor.
      // A trade only invited to quote reads it cut down (decision 0071): not the tenant, nor who was chosen.
      await invitedTrade(t, { repairId: id, contractorId: otherTrade.id });
      const invited = await get(`/api/repairs/${id}`, otherTradeUser);
      expect(invited.statusCode).toBe(200);
      expect(invited.json()).toMatchObject({
        side: 'trade',
        accessNotes: null,
        tenants: [],
        work: { trade: null },
      });
      expect(invited.body).not.toContain('Tia');
      expect(invited.body).not.toContain('Quick Fix Plumbing');
      expect((await get(`/api/repairs/${id}`, stranger)).statusCode).toBe(404);
      expect((await get(`/api/repairs/${id}`, null)).statusCode).toBe(401);
      // The trade finds it in its list of repairs.
      const list = (await get('/api/repairs', tradeUser)).json().repairs;
      expect(list.find((r: { id: string }) => r.id === id)).toMatchObject({ side: 'trade' });
      expect((await get('/api/repairs', otherTradeUser)).json().repairs).toEqual([]);
    });

    it('lets only the accepted trade propose times: 403 for the tenant and landlord, 404 for others, 401 signed out', async () => {
      const id = await acceptedLeak();
      const times = [ahead(DAY), ahead(2 * DAY)];
      expect((await propose(id, times, tenant)).statusCode).toBe(403);
      expect((await propose(id, times, landlord)).statusCode).toBe(403);
      expect((await propose(id, times, otherTradeUser)).statusCode).toBe(404);
      expect((await propose(id, times, stranger)).statusCode).toBe(404);
      expect((await propose(id, times, null as unknown as CreatedUser)).statusCode).toBe(401);

      const res = await propose(id, [times[1], times[0]]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'quote_accepted', visit: { options: times, at: null } });
      expect(res.json().timeline.map((s: { kind: string }) => s.kind)).toContain('visit_proposed');
      const mail = await emailsTo(t, tenant.email, 'repair');
      expect(mail[0].subject).toBe('Visit times for your repair: Leak under the kitchen sink');
      expect(mail[0].textBody).toContain('Quick Fix Plumbing can come');
      expect(mail[0].textBody).not.toContain(LEAK.accessNotes);
      expect((await view(id, tenant)).visit).toMatchObject({ options: times, canAgree: true });
    });

    it('checks the times: 1 to 5, in the future, within 60 days, none twice', async () => {
      const id = await acceptedLeak();
      const bad = [
        [],
        [ahead(-HOUR)],
        [ahead(61 * DAY)],
        [ahead(DAY), ahead(DAY)],
        [1, 2, 3, 4, 5, 6].map((n) => ahead(n * DAY)),
        ['next Tuesday'],
      ];
      for (const times of bad) {
        const res = await propose(id, times);
        expect(res.statusCode, JSON.stringify(times)).toBe(400);
        expect(res.json().fieldErrors.times ?? res.json().fieldErrors['times.0']).toBeDefined();
      }
      expect((await post(`/api/repairs/${id}/visit-times`, tradeUser, { when: [] })).statusCode).toBe(400);
      expect(
        (
          await propose(
            id,
            [1, 2, 3, 4, 5].map((n) => ahead(n * DAY)),
          )
        ).statusCode,
      ).toBe(200);
    });

    it('the tenant agrees one of the times: then the trade sees the access notes and the tenant, and is emailed', async () => {
      const id = await acceptedLeak();
      const times = [ahead(DAY), ahead(3 * DAY)];
      // Nothing proposed yet: out of turn.
      expect((await agree(id, times[0])).statusCode).toBe(409);
      await propose(id, times);
      expect((await agree(id, times[1], tradeUser)).statusCode).toBe(403);
      // The tenant reported it, so the tenant chooses.
      expect((await agree(id, times[1], landlord)).statusCode).toBe(403);
      expect((await agree(id, times[1], stranger)).statusCode).toBe(404);
      const notOffered = await agree(id, ahead(2 * DAY));
      expect(notOffered.statusCode).toBe(400);
      expect(notOffered.json().fieldErrors.time).toBeDefined();

      const res = await agree(id, times[1]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'visit_agreed',
        statusLabel: 'Visit agreed',
        visit: { options: [], at: times[1], canAgree: false },
      });
      const seen = await view(id, tradeUser);
      expect(seen.accessNotes).toBe(LEAK.accessNotes);
      expect(seen.tenants).toEqual([{ name: 'Tia Tenant', phone: TENANT_PHONE }]);
      expect(seen.reportedBy.name).toBe('Tia Tenant');
      for (const who of [tradeUser, landlord]) {
        const mail = await emailsTo(t, who.email, 'repair');
        expect(mail[0].subject).toBe('Visit agreed: Leak under the kitchen sink');
        expect(mail[0].textBody).not.toContain(LEAK.accessNotes);
        expect(mail[0].textBody).not.toContain(TENANT_PHONE);
      }
      // Twice: the times are gone.
      expect((await agree(id, times[1])).statusCode).toBe(409);
    });

    it('lets the trade re-arrange before the work is done: the agreed visit is off until a new time is agreed', async () => {
      const id = await visitAgreed();
      const later = [ahead(5 * DAY), ahead(6 * DAY)];
      const res = await propose(id, later);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'quote_accepted', visit: { options: later, at: null } });
      expect(res.json().timeline.at(-1).note).toContain('instead of');
      // Once let in, the trade keeps seeing who lives there for this job.
      expect((await view(id, tradeUser)).accessNotes).toBe(LEAK.accessNotes);
      expect((await agree(id, later[0])).statusCode).toBe(200);
    });

    it('lets the landlord choose the time of a repair the landlord logged for the tenant', async () => {
      const id = await acceptedLeak(landlord, { ...LEAK, title: 'Boiler pressure low', category: 'heating' });
      const time = ahead(DAY);
      await propose(id, [time]);
      // Both the landlord and the tenant are told of the times.
      expect((await emailsTo(t, landlord.email, 'repair'))[0].subject).toBe(
        'Visit times for your repair: Boiler pressure low',
      );
      expect((await view(id, landlord)).visit.canAgree).toBe(true);
      const res = await agree(id, time, landlord);
      expect(res.statusCode, res.body).toBe(200);
      expect((await emailsTo(t, tenant.email, 'repair'))[0].subject).toBe(
        'Visit agreed: Boiler pressure low',
      );
    });
  });

  describe('the work done', () => {
    it('lets only the accepted trade mark it done, with a note and photos: the clock stops, the tenant has 7 days', async () => {
      const id = await visitAgreed();
      expect((await complete(id, 'Done', tenant)).statusCode).toBe(403);
      expect((await complete(id, 'Done', landlord)).statusCode).toBe(403);
      expect((await complete(id, 'Done', otherTradeUser)).statusCode).toBe(404);
      expect((await complete(id, 'Done', null as unknown as CreatedUser)).statusCode).toBe(401);
      const empty = await complete(id, '  ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fieldErrors.note).toBeDefined();
      expect((await complete(id, 'x'.repeat(2001))).statusCode).toBe(400);

      const photo = { name: 'photos', filename: 'fixed.jpg', contentType: 'image/jpeg', data: await jpeg() };
      const res = await postMultipart(t, `/api/repairs/${id}/complete`, tradeUser.cookie, [
        { name: 'note', data: 'New trap and washer fitted.' },
        photo,
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const done = res.json();
      const now = t.clock.now.getTime();
      expect(done).toMatchObject({
        status: 'work_done',
        work: {
          doneAt: new Date(now).toISOString(),
          note: 'New trap and washer fitted.',
          confirmBy: new Date(now + 7 * DAY).toISOString(),
          canComplete: false,
        },
        visit: { canPropose: false },
      });
      expect(done.clock.state).toBe('met');
      // The trade's photos are the work's, not the report's.
      expect(done.photos).toEqual([]);
      expect(done.work.photos).toHaveLength(1);
      expect(done.work.photos[0].url).toMatch(/\/media\/repairs\/.+\.webp$/);
      const { repair, leads } = await repairTradeRows(t, id);
      expect(repair.clockStoppedAt?.getTime()).toBe(now);
      expect(leads.find((l) => l.contractorId === trade.id)?.completedAt?.getTime()).toBe(now);

      const tenantMail = await emailsTo(t, tenant.email, 'repair');
      expect(tenantMail[0].subject).toBe('Work done: Leak under the kitchen sink');
      expect(tenantMail[0].textBody).toContain('Please confirm it is fixed');
      expect((await emailsTo(t, landlord.email, 'repair'))[0].subject).toBe(
        'Work done: Leak under the kitchen sink',
      );
      expect(await view(id, tenant)).toMatchObject({ work: { canConfirm: true, canReopen: true } });
      // Twice, or new times after it: out of turn.
      expect((await complete(id)).statusCode).toBe(409);
      expect((await propose(id, [ahead(DAY)])).statusCode).toBe(409);
    });

    it('may be marked done once the quote is accepted, without a visit agreed on the site', async () => {
      const id = await acceptedLeak();
      const res = await complete(id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('work_done');
    });

    it('refuses a seventh photo (400) and a file that is not a picture (415), storing nothing', async () => {
      const id = await acceptedLeak();
      const photo = { name: 'photos', filename: 'fixed.jpg', contentType: 'image/jpeg', data: await jpeg() };
      const seven = await postMultipart(t, `/api/repairs/${id}/complete`, tradeUser.cookie, [
        { name: 'note', data: 'Fixed.' },
        ...Array.from({ length: 7 }, () => photo),
      ]);
      expect(seven.statusCode).toBe(400);
      const notImage = await postMultipart(t, `/api/repairs/${id}/complete`, tradeUser.cookie, [
        { name: 'note', data: 'Fixed.' },
        { ...photo, data: 'not a picture at all' },
      ]);
      expect(notImage.statusCode).toBe(415);
      expect((await view(id, tenant)).status).toBe('quote_accepted');
    });
  });

  describe("the tenant's answer", () => {
    it('lets only the tenant confirm it fixed, once the work is done', async () => {
      const id = await acceptedLeak();
      expect((await post(`/api/repairs/${id}/confirm`, tenant)).statusCode).toBe(409);
      await complete(id);
      expect((await post(`/api/repairs/${id}/confirm`, landlord)).statusCode).toBe(403);
      expect((await post(`/api/repairs/${id}/confirm`, tradeUser)).statusCode).toBe(403);
      expect((await post(`/api/repairs/${id}/confirm`, stranger)).statusCode).toBe(404);
      expect((await post(`/api/repairs/${id}/confirm`, null)).statusCode).toBe(401);
      const res = await post(`/api/repairs/${id}/confirm`, tenant);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'resolved', statusLabel: 'Fixed' });
      expect(res.json().timeline.at(-1)).toMatchObject({ kind: 'confirmed', by: 'Tia Tenant' });
      expect((await emailsTo(t, tradeUser.email, 'repair'))[0].subject).toBe(
        'Confirmed fixed: Leak under the kitchen sink',
      );
      expect((await post(`/api/repairs/${id}/confirm`, tenant)).statusCode).toBe(409);
      expect((await post(`/api/repairs/${id}/reopen`, tenant, { reason: 'Drips again' })).statusCode).toBe(
        409,
      );
    });

    it('reopens with a reason: the same trade is asked back and the clock restarts from the reopening', async () => {
      const reportedAt = t.clock.now;
      const id = await visitAgreed();
      await at(new Date(reportedAt.getTime() + 2 * DAY));
      await complete(id);
      const before = await view(id, tenant);
      expect(before.clock.state).toBe('met');

      await at(new Date(reportedAt.getTime() + 4 * DAY));
      expect((await post(`/api/repairs/${id}/reopen`, landlord, { reason: 'x' })).statusCode).toBe(403);
      expect((await post(`/api/repairs/${id}/reopen`, tradeUser, { reason: 'x' })).statusCode).toBe(403);
      expect((await post(`/api/repairs/${id}/reopen`, stranger, { reason: 'x' })).statusCode).toBe(404);
      expect((await post(`/api/repairs/${id}/reopen`, tenant, { reason: ' ' })).statusCode).toBe(400);
      const res = await post(`/api/repairs/${id}/reopen`, tenant, { reason: 'It drips again at night.' });
      expect(res.statusCode, res.body).toBe(200);
      const reopened = res.json();
      const target = targetFor('plumbing', 'urgent', t.clock.now);
      expect(reopened).toMatchObject({
        status: 'quote_accepted',
        dueBy: target.dueBy.toISOString(),
        clock: { state: 'on_time', dueSoonAt: dueSoonAtOf(t.clock.now, target.dueBy).toISOString() },
        visit: { at: null, options: [] },
        work: { doneAt: null, confirmBy: null, reopenCount: 1, canComplete: false },
        reportedAt: before.reportedAt,
      });
      expect(reopened.dueBy).not.toBe(before.dueBy);
      const step = reopened.timeline.at(-1);
      expect(step.kind).toBe('reopened');
      expect(step.note).toContain('It drips again at night.');
      expect(step.note).toContain(`Earlier target: ${before.clock.wording} (met)`);
      const { repair, leads } = await repairTradeRows(t, id);
      expect(repair.clockStoppedAt).toBeNull();
      expect(leads.find((l) => l.contractorId === trade.id)?.completedAt).toBeNull();
      for (const who of [tradeUser, landlord])
        expect((await emailsTo(t, who.email, 'repair'))[0].subject).toBe(
          'Repair reopened: Leak under the kitchen sink',
        );
      // The same trade comes back: it proposes again and completes again.
      expect((await view(id, tradeUser)).visit.canPropose).toBe(true);
      expect((await propose(id, [ahead(DAY)])).statusCode).toBe(200);
      expect((await complete(id)).statusCode).toBe(200);
    });
  });

  describe('no answer in 7 days', () => {
    it('counts as confirmed once at 7 days, not before, and emails each party once', async () => {
      const start = t.clock.now;
      const ctxAt = (ms: number) => ({ ...t.app.ctx, now: () => new Date(start.getTime() + ms) });
      // Earlier tests' finished work is settled first, so the counts below are this repair's.
      await runRepairAutoConfirm(ctxAt(30 * DAY));
      const counted = async (who: CreatedUser) =>
        (await emailsTo(t, who.email, 'repair')).filter(
          (m) => m.subject === 'Counted as fixed: Leak under the kitchen sink',
        ).length;
      const before = [await counted(tenant), await counted(landlord), await counted(tradeUser)];
      const id = await acceptedLeak();
      await complete(id);
      expect((await runRepairAutoConfirm(ctxAt(7 * DAY - 60_000))).confirmed).toBe(0);
      expect((await view(id, tenant)).status).toBe('work_done');

      // Two instances at once: one resolves it.
      const runs = await Promise.all([
        runRepairAutoConfirm(ctxAt(7 * DAY + 60_000)),
        runRepairAutoConfirm(ctxAt(7 * DAY + 60_000)),
      ]);
      expect(runs[0].confirmed + runs[1].confirmed).toBe(1);
      expect((await runRepairAutoConfirm(ctxAt(8 * DAY))).confirmed).toBe(0);

      const seen = await view(id, tenant);
      expect(seen.status).toBe('resolved');
      expect(seen.timeline.filter((s: { kind: string }) => s.kind === 'auto_confirmed')).toHaveLength(1);
      expect(seen.work.canConfirm).toBe(false);
      expect([await counted(tenant), await counted(landlord), await counted(tradeUser)]).toEqual(
        before.map((n) => n + 1),
      );
    });
  });

  describe('the landlord marks it fixed', () => {
    it("declines open quotes, closes invitations and tells the trades; the accepted trade's visit is off", async () => {
      const id = await visitAgreed();
      const invited = await invitedTrade(t, { repairId: id, contractorId: otherTrade.id });
      const res = await post(`/api/repairs/${id}/resolve`, landlord, { note: 'My brother fixed it.' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'resolved', work: { canComplete: false } });
      const { leads, quotes } = await repairTradeRows(t, id);
      expect(quotes.find((q) => q.id === invited.quoteId)?.status).toBe('declined');
      expect(leads.find((l) => l.id === invited.leadId)?.status).toBe('closed');
      expect((await emailsTo(t, otherTradeUser.email, 'repair'))[0].subject).toBe(
        'Quote no longer needed: Leak under the kitchen sink',
      );
      expect((await emailsTo(t, tradeUser.email, 'repair'))[0].subject).toBe(
        'Job no longer needed: Leak under the kitchen sink',
      );
      expect((await complete(id)).statusCode).toBe(409);
    });

    it('after the work is done it settles the repair: the tenant is no longer asked', async () => {
      const id = await acceptedLeak();
      await complete(id);
      const res = await post(`/api/repairs/${id}/resolve`, landlord, { note: 'Checked it myself.' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().clock.state).toBe('met');
      expect((await post(`/api/repairs/${id}/confirm`, tenant)).statusCode).toBe(409);
      await runRepairAutoConfirm({ ...t.app.ctx, now: () => new Date(t.clock.now.getTime() + 8 * DAY) });
      const kinds = (await view(id, tenant)).timeline.map((s: { kind: string }) => s.kind);
      expect(kinds.at(-1)).toBe('resolved');
      expect(kinds).not.toContain('auto_confirmed');
    });
  });

  describe('the conversation', () => {
    const read = (id: string, who: CreatedUser | null) => get(`/api/repairs/${id}/messages`, who);
    const write = (id: string, who: CreatedUser | null, body: string) =>
      post(`/api/repairs/${id}/messages`, who, { body });

    it('holds the tenant, the landlord and the accepted trade; an invited trade and outsiders get 404', async () => {
      const id = await acceptedLeak();
      await invitedTrade(t, { repairId: id, contractorId: otherTrade.id });
      for (const [who, body] of [
        [tenant, 'The cupboard is soaked.'],
        [landlord, 'Quinn will sort it.'],
        [tradeUser, 'I can bring a new trap.'],
      ] as const) {
        const res = await write(id, who, body);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ body, fromMe: true, system: false });
      }
      for (const who of [otherTradeUser, stranger]) {
        expect((await read(id, who)).statusCode).toBe(404);
        expect((await write(id, who, 'Hello')).statusCode).toBe(404);
      }
      expect((await read(id, null)).statusCode).toBe(401);
      expect((await write(id, null, 'Hello')).statusCode).toBe(401);

      const thread = (await read(id, landlord)).json();
      expect(thread.parties).toEqual([
        { name: 'Tia Tenant', side: 'tenant' },
        { name: 'Lena Landlord', side: 'landlord' },
        { name: 'Quick Fix Plumbing', side: 'trade' },
      ]);
      const texts = thread.messages.filter((m: { system: boolean }) => !m.system);
      expect(texts.map((m: { sender: { name: string } }) => m.sender.name)).toEqual([
        'Tia Tenant',
        'Lena Landlord',
        'Quick Fix Plumbing',
      ]);
      // Each step is a line: the report and the acceptance so far.
      const lines = thread.messages
        .filter((m: { system: boolean }) => m.system)
        .map((m: { body: string }) => m.body);
      expect(lines).toEqual(['Reported', 'Quote accepted']);
      // Before a visit is agreed the trade reads the tenant unnamed.
      const tradeThread = (await read(id, tradeUser)).json();
      expect(tradeThread.parties[0]).toEqual({ name: 'The tenant', side: 'tenant' });
      expect(JSON.stringify(tradeThread)).not.toContain('Tia');
    });

    it('shows the trade what was said from its acceptance on, not before', async () => {
      const res = await post(`/api/tenancies/${tenancyId}/repairs`, tenant, LEAK);
      const id: string = res.json().repairId;
      expect((await write(id, tenant, 'Please use someone cheap.')).statusCode).toBe(201);
      await at(new Date(t.clock.now.getTime() + 60_000));
      await acceptedRepair(t, { repairId: id, contractorId: trade.id, at: t.clock.now });
      await write(id, landlord, 'Quinn is coming.');
      const bodies = (await read(id, tradeUser)).json().messages.map((m: { body: string }) => m.body);
      expect(bodies).toEqual(['Quote accepted', 'Quinn is coming.']);
      const all = (await read(id, tenant)).json().messages.map((m: { body: string }) => m.body);
      expect(all).toContain('Please use someone cheap.');
    });

    it('writes each step as a line, with what it carries', async () => {
      const id = await visitAgreed();
      await complete(id, 'Trap replaced.');
      await post(`/api/repairs/${id}/confirm`, tenant);
      const all = (await read(id, tradeUser))
        .json()
        .messages.filter((m: { system: boolean }) => m.system)
        .map((m: { body: string }) => m.body);
      // (The report shares the acceptance's instant on this test's frozen clock.)
      const lines = all.slice(all.indexOf('Quote accepted'));
      expect(lines[0]).toBe('Quote accepted');
      expect(lines[1]).toMatch(/^Visit times proposed: \w{3} \d{1,2} \w{3}, \d{2}:\d{2}$/);
      expect(lines[2]).toMatch(/^Visit agreed: \w{3} \d{1,2} \w{3}, \d{2}:\d{2}$/);
      expect(lines.slice(3)).toEqual(['Work done: Trap replaced.', 'Confirmed fixed by the tenant']);
    });

    it('counts unread messages per party on the list, and reading marks them read', async () => {
      const id = await acceptedLeak();
      await write(id, tenant, 'Any news?');
      await write(id, tenant, 'It is getting worse.');
      const unreadOf = async (who: CreatedUser) =>
        (await get('/api/repairs', who)).json().repairs.find((r: { id: string }) => r.id === id).unread;
      expect(await unreadOf(landlord)).toBe(2);
      expect(await unreadOf(tradeUser)).toBe(2);
      expect(await unreadOf(tenant)).toBe(0);
      await read(id, landlord);
      expect(await unreadOf(landlord)).toBe(0);
      expect(await unreadOf(tradeUser)).toBe(2);
    });

    it('emails each other party at most once in 15 minutes, and not across a block', async () => {
      const id = await acceptedLeak();
      const mailOf = async (who: CreatedUser) =>
        (await emailsTo(t, who.email, 'repair_message')).filter((m) =>
          m.subject.includes('"Leak under the kitchen sink"'),
        ).length;
      const before = {
        landlord: await mailOf(landlord),
        trade: await mailOf(tradeUser),
        tenant: await mailOf(tenant),
      };
      await write(id, tenant, 'First');
      await write(id, tenant, 'Second');
      expect(await mailOf(landlord)).toBe(before.landlord + 1);
      expect(await mailOf(tradeUser)).toBe(before.trade + 1);
      expect(await mailOf(tenant)).toBe(before.tenant);
      const mail = (await emailsTo(t, tradeUser.email, 'repair_message'))[0];
      // Who wrote, never what; the trade reads the tenant unnamed until a visit is agreed.
      expect(mail.subject).toBe('New message from The tenant about the repair "Leak under the kitchen sink"');
      expect(mail.textBody).not.toContain('First');

      // Sixteen minutes on, the landlord (who blocked the tenant) is not emailed; the trade is.
      await t.db.insert(userBlocks).values({ blockerId: landlord.id, blockedId: tenant.id });
      await at(new Date(t.clock.now.getTime() + 16 * 60_000));
      expect((await write(id, tenant, 'Third')).statusCode).toBe(201);
      expect(await mailOf(landlord)).toBe(before.landlord + 1);
      expect(await mailOf(tradeUser)).toBe(before.trade + 2);
      // The message is in the thread for everyone, the landlord included.
      const bodies = (await read(id, landlord)).json().messages.map((m: { body: string }) => m.body);
      expect(bodies).toContain('Third');
    });

    it('validates a message and limits a flood (429)', async () => {
      const id = await acceptedLeak();
      expect((await write(id, tenant, '   ')).statusCode).toBe(400);
      expect((await write(id, tenant, 'x'.repeat(2001))).statusCode).toBe(400);
      expect((await post(`/api/repairs/${id}/messages`, tenant, { text: 'Hi' })).statusCode).toBe(400);
      const statuses: number[] = [];
      for (let i = 0; i < 62; i += 1) statuses.push((await write(id, stranger, `Message ${i}`)).statusCode);
      // The limit counts the sender's messages (60 in 10 minutes), whatever the answer.
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
