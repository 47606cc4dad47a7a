// The real process: starts with no configuration beyond a data directory and a port, answers the health
// checks, and shuts down cleanly on SIGTERM (stops accepting, closes the database, exits 0).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port';
import {
  type NodeProcess,
  spawnNode,
  spawnTestServer,
  TEST_ADMIN,
  waitForReady,
} from '../support/server-process';

let port = 0;
let base = '';

/** Resolves once the process has printed `text` (a log line's part), as it prints it; fails if it exits first. */
function printed(server: NodeProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const streams = [server.child.stdout, server.child.stderr];
    const done = (error?: Error) => {
      for (const stream of streams) stream?.off('data', check);
      server.child.off('exit', exited);
      if (error) reject(error);
      else resolve();
    };
    // Read through the process's output collector, so a line split across chunks is still found.
    const check = () => {
      if (server.output().includes(text)) done();
    };
    const exited = () => done(new Error(`exited before printing ${text}:\n${server.output()}`));
    for (const stream of streams) stream?.on('data', check);
    server.child.once('exit', exited);
    check();
  });
}

describe('the server process', () => {
  let server: NodeProcess;
  let dataDir: string;
  let dbName: string | undefined;

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yp-proc-'));
    // On SIGTERM /readyz says 503 for this long while requests are still served (a balancer's cue).
    const extra: NodeJS.ProcessEnv = { SHUTDOWN_DRAIN_SECONDS: '1' };
    if (process.env.TEST_DATABASE_URL) {
      dbName = `yp_proc_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${dbName}`;
      extra.DATABASE_URL = url.toString();
    }
    server = spawnTestServer(dataDir, port, extra);
    await waitForReady(base, server);
  }, 120_000);

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('answers the health checks', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('created the super admin from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0];
    const me = await fetch(`${base}/api/auth/user`, { headers: { cookie } });
    expect((await me.json()).role).toBe('super_admin');
  });

  it('on SIGTERM says 503 on /readyz while it still serves, finishes in-flight requests, exits 0', async () => {
    const inFlight = fetch(`${base}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TEST_ADMIN.email }),
    });
    // The server has the request (its log says so) before the signal: in flight, not merely sent.
    await printed(server, '"url":"/api/auth/forgot-password"');
    server.child.kill('SIGTERM');
    // Draining: a load balancer's check sees 503 and takes the instance out, while its requests still work.
    await printed(server, 'draining: /readyz answers 503');
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    expect((await fetch(`${base}/api/properties`)).status).toBe(200);
    const res = await inFlight;
    expect(res.status).toBe(200);
    const code = await server.exited;
    const logs = server.output();
    expect(code, logs.split('\n').slice(-6).join('\n')).toBe(0);
    expect(logs).toContain('shutdown complete');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    // The reset mail was sent and named in the log, but its body (the link that signs in) never printed.
    expect(logs).toContain('"kind":"password_reset"');
    expect(logs).not.toContain('reset-password?token=');
  });
});

describe('the server process in production', () => {
  const run = async (env: Record<string, string>) => {
    const server = spawnNode(['--import', 'tsx', 'src/server/main.ts'], {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      SESSION_SECRET: 'p'.repeat(40),
      ...env,
    });
    return { code: await server.exited, output: server.output() };
  };

  it('refuses to start without Stripe keys or an SMTP server, naming both', async () => {
    const { code, output } = await run({ DATA_DIR: path.join(os.tmpdir(), 'yp-never-created') });
    expect(code).toBe(1);
    expect(output).toMatch(/STRIPE_SECRET_KEY: .*PAYMENTS_PROVIDER=test/);
    expect(output).toMatch(/SMTP_URL: .*MAIL_TRANSPORT=files/);
  });

  it('refuses the development session secret and a short admin password', async () => {
    const { code, output } = await run({
      PAYMENTS_PROVIDER: 'test',
      MAIL_TRANSPORT: 'files',
      SESSION_SECRET: 'dev-only-session-secret-change-me-in-production',
      ADMIN_EMAIL: 'root@example.test',
      ADMIN_PASSWORD: 'short-pw',
    });
    expect(code).toBe(1);
    expect(output).toContain('SESSION_SECRET is the development default');
    expect(output).toContain('ADMIN_PASSWORD must be at least 12 characters');
  });

  it('has the admin command refuse a production password under 12 characters', async () => {
    const admin = spawnNode(
      ['--import', 'tsx', 'scripts/admin.ts', 'create', 'root@example.test', 'elevenchars'],
      {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
      },
    );
    const code = await admin.exited;
    const output = admin.output();
    expect(code).toBe(2);
    expect(output).toContain('The password must be at least 12 characters.');
  });
});
