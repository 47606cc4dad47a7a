// Real Node processes for tests that need one (signals, restarts, the compiled build): spawned as a user starts
// them, with everything they print kept for the failure message.
import { type ChildProcess, spawn } from 'node:child_process';

export interface NodeProcess {
  child: ChildProcess;
  /** The exit code; null when a signal ended it (then child.signalCode says which). */
  exited: Promise<number | null>;
  /** What it has printed so far, stdout and stderr together. */
  output(): string;
}

/** `node ...args` with exactly this environment. */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv): NodeProcess {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

/** Polls `${base}/readyz` until it answers 200; fails with the output if the process exits or time runs out. */
export async function waitForReady(base: string, server: NodeProcess, timeoutMs = 90_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const { exitCode, signalCode } = server.child;
    if (exitCode !== null || signalCode !== null)
      throw new Error(`server exited early (${exitCode ?? signalCode}):\n${server.output()}`);
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready in time:\n${server.output()}`);
}

/** The super admin a test server creates at start-up (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const TEST_ADMIN = { email: 'root@example.test', password: 'root-password' };

/**
 * `src/server/main.ts` under tsx (as `npm run dev` runs it) with this process's environment plus a data folder and a
 * port, no demo data and TEST_ADMIN; no DATABASE_URL, so PGlite in DATA_DIR unless `extra` names a database.
 */
export function spawnTestServer(dataDir: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    SEED_DEMO: 'false',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  return spawnNode(['--import', 'tsx', 'src/server/main.ts'], { ...env, ...extra });
}
