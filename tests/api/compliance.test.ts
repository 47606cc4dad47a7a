// The compliance calendar (issue 32 item 4; decision 0069) through the API and its reminder job, with a fake clock:
// who may see and record, statuses across dates, reminders sent once, certificates checked by their bytes and
// served only to the home's landlord and current tenants.
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, CERTIFICATE_MAX_BYTES, COMPLIANCE_KINDS } from '../../src/domain/compliance';
import { londonToday } from '../../src/domain/dates';
import { complianceRecords, complianceReminders, emailOutbox } from '../../src/server/db/schema';
import { runComplianceReminders } from '../../src/server/features/compliance/reminders';
import { createListing } from '../factories/listings';
import { createTenancy } from '../factories/tenancies';
import { type CreatedUser, createAdmin, createLandlord, createTenant, signIn } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, postMultipart } from '../support/http';
import { leftQueuedLongAgo, STOPPED, stoppedBeforeSending } from '../support/stopped-jobs';

const DAY = 24 * 60 * 60 * 1000;
/** A small but whole PDF: the header, one empty page, the trailer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('compliance calendar', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let otherLandlord: CreatedUser;
  let tenant: CreatedUser;
  let formerTenant: CreatedUser;
  let stranger: CreatedUser;
  let admin: CreatedUser;
  let start: Date;
  let today: string;
  let homeId: string;

  beforeAll(async () => {
    t = await createTestApp();
    start = new Date(Math.floor(Date.now() / 1000) * 1000);
    t.clock.now = start;
    today = londonToday(start);
    landlord = await createLandlord(t, { premium: true });
    otherLandlord = await createLandlord(t, { premium: true });
    tenant = await createTenant(t);
    formerTenant = await createTenant(t);
    stranger = await createTenant(t);
    admin = await createAdmin(t);
    const home = await createListing(t, {
      landlordId: landlord.id,
      title: 'Compliance flat',
      nation: 'england',
    });
    homeId = home.id;
    await createTenancy(t, {
      propertyId: homeId,
      landlordId: landlord.id,
      tenantIds: [formerTenant.id],
      startDate: addDays(today, -800),
      depositProtectedOn: addDays(today, -790),
    });
    await createTenancy(t, {
      propertyId: homeId,
      landlordId: landlord.id,
      tenantIds: [tenant.id],
      startDate: addDays(today, -10),
      depositReceivedOn: addDays(today, -12),
    });
  });
  afterAll(() => t.close());

  /** The compliance digests stored for a person, oldest first. */
  const digestsTo = async (who: CreatedUser) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, who.email), eq(emailOutbox.kind, 'compliance_reminder')))
      .orderBy(asc(emailOutbox.createdAt));

  /**
   * Moves the fake clock to noon UTC on the London day `days` after today: always that day in London, where
   * adding 24-hour steps from a late-evening start lands a day further once British Summer Time begins.
   */
  const at = async (days: number) => {
    t.clock.now = new Date(`${addDays(today, days)}T12:00:00Z`);
    for (const user of [landlord, otherLandlord, tenant, formerTenant, stranger, admin])
      user.cookie = await signIn(t, user.id);
  };
  const calendar = (user?: CreatedUser, id = homeId) =>
    call(t, 'GET', `/api/properties/${id}/compliance`, { cookie: user?.cookie });
  const item = async (kind: string, user = landlord) => {
    const res = await calendar(user);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Array<Record<string, unknown>>).find((i) => i.kind === kind)!;
  };
  const record = (body: unknown, user = landlord, id = homeId) =>
    call(t, 'POST', `/api/properties/${id}/compliance`, { cookie: user.cookie, body });
  const attach = (recordId: string, data: Buffer, filename = 'gas.pdf', user = landlord) =>
    postMultipart(t, `/api/properties/${homeId}/compliance/${recordId}/certificate`, user.cookie, [
      { name: 'certificate', filename, contentType: 'application/pdf', data },
    ]);

  describe('who may see it', () => {
    it('shows every kind to the landlord and the current tenant, never-recorded checks as not recorded', async () => {
      await at(0);
      for (const user of [landlord, tenant]) {
        const res = await calendar(user);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.viewer).toBe(user === landlord ? 'landlord' : 'tenant');
        expect(body.items.map((i: { kind: string }) => i.kind)).toEqual([...COMPLIANCE_KINDS]);
      }
      expect(await item('gas_safety')).toMatchObject({
        status: 'overdue',
        recorded: false,
        note: 'Not recorded',
      });
      expect(await item('licence')).toMatchObject({ status: 'not_required', recorded: false });
      // The deposit comes from the current tenancy: received 12 days ago, not protected, due in 30 days from receipt.
      expect(await item('deposit_protection')).toMatchObject({
        source: 'tenancy',
        status: 'due_soon',
        dueOn: addDays(today, -12 + 29),
      });
    });

    it('is 404 to a former tenant, another tenant, another landlord and an admin; 401 signed out', async () => {
      for (const user of [formerTenant, stranger, otherLandlord, admin])
        expect((await calendar(user)).statusCode).toBe(404);
      expect((await calendar()).statusCode).toBe(401);
      expect((await calendar(landlord, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });

  describe('who may record', () => {
    it('lets only the landlord record: 403 for the tenant, 404 for anyone else, 400 for a bad body', async () => {
      const body = { kind: 'epc', completedOn: addDays(today, -100) };
      expect((await record(body, tenant)).statusCode).toBe(403);
      expect((await record(body, stranger)).statusCode).toBe(404);
      expect((await record(body, otherLandlord)).statusCode).toBe(404);
      expect((await call(t, 'POST', `/api/properties/${homeId}/compliance`, { body })).statusCode).toBe(401);
      expect((await record({ kind: 'boiler', completedOn: today })).statusCode).toBe(400);
      const future = await record({ kind: 'epc', completedOn: addDays(today, 1) });
      expect(future.statusCode).toBe(400);
      expect(future.json().fieldErrors.completedOn).toBeDefined();
      const rows = await t.db
        .select()
        .from(complianceRecords)
        .where(eq(complianceRecords.propertyId, homeId));
      expect(rows).toHaveLength(0);
    });

    it('does not ask for the deposit twice when the tenancy holds it', async () => {
      const res = await record({ kind: 'deposit_protection', completedOn: today });
      expect(res.statusCode).toBe(409);
    });
  });

  describe('statuses across dates', () => {
    it('records a gas check: ok, due soon 60 days before a year on, overdue after it', async () => {
      await at(0);
      const res = await record({ kind: 'gas_safety', completedOn: today });
      expect(res.statusCode, res.body).toBe(201);
      const dueOn = addMonths(today, 12);
      expect(res.json()).toMatchObject({ kind: 'gas_safety', dueOn, status: 'ok' });
      expect(await item('gas_safety')).toMatchObject({
        status: 'ok',
        lastDoneOn: today,
        dueOn,
        recorded: true,
      });
      expect(await item('gas_safety', tenant)).toMatchObject({ status: 'ok', dueOn, history: [] });

      const soon = Math.round((Date.parse(dueOn) - Date.parse(today)) / DAY) - 60;
      await at(soon - 1);
      expect((await item('gas_safety')).status).toBe('ok');
      await at(soon);
      expect((await item('gas_safety')).status).toBe('due_soon');
      await at(soon + 61);
      expect((await item('gas_safety')).status).toBe('overdue');
      await at(0);
    });

    it('keeps every record as history, the latest done current', async () => {
      await at(0);
      const older = await record({ kind: 'eicr', completedOn: addDays(today, -400) });
      const newer = await record({
        kind: 'eicr',
        completedOn: addDays(today, -30),
        expiresOn: addDays(today, 900),
      });
      const backfilled = await record({ kind: 'eicr', completedOn: addDays(today, -2000) });
      for (const res of [older, newer, backfilled]) expect(res.statusCode, res.body).toBe(201);
      const eicr = await item('eicr');
      expect(eicr).toMatchObject({ recordId: newer.json().id, dueOn: addDays(today, 900), status: 'ok' });
      expect((eicr.history as unknown[]).length).toBe(3);
    });
  });

  describe('reminders', () => {
    it('emails the landlord 60, 30 and 7 days before and once overdue, each once', async () => {
      await at(0);
      const res = await record({ kind: 'epc', completedOn: addDays(addMonths(today, -120), 70) });
      expect(res.statusCode, res.body).toBe(201);
      const dueOn = res.json().dueOn as string;
      const sentFor = async () =>
        (await t.db.select().from(complianceReminders).where(eq(complianceReminders.kind, 'epc')))
          .map((r) => r.stage)
          .sort();
      const left = Math.round((Date.parse(dueOn) - Date.parse(today)) / DAY);
      await at(left - 61);
      await runComplianceReminders(t.app.ctx);
      expect(await sentFor()).toEqual([]);
      for (const [days, stages] of [
        [left - 60, ['d60']],
        [left - 59, ['d60']],
        [left - 30, ['d30', 'd60']],
        [left - 7, ['d30', 'd60', 'd7']],
        [left - 3, ['d30', 'd60', 'd7']],
        [left + 1, ['d30', 'd60', 'd7', 'overdue']],
        [left + 5, ['d30', 'd60', 'd7', 'overdue']],
      ] as const) {
        await at(days);
        await runComplianceReminders(t.app.ctx);
        await runComplianceReminders(t.app.ctx);
        expect(await sentFor(), `day ${days}`).toEqual(stages);
      }
      // One email a run, each listing the EPC once among whatever else of the landlord's fell due that day.
      const mails = (await digestsTo(landlord)).filter((m) => m.textBody.includes('Energy Performance'));
      expect(mails).toHaveLength(4);
      for (const mail of mails) expect(mail.textBody.split('Energy Performance Certificate')).toHaveLength(2);
      await at(0);
    });
  });

  describe('one email per landlord per run (decision 0074)', () => {
    /** A new landlord whose homes each have a gas check due in five days (the 7-day reminder). */
    async function landlordWithGasDue(titles: string[]) {
      const owner = await createLandlord(t, { premium: true, firstName: 'Gwen' });
      const homes: Array<{ id: string; title: string }> = [];
      for (const title of titles) {
        const home = await createListing(t, { landlordId: owner.id, title, nation: 'england' });
        const res = await record(
          { kind: 'gas_safety', completedOn: addDays(addMonths(today, -12), 5) },
          owner,
          home.id,
        );
        expect(res.statusCode, res.body).toBe(201);
        homes.push(home);
      }
      return { owner, homes };
    }

    it('sends a landlord with 3 homes due one email listing them, another landlord one with theirs only', async () => {
      await at(0);
      const many = await landlordWithGasDue(['Digest flat A', 'Flat <2> & "Garden"', 'Digest flat C']);
      const one = await landlordWithGasDue(['Digest cottage']);
      const run = await runComplianceReminders(t.app.ctx);
      expect(run).toMatchObject({ skipped: false });
      expect(run.sent).toBeGreaterThanOrEqual(4);

      const [theirs, ...more] = await digestsTo(many.owner);
      expect(more).toEqual([]);
      expect(theirs.subject).toBe('3 homes need a safety check soon');
      expect(theirs.status).toBe('sent');
      for (const home of many.homes) {
        expect(theirs.textBody).toContain(`- ${home.title}: Gas safety check, due `);
        expect(theirs.textBody).toContain(`/listings/${home.id}/compliance`);
      }
      expect(theirs.textBody).toMatch(/\(Due in \d days\)/);
      expect(theirs.textBody).not.toContain('Digest cottage');
      // The HTML part says the same, every value escaped.
      expect(theirs.htmlBody).toContain('<td>Flat &lt;2&gt; &amp; &quot;Garden&quot;</td>');
      expect(theirs.htmlBody).not.toContain('<2>');
      expect(theirs.htmlBody).toContain(
        `href="http://127.0.0.1:5000/listings/${many.homes[0].id}/compliance"`,
      );

      const [single, ...again] = await digestsTo(one.owner);
      expect(again).toEqual([]);
      expect(single.subject).toBe('1 home needs a safety check soon');
      expect(single.textBody).toContain('Digest cottage');
      for (const home of many.homes) expect(single.textBody).not.toContain(home.id);

      // A second run finds every reminder claimed: it sends nothing.
      expect(await runComplianceReminders(t.app.ctx)).toEqual({ skipped: false, sent: 0, emails: 0 });
      expect(await digestsTo(many.owner)).toHaveLength(1);
      expect(await digestsTo(one.owner)).toHaveLength(1);
    });

    it('two runs at once: one claims each reminder and one email goes', async () => {
      await at(0);
      const { owner, homes } = await landlordWithGasDue(['Race flat 1', 'Race flat 2']);
      const runs = await Promise.all([runComplianceReminders(t.app.ctx), runComplianceReminders(t.app.ctx)]);
      // On PostgreSQL the second finds the job's lock held and skips; on PGlite (one connection) it runs after.
      expect(runs.reduce((n, r) => n + r.emails, 0)).toBe(1);
      const mails = await digestsTo(owner);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('2 homes need a safety check soon');
      for (const home of homes) expect(mails[0].textBody.split(home.title)).toHaveLength(2);
      const claims = await t.db
        .select()
        .from(complianceReminders)
        .where(
          inArray(
            complianceReminders.propertyId,
            homes.map((h) => h.id),
          ),
        );
      expect(claims.map((c) => c.stage)).toEqual(['d7', 'd7']);
    });

    it('loses nothing when the process stops between the claim and the send, and never sends it twice', async () => {
      await at(0);
      const { owner } = await landlordWithGasDue(['Crash flat']);
      await expect(runComplianceReminders(stoppedBeforeSending(t.app.ctx))).rejects.toThrow(STOPPED);
      // The claim and its email committed together: the email waits in the outbox.
      const [queued] = await digestsTo(owner);
      expect(queued).toMatchObject({ status: 'queued', subject: '1 home needs a safety check soon' });
      // A run moments later leaves it to the run that stored it (that one may still be sending)...
      await runComplianceReminders(t.app.ctx);
      expect((await digestsTo(owner)).map((m) => m.status)).toEqual(['queued']);
      // ...and once it has waited STALE_QUEUED_MINUTES, the next run sends it, once.
      await leftQueuedLongAgo(t, queued.id);
      await Promise.all([runComplianceReminders(t.app.ctx), runComplianceReminders(t.app.ctx)]);
      await runComplianceReminders(t.app.ctx);
      const after = await digestsTo(owner);
      expect(after.map((m) => [m.id, m.status])).toEqual([[queued.id, 'sent']]);
      expect(after[0].sentAt).not.toBeNull();
    });

    it('claims but does not email a landlord who switched account emails off', async () => {
      await at(0);
      const { owner, homes } = await landlordWithGasDue(['Quiet flat']);
      const off = await call(t, 'PUT', '/api/notification-settings', {
        cookie: owner.cookie,
        body: { email: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      await runComplianceReminders(t.app.ctx);
      expect(await digestsTo(owner)).toEqual([]);
      const claims = await t.db
        .select()
        .from(complianceReminders)
        .where(eq(complianceReminders.propertyId, homes[0].id));
      expect(claims.map((c) => c.stage)).toEqual(['d7']);
    });
  });

  describe('certificates', () => {
    let recordId: string;
    beforeAll(async () => {
      await at(0);
      const res = await record({ kind: 'eicr', completedOn: today });
      recordId = res.json().id;
    });

    it('takes a PDF and serves it to the landlord and the current tenant only', async () => {
      const res = await attach(recordId, PDF, 'Gas Safety Record 2026.pdf');
      expect(res.statusCode, res.body).toBe(201);
      const certificate = res.json();
      expect(certificate).toMatchObject({
        name: 'Gas Safety Record 2026.pdf',
        contentType: 'application/pdf',
      });
      const current = await item('eicr', tenant);
      expect(current.certificate).toMatchObject({ url: certificate.url });
      for (const user of [landlord, tenant]) {
        const file = await call(t, 'GET', certificate.url, { cookie: user.cookie });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('application/pdf');
        expect(file.headers['cache-control']).toContain('no-store');
        expect(file.rawPayload.equals(PDF)).toBe(true);
      }
      for (const user of [formerTenant, stranger, otherLandlord])
        expect((await call(t, 'GET', certificate.url, { cookie: user.cookie })).statusCode).toBe(404);
      expect((await call(t, 'GET', certificate.url)).statusCode).toBe(401);
      // Not a public media file either, whatever its key.
      const [row] = await t.db.select().from(complianceRecords).where(eq(complianceRecords.id, recordId));
      expect(row.certificateKey).toMatch(/^certificates\//);
      expect((await call(t, 'GET', `/media/${row.certificateKey}`)).statusCode).toBe(404);
    });

    it('takes a picture, re-encoded', async () => {
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#eee' } })
        .png()
        .toBuffer();
      const res = await attach(recordId, png, 'photo.png');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ contentType: 'image/jpeg', name: 'photo.jpg' });
    });

    it('refuses a renamed program (415), a file over 5 MB (413), the tenant (403) and others (404)', async () => {
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000, 1)]);
      const renamed = await attach(recordId, exe, 'certificate.pdf');
      expect(renamed.statusCode).toBe(415);
      const big = Buffer.concat([
        PDF.subarray(0, 9),
        Buffer.alloc(CERTIFICATE_MAX_BYTES + 10, 32),
        Buffer.from('%%EOF'),
      ]);
      expect((await attach(recordId, big)).statusCode).toBe(413);
      expect((await attach(recordId, PDF, 'x.pdf', tenant)).statusCode).toBe(403);
      expect((await attach(recordId, PDF, 'x.pdf', stranger)).statusCode).toBe(404);
      const unknown = '00000000-0000-4000-8000-000000000000';
      const res = await postMultipart(
        t,
        `/api/properties/${homeId}/compliance/${unknown}/certificate`,
        landlord.cookie,
        [{ name: 'certificate', filename: 'a.pdf', data: PDF }],
      );
      expect(res.statusCode).toBe(404);
    });
  });

  describe('the dashboard', () => {
    it("gives the landlord a badge per home and nobody else's homes", async () => {
      await at(0);
      const res = await call(t, 'GET', '/api/compliance/homes', { cookie: landlord.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const homes = res.json().homes as Array<{ propertyId: string; status: string }>;
      expect(homes).toEqual([expect.objectContaining({ propertyId: homeId, status: 'overdue' })]);
      const other = await call(t, 'GET', '/api/compliance/homes', { cookie: otherLandlord.cookie });
      expect(other.json().homes).toEqual([]);
    });

    it("puts the landlord's records and reminders in their data export, and none in the tenant's", async () => {
      const mine = await call(t, 'GET', '/api/account/export', { cookie: landlord.cookie });
      expect(mine.statusCode, mine.body.slice(0, 200)).toBe(200);
      const rows = mine.json().compliance as Array<{ type: string; kind: string; certificateName?: string }>;
      expect(rows.filter((r) => r.type === 'record').length).toBeGreaterThanOrEqual(6);
      expect(rows.some((r) => r.type === 'reminder' && r.kind === 'epc')).toBe(true);
      const theirs = await call(t, 'GET', '/api/account/export', { cookie: tenant.cookie });
      expect(theirs.json().compliance).toEqual([]);
    });
  });

  describe("the landlord's account deleted", () => {
    it("keeps the home's records and certificates for its tenant, and sends the landlord nothing more", async () => {
      await at(0);
      const leaving = await createLandlord(t, { premium: true });
      const stays = await createTenant(t);
      const home = await createListing(t, { landlordId: leaving.id, title: 'Leaving flat', nation: 'wales' });
      await createTenancy(t, {
        propertyId: home.id,
        landlordId: leaving.id,
        tenantIds: [stays.id],
        startDate: today,
      });
      const done = await record(
        { kind: 'gas_safety', completedOn: addDays(addMonths(today, -12), 20) },
        leaving,
        home.id,
      );
      expect(done.statusCode, done.body).toBe(201);
      const attached = await postMultipart(
        t,
        `/api/properties/${home.id}/compliance/${done.json().id}/certificate`,
        leaving.cookie,
        [{ name: 'certificate', filename: 'gas.pdf', data: PDF }],
      );
      expect(attached.statusCode, attached.body).toBe(201);
      const deleted = await call(t, 'DELETE', '/api/account', {
        cookie: leaving.cookie,
        body: { password: leaving.password },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);

      const seen = await calendar(stays, home.id);
      expect(seen.statusCode, seen.body).toBe(200);
      const gas = (seen.json().items as Array<{ kind: string; certificate: { url: string } | null }>).find(
        (i) => i.kind === 'gas_safety',
      )!;
      expect((await call(t, 'GET', gas.certificate!.url, { cookie: stays.cookie })).statusCode).toBe(200);
      await runComplianceReminders(t.app.ctx);
      const claimed = await t.db
        .select()
        .from(complianceReminders)
        .where(eq(complianceReminders.propertyId, home.id));
      expect(claimed).toEqual([]);
    });
  });
});
