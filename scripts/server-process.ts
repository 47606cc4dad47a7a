// The compiled production server (dist/server/main.js) in a process of its own on a free loopback port, for the
// scripts that measure or probe it: `npm run bench`, `npm run lighthouse` and `npm run test:security`. Production
// refuses to start without Stripe and SMTP unless told otherwise; these runs buy nothing and send no mail.
import { spawn } from 'node:child_process';
import { root, SERVER_ENTRY, SERVER_NODE_FLAGS } from './build.mjs';
import { freePort } from './free-port';

export interface ServerProcess {
  url: string;
  pid: number;
  /** SIGTERM, then waits for the exit; a second call does nothing more. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** The caller's variables (database, seeding, limits…), over the defaults below. */
  env: Record<string, string>;
  /** Node options before the entry (a CPU profile, for instance). */
  nodeArgs?: string[];
  /** The server's standard output (its log lines); its errors always reach ours. */
  stdout?: 'inherit' | 'ignore';
  /** How long it may take to answer /readyz (migrations, and seeding the demo data when asked). */
  readyWithinMs?: number;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: root,
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      PAYMENTS_PROVIDER: 'test',
      MAIL_TRANSPORT: 'files',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ...options.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const timeoutMs = options.readyWithinMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer ${url}/readyz within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid ?? 0, stop };
}
