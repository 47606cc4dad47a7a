// The server the Playwright suite runs against: the compiled server (built now if stale) on a copy of the seeded
// demo data (scripts/seeded-snapshot.mjs: seeded once, not on every run), with a super admin and captured mail.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, root, SERVER_ENTRY, SERVER_NODE_FLAGS } from './build.mjs';
import { copySeededSnapshot } from './seeded-snapshot.mjs';

const port = process.env.PORT ?? '5099';
const dataDir = path.join(root, '.data-e2e', port);
const log = (message) => console.error(`[e2e-server] ${message}`);

if ((await ensureBuilt({ log })) !== 0) process.exit(1);
await copySeededSnapshot(dataDir, { log });

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'true',
    DEMO_LOGIN: 'true',
    ADMIN_EMAIL: 'admin@yourplace.test',
    ADMIN_PASSWORD: 'admin-e2e-password',
    RATE_LIMIT_MAX: '1000',
    // POST /api/test/listing-lifecycle: the lifecycle job on a clock moved ahead (src/server/features/test-routes).
    TEST_ROUTES: 'true',
    LOG_LEVEL: 'warn',
    // Mail goes to the capture server started by the Playwright global setup (tests/e2e/support/mail-capture.ts).
    SMTP_URL: process.env.E2E_SMTP_URL ?? 'smtp://127.0.0.1:6099',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
