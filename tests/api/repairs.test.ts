// Repairs (issue 32 items 1 and 2; decision 0070): a party to a tenancy reports a repair with photos, both parties
// (and nobody else) see it with the same clock counted in working days, the landlord is emailed on the report and
// reminded once as the target nears and once when it passes, and the landlord marks it fixed; a deleting tenant's
// repairs stay for the landlord without their access notes; the data export carries them.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairs } from '../../src/server/db/schema';
import { runRepairReminders } from '../../src/server/features/repairs/service';
import { runUploadCleanup } from '../../src/server/jobs/upload-cleanup';
import { applicantFor } from '../factories/applications';
import { createListing } from '../factories/listings';
import { createTenancy } from '../factories/tenancies';
import {
  type CreatedUser,
  createLandlord,
  createPremiumTenant,
  createTenant,
  longSession,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { dayAhead } from '../support/dates';
import { call, emailsTo, type FormPart, postMultipart } from '../support/http';
import { leftQueuedLongAgo, STOPPED, stoppedBeforeSending } from '../support/stopped-jobs';

const DAY = 86_400_000;

const LEAK = {
  title: 'Leak under the kitchen sink',
  description: 'Water drips from the trap into the cupboard whenever the tap runs.',
  category: 'plumbing',
  urgency: 'urgent',
  accessNotes: 'Key with the neighbour at number 14; the dog is friendly.',
};

const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#38a' } })
    .jpeg()
    .toBuffer();

describe('repairs', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let tenant: CreatedUser;
  let stranger: CreatedUser;
  let tenancyId: string;
  let conversationId: string;

  const post = (url: string, who: CreatedUser | null, body?: unknown) =>
    call(t, 'POST', url, { cookie: who?.cookie, body });
  const get = (url: string, who: CreatedUser | null) => call(t, 'GET', url, { cookie: who?.cookie });
  const report = (who: CreatedUser | null, body: Record<string, unknown> = LEAK, id = tenancyId) =>
    post(`/api/tenancies/${id}/repairs`, who, body);
  const reportWithPhotos = (who: CreatedUser, photos: FormPart[], fields: Record<string, string> = LEAK) =>
    postMultipart(t, `/api/tenancies/${tenancyId}/repairs`, who.cookie, [
      ...Object.entries(fields).map(([name, data]) => ({ name, data })),
      ...photos,
    ]);

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Landlord' });
    stranger = await createPremiumTenant(t, { firstName: 'Sam', lastName: 'Stranger' });
    // A tenancy through the API: enquiry, application, offer, acceptance.
    const listing = await createListing(t, {
      landlordId: landlord.id,
      title: 'Canal-side flat',
      rent: 1300,
      address: '12 Canal Street, Leeds',
      postcode: 'LS1 4AB',
    });
    const applicant = await applicantFor(t, listing.id, 'Tia');
    tenant = applicant.tenant;
    conversationId = applicant.conversationId;
    const offer = await post(`/api/applications/${applicant.applicationId}/offer`, landlord, {
      startDate: dayAhead(30),
      deposit: 1200,
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const accepted = await post(`/api/applications/${applicant.applicationId}/accept`, tenant);
    expect(accepted.statusCode, accepted.body).toBe(201);
    tenancyId = accepted.json().tenancyId;
  });

  /** Move the clock; the tests move it by months, past a session's 90 days, so everyone signs in again. */
  async function at(instant: string) {
    t.clock.now = new Date(instant);
    for (const who of [landlord, tenant, stranger]) who.cookie = await longSession(t, who.id);
  }
  afterAll(() => t.close());

  it('the tenant reports a repair: 201 with its target, the landlord emailed and the conversation told', async () => {
    const res = await report(tenant);
    expect(res.statusCode, res.body).toBe(201);
    const { repairId, dueBy } = res.json();
    expect(new Date(dueBy).getTime()).toBeGreaterThan(Date.now());

    const mail = await emailsTo(t, landlord.email, 'repair');
    expect(mail[0].subject).toBe('Repair reported: Leak under the kitchen sink');
    expect(mail[0].textBody).toContain('3 working days: by');
    // How to get in stays on the repair page, for the parties: never in an email.
    expect(mail[0].textBody).not.toContain(LEAK.accessNotes);

    const messages = (await get(`/api/conversations/${conversationId}/messages`, tenant)).json().messages;
    expect(
      messages.some(
        (m: { system: boolean; body: string }) => m.system && m.body.includes('reported a repair'),
      ),
    ).toBe(true);

    for (const who of [tenant, landlord]) {
      const one = await get(`/api/repairs/${repairId}`, who);
      expect(one.statusCode, one.body).toBe(200);
      const view = one.json();
      expect(view).toMatchObject({
        status: 'reported',
        category: 'plumbing',
        urgency: 'urgent',
        dueBy,
        accessNotes: LEAK.accessNotes,
        side: who === tenant ? 'tenant' : 'landlord',
        canResolve: who === landlord,
        reportedBy: { side: 'tenant' },
      });
      expect(view.clock).toMatchObject({
        target: 'repair',
        state: 'on_time',
        label: 'Within 3 working days',
      });
      expect(view.clock.wording).toMatch(/^3 working days: by \w{3} \d{1,2} \w{3}$/);
      expect(view.timeline.map((s: { kind: string }) => s.kind)).toEqual(['reported']);
    }
    const list = (await get('/api/repairs', landlord)).json().repairs;
    expect(list.map((r: { id: string }) => r.id)).toContain(repairId);
  });

  it('anyone not a party to the tenancy is told it does not exist; a visitor must sign in', async () => {
    const res = await report(tenant);
    const { repairId } = res.json();
    expect((await report(stranger)).statusCode).toBe(404);
    // Told before its photos are read.
    const photo = { name: 'photos', filename: 'leak.jpg', contentType: 'image/jpeg', data: await jpeg() };
    expect((await reportWithPhotos(stranger, [photo])).statusCode).toBe(404);
    expect((await get(`/api/repairs/${repairId}`, stranger)).statusCode).toBe(404);
    expect((await get('/api/repairs', stranger)).json().repairs).toEqual([]);
    expect((await post(`/api/repairs/${repairId}/resolve`, stranger, { note: 'Done' })).statusCode).toBe(404);
    expect((await report(null)).statusCode).toBe(401);
    expect((await get(`/api/repairs/${repairId}`, null)).statusCode).toBe(401);
    expect((await get('/api/repairs', null)).statusCode).toBe(401);
    expect((await report(tenant, LEAK, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/repairs/not-a-uuid', tenant)).statusCode).toBe(404);
  });

  it('the landlord may log a repair the tenant told them of: the tenant is emailed', async () => {
    const res = await report(landlord, {
      ...LEAK,
      title: 'Boiler pressure low',
      category: 'heating',
      urgency: 'routine',
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await emailsTo(t, tenant.email, 'repair');
    expect(mail[0].subject).toBe('Repair reported: Boiler pressure low');
    const view = (await get(`/api/repairs/${res.json().repairId}`, tenant)).json();
    expect(view.reportedBy.side).toBe('landlord');
  });

  it('validates the category, urgency and text: 400 with the field named', async () => {
    const bad = await report(tenant, { ...LEAK, category: 'garden' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.category).toBeDefined();
    const urgency = await report(tenant, { ...LEAK, urgency: 'whenever' });
    expect(urgency.statusCode).toBe(400);
    expect(urgency.json().fieldErrors.urgency).toBeDefined();
    const empty = await report(tenant, { ...LEAK, title: '' });
    expect(empty.statusCode).toBe(400);
    expect((await report(tenant, { ...LEAK, extra: 1 })).statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: `/api/tenancies/${tenancyId}/repairs`,
      payload: 'just text',
      headers: { 'content-type': 'text/plain', cookie: tenant.cookie },
    });
    expect(text.statusCode).toBe(400);
  });

  it('takes photos with the report; refuses a file that is not a picture (415), one over 5 MB (413) and a seventh (400)', async () => {
    const photo = { name: 'photos', filename: 'leak.jpg', contentType: 'image/jpeg', data: await jpeg() };
    const res = await reportWithPhotos(tenant, [photo, { ...photo, filename: 'cupboard.jpg' }]);
    expect(res.statusCode, res.body).toBe(201);
    const view = (await get(`/api/repairs/${res.json().repairId}`, landlord)).json();
    expect(view.photos).toHaveLength(2);
    expect(view.photos[0].url).toMatch(/\/media\/repairs\/.+\.webp$/);
    const file = await t.app.inject({ method: 'GET', url: view.photos[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    // A day on, the upload clean-up keeps the files a repair shows.
    await runUploadCleanup({ ...t.app.ctx, now: () => new Date(Date.now() + 2 * DAY) });
    expect((await t.app.inject({ method: 'GET', url: view.photos[1].thumbUrl })).statusCode).toBe(200);

    const before = await t.db.select({ id: repairs.id }).from(repairs);
    const notImage = await reportWithPhotos(tenant, [
      { name: 'photos', filename: 'leak.jpg', contentType: 'image/jpeg', data: 'not a picture at all' },
    ]);
    expect(notImage.statusCode).toBe(415);
    const big = await reportWithPhotos(tenant, [
      {
        name: 'photos',
        filename: 'big.jpg',
        contentType: 'image/jpeg',
        data: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
      },
    ]);
    expect(big.statusCode).toBe(413);
    const seven = await reportWithPhotos(
      tenant,
      Array.from({ length: 7 }, () => photo),
    );
    expect(seven.statusCode).toBe(400);
    const wrongField = await reportWithPhotos(tenant, [{ ...photo, name: 'photo' }]);
    expect(wrongField.statusCode).toBe(400);
    const badFields = await reportWithPhotos(tenant, [photo], { ...LEAK, urgency: 'soonish' });
    expect(badFields.statusCode).toBe(400);
    // None of the refused reports was written.
    expect(await t.db.select({ id: repairs.id }).from(repairs)).toHaveLength(before.length);
  });

  it('counts the target in working days across a bank holiday, with the fake clock', async () => {
    // Thursday 24 December 2026, 10:00: Christmas, the weekend and the Boxing Day substitute are not working days.
    await at('2026-12-24T10:00:00Z');
    const urgent = await report(tenant, { ...LEAK, urgency: 'urgent' });
    expect(urgent.json().dueBy).toBe('2026-12-31T23:59:59.000Z');
    const damp = await report(tenant, { ...LEAK, category: 'damp_mould', urgency: 'routine' });
    // Ten working days: 29, 30, 31 Dec, (1 Jan), 4–8 Jan, 11, 12 Jan.
    expect(damp.json().dueBy).toBe('2027-01-12T23:59:59.000Z');
    const view = (await get(`/api/repairs/${damp.json().repairId}`, tenant)).json();
    expect(view.clock.wording).toBe('Investigated within 10 working days: by Tue 12 Jan');
    // Good Friday: Thursday 25 March 2027 + 3 working days skips 26 and 29 March (and ends in summer time).
    await at('2027-03-25T09:00:00Z');
    expect((await report(tenant)).json().dueBy).toBe('2027-04-01T22:59:59.000Z');
    const emergency = await report(tenant, { ...LEAK, urgency: 'emergency' });
    expect(emergency.json().dueBy).toBe('2027-03-26T09:00:00.000Z');
  });

  it('reminds the landlord once as the target nears and once when it passes; the tenant sees the same clock', async () => {
    // Resolve everything so far: only this test's repair is running.
    await t.db.update(repairs).set({ clockStoppedAt: new Date(), status: 'resolved' });
    await at('2027-05-03T09:00:00Z'); // a bank holiday Monday: hours count all the same
    const { repairId } = (
      await report(tenant, { ...LEAK, title: 'No hot water', urgency: 'emergency' })
    ).json();
    const reminders = async () =>
      (await emailsTo(t, landlord.email, 'repair_reminder')).filter((m) =>
        m.textBody.includes('No hot water'),
      );
    const state = async (who: CreatedUser) => (await get(`/api/repairs/${repairId}`, who)).json().clock.state;

    const nothing = { skipped: false, dueSoon: 0, overdue: 0, emails: 0 };
    expect(await runRepairReminders(t.app.ctx)).toEqual(nothing);
    expect(await state(tenant)).toBe('on_time');

    await at('2027-05-04T03:00:00Z'); // 18 hours on: three quarters of 24
    expect(await runRepairReminders(t.app.ctx)).toEqual({ ...nothing, dueSoon: 1, emails: 1 });
    expect(await runRepairReminders(t.app.ctx)).toEqual(nothing);
    expect(await state(tenant)).toBe('due_soon');
    expect(await state(landlord)).toBe('due_soon');

    await at('2027-05-04T09:00:01Z');
    expect(await runRepairReminders(t.app.ctx)).toEqual({ ...nothing, overdue: 1, emails: 1 });
    expect(await runRepairReminders(t.app.ctx)).toEqual(nothing);
    expect(await state(tenant)).toBe('overdue');

    const sent = (await reminders()).map((m) => m.subject);
    expect(sent.sort()).toEqual(['Emergency: 1 repair is due soon', 'Emergency: 1 repair is overdue']);
    const timeline = (await get(`/api/repairs/${repairId}`, tenant))
      .json()
      .timeline.map((s: { kind: string }) => s.kind);
    expect(timeline).toEqual(['reported', 'due_soon', 'overdue']);
  });

  it('the landlord marks it fixed with a note; the tenant cannot, and it is fixed only once', async () => {
    await at('2027-06-01T09:00:00Z');
    const { repairId } = (
      await report(tenant, { ...LEAK, title: 'Front door lock sticks', urgency: 'urgent' })
    ).json();
    expect((await post(`/api/repairs/${repairId}/resolve`, tenant, { note: 'Fixed it' })).statusCode).toBe(
      403,
    );
    expect((await post(`/api/repairs/${repairId}/resolve`, landlord, {})).statusCode).toBe(400);

    await at('2027-06-02T15:00:00Z');
    const res = await post(`/api/repairs/${repairId}/resolve`, landlord, { note: 'New lock barrel fitted.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'resolved',
      resolutionNote: 'New lock barrel fitted.',
      canResolve: false,
      clock: { state: 'met' },
    });
    expect(res.json().timeline.map((s: { kind: string; by: string | null }) => [s.kind, s.by])).toEqual([
      ['reported', expect.any(String)],
      ['resolved', 'Lena Landlord'],
    ]);
    expect((await post(`/api/repairs/${repairId}/resolve`, landlord, { note: 'Again' })).statusCode).toBe(
      409,
    );
    const mail = await emailsTo(t, tenant.email, 'repair');
    expect(mail[0].subject).toBe('Repair marked fixed: Front door lock sticks');
    // A stopped clock is never reminded of.
    await at('2027-07-01T09:00:00Z');
    await runRepairReminders(t.app.ctx);
    const view = (await get(`/api/repairs/${repairId}`, tenant)).json();
    expect(view.timeline.map((s: { kind: string }) => s.kind)).toEqual(['reported', 'resolved']);
    expect(view.clock.state).toBe('met');
  });

  it('takes at most 20 reports a day from one person: the 21st answers 429 with Retry-After', async () => {
    await at('2027-08-02T09:00:00Z');
    for (let i = 0; i < 20; i++)
      expect((await report(tenant, { ...LEAK, title: `Repair ${i}` })).statusCode).toBe(201);
    const over = await report(tenant);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('86400');
    // The landlord's own reports are theirs to count.
    expect((await report(landlord)).statusCode).toBe(201);
    await at('2027-08-03T09:00:01Z');
    expect((await report(tenant)).statusCode).toBe(201);
  });

  it('the data export carries the repairs; a deleting tenant’s repairs stay for the landlord without access notes', async () => {
    const exported = await get('/api/account/export', tenant);
    expect(exported.statusCode, exported.body).toBe(200);
    const section = exported.json().repairs;
    expect(section.length).toBeGreaterThan(0);
    expect(section[0]).toMatchObject({ role: 'reporter', accessNotes: LEAK.accessNotes });

    const { repairId } = (await report(tenant)).json();
    const del = await call(t, 'DELETE', '/api/account', {
      cookie: tenant.cookie,
      body: { password: 'correct-horse-battery' },
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const view = (await get(`/api/repairs/${repairId}`, landlord)).json();
    expect(view.title).toBe(LEAK.title);
    expect(view.accessNotes).toBeNull();
    expect(view.tenants[0].phone).toBeNull();
    const [row] = await t.db.select().from(repairs).where(eq(repairs.id, repairId));
    expect(row.accessNotes).toBeNull();
  });

  describe('one reminder email per landlord per run (decision 0074)', () => {
    const HOUR = 3_600_000;
    const T0 = Date.parse('2027-09-06T09:00:00Z'); // a Monday
    const atHour = (hours: number) => {
      t.clock.now = new Date(T0 + hours * HOUR);
    };
    /** A landlord with a let home per title, each with its own tenant. */
    async function landlordWithHomes(firstName: string, titles: string[]) {
      const owner = await createLandlord(t, { premium: true, firstName });
      const homes: Array<{ tenancyId: string; tenant: CreatedUser }> = [];
      for (const title of titles) {
        const listing = await createListing(t, { landlordId: owner.id, title });
        const resident = await createTenant(t);
        const tenancy = await createTenancy(t, {
          propertyId: listing.id,
          landlordId: owner.id,
          tenantIds: [resident.id],
          startDate: '2027-08-01',
        });
        homes.push({ tenancyId: tenancy.id, tenant: resident });
      }
      return { owner, homes };
    }
    /** An emergency (24 hours) reported now by the home's tenant. */
    async function emergency(home: { tenancyId: string; tenant: CreatedUser }, title: string) {
      home.tenant.cookie = await longSession(t, home.tenant.id);
      const res = await report(home.tenant, { ...LEAK, title, urgency: 'emergency' }, home.tenancyId);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { repairId: string; dueBy: string };
    }
    const digestsTo = async (who: CreatedUser) => (await emailsTo(t, who.email, 'repair_reminder')).reverse();
    const steps = async (repairId: string, who: CreatedUser) => {
      who.cookie = await longSession(t, who.id);
      const view = (await get(`/api/repairs/${repairId}`, who)).json();
      return { kinds: view.timeline.map((s: { kind: string }) => s.kind), clock: view.clock };
    };

    let ana: Awaited<ReturnType<typeof landlordWithHomes>>;
    let ben: Awaited<ReturnType<typeof landlordWithHomes>>;
    const ids: Record<string, string> = {};

    it('a landlord with 3 repairs near or past their targets gets one email listing them; another gets one with theirs', async () => {
      // Only this block's repairs are running.
      await t.db.update(repairs).set({ clockStoppedAt: new Date(), status: 'resolved' });
      atHour(0);
      ana = await landlordWithHomes('Ana', ['Ana house', 'Ana <flat> & "annex"']);
      ben = await landlordWithHomes('Ben', ['Ben bungalow']);
      ids.boiler = (await emergency(ana.homes[0], 'Boiler out')).repairId;
      atHour(6);
      ids.latch = (await emergency(ana.homes[0], 'Window latch broken')).repairId;
      ids.leak = (await emergency(ana.homes[1], 'Ceiling leak')).repairId;
      const benLeak = await emergency(ben.homes[0], 'Burst pipe');
      ids.pipe = benLeak.repairId;

      // 24 hours and a minute after the first report: the boiler is overdue, the others (18h+) due soon.
      atHour(24 + 1 / 60);
      expect(await runRepairReminders(t.app.ctx)).toEqual({
        skipped: false,
        dueSoon: 3,
        overdue: 1,
        emails: 2,
      });

      const [anas, ...moreForAna] = await digestsTo(ana.owner);
      expect(moreForAna).toEqual([]);
      expect(anas.subject).toBe('Emergency: 3 repairs need you: 1 overdue');
      for (const id of [ids.boiler, ids.latch, ids.leak]) expect(anas.textBody).toContain(`/repairs/${id}`);
      expect(anas.textBody).not.toContain(ids.pipe);
      expect(anas.textBody).not.toContain('Burst pipe');
      // Overdue first, then the nearest target.
      expect(anas.textBody.indexOf('Boiler out')).toBeLessThan(anas.textBody.indexOf('Window latch broken'));
      expect(anas.textBody).toContain('Boiler out (Emergency');
      expect(anas.textBody).toContain('(Overdue)');
      expect(anas.htmlBody).toContain('<td>Ana &lt;flat&gt; &amp; &quot;annex&quot;</td>');
      expect(anas.htmlBody).not.toContain('<flat>');
      expect(anas.htmlBody).toContain(
        `<a href="http://127.0.0.1:5000/repairs/${ids.leak}">Repair: Ceiling leak</a>`,
      );

      const [bens, ...moreForBen] = await digestsTo(ben.owner);
      expect(moreForBen).toEqual([]);
      expect(bens.subject).toBe('Emergency: 1 repair is due soon');
      expect(bens.textBody).toContain('Burst pipe');
      expect(bens.textBody).not.toContain('Boiler out');

      // Each repair's step is on its own timeline; the tenant's clock is the one it always had.
      const boiler = await steps(ids.boiler, ana.homes[0].tenant);
      expect(boiler.kinds).toEqual(['reported', 'overdue']);
      expect(boiler.clock).toMatchObject({ state: 'overdue', dueBy: new Date(T0 + 24 * HOUR).toISOString() });
      const pipe = await steps(ids.pipe, ben.homes[0].tenant);
      expect(pipe.kinds).toEqual(['reported', 'due_soon']);
      expect(pipe.clock).toMatchObject({ state: 'due_soon', dueBy: benLeak.dueBy });

      // A second run at the same moment: everything is claimed, nothing is sent.
      expect(await runRepairReminders(t.app.ctx)).toEqual({
        skipped: false,
        dueSoon: 0,
        overdue: 0,
        emails: 0,
      });
      expect(await digestsTo(ana.owner)).toHaveLength(1);
      expect(await digestsTo(ben.owner)).toHaveLength(1);
    });

    it('two runs at once: each overdue repair is claimed, stepped and emailed once', async () => {
      atHour(30 + 1 / 60); // the three reported at hour 6 pass their 24 hours
      const runs = await Promise.all([runRepairReminders(t.app.ctx), runRepairReminders(t.app.ctx)]);
      expect(runs.reduce((n, r) => n + r.overdue, 0)).toBe(3);
      expect(runs.reduce((n, r) => n + r.emails, 0)).toBe(2);
      const anas = await digestsTo(ana.owner);
      expect(anas.map((m) => m.subject)).toEqual([
        'Emergency: 3 repairs need you: 1 overdue',
        'Emergency: 2 repairs are overdue',
      ]);
      expect(anas[1].textBody).not.toContain('Boiler out');
      expect((await digestsTo(ben.owner)).map((m) => m.subject)).toEqual([
        'Emergency: 1 repair is due soon',
        'Emergency: 1 repair is overdue',
      ]);
      for (const id of [ids.latch, ids.leak])
        expect((await steps(id, ana.owner)).kinds).toEqual(['reported', 'due_soon', 'overdue']);
    });

    it('loses nothing when the process stops between the claim and the send, and sends it once', async () => {
      atHour(48);
      const { repairId } = await emergency(ben.homes[0], 'Smoke alarm beeping');
      atHour(48 + 18 + 1 / 60);
      await expect(runRepairReminders(stoppedBeforeSending(t.app.ctx))).rejects.toThrow(STOPPED);
      // The claim, its step and its email committed together: the email waits in the outbox.
      expect((await steps(repairId, ben.owner)).kinds).toEqual(['reported', 'due_soon']);
      const queued = (await digestsTo(ben.owner)).at(-1)!;
      expect(queued).toMatchObject({ status: 'queued', subject: 'Emergency: 1 repair is due soon' });
      expect(queued.textBody).toContain('Smoke alarm beeping');
      // Left to the run that stored it while it may still be sending; sent by the next once it is stale.
      await runRepairReminders(t.app.ctx);
      expect((await digestsTo(ben.owner)).at(-1)!.status).toBe('queued');
      await leftQueuedLongAgo(t, queued.id);
      await Promise.all([runRepairReminders(t.app.ctx), runRepairReminders(t.app.ctx)]);
      await runRepairReminders(t.app.ctx);
      const about = (await digestsTo(ben.owner)).filter((m) => m.textBody.includes('Smoke alarm beeping'));
      expect(about.map((m) => [m.id, m.status])).toEqual([[queued.id, 'sent']]);
    });

    it('steps but does not email a landlord who switched account emails off', async () => {
      atHour(72);
      ben.owner.cookie = await longSession(t, ben.owner.id);
      const off = await call(t, 'PUT', '/api/notification-settings', {
        cookie: ben.owner.cookie,
        body: { email: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      const before = (await digestsTo(ben.owner)).length;
      const { repairId } = await emergency(ben.homes[0], 'No heating');
      atHour(72 + 18 + 1 / 60);
      expect(await runRepairReminders(t.app.ctx)).toMatchObject({ dueSoon: 1, emails: 0 });
      expect(await digestsTo(ben.owner)).toHaveLength(before);
      expect((await steps(repairId, ben.homes[0].tenant)).kinds).toEqual(['reported', 'due_soon']);
    });
  });
});
