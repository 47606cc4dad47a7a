// Saved-search email alerts (doc 1 §9: instant at most once an hour, daily digest, weekly summary). The job is
// called directly with the app's context; the clock is moved with t.clock.now. Each test starts from an empty
// database, because a run looks at every saved search there is: one app for the file, its tables emptied before
// each test (a new database per test took a sixth of the suite's time; issue 27).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/context';
import { openDatabase, type Tx } from '../../src/server/db/client';
import { tryTransactionLock } from '../../src/server/db/locks';
import { alertDeliveries, notificationSettings, savedSearches } from '../../src/server/db/schema';
import { runSavedSearchAlerts, SAVED_SEARCH_ALERTS_LOCK } from '../../src/server/features/saved/alerts';
import { startJobs } from '../../src/server/jobs';
import { createListing } from '../factories/listings';
import { createSavedSearch } from '../factories/saved-searches';
import { createLandlord, createPremiumTenant, createTenant, longSession } from '../factories/users';
import { createTestApp, resetDatabase, type TestApp } from '../support/app';
import { call, emailsTo } from '../support/http';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = new Date('2031-03-02T09:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('saved-search alerts', () => {
  let t: TestApp;
  let ctx: AppContext;
  let landlordId: string;
  beforeAll(async () => {
    t = await createTestApp();
    ctx = t.app.ctx;
  });
  beforeEach(async () => {
    await resetDatabase(t);
    t.clock.now = T0;
    landlordId = (await createLandlord(t, { premium: true })).id;
  });
  afterAll(() => t.close());

  const runAt = (ms: number) => {
    t.clock.now = at(ms);
    return runSavedSearchAlerts(ctx);
  };
  const sentTo = async (email: string) => (await emailsTo(t, email, 'alert')).map((m) => m.textBody);

  it('emails a member the new live listings that match, with title, rent and link, and records them', async () => {
    const tenant = await createPremiumTenant(t);
    const search = await createSavedSearch(t, tenant.id, {
      name: 'Flats in LS1',
      alertFrequency: 'instant',
      searchCriteria: { postcode: 'LS1 4AP', propertyType: 'apartment', maxRent: 1000 },
    });
    const match = await createListing(t, {
      landlordId,
      title: 'Match flat',
      publishedAt: at(MINUTE),
      rent: 950,
    });
    await createListing(t, { landlordId, title: 'Other district', outcode: 'M1', publishedAt: at(MINUTE) });
    await createListing(t, {
      landlordId,
      title: 'Too dear',
      rent: 1500,
      publishedAt: at(MINUTE),
    });
    await createListing(t, { landlordId, title: 'A house', type: 'house', publishedAt: at(MINUTE) });
    await createListing(t, { landlordId, title: 'Waiting for review', status: 'pending', publishedAt: null });
    await createListing(t, {
      landlordId,
      title: 'Listed before the search',
      publishedAt: at(-DAY),
      createdAt: at(-DAY),
    });
    await createListing(t, {
      landlordId,
      title: 'Expired',
      publishedAt: at(MINUTE),
      liveUntil: at(90 * 1000),
    });

    const result = await runAt(2 * MINUTE);
    expect(result).toMatchObject({ skipped: false, emailsSent: 1, listingsAlerted: 1 });
    const [mail] = await emailsTo(t, tenant.email, 'alert');
    expect(mail.subject).toBe('1 new home for "Flats in LS1"');
    expect(mail.textBody).toContain('Match flat');
    expect(mail.textBody).toContain('£950 pcm');
    expect(mail.textBody).toContain(`http://127.0.0.1:5000/properties/${match.id}`);
    for (const title of [
      'Other district',
      'Too dear',
      'A house',
      'Waiting for review',
      'Listed before the search',
      'Expired',
    ]) {
      expect(mail.textBody).not.toContain(title);
    }
    expect(mail.htmlBody).toContain(`href="http://127.0.0.1:5000/properties/${match.id}"`);

    const deliveries = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, tenant.id));
    expect(deliveries.map((d) => [d.propertyId, d.savedSearchId])).toEqual([[match.id, search.id]]);
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row.lastAlertAt?.toISOString()).toBe(at(2 * MINUTE).toISOString());
  });

  it('says when a matching home was reduced, and from what', async () => {
    const tenant = await createPremiumTenant(t);
    await createSavedSearch(t, tenant.id, { alertFrequency: 'instant', searchCriteria: { postcode: 'LS1' } });
    await createListing(t, {
      landlordId,
      title: 'Reduced flat',
      publishedAt: at(MINUTE),
      rent: 900,
      rentReducedAt: at(MINUTE),
      previousRentPence: 95_000,
    });
    await runAt(2 * MINUTE);
    const [mail] = await emailsTo(t, tenant.email, 'alert');
    expect(mail.textBody).toMatch(/£900 pcm \(Reduced on \d{1,2} [A-Z][a-z]{2}( \d{4})?, was £950\)/);
  });

  it('sends a listing once: running again, later, sends only listings that are new', async () => {
    const tenant = await createPremiumTenant(t);
    await createSavedSearch(t, tenant.id, { alertFrequency: 'instant' });
    await createListing(t, { landlordId, title: 'First home', publishedAt: at(MINUTE) });
    await runAt(2 * MINUTE);
    expect(await sentTo(tenant.email)).toHaveLength(1);

    expect((await runAt(3 * MINUTE)).emailsSent).toBe(0);
    expect((await runAt(3 * HOUR)).emailsSent).toBe(0);
    await createListing(t, { landlordId, title: 'Second home', publishedAt: at(4 * HOUR) });
    expect((await runAt(5 * HOUR)).emailsSent).toBe(1);
    const [latest] = await sentTo(tenant.email);
    expect(latest).toContain('Second home');
    expect(latest).not.toContain('First home');
    expect(await sentTo(tenant.email)).toHaveLength(2);
  });

  it('instant alerts go out at most once an hour', async () => {
    const tenant = await createPremiumTenant(t);
    await createSavedSearch(t, tenant.id, { alertFrequency: 'instant' });
    await createListing(t, { landlordId, publishedAt: at(MINUTE) });
    await runAt(2 * MINUTE);
    await createListing(t, { landlordId, title: 'Ten minutes later', publishedAt: at(10 * MINUTE) });
    expect((await runAt(30 * MINUTE)).emailsSent).toBe(0);
    expect((await runAt(61 * MINUTE)).emailsSent).toBe(0);
    expect((await runAt(62 * MINUTE)).emailsSent).toBe(1);
    expect((await sentTo(tenant.email))[0]).toContain('Ten minutes later');
  });

  it('daily digests go out once a day and weekly summaries once a week', async () => {
    const daily = await createPremiumTenant(t);
    const weekly = await createPremiumTenant(t);
    await createSavedSearch(t, daily.id, { alertFrequency: 'daily' });
    await createSavedSearch(t, weekly.id, { alertFrequency: 'weekly' });
    await createListing(t, { landlordId, title: 'Monday home', publishedAt: at(MINUTE) });
    await runAt(5 * MINUTE);
    expect(await sentTo(daily.email)).toHaveLength(1);
    expect(await sentTo(weekly.email)).toHaveLength(1);

    await createListing(t, { landlordId, title: 'Later home', publishedAt: at(HOUR) });
    await runAt(23 * HOUR);
    expect(await sentTo(daily.email)).toHaveLength(1);
    await runAt(DAY + 5 * MINUTE);
    expect(await sentTo(daily.email)).toHaveLength(2);
    expect((await sentTo(daily.email))[0]).toContain('Later home');

    await runAt(6 * DAY);
    expect(await sentTo(weekly.email)).toHaveLength(1);
    await runAt(7 * DAY + 5 * MINUTE);
    expect(await sentTo(weekly.email)).toHaveLength(2);
    const summary = (await sentTo(weekly.email))[0];
    expect(summary).toContain('Later home');
    expect(summary).toContain('Weekly summary');
  });

  it('never sends one listing twice to a member, even when two of their searches match it', async () => {
    const tenant = await createPremiumTenant(t);
    const neighbour = await createPremiumTenant(t);
    await createSavedSearch(t, tenant.id, { name: 'Leeds', searchCriteria: { location: 'Leeds' } });
    await createSavedSearch(t, tenant.id, {
      name: 'LS1 flats',
      searchCriteria: { postcode: 'LS1', propertyType: 'apartment' },
    });
    await createSavedSearch(t, neighbour.id, { name: 'Also LS1', searchCriteria: { postcode: 'LS1' } });
    const home = await createListing(t, { landlordId, title: 'Wanted by all', publishedAt: at(MINUTE) });
    const result = await runAt(2 * MINUTE);
    expect(result.emailsSent).toBe(2);
    expect(await sentTo(tenant.email)).toHaveLength(1);
    expect(await sentTo(neighbour.email)).toHaveLength(1);
    const deliveries = await t.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.propertyId, home.id));
    expect(deliveries.map((d) => d.userId).sort()).toEqual([tenant.id, neighbour.id].sort());
    // A day later, the other search is due again; the listing still is not sent twice.
    expect((await runAt(2 * DAY)).emailsSent).toBe(0);
  });

  it('names ten listings, newest first, and says how many more there are', async () => {
    const tenant = await createPremiumTenant(t);
    await createSavedSearch(t, tenant.id, { name: 'Everything in LS1' });
    for (let i = 1; i <= 12; i++)
      await createListing(t, { landlordId, title: `Home number ${i}.`, publishedAt: at(i * MINUTE) });
    const result = await runAt(HOUR);
    expect(result).toMatchObject({ emailsSent: 1, listingsAlerted: 12 });
    const [mail] = await emailsTo(t, tenant.email, 'alert');
    expect(mail.subject).toBe('12 new homes for "Everything in LS1"');
    expect(mail.textBody.match(/\/properties\/[0-9a-f-]{36}/g)).toHaveLength(10);
    expect(mail.textBody).toContain('Home number 12.');
    expect(mail.textBody).not.toContain('Home number 2.');
    expect(mail.textBody).toContain(
      '…and 2 more. See them all: http://127.0.0.1:5000/properties?location=LS1',
    );
  });

  it('matches like the search: a town, an area’s letters, 4 bedrooms as 4+, and free text', async () => {
    const town = await createPremiumTenant(t);
    const area = await createPremiumTenant(t);
    const bigFamily = await createPremiumTenant(t);
    const garden = await createPremiumTenant(t);
    await createSavedSearch(t, town.id, { searchCriteria: { location: 'leeds' } });
    await createSavedSearch(t, area.id, { searchCriteria: { postcode: 'L' } });
    await createSavedSearch(t, bigFamily.id, { searchCriteria: { bedrooms: 4, postcode: 'LS6' } });
    await createSavedSearch(t, garden.id, { searchCriteria: { q: 'garden' } });
    await createListing(t, {
      landlordId,
      title: 'Headingley house',
      outcode: 'LS6',
      bedrooms: 5,
      publishedAt: at(MINUTE),
    });
    await createListing(t, { landlordId, title: 'Liverpool flat', outcode: 'L1', publishedAt: at(MINUTE) });
    await createListing(t, {
      landlordId,
      title: 'Three bed in LS6',
      outcode: 'LS6',
      bedrooms: 3,
      publishedAt: at(MINUTE),
    });
    await createListing(t, {
      landlordId,
      title: 'Manchester flat',
      outcode: 'M1',
      description: 'A flat with a shared garden.',
      publishedAt: at(MINUTE),
    });
    await runAt(2 * MINUTE);
    const [townMail] = await sentTo(town.email);
    expect(townMail).toContain('Headingley house');
    expect(townMail).toContain('Three bed in LS6');
    expect(townMail).not.toContain('Liverpool flat');
    const [areaMail] = await sentTo(area.email);
    expect(areaMail).toContain('Liverpool flat');
    expect(areaMail).not.toContain('Headingley house');
    const [familyMail] = await sentTo(bigFamily.email);
    expect(familyMail).toContain('Headingley house');
    expect(familyMail).not.toContain('Three bed in LS6');
    const [gardenMail] = await sentTo(garden.email);
    expect(gardenMail).toContain('Manchester flat');
    expect(gardenMail).not.toContain('Headingley house');
  });

  it('sends nothing when the search’s alerts are off, Property Alerts is off, or the member is no longer premium', async () => {
    const alertsOff = await createPremiumTenant(t);
    const settingOff = await createPremiumTenant(t);
    const lapsed = await createTenant(t, { subscriptionStatus: 'canceled', currentPeriodEnd: at(-DAY) });
    const free = await createTenant(t);
    await createSavedSearch(t, alertsOff.id, { emailAlerts: false });
    await createSavedSearch(t, settingOff.id);
    await t.db
      .update(notificationSettings)
      .set({ propertyAlerts: false })
      .where(eq(notificationSettings.userId, settingOff.id));
    await createSavedSearch(t, lapsed.id);
    await createSavedSearch(t, free.id);
    await createListing(t, { landlordId, publishedAt: at(MINUTE) });
    const result = await runAt(2 * MINUTE);
    expect(result).toMatchObject({ skipped: false, searchesChecked: 0, emailsSent: 0 });
    for (const user of [alertsOff, settingOff, lapsed, free]) expect(await sentTo(user.email)).toEqual([]);
    expect(await t.db.select().from(alertDeliveries)).toEqual([]);
  });

  it('shows the date of the last alert in GET /api/saved-searches after a run', async () => {
    const tenant = await createPremiumTenant(t);
    const cookie = await longSession(t, tenant.id);
    const save = await call(t, 'POST', '/api/saved-searches', {
      cookie,
      body: { name: 'Leeds flats', alertFrequency: 'instant', searchCriteria: { postcode: 'LS1' } },
    });
    expect(save.json().lastAlert).toBeNull();
    await createListing(t, { landlordId, publishedAt: at(MINUTE) });
    await runAt(2 * MINUTE);
    t.clock.now = at(3 * MINUTE);
    const [listed] = (await call(t, 'GET', '/api/saved-searches', { cookie })).json();
    expect(listed.lastAlert).toBe(at(2 * MINUTE).toISOString());
  });

  it('starts alerts from now when they are switched back on, not with everything listed meanwhile', async () => {
    const tenant = await createPremiumTenant(t);
    const cookie = await longSession(t, tenant.id);
    const search = await createSavedSearch(t, tenant.id, { emailAlerts: false });
    await createListing(t, { landlordId, title: 'Listed while off', publishedAt: at(HOUR) });
    t.clock.now = at(3 * DAY);
    const on = await call(t, 'PATCH', `/api/saved-searches/${search.id}`, {
      cookie,
      body: { emailAlerts: true },
    });
    expect(on.statusCode).toBe(200);
    await createListing(t, { landlordId, title: 'Listed after', publishedAt: at(3 * DAY + MINUTE) });
    await runAt(3 * DAY + 2 * MINUTE);
    const [mail] = await sentTo(tenant.email);
    expect(mail).toContain('Listed after');
    expect(mail).not.toContain('Listed while off');
  });

  it('never sends twice after a crash while sending: deliveries are committed first', async () => {
    const tenant = await createPremiumTenant(t);
    await createSavedSearch(t, tenant.id, { alertFrequency: 'instant' });
    await createListing(t, { landlordId, publishedAt: at(MINUTE) });
    const crashing: AppContext = {
      ...ctx,
      mailer: {
        ...ctx.mailer,
        send: async () => {
          throw new Error('process killed mid-send');
        },
      },
    };
    t.clock.now = at(2 * MINUTE);
    await expect(runSavedSearchAlerts(crashing)).rejects.toThrow('process killed mid-send');
    // The restarted process finds the listing already recorded.
    expect((await runAt(3 * HOUR)).emailsSent).toBe(0);
    expect(await sentTo(tenant.email)).toEqual([]);
    expect(
      await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, tenant.id)),
    ).toHaveLength(1);
  });

  it('resumes after a restart from what the database holds', async () => {
    const tenant = await createPremiumTenant(t);
    await createSavedSearch(t, tenant.id, { alertFrequency: 'instant' });
    await createListing(t, { landlordId, title: 'Before the restart', publishedAt: at(MINUTE) });
    await runAt(2 * MINUTE);
    const restarted = await buildApp(t.config, {
      database: ctx.database,
      logger: false,
      now: () => at(3 * HOUR),
    });
    try {
      await createListing(t, { landlordId, title: 'After the restart', publishedAt: at(2 * HOUR) });
      expect((await runSavedSearchAlerts(restarted.ctx)).emailsSent).toBe(1);
      const mails = await sentTo(tenant.email);
      expect(mails).toHaveLength(2);
      expect(mails[0]).toContain('After the restart');
      expect(mails[0]).not.toContain('Before the restart');
    } finally {
      await restarted.close();
    }
  });

  /** Another app instance on the same database: its own connection pool on PostgreSQL; on PGlite (one embedded
   * connection, one process) a second app over the same database. */
  async function secondInstance(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
    const now = () => ctx.now();
    if (ctx.database.kind === 'postgres') {
      const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: Array<{ name: string }>;
      };
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${result.rows[0].name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      const app = await buildApp(t.config, { database, logger: false, now });
      return {
        app,
        close: async () => {
          await app.close();
          await database.close();
        },
      };
    }
    const app = await buildApp(t.config, { database: ctx.database, logger: false, now });
    return { app, close: () => app.close() };
  }

  it('runs once when two app instances start it at the same moment', async () => {
    const tenant = await createPremiumTenant(t);
    await createSavedSearch(t, tenant.id, { alertFrequency: 'instant' });
    await createListing(t, { landlordId, publishedAt: at(MINUTE) });
    t.clock.now = at(2 * MINUTE);
    const other = await secondInstance();
    try {
      const results = await Promise.all([runSavedSearchAlerts(ctx), runSavedSearchAlerts(other.app.ctx)]);
      expect(results.map((r) => r.emailsSent).sort()).toEqual([0, 1]);
      expect(await sentTo(tenant.email)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('does nothing while another instance holds the alerts lock', async () => {
    const tenant = await createPremiumTenant(t);
    await createSavedSearch(t, tenant.id, { alertFrequency: 'instant' });
    await createListing(t, { landlordId, publishedAt: at(MINUTE) });
    t.clock.now = at(2 * MINUTE);

    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: (tx: Tx) => void;
    const lockTaken = new Promise<Tx>((resolve) => {
      locked = resolve;
    });
    const holder = ctx.db.transaction(async (tx) => {
      expect(await tryTransactionLock(tx, SAVED_SEARCH_ALERTS_LOCK)).toBe(true);
      locked(tx);
      await released;
    });
    const holderTx = await lockTaken;
    let settled = false;
    const run = runSavedSearchAlerts(ctx).finally(() => {
      settled = true;
    });
    if (ctx.database.kind === 'postgres') {
      // Another connection holds the lock: this run skips at once, while the lock is still held, and sends nothing.
      expect(await run).toMatchObject({ skipped: true, emailsSent: 0 });
      release();
      await holder;
      expect(await sentTo(tenant.email)).toEqual([]);
      expect((await runSavedSearchAlerts(ctx)).emailsSent).toBe(1);
    } else {
      // PGlite is one connection: a second transaction waits for the first, then takes the lock itself. The holder's
      // own query answers while the run is still waiting.
      await holderTx.execute(sql`select 1`);
      expect(settled).toBe(false);
      release();
      await holder;
      expect(await run).toMatchObject({ skipped: false, emailsSent: 1 });
    }
    expect(await sentTo(tenant.email)).toHaveLength(1);
  });

  it('the scheduler runs each job on its interval, one run at a time, past errors, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let runs = 0;
      let active = 0;
      let overlapped = false;
      const stop = startJobs(ctx, [
        {
          name: 'test-job',
          intervalMs: 5,
          initialDelayMs: 0,
          run: async () => {
            runs += 1;
            active += 1;
            if (active > 1) overlapped = true;
            await new Promise((resolve) => setTimeout(resolve, 20));
            active -= 1;
            if (runs === 2) throw new Error('a bad run');
          },
        },
      ]);
      // Each run takes 20 ms and the next starts 5 ms after it ends: runs at 0, 25, 50 and 75 ms.
      await vi.advanceTimersByTimeAsync(80);
      expect(runs).toBe(4);
      expect(active).toBe(1);
      const stopping = stop();
      await vi.advanceTimersByTimeAsync(20); // the run in flight finishes; stop waits for it
      await stopping;
      expect(active).toBe(0);
      expect(overlapped).toBe(false);
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(4); // nothing runs after stop, even past the bad second run
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs every job at JOB_INTERVAL_SECONDS when it is set (the fleet test), instead of its own interval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const every = { ...ctx, config: { ...ctx.config, jobIntervalMs: 10 } };
      let runs = 0;
      const stop = startJobs(every, [
        {
          name: 'hourly-job',
          intervalMs: HOUR,
          initialDelayMs: HOUR,
          run: async () => {
            runs += 1;
          },
        },
      ]);
      // An hourly job with an hour's first delay runs at 10, 20 and 30 ms.
      await vi.advanceTimersByTimeAsync(35);
      expect(runs).toBe(3);
      await stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
