// `npm start`: build the client and the page renderer when missing or older than their sources, then run the server.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildClient } from './build-client.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist/client/index.html');
const renderer = path.join(root, 'dist/ssr/entry-server.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  if (!existsSync(built) || !existsSync(renderer)) return true;
  const sources = Math.max(
    newestMtime(path.join(root, 'src/client')),
    newestMtime(path.join(root, 'src/domain')),
    newestMtime(path.join(root, 'public')),
    statSync(path.join(root, 'index.html')).mtimeMs,
  );
  return sources > Math.min(statSync(built).mtimeMs, statSync(renderer).mtimeMs);
}

if (process.env.SKIP_BUILD !== '1' && needsBuild()) {
  console.log('Building the client and the page renderer…');
  const status = buildClient();
  if (status !== 0) process.exit(status);
}

// Run the TypeScript server through tsx's loader; signals pass straight to it for graceful shutdown.
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
