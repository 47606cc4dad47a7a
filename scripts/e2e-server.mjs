// The server the Playwright suite runs against: a fresh embedded database with demo data and a super admin.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, '.data-e2e', process.env.PORT ?? '5099');
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: process.env.PORT ?? '5099',
    PUBLIC_URL: `http://127.0.0.1:${process.env.PORT ?? '5099'}`,
    SEED_DEMO: 'true',
    DEMO_LOGIN: 'true',
    ADMIN_EMAIL: 'admin@yourplace.test',
    ADMIN_PASSWORD: 'admin-e2e-password',
    RATE_LIMIT_MAX: '1000',
    // POST /api/test/listing-lifecycle: the lifecycle job on a clock moved ahead (src/server/features/test-routes).
    TEST_ROUTES: 'true',
    LOG_LEVEL: 'warn',
    // Mail goes to the capture server started by the Playwright global setup (tests/e2e/support/mail-capture.ts).
    SMTP_URL: process.env.E2E_SMTP_URL ?? 'smtp://127.0.0.1:2525',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
