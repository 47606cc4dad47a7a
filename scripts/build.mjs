// Builds what production runs (`npm run build`):
//   dist/client  the browser's bundle (vite build)
//   dist/ssr     the page renderer that draws the public pages as HTML (vite build --ssr, src/client/entry-server.tsx)
//   dist/server  the server and the admin command, compiled from TypeScript to JavaScript (esbuild)
// The compiled files import only production dependencies; front-end packages are bundled into dist/client and
// dist/ssr. `npm start`, the bench and `npm run lighthouse` call ensureBuilt(), which rebuilds what is stale.
//   node scripts/build.mjs [client|server] [--if-stale]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');

/** The compiled server's entry and the admin command: `node dist/server/main.js`, `node dist/server/admin.js`. */
export const SERVER_ENTRY = path.join(root, 'dist/server/main.js');
/**
 * Node flags the server runs with (decision 0037): a young generation of 2 × 8 MB instead of 2 × 16 MB, about 16 MB
 * less at the peak with no loss measured. V8 sizes it when the process starts, so it is a flag on every command that
 * starts the server: these scripts, `npm start` (package.json) and the image (Dockerfile); a unit test keeps them equal.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
const SERVER_ENTRIES = { main: 'src/server/main.ts', admin: 'scripts/admin.ts', backup: 'scripts/backup.ts' };

/** Both Vite builds; the exit status of the first that fails, or 0. */
export function buildClient({ quiet = true } = {}) {
  const level = quiet ? ['--logLevel', 'warn'] : [];
  for (const args of [
    ['build', ...level],
    ['build', '--ssr', ...level],
  ]) {
    const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
}

/**
 * The server as ES modules for Node 20: our TypeScript bundled, every package left to node_modules (so
 * `npm ci --omit=dev` is enough to run it), shared code split into a chunk both entries import. `outdir` (relative
 * to the project) must stay inside the project: the server finds its files from the nearest package.json.
 */
export async function buildServer({ quiet = true, outdir = 'dist/server' } = {}) {
  const esbuild = await import('esbuild');
  rmSync(path.resolve(root, outdir), { recursive: true, force: true });
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: SERVER_ENTRIES,
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      // Readable stack traces without source maps: names kept, nothing minified.
      keepNames: true,
      legalComments: 'none',
      logLevel: quiet ? 'warning' : 'info',
    });
    return 0;
  } catch {
    return 1; // esbuild has printed the errors
  } finally {
    await esbuild.stop(); // its service process would otherwise live as long as ours (npm start runs in-process)
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when an output is missing or older than any of its sources. */
function stale(outputs, sources) {
  if (!outputs.every((file) => existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return Math.max(...sources.map((source) => newestMtime(path.join(root, source)))) > built;
}

export function clientIsStale() {
  return stale(
    [path.join(root, 'dist/client/index.html'), path.join(root, 'dist/ssr/entry-server.js')],
    ['src/client', 'src/domain', 'public', 'index.html', 'vite.config.ts'],
  );
}

export function serverIsStale() {
  return stale(
    [SERVER_ENTRY],
    ['src/server', 'src/domain', ...Object.values(SERVER_ENTRIES), 'scripts/build.mjs'],
  );
}

/** Rebuild what is missing or stale; the exit status of the first build that fails, or 0. */
export async function ensureBuilt({ log = console.log } = {}) {
  if (clientIsStale()) {
    log('Building the client and the page renderer…');
    const status = buildClient();
    if (status !== 0) return status;
  }
  if (serverIsStale()) {
    log('Compiling the server…');
    return buildServer();
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  const which = args.find((arg) => !arg.startsWith('--')) ?? 'all';
  if (!['all', 'client', 'server'].includes(which)) {
    console.error('Usage: node scripts/build.mjs [client|server] [--if-stale]');
    process.exit(2);
  }
  const client = which !== 'server' && (!ifStale || clientIsStale());
  const server = which !== 'client' && (!ifStale || serverIsStale());
  let status = client ? buildClient({ quiet: ifStale }) : 0;
  if (status === 0 && server) status = await buildServer({ quiet: ifStale });
  process.exit(status);
}
