// A data folder with the demo data already seeded (issue 27), which the Playwright suite, `npm run lighthouse` and
// `npm run test:security` each copy instead of seeding 10,000 listings again. It is made once by the compiled server
// (`node dist/server/main.js` with SEED_DEMO, stopped when ready) and kept under .data-cache/, named by a hash of
// everything seeding reads (migrations, the seed, the domain's constants, the postcode data) and by today's date in
// London, since seeded dates are relative to the day; an older one is removed when a new one is made.
//   node scripts/seeded-snapshot.mjs        make it now if needed, and print its folder
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, SERVER_ENTRY, SERVER_NODE_FLAGS } from './build.mjs';

export const CACHE_DIR = path.join(root, '.data-cache');
/** What seeding reads: a change to any of it makes a new snapshot. */
const SOURCES = ['drizzle', 'src/server/db', 'src/domain', 'resources', 'scripts/seeded-snapshot.mjs'];

function filesUnder(target) {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .sort()
    .flatMap((name) => filesUnder(path.join(target, name)));
}

/** London's calendar date (seeded listings are dated relative to the day they are seeded). */
function londonDate(now = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

export function snapshotKey() {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((source) => filesUnder(path.join(root, source)))) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return `${londonDate()}-${hash.digest('hex').slice(0, 12)}`;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the compiled server on an empty data folder with the demo data, waits until it is ready, stops it. */
async function seedInto(dataDir, log) {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'true',
      SESSION_SECRET: 'seeded-snapshot-only-secret-0123456789abcdef',
      PAYMENTS_PROVIDER: 'test',
      MAIL_TRANSPORT: 'files',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the server exited with code ${child.exitCode} while seeding`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() - started > 300_000)
        throw new Error('the server did not seed the demo data in 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  const status = await exited;
  if (status !== 0) throw new Error(`the seeding server stopped with ${status}, not 0`);
  log(`seeded the demo data in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The snapshot's folder, made now if today's is missing. */
export async function seededSnapshot({ log = (message) => console.error(`[snapshot] ${message}`) } = {}) {
  const key = snapshotKey();
  const folder = path.join(CACHE_DIR, `seeded-${key}`);
  if (existsSync(path.join(folder, 'pglite', 'PG_VERSION'))) return folder;
  mkdirSync(CACHE_DIR, { recursive: true });
  const making = path.join(CACHE_DIR, `making-${process.pid}-${Date.now()}`);
  log(`making the seeded snapshot ${path.relative(root, folder)}…`);
  try {
    await seedInto(making, log);
    // Another process may have made it meanwhile: theirs is as good as ours.
    if (!existsSync(folder)) renameSync(making, folder);
  } finally {
    rmSync(making, { recursive: true, force: true });
  }
  for (const name of readdirSync(CACHE_DIR))
    if (name.startsWith('seeded-') && name !== `seeded-${key}`)
      rmSync(path.join(CACHE_DIR, name), { recursive: true, force: true });
  return folder;
}

/** A new data folder at `dataDir` holding a copy of the seeded snapshot (whatever was there is replaced). */
export async function copySeededSnapshot(dataDir, options) {
  const from = await seededSnapshot(options);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(from, dataDir, { recursive: true });
  return dataDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  seededSnapshot()
    .then((folder) => console.log(folder))
    .catch((err) => {
      console.error(err.message);
      process.exit(1);
    });
}
