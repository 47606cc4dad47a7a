// `npm run test:fleet`: two compiled instances on one new PostgreSQL database behind Debian's HAProxy
// (ops/haproxy/fleet.cfg), a mixed load of 64 signed-in members over loopback, and the faults a fleet lives
// through while it runs: a rolling restart (SIGTERM, start again, one instance after the other), a SIGKILL, and
// a database outage. The instances have data folders of their own, as on two hosts, and keep photos in one bucket
// (MEDIA_STORE=s3 on s3rver, started here). Every write the balancer acknowledged with a 2xx goes in a ledger, and
// every one must be in the database afterwards (every uploaded photo served by both instances); the background
// jobs must have sent each of their emails exactly once across the two instances. Prints requests, failures by
// cause and p50/p95/p99 per phase, the ledger and the jobs; exits 1 on any loss, any failure the faults do not
// explain, or a job that ran twice or never.
//
//   npm run test:fleet                                  PostgreSQL at FLEET_DATABASE_URL, TEST_DATABASE_URL or
//                                                       postgres://postgres@127.0.0.1:5432/test (a new database
//                                                       is made beside it and dropped afterwards)
//   npm run test:fleet -- --short                       the same faults, one of each, in under 2 minutes with the
//                                                       build done (CI): 500 listings, 24 members, 20 s of load
//   npm run test:fleet -- --duration 60 --connections 64
//   npm run test:fleet -- --database-fault restart      restarts the PostgreSQL server itself (pg_ctlcluster)
//                                                       instead of shutting the app's database off (the default,
//                                                       which leaves the shared server and its other users alone)
//   FLEET_REDIS_URL=redis://127.0.0.1:6379              the instances share rate limits through Redis
// See docs/decisions/0036-fleet-test.md.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../src/server/db/client';
import { seedDemoData } from '../src/server/db/seed';
import { randomToken } from '../src/server/lib/crypto';
import { hashPassword } from '../src/server/lib/passwords';
import { listingContent } from '../tests/factories/listings';
import { multipart } from '../tests/support/http';
import { type S3Server, startS3Server } from '../tests/support/s3';
import { ensureBuilt, root, SERVER_ENTRY, SERVER_NODE_FLAGS } from './build.mjs';
import { FleetClient, sessionCookie } from './fleet/http';
import {
  type LedgerEntry,
  missingByKind,
  type Outage,
  type Phase,
  type RequestRecord,
  summarise,
} from './fleet/verdict';
import { freePort } from './free-port';
import { markdownTable } from './table';

const STARTED = Date.now();
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    'database-fault': { type: 'string', default: 'block' },
    short: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
/** --short: one fault of each kind as ever, on a smaller site under a lighter load, for CI's gate. */
const SHORT = args.short;
const DURATION_MS = Number(args.duration ?? (SHORT ? 20 : 60)) * 1000;
const CONNECTIONS = Number(args.connections ?? (SHORT ? 24 : 64));
const SEED = SHORT ? { properties: 500, contractors: 20 } : { properties: 2000, contractors: 60 };
const DATABASE_FAULT = args['database-fault'];
if (!(DURATION_MS > 0) || !Number.isInteger(CONNECTIONS) || CONNECTIONS < 2)
  throw new Error('--duration must be seconds and --connections a whole number of at least 2');
if (DATABASE_FAULT !== 'block' && DATABASE_FAULT !== 'restart')
  throw new Error('--database-fault is block (the default) or restart');

const ADMIN_URL =
  process.env.FLEET_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const SESSION_SECRET = randomToken() + randomToken();
const PASSWORD = 'fleet-password-2026';
const RUN = Date.now().toString(36);
/** Saved searches that must each get one instant alert, and listings that must each get one confirm reminder. */
const ALERTING_SEARCHES = 12;
const DUE_REMINDERS = 12;
/** How long the app's database stays shut off (the default fault). */
const OUTAGE_MS = 4000;
/** The bucket both instances keep photos in. */
const BUCKET = 'yp-fleet-media';

function log(message: string) {
  console.log(`[fleet] ${message}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------------------
// HAProxy from Debian, installed when missing (CI's machines start without it).

function ensureHaproxy() {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return;
  } catch {
    log('installing Debian’s haproxy (apt-get)…');
  }
  const apt = (...words: string[]) =>
    execFileSync('apt-get', words, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt('update', '-qq');
  apt('install', '-y', '-qq', 'haproxy');
}

// ---------------------------------------------------------------------------------------------------------
// The database: new, migrated, seeded, with the members the load signs in as and work due for the jobs.

interface Member {
  id: string;
  email: string;
  kind: 'tenant' | 'landlord';
  cookie?: string;
  saved: Set<string>;
  conversations: string[];
  /** Listing photos uploaded and not yet named in a submission (landlords). */
  photos: string[];
  /** What the site's own per-member limits allow in the run (forum, conversations, uploads), kept well inside them. */
  budget: { topics: number; forumMessages: number; enquiries: number; messages: number; photos: number };
}

interface Prepared {
  members: Member[];
  propertyIds: string[];
  topicIds: string[];
  cities: string[];
  alertedEmails: string[];
  reminderTitles: string[];
}

async function prepare(url: string): Promise<Prepared> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.migrate();
    const started = Date.now();
    await seedDemoData(database.db, SEED);
    log(
      `seeded ${SEED.properties.toLocaleString('en-GB')} listings and ${SEED.contractors} contractors in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = await hashPassword(PASSWORD);
    const tenants = Math.max(1, Math.round(CONNECTIONS * 0.75));
    const members: Member[] = [];
    for (let i = 0; i < CONNECTIONS; i += 1) {
      const kind = i < tenants ? 'tenant' : 'landlord';
      const email = `fleet-${kind}-${i}@example.test`;
      const { rows } = await client.query<{ id: string }>(
        `insert into users (email, password_hash, first_name, last_name, user_type, is_premium)
         values ($1, $2, 'Fleet', $3, $4, true) returning id`,
        [email, hash, `Member ${i}`, kind],
      );
      await client.query('insert into notification_settings (user_id) values ($1) on conflict do nothing', [
        rows[0].id,
      ]);
      members.push({
        id: rows[0].id,
        email,
        kind,
        saved: new Set(),
        conversations: [],
        photos: [],
        budget: { topics: 3, forumMessages: 20, enquiries: 12, messages: 40, photos: 10 },
      });
    }
    // Nothing of the seed's is due for a confirm reminder; a dozen homes of different landlords are.
    await client.query(`update properties set confirmed_at = now(), confirm_reminder_sent_at = null`);
    const due = await client.query<{ id: string }>(
      `select distinct on (landlord_id) id from properties where status = 'live' order by landlord_id, id limit $1`,
      [DUE_REMINDERS],
    );
    const reminderTitles: string[] = [];
    for (const [i, row] of due.rows.entries()) {
      const title = `Fleet reminder home ${RUN}-${i}`;
      reminderTitles.push(title);
      await client.query(
        `update properties set title = $2, confirmed_at = now() - interval '15 days' where id = $1`,
        [row.id, title],
      );
    }
    // A dozen tenants have an instant alert on a district where three homes were published after they saved it.
    const district = await client.query<{ outcode: string }>(
      `select outcode from properties where status = 'live' group by outcode having count(*) >= 3
       order by count(*) desc limit 1`,
    );
    const outcode = district.rows[0].outcode;
    await client.query(
      `update properties set published_at = now() where id in
         (select id from properties where status = 'live' and outcode = $1 order by id limit 3)`,
      [outcode],
    );
    const alerted = members.filter((m) => m.kind === 'tenant').slice(0, ALERTING_SEARCHES);
    for (const member of alerted) {
      await client.query(
        `insert into saved_searches (user_id, name, email_alerts, alert_frequency, search_criteria, created_at,
           last_checked_at)
         values ($1, $2, true, 'instant', $3, now() - interval '1 hour', now() - interval '1 hour')`,
        [member.id, `Homes in ${outcode}`, JSON.stringify({ postcode: outcode })],
      );
    }
    const properties = await client.query<{ id: string }>(
      `select id from properties where status = 'live' order by random() limit 400`,
    );
    const topics = await client.query<{ id: string }>('select id from forum_topics limit 50');
    const cities = await client.query<{ location: string }>(
      `select location from properties where status = 'live' and location is not null
       group by location order by count(*) desc limit 10`,
    );
    return {
      members,
      propertyIds: properties.rows.map((r) => r.id),
      topicIds: topics.rows.map((r) => r.id),
      cities: cities.rows.map((r) => r.location),
      alertedEmails: alerted.map((m) => m.email),
      reminderTitles,
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------
// The processes: two instances and the balancer.

interface Instance {
  name: 'app1' | 'app2';
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

interface Fleet {
  dbUrl: string;
  /** Each instance's DATA_DIR is a folder of its own under this one: nothing on disk is shared. */
  dataDir: string;
  /** The bucket's server: the only place the instances share photos. */
  s3: S3Server;
  logDir: string;
  ports: { app1: number; app2: number; lb: number; stats: number };
  instances: Record<'app1' | 'app2', Instance | undefined>;
  haproxy?: ChildProcess;
}

async function startInstance(fleet: Fleet, name: 'app1' | 'app2'): Promise<Instance> {
  const port = fleet.ports[name];
  const logFile = openSync(path.join(fleet.logDir, `${name}.log`), 'a');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: root,
    stdio: ['ignore', logFile, logFile],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: fleet.dbUrl,
      DATA_DIR: path.join(fleet.dataDir, name),
      ...fleet.s3.env(BUCKET),
      SESSION_SECRET,
      SEED_DEMO: 'false',
      DEMO_LOGIN: 'false',
      PAYMENTS_PROVIDER: 'test',
      MAIL_TRANSPORT: 'files',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      REDIS_URL: process.env.FLEET_REDIS_URL ?? '',
      // Behind the balancer: the member's address comes in X-Forwarded-For, and the load all comes from one
      // address, so the per-address sign-in limit is lifted (the per-member limits stay).
      TRUST_PROXY: '1',
      RATE_LIMIT_MAX: '1000000',
      SHUTDOWN_DRAIN_SECONDS: '3',
      JOB_INTERVAL_SECONDS: '2',
    },
  });
  closeSync(logFile);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const instance: Instance = { name, port, child, exited };
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  await waitFor(`${name} to answer /readyz`, async () => {
    if (gone) throw new Error(`${name} exited while starting; see ${fleet.logDir}/${name}.log`);
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
  }).catch((err) => {
    if (gone) throw new Error(`${name} exited while starting; see ${fleet.logDir}/${name}.log`);
    throw err;
  });
  fleet.instances[name] = instance;
  return instance;
}

/** The balancer's view of an instance: UP, DOWN, or a transition ("UP 1/2"). */
async function balancerStatus(fleet: Fleet, name: string): Promise<string> {
  const csv = await (await fetch(`http://127.0.0.1:${fleet.ports.stats}/stats;csv`)).text();
  const header = csv.split('\n')[0].replace(/^# /, '').split(',');
  const status = header.indexOf('status');
  const row = csv.split('\n').find((line) => line.startsWith(`app,${name},`));
  return row?.split(',')[status] ?? 'missing';
}

const balancerSees = (fleet: Fleet, name: string, wanted: 'UP' | 'DOWN') =>
  waitFor(
    `the balancer to see ${name} ${wanted}`,
    async () => (await balancerStatus(fleet, name)) === wanted,
  );

function startHaproxy(fleet: Fleet) {
  const logFile = openSync(path.join(fleet.logDir, 'haproxy.log'), 'a');
  fleet.haproxy = spawn('haproxy', ['-db', '-f', path.join(root, 'ops/haproxy/fleet.cfg')], {
    stdio: ['ignore', logFile, logFile],
    env: {
      ...process.env,
      FLEET_LB_ADDR: `127.0.0.1:${fleet.ports.lb}`,
      FLEET_STATS_ADDR: `127.0.0.1:${fleet.ports.stats}`,
      FLEET_APP1_ADDR: `127.0.0.1:${fleet.ports.app1}`,
      FLEET_APP2_ADDR: `127.0.0.1:${fleet.ports.app2}`,
    },
  });
  closeSync(logFile);
}

async function stopInstance(fleet: Fleet, name: 'app1' | 'app2', signal: 'SIGTERM' | 'SIGKILL') {
  const instance = fleet.instances[name];
  if (!instance) return null;
  instance.child.kill(signal);
  const code = await instance.exited;
  fleet.instances[name] = undefined;
  return code;
}

// ---------------------------------------------------------------------------------------------------------
// The load: one worker per connection, each signed in as its own member, picking from a weighted mix.

type Op = (member: Member) => Promise<void>;

class Load {
  phase: Phase = 'warm-up';
  stopped = false;
  readonly records: RequestRecord[] = [];
  readonly ledger: LedgerEntry[] = [];
  readonly inFlight = new Set<RequestRecord>();
  private counter = 0;
  private readonly client: FleetClient;

  constructor(
    lb: number,
    private readonly data: Prepared,
    /** A listing photo's upload body (multipart/form-data), the same bytes each time. */
    private readonly photoUpload: { payload: Buffer; type: string },
  ) {
    this.client = new FleetClient(new URL(`http://127.0.0.1:${lb}`), CONNECTIONS);
  }

  /** Set from just before a SIGKILL until the process's exit is seen: requests sent then may reach it. */
  killing = false;

  /** Marks every request in flight now, and every one sent until `killing` is cleared: the balancer may lose
   * those that were on the killed instance (one sent as it died may have been forwarded to it). */
  markInFlight() {
    this.killing = true;
    for (const record of this.inFlight) record.inFlightAtKill = true;
  }

  private token() {
    this.counter += 1;
    return `${RUN}-${this.counter}`;
  }

  private pick<T>(list: T[]): T {
    return list[Math.floor(Math.random() * list.length)];
  }

  private async send(
    op: string,
    method: string,
    url: string,
    member: Member | null,
    body?: unknown,
    raw?: { payload: Buffer; type: string },
  ) {
    const record: RequestRecord = {
      op,
      phase: this.phase,
      startedAt: Date.now(),
      endedAt: 0,
      status: 0,
      cause: '',
      inFlightAtKill: this.killing,
    };
    this.inFlight.add(record);
    const answer = await this.client.request(method, url, { body, raw, cookie: member?.cookie });
    this.inFlight.delete(record);
    record.endedAt = Date.now();
    record.status = answer.status;
    record.cause = answer.cause;
    this.records.push(record);
    return answer;
  }

  private json(body: string): Record<string, unknown> {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return {};
    }
  }

  async signIn(member: Member) {
    const answer = await this.send('sign-in', 'POST', '/api/login', null, {
      email: member.email,
      password: PASSWORD,
    });
    if (answer.cause === 'ok') member.cookie = sessionCookie(answer.setCookie) ?? member.cookie;
    return answer.cause === 'ok';
  }

  private readonly search: Op = async (m) => {
    const city = encodeURIComponent(this.pick(this.data.cities));
    await this.send(
      'search',
      'GET',
      `/api/properties?location=${city}&page=${1 + Math.floor(Math.random() * 3)}`,
      m,
    );
  };

  private readonly detail: Op = async (m) => {
    await this.send('detail', 'GET', `/api/properties/${this.pick(this.data.propertyIds)}`, m);
  };

  private readonly page: Op = async (m) => {
    await this.send(
      'page',
      'GET',
      `/properties?location=${encodeURIComponent(this.pick(this.data.cities))}`,
      m,
    );
  };

  private readonly save: Op = async (m) => {
    const propertyId = this.pick(this.data.propertyIds);
    if (m.saved.has(propertyId)) return this.detail(m);
    const answer = await this.send('save', 'POST', '/api/property-interactions', m, {
      propertyId,
      type: 'save',
    });
    if (answer.cause !== 'ok') return;
    m.saved.add(propertyId);
    this.ledger.push({ kind: 'save', key: `${m.id}:${propertyId}` });
  };

  private readonly topic: Op = async (m) => {
    if (m.budget.topics <= 0) return this.search(m);
    m.budget.topics -= 1;
    const title = `Fleet topic ${this.token()}`;
    const answer = await this.send('forum topic', 'POST', '/api/forum/topics', m, {
      title,
      description: 'Posted by the fleet test while it restarts and kills instances.',
    });
    if (answer.cause !== 'ok') return;
    const id = String(this.json(answer.body).id);
    this.data.topicIds.push(id);
    this.ledger.push({ kind: 'forum topic', key: title });
  };

  private readonly forumMessage: Op = async (m) => {
    if (m.budget.forumMessages <= 0 || this.data.topicIds.length === 0) return this.search(m);
    m.budget.forumMessages -= 1;
    const content = `Fleet reply ${this.token()}`;
    const topic = this.pick(this.data.topicIds);
    const answer = await this.send('forum message', 'POST', `/api/forum/topics/${topic}/messages`, m, {
      content,
    });
    if (answer.cause === 'ok') this.ledger.push({ kind: 'forum message', key: content });
  };

  private readonly enquiry: Op = async (m) => {
    if (m.budget.enquiries <= 0) return this.message(m);
    m.budget.enquiries -= 1;
    const message = `Is this home still available from next month? ${this.token()}`;
    const property = this.pick(this.data.propertyIds);
    const answer = await this.send('enquiry', 'POST', `/api/properties/${property}/enquiries`, m, {
      message,
    });
    if (answer.cause !== 'ok') return;
    m.conversations.push(String(this.json(answer.body).conversationId));
    this.ledger.push({ kind: 'enquiry', key: message });
  };

  private readonly message: Op = async (m) => {
    if (m.budget.messages <= 0 || m.conversations.length === 0) return this.detail(m);
    m.budget.messages -= 1;
    const body = `Fleet message ${this.token()}`;
    const conversation = this.pick(m.conversations);
    const answer = await this.send('message', 'POST', `/api/conversations/${conversation}/messages`, m, {
      body,
    });
    if (answer.cause === 'ok') this.ledger.push({ kind: 'message', key: body });
  };

  private readonly register: Op = async () => {
    const email = `fleet-new-${this.token()}@example.test`;
    const answer = await this.send('registration', 'POST', '/api/register', null, {
      firstName: 'Fleet',
      lastName: 'Newcomer',
      email,
      password: PASSWORD,
      userType: 'tenant',
    });
    if (answer.cause === 'ok') this.ledger.push({ kind: 'registration', key: email });
  };

  /** A listing photo, stored in the bucket by whichever instance takes it; both must serve it afterwards. */
  private readonly photo: Op = async (m) => {
    if (m.budget.photos <= 0) return this.detail(m);
    m.budget.photos -= 1;
    const answer = await this.send(
      'photo upload',
      'POST',
      '/api/listing-photos',
      m,
      undefined,
      this.photoUpload,
    );
    if (answer.cause !== 'ok') return;
    const url = String(this.json(answer.body).url);
    m.photos.push(url);
    this.ledger.push({ kind: 'photo', key: url });
  };

  private readonly listing: Op = async (m) => {
    const title = `Fleet listing ${this.token()}`;
    // With the member's latest photo, which the instance checks is still in the bucket before it commits.
    const photo = m.photos.at(-1);
    const answer = await this.send('listing submission', 'POST', '/api/content-submissions', m, {
      contentType: 'property_listing',
      contentData: listingContent({
        title,
        description:
          'A home submitted by the fleet test while instances restart, die and lose their database.',
        images: photo ? [photo] : [],
      }),
    });
    if (answer.cause !== 'ok') return;
    if (photo) m.photos.pop();
    this.ledger.push({ kind: 'listing submission', key: title });
  };

  private readonly signInAgain: Op = async (m) => {
    await this.signIn(m);
  };

  private readonly mixes: Record<Member['kind'], Array<[Op, number]>> = {
    tenant: [
      [this.search, 30],
      [this.detail, 22],
      [this.page, 5],
      [this.save, 10],
      [this.forumMessage, 7],
      [this.topic, 2],
      [this.enquiry, 4],
      [this.message, 8],
      [this.signInAgain, 1],
      [this.register, 1],
    ],
    landlord: [
      [this.search, 35],
      [this.detail, 30],
      [this.page, 10],
      [this.photo, 6],
      [this.listing, 12],
      [this.signInAgain, 1],
    ],
  };

  private choose(kind: Member['kind']): Op {
    const mix = this.mixes[kind];
    let roll = Math.random() * mix.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [op, weight] of mix) {
      roll -= weight;
      if (roll < 0) return op;
    }
    return mix[0][0];
  }

  async run(member: Member) {
    while (!this.stopped) await this.choose(member.kind)(member);
  }

  close() {
    this.client.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// The faults, in order, while the load runs.

/** Takes the database away for OUTAGE_MS and brings it back; both instances must say so on /readyz and recover
 * by themselves. With --database-fault restart, `admin` is gone afterwards (the caller connects again). */
async function databaseOutage(fleet: Fleet, admin: pg.Client, dbName: string): Promise<Outage> {
  const seen = { app1: new Set<number>(), app2: new Set<number>() };
  let watching = true;
  const watch = (async () => {
    while (watching) {
      for (const name of ['app1', 'app2'] as const) {
        const answer = await fetch(`http://127.0.0.1:${fleet.ports[name]}/readyz`).catch(() => null);
        if (answer) seen[name].add(answer.status);
      }
      await sleep(100);
    }
  })();
  const from = Date.now();
  const version = DATABASE_FAULT === 'restart' ? readdirSync('/etc/postgresql')[0] : '';
  if (DATABASE_FAULT === 'restart') {
    // The whole server stops (every database on it) and starts again after the outage.
    log(`stopping PostgreSQL ${version} (pg_ctlcluster) for ${OUTAGE_MS / 1000} s…`);
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'stop', '-m', 'fast']);
  } else {
    // The app's database refuses connections (superusers too) and its sessions are ended, as when its server
    // goes away; other databases on the shared server are untouched.
    await admin.query(`alter database ${dbName} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName]);
  }
  await waitFor(
    'both instances to report the database gone (/readyz 503)',
    async () => seen.app1.has(503) && seen.app2.has(503),
  );
  await sleep(OUTAGE_MS);
  if (DATABASE_FAULT === 'restart')
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  else await admin.query(`alter database ${dbName} allow_connections true`);
  const back = Date.now();
  for (const name of ['app1', 'app2'] as const) seen[name].clear();
  await waitFor(
    'both instances to recover without a restart (/readyz 200)',
    async () => seen.app1.has(200) && seen.app2.has(200),
  );
  watching = false;
  await watch;
  // Clients are served again once the balancer's checks have seen both ready (rise 2): the outage ends there.
  await Promise.all([balancerSees(fleet, 'app1', 'UP'), balancerSees(fleet, 'app2', 'UP')]);
  return { from, to: Math.max(back, Date.now()) };
}

// ---------------------------------------------------------------------------------------------------------
// Photos: the instances share no disk, only the bucket.

/** A listing photo's upload, as the landlord's form sends it. */
async function photoUpload(): Promise<{ payload: Buffer; type: string }> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#5a8' } })
    .jpeg()
    .toBuffer();
  const body = multipart([{ name: 'photo', filename: 'front.jpg', contentType: 'image/jpeg', data: jpeg }]);
  return { payload: body.payload, type: body.headers['content-type'] };
}

/** GETs a photo from one instance directly (not through the balancer): its status and bytes. */
async function fetchFrom(fleet: Fleet, name: 'app1' | 'app2', url: string) {
  const res = await fetch(`http://127.0.0.1:${fleet.ports[name]}${url}`).catch(() => null);
  return { status: res?.status ?? 0, bytes: res ? Buffer.from(await res.arrayBuffer()) : Buffer.alloc(0) };
}

/** Uploads a photo through one instance and fetches it from the other, both ways, with no balancer in between. */
async function crossInstancePhotos(
  fleet: Fleet,
  landlord: Member,
  upload: { payload: Buffer; type: string },
): Promise<boolean> {
  let ok = true;
  for (const [from, to] of [
    ['app1', 'app2'],
    ['app2', 'app1'],
  ] as const) {
    const res = await fetch(`http://127.0.0.1:${fleet.ports[from]}/api/listing-photos`, {
      method: 'POST',
      headers: { 'content-type': upload.type, cookie: landlord.cookie ?? '' },
      body: new Uint8Array(upload.payload),
    });
    const url = res.status === 201 ? String(((await res.json()) as { url: string }).url) : '';
    const there = url ? await fetchFrom(fleet, from, url) : null;
    const served = url ? await fetchFrom(fleet, to, url) : null;
    const same = !!there && !!served && served.status === 200 && served.bytes.equals(there.bytes);
    log(`photo uploaded through ${from} (${res.status}) served by ${to}: ${served?.status ?? 'not tried'}`);
    ok &&= same;
  }
  return ok;
}

/** The acknowledged photos both instances serve, as ledger keys ("photo|<url>"). */
async function photosServedByBoth(fleet: Fleet, urls: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < urls.length; i += 8) {
    await Promise.all(
      urls.slice(i, i + 8).map(async (url) => {
        const [one, two] = await Promise.all([fetchFrom(fleet, 'app1', url), fetchFrom(fleet, 'app2', url)]);
        if (one.status === 200 && two.status === 200 && one.bytes.equals(two.bytes))
          found.add(`photo|${url}`);
      }),
    );
  }
  return found;
}

function minutes(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}

async function main() {
  ensureHaproxy();
  await ensureBuilt({ log });
  const dbName = `yp_fleet_${process.pid}_${RUN}`;
  const dbUrl = `${ADMIN_URL.replace(/\/[^/]*$/, '')}/${dbName}`;
  let admin = new pg.Client({ connectionString: ADMIN_URL });
  admin.on('error', () => {}); // a restarted server ends this connection; a new one is made
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'yp-fleet-'));
  for (const name of ['app1', 'app2']) await mkdir(path.join(dataDir, name));
  const fleet: Fleet = {
    dbUrl,
    dataDir,
    s3: await startS3Server({ buckets: [BUCKET] }),
    logDir: dataDir,
    ports: { app1: await freePort(), app2: await freePort(), lb: await freePort(), stats: await freePort() },
    instances: { app1: undefined, app2: undefined },
  };
  let load: Load | undefined;
  let exitCode = 1;
  try {
    log(
      `database ${dbName}; logs in ${fleet.logDir}; photos in s3://${BUCKET} on s3rver at ${fleet.s3.endpoint}`,
    );
    const data = await prepare(dbUrl);
    const upload = await photoUpload();
    startHaproxy(fleet);
    await Promise.all([startInstance(fleet, 'app1'), startInstance(fleet, 'app2')]);
    await Promise.all([balancerSees(fleet, 'app1', 'UP'), balancerSees(fleet, 'app2', 'UP')]);
    log(`two instances behind HAProxy on :${fleet.ports.lb}; ${CONNECTIONS} members signing in…`);

    load = new Load(fleet.ports.lb, data, upload);
    const signIns = await Promise.all(data.members.map((m) => (load as Load).signIn(m)));
    if (signIns.some((ok) => !ok)) throw new Error('a member could not sign in before the load began');
    const landlord = data.members.find((m) => m.kind === 'landlord');
    const crossInstance = !!landlord && (await crossInstancePhotos(fleet, landlord, upload));
    const started = Date.now();
    const workers = data.members.map((m) => (load as Load).run(m));
    const marks: Array<[string, number]> = [];
    const mark = (what: string) => {
      marks.push([what, Date.now() - started]);
      log(`${((Date.now() - started) / 1000).toFixed(1)} s  ${what}`);
    };

    await sleep(Math.min(8000, DURATION_MS / 6));
    load.phase = 'rolling restart';
    for (const name of ['app1', 'app2'] as const) {
      mark(`SIGTERM ${name} (rolling restart)`);
      const code = await stopInstance(fleet, name, 'SIGTERM');
      if (code !== 0) throw new Error(`${name} exited with ${code} on SIGTERM`);
      await startInstance(fleet, name);
      await balancerSees(fleet, name, 'UP');
      mark(`${name} back in the balancer`);
    }
    load.phase = 'SIGKILL';
    await sleep(2000);
    mark('SIGKILL app1');
    load.markInFlight();
    await stopInstance(fleet, 'app1', 'SIGKILL');
    load.killing = false;
    await sleep(1000);
    await startInstance(fleet, 'app1');
    await balancerSees(fleet, 'app1', 'UP');
    mark('app1 back in the balancer');
    await sleep(2000);
    load.phase = 'database outage';
    const pids = [fleet.instances.app1?.child.pid, fleet.instances.app2?.child.pid];
    mark(`database outage (${DATABASE_FAULT})`);
    const outage = await databaseOutage(fleet, admin, dbName);
    if (DATABASE_FAULT === 'restart') {
      admin = new pg.Client({ connectionString: ADMIN_URL });
      admin.on('error', () => {});
      await admin.connect();
    }
    mark('both instances ready again');
    const samePids =
      pids[0] === fleet.instances.app1?.child.pid && pids[1] === fleet.instances.app2?.child.pid;
    load.phase = 'recovered';
    await sleep(Math.max(5000, DURATION_MS - (Date.now() - started)));
    load.stopped = true;
    await Promise.all(workers);
    mark('load stopped');
    const elapsed = (Date.now() - started) / 1000;

    // Every photo the load uploaded, through whichever instance, must be served by both.
    const photos = await photosServedByBoth(
      fleet,
      load.ledger.filter((entry) => entry.kind === 'photo').map((entry) => entry.key),
    );
    // Let a job run that was due as the load stopped, then stop the instances as a deploy would.
    await sleep(3000);
    for (const name of ['app1', 'app2'] as const) await stopInstance(fleet, name, 'SIGTERM');

    const verdict = await judge(dbUrl, data, load, outage, elapsed, { samePids, crossInstance, photos });
    exitCode = verdict ? 0 : 1;
  } finally {
    load?.close();
    for (const name of ['app1', 'app2'] as const) fleet.instances[name]?.child.kill('SIGKILL');
    fleet.haproxy?.kill('SIGTERM');
    if (exitCode !== 0) printLogTails(fleet);
    if (args.keep) log(`kept ${dbUrl} and ${dataDir}`);
    else {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    }
    await admin.end().catch(() => {});
    await fleet.s3.close();
  }
  console.log(
    `fleet${SHORT ? ' --short' : ''}: ${exitCode === 0 ? 'passed' : 'FAILED'} in ${minutes(Date.now() - STARTED)}, start-up included`,
  );
  process.exit(exitCode);
}

function printLogTails(fleet: Fleet) {
  for (const name of ['app1.log', 'app2.log', 'haproxy.log']) {
    const file = path.join(fleet.logDir, name);
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').trim().split('\n').slice(-15);
    console.log(`--- ${name} (last ${lines.length} lines)\n${lines.join('\n')}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The verdict: failures by phase, the ledger, the jobs.

async function judge(
  dbUrl: string,
  data: Prepared,
  load: Load,
  outage: Outage,
  elapsed: number,
  checked: {
    samePids: boolean;
    /** A photo uploaded through each instance was served by the other. */
    crossInstance: boolean;
    /** The acknowledged photos both instances serve ("photo|<url>"). */
    photos: Set<string>;
  },
): Promise<boolean> {
  const { samePids, crossInstance } = checked;
  const phases = summarise(load.records, outage);
  const total = load.records.length;
  console.log(
    `\n${total.toLocaleString('en-GB')} requests in ${elapsed.toFixed(0)} s (${Math.round(total / elapsed)} req/s) through HAProxy, ${CONNECTIONS} connections\n`,
  );
  console.log(
    markdownTable([
      ['phase', 'requests', 'failed', 'excused', 'p50 ms', 'p95 ms', 'p99 ms'],
      ...phases.map((p) => [
        p.phase,
        String(p.requests),
        String(p.failed),
        String(p.excused),
        String(p.p50),
        String(p.p95),
        String(p.p99),
      ]),
    ]),
  );
  const unexcused = phases.reduce((sum, p) => sum + p.failed, 0);
  for (const p of phases) {
    const list = (tally: Record<string, number>) =>
      Object.entries(tally)
        .sort((a, b) => b[1] - a[1])
        .map(([cause, n]) => `${n} × ${cause}`)
        .join(', ');
    if (p.failed) console.log(`  FAILED in ${p.phase}: ${list(p.causes)}`);
    if (p.excused) console.log(`  excused in ${p.phase}: ${list(p.excusedCauses)}`);
  }

  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const found = new Set<string>(checked.photos);
    const keysOf = (kind: string) => load.ledger.filter((e) => e.kind === kind).map((e) => e.key);
    const look = async (kind: string, query: string, values?: unknown[]) => {
      const { rows } = await client.query<{ k: string }>(query, values ?? [keysOf(kind)]);
      for (const row of rows) found.add(`${kind}|${row.k}`);
    };
    await look('registration', 'select email as k from users where email = any($1)');
    await look(
      'save',
      `select user_id::text || ':' || property_id::text as k from property_interactions where type = 'save'`,
      [],
    );
    await look('forum topic', 'select title as k from forum_topics where title = any($1)');
    await look('forum message', 'select content as k from forum_messages where content = any($1)');
    await look('enquiry', 'select body as k from messages where body = any($1)');
    await look('message', 'select body as k from messages where body = any($1)');
    await look(
      'listing submission',
      `select content_data->>'title' as k from content_submissions where content_data->>'title' = any($1)`,
    );
    const missing = missingByKind(load.ledger, found);
    const kinds = [...new Set(load.ledger.map((e) => e.kind))];
    console.log(
      `\n${markdownTable([
        ['acknowledged write', 'acknowledged', 'in the database'],
        ...kinds.map((kind) => {
          const n = keysOf(kind).length;
          return [kind, String(n), String(n - (missing[kind]?.length ?? 0))];
        }),
      ])}`,
    );
    const lost = Object.values(missing).reduce((sum, keys) => sum + keys.length, 0);
    for (const [kind, keys] of Object.entries(missing))
      console.log(`  LOST ${keys.length} ${kind}: ${keys.slice(0, 5).join(', ')}`);

    const alerts = await client.query<{ to_address: string; n: number }>(
      `select to_address, count(*)::int as n from email_outbox where kind = 'alert' and to_address = any($1)
       group by to_address`,
      [data.alertedEmails],
    );
    const reminders = await client.query<{ subject: string; n: number }>(
      `select subject, count(*)::int as n from email_outbox where kind = 'listing_confirm' and subject = any($1)
       group by subject`,
      [data.reminderTitles.map((title) => `Is "${title}" still available?`)],
    );
    const once = (rows: Array<{ n: number }>, expected: number) =>
      rows.length === expected && rows.every((r) => r.n === 1);
    const alertsOnce = once(alerts.rows, data.alertedEmails.length);
    const remindersOnce = once(reminders.rows, data.reminderTitles.length);
    const sent = (rows: Array<{ n: number }>) => rows.reduce((sum, r) => sum + r.n, 0);
    console.log(
      `\njobs across the two instances: saved-search alerts ${sent(alerts.rows)} emails for ${data.alertedEmails.length} searches (${alertsOnce ? 'each once' : 'NOT each once'}); confirm reminders ${sent(reminders.rows)} for ${data.reminderTitles.length} due homes (${remindersOnce ? 'each once' : 'NOT each once'})`,
    );
    console.log(
      `database outage: both instances answered /readyz 503, then 200, ${samePids ? 'without a restart' : 'BUT WERE RESTARTED'}`,
    );
    console.log(
      `photos: a photo uploaded through each instance ${crossInstance ? 'was' : 'was NOT'} served by the other; ${checked.photos.size} of the load's ${keysOf('photo').length} served by both`,
    );
    const checks: Array<[string, boolean]> = [
      ['no failure the faults do not explain', unexcused === 0],
      ['no acknowledged write lost (every photo served by both instances)', lost === 0],
      ['every job email sent exactly once', alertsOnce && remindersOnce],
      ['instances recovered from the outage by themselves', samePids],
      ['a photo uploaded through one instance is served by the other', crossInstance],
      ['writes were acknowledged in every kind', kinds.length >= 8],
    ];
    for (const [what, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    const passed = checks.every(([, ok]) => ok);
    console.log(`fleet: ${passed ? 'passed' : 'FAILED'}`);
    return passed;
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
