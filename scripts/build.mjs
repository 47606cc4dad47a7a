// Builds what the server serves: the browser's bundle (dist/client) and the page renderer (dist/ssr), which
// renders the public pages as complete HTML (src/client/entry-server.tsx). `npm run build:client` runs it; so do
// `npm start`, the bench and `npm run lighthouse` when the build is missing or stale.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');

/** Both builds; the exit status of the first that fails, or 0. */
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildClient({ quiet: false }));
}
