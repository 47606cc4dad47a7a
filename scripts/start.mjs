// `npm start`: build what is missing or stale (the client, the page renderer, the compiled server), then run the
// compiled server in this process. With NODE_ENV=production nothing is built: `npm run build` must have run
// (the image and a production install carry no build tools), and a missing build is an error that says so.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(root, 'dist/server/main.js');

if (process.env.NODE_ENV === 'production') {
  const missing = ['dist/server/main.js', 'dist/client/index.html', 'dist/ssr/entry-server.js'].filter(
    (file) => !existsSync(path.join(root, file)),
  );
  if (missing.length) {
    console.error(
      `Not built: ${missing.join(', ')} missing. Run \`npm run build\` before starting in production.`,
    );
    process.exit(1);
  }
} else if (process.env.SKIP_BUILD !== '1') {
  const { ensureBuilt } = await import('./build.mjs');
  const status = await ensureBuilt();
  if (status !== 0) process.exit(status);
}

await import(pathToFileURL(SERVER_ENTRY).href);
