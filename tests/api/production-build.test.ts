// The compiled server (issue 16): `npm run build` turns the TypeScript server into JavaScript that imports only
// production dependencies, and `node dist/server/main.js` runs it, refusing an unsafe production configuration.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build.mjs';
import { freePort } from '../../scripts/free-port';
import { nodeEndOfLifeWarning } from '../../src/server/lib/node-support';
import { spawnNode, waitForReady } from '../support/server-process';

const OUTDIR = `.data-test/server-build-${process.pid}`;
const out = path.resolve(OUTDIR);

/** Runs a compiled entry with only the variables given (no VITEST: the compiled server must not need it). */
function runCompiled(entry: string, args: string[], env: Record<string, string>) {
  return spawnNode([path.join(out, entry), ...args], { PATH: process.env.PATH, ...env });
}

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'b'.repeat(40),
  PAYMENTS_PROVIDER: 'test',
  MAIL_TRANSPORT: 'files',
  LOG_LEVEL: 'warn',
};

beforeAll(async () => {
  expect(await buildServer({ outdir: OUTDIR })).toBe(0);
});

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('npm run build: the server as JavaScript', () => {
  it('imports nothing but Node built-ins and production dependencies', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    const allowed = new Set(Object.keys(pkg.dependencies));
    const packageOf = (specifier: string) =>
      specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    const imported = new Set<string>();
    for (const file of readdirSync(out).filter((name) => name.endsWith('.js'))) {
      const code = readFileSync(path.join(out, file), 'utf8');
      for (const match of code.matchAll(/^import\s[^'"]*?["']([^"'.][^"']*)["']/gm)) imported.add(match[1]);
    }
    expect(imported.has('fastify')).toBe(true); // the scan sees the imports at all
    const foreign = [...imported].filter(
      (specifier) =>
        !specifier.startsWith('node:') &&
        !builtinModules.includes(specifier) &&
        !allowed.has(packageOf(specifier)),
    );
    expect(foreign).toEqual([]);
    expect(allowed.has('tsx')).toBe(false); // production runs no TypeScript loader
  });

  it('runs: answers /readyz and searches on a fresh embedded database, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'yp-compiled-'));
    const port = await freePort();
    const server = runCompiled('main.js', [], { ...PRODUCTION, DATA_DIR: dataDir, PORT: String(port) });
    let child: ChildProcess | undefined = server.child;
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForReady(base, server);
      const search = await fetch(`${base}/api/properties?location=Leeds`);
      expect(search.status).toBe(200);
      expect(await search.json()).toMatchObject({ properties: [], total: 0 });
      // A Node past its end of life (Node 20 since 30 April 2026) is named at start-up; Node 24 is not.
      const unsupported = nodeEndOfLifeWarning(process.version, new Date());
      if (unsupported) expect(server.output()).toContain(unsupported);
      else expect(server.output()).not.toContain('reached its end of life');
      child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      child = undefined;
    } finally {
      child?.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses demo login in production and says which variable is wrong', async () => {
    const run = runCompiled('main.js', [], { ...PRODUCTION, DEMO_LOGIN: 'true', DATA_DIR: os.tmpdir() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('DEMO_LOGIN: DEMO_LOGIN lets anyone sign in as a demo account');
  });

  it('refuses a missing SESSION_SECRET in production', async () => {
    const { SESSION_SECRET: _, ...withoutSecret } = PRODUCTION;
    const run = runCompiled('main.js', [], { ...withoutSecret, DATA_DIR: os.tmpdir() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('SESSION_SECRET: SESSION_SECRET is required when NODE_ENV=production');
  });

  it('compiles the admin command too', async () => {
    const run = runCompiled('admin.js', ['create', 'root@example.test', 'elevenchars'], {
      NODE_ENV: 'production',
    });
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('The password must be at least 12 characters.');
  });
});
