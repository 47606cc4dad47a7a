// Process entry: config → database → migrate → seed if empty → super admin → listen; graceful shutdown.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureSuperAdmin, isDatabaseEmpty, seedDemoData } from './db/seed';
import { startJobs } from './jobs';
import { applyHeapGrowth } from './lib/heap';
import { nodeEndOfLifeWarning } from './lib/node-support';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  applyHeapGrowth(config.heapGrowthPercent);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    fsync: config.pgliteFsync,
    sharedBuffers: config.pgliteSharedBuffers,
  });
  await database.migrate();
  const app = await buildApp(config, { database });
  const log = app.log;
  for (const warning of config.warnings) log.warn(warning);
  const unsupported = nodeEndOfLifeWarning(process.version, new Date());
  if (unsupported) log.warn(unsupported);
  log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'database migrated',
  );

  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    const started = Date.now();
    const summary = await seedDemoData(database.db, { log: (msg) => log.info(msg) });
    await database.checkpoint();
    log.info({ ...summary, ms: Date.now() - started }, 'demo data seeded');
  }
  if (config.adminEmail && config.adminPassword) {
    const admin = await ensureSuperAdmin(database.db, config.adminEmail, config.adminPassword);
    log.info({ email: config.adminEmail, created: admin.created }, 'super admin ready');
  }

  let shuttingDown = false;
  let stopJobs: (() => Promise<void>) | undefined;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000 + config.shutdownDrainMs);
    force.unref();
    try {
      // Readiness says 503 first and requests are still served meanwhile, so a load balancer's health check
      // takes this instance out before its socket closes (SHUTDOWN_DRAIN_SECONDS; 0 without one).
      app.ctx.lifecycle.draining = true;
      if (config.shutdownDrainMs > 0) {
        log.info({ ms: config.shutdownDrainMs }, 'draining: /readyz answers 503 before the server closes');
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      await stopJobs?.(); // no new job runs; a run in flight finishes first
      // Keep-alive connections that were busy when the signal came become idle once their response is
      // sent; close them as they do, or server.close() would wait for the client to hang up.
      const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
      await app.close(); // stops accepting, waits for in-flight requests, runs onClose hooks
      clearInterval(reaper);
      await database.close();
      log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  stopJobs = startJobs(app.ctx);
  log.info(`Your Place is running at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
