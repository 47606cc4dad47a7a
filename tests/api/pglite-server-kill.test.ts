// The whole server on the default embedded database, killed with SIGKILL in the middle of a burst of writes and
// started again on the same data folder, three times over (issue 16): each time it opens and answers /readyz, and
// every write it acknowledged (a 2xx with an id) is there; writes in flight at the kill may or may not be. The
// writes are real ones from one client: contact-form messages and sign-ups (an account, its session, a welcome
// mail). Always PGlite in DATA_DIR, whatever TEST_DATABASE_URL says. See docs/decisions/0011.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port';
import { openDatabase } from '../../src/server/db/client';
import { type NodeProcess, spawnTestServer, TEST_ADMIN, waitForReady } from '../support/server-process';

const ROUNDS = 3;
/** Acknowledged writes in a round before the kill... */
const ACKS_BEFORE_KILL = 300;
/** ...with this many clients writing at once, so about as many are in flight when it comes. */
const CLIENTS = 32;

interface Write {
  kind: 'contact' | 'signup';
  /** Unique to the write: how a write in flight is looked for afterwards. */
  email: string;
  round: number;
  /** Set when the server acknowledged it. */
  id?: string;
  /** A sign-up's session cookie. */
  cookie?: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const acked: Write[] = [];
const inFlight: Write[] = [];
const figures: string[] = [];

let dataDir = '';
let server: NodeProcess | undefined;
let base = '';

/** The server as `npm run dev` runs it on the data folder, with a new port. */
async function startServer(): Promise<void> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawnTestServer(dataDir, port, {
    LOG_LEVEL: 'warn',
    // Every request comes from 127.0.0.1, and sign-ups and the contact form allow RATE_LIMIT_MAX a minute per IP
    // (10 by default): the burst would be 429s after ten. This one client is the whole crowd, so it may send all.
    RATE_LIMIT_MAX: '1000000',
    // The default under test, whatever this process has: commits synced. (No DATABASE_URL: PGlite in DATA_DIR.)
    PGLITE_FSYNC: undefined,
  });
  await waitForReady(base, server);
}

/**
 * What the data folder's control file says of the database: PostgreSQL's ControlFileData begins with the system
 * identifier (8 bytes), pg_control_version and catalog_version_no (4 each), then the state. 6, in production: it
 * was not shut down, and the next start is crash recovery from the WAL. 1: shut down cleanly.
 */
async function controlState(): Promise<number> {
  return (await readFile(path.join(dataDir, 'pglite/global/pg_control'))).readUInt32LE(16);
}
const IN_PRODUCTION = 6;
const SHUT_DOWN = 1;

function request(write: Write, n: number): { url: string; body: object } {
  if (write.kind === 'contact')
    return {
      url: '/api/contact',
      body: {
        name: 'Burst Writer',
        email: write.email,
        subject: `Round ${write.round}, message ${n}`,
        message: 'Hi.',
      },
    };
  return {
    url: '/api/register',
    body: { firstName: 'Burst', lastName: 'Writer', email: write.email, password: 'burst-password' },
  };
}

/**
 * CLIENTS writers send writes one after another until the server has acknowledged ACKS_BEFORE_KILL of them, then
 * the server is killed with SIGKILL at once, mid-burst. Every 2xx with an id goes in `acked`, every write sent and
 * not answered in `inFlight`. Any other answer, or a failure before the kill, ends the burst and is returned.
 */
async function burstThenKill(round: number) {
  const live = server!;
  let sent = 0;
  let acks = 0;
  let lost = 0;
  let killed = false;
  const unexpected: string[] = [];
  const kill = () => {
    live.child.kill('SIGKILL');
    killed = true;
  };
  const writer = async () => {
    while (!killed) {
      const n = sent++;
      const kind = n % 4 === 3 ? 'signup' : 'contact';
      const write: Write = { kind, email: `${kind}-r${round}-${n}@burst.example`, round };
      const { url, body } = request(write, n);
      let answered: { status: number; id?: string; cookie?: string };
      try {
        const res = await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { id?: string };
        answered = { status: res.status, id: json.id, cookie: res.headers.get('set-cookie')?.split(';')[0] };
      } catch (err) {
        // No answer (or half of one): in flight when the process died. Before the kill, a failure of its own.
        if (killed) {
          inFlight.push(write);
          lost++;
        } else {
          unexpected.push(`${write.email}: ${(err as Error).message}`);
          kill(); // the burst is over: a server that is down would only fail it faster
        }
        continue;
      }
      if (answered.status < 200 || answered.status > 299 || !answered.id) {
        unexpected.push(`${write.email}: ${answered.status} without an id`);
        kill();
        continue;
      }
      acked.push({ ...write, id: answered.id, cookie: answered.cookie });
      if (++acks === ACKS_BEFORE_KILL) kill();
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, writer));
  await live.exited;
  return { acked: acks, inFlight: lost, unexpected, signal: live.child.signalCode };
}

/** Through the restarted server: each acknowledged sign-up's session still signs it in, and the admin's list of
 * contact messages holds each acknowledged message. Returns the writes it could not find. */
async function missingThroughApi(): Promise<string[]> {
  const missing: string[] = [];
  for (const write of acked.filter((w) => w.kind === 'signup')) {
    const res = await fetch(`${base}/api/auth/user`, { headers: { cookie: write.cookie ?? '' } });
    const user = res.ok ? ((await res.json()) as { id: string; email: string }) : undefined;
    if (user?.id !== write.id || user?.email !== write.email) missing.push(`${write.email}: ${res.status}`);
  }
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const listed = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/admin/contact-submissions?limit=100&page=${page}`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const { submissions, total } = (await res.json()) as { submissions: { id: string }[]; total: number };
    for (const s of submissions) listed.add(s.id);
    if (submissions.length === 0 || page * 100 >= total) break;
  }
  for (const write of acked.filter((w) => w.kind === 'contact'))
    if (!listed.has(write.id!)) missing.push(`${write.email}: not listed`);
  return missing;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'yp-server-kill-'));
});

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null)
    server.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  console.log(`PGlite server kill: ${figures.join('; ')}`);
});

describe('the server on PGlite killed with SIGKILL mid-burst', () => {
  for (let round = 1; round <= ROUNDS; round++) {
    it(`round ${round} of ${ROUNDS}: restarts, keeps every acknowledged write, is killed again`, async () => {
      const started = Date.now();
      await startServer(); // round 1: a new data folder; after that, recovery from the last kill
      const ready = Date.now();
      expect(await missingThroughApi()).toEqual([]);
      const result = await burstThenKill(round);
      expect(result.unexpected, server!.output()).toEqual([]);
      expect(result.signal, server!.output()).toBe('SIGKILL'); // not dead of something else first
      expect(result.acked).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
      expect(await controlState()).toBe(IN_PRODUCTION); // the next start must recover
      figures.push(
        `round ${round}: ready in ${seconds(ready - started)}, killed ${seconds(Date.now() - ready)} later ` +
          `with ${result.acked} acknowledged and ${result.inFlight} in flight`,
      );
    }, 120_000);
  }

  it('restarts once more, keeps every acknowledged write, and they are all in the data folder', async () => {
    const started = Date.now();
    await startServer();
    figures.push(`last restart: ready in ${seconds(Date.now() - started)}`);
    expect(await missingThroughApi()).toEqual([]);
    const live = server!;
    live.child.kill('SIGTERM');
    expect(await live.exited, live.output()).toBe(0);
    expect(await controlState()).toBe(SHUT_DOWN);

    const database = await openDatabase({ dataDir });
    try {
      const stored = new Map<string, string>();
      for (const table of ['contact_submissions', 'users']) {
        const result = await database.db.execute(sql.raw(`select id, email from ${table}`));
        for (const row of (result as unknown as { rows: { id: string; email: string }[] }).rows)
          stored.set(row.email, row.id);
      }
      expect(acked.filter((w) => stored.get(w.email) !== w.id).map((w) => w.email)).toEqual([]);
      const found = inFlight.filter((w) => stored.has(w.email)).length;
      figures.push(
        `after ${ROUNDS} kills all ${acked.length} acknowledged writes are there, and ${found} of the ` +
          `${inFlight.length} in flight`,
      );
    } finally {
      await database.close();
    }
  }, 120_000);
});
