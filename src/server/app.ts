// buildApp(config): plugins + feature routes. Tests call this with an in-memory database.
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { PROFILE_PHOTO_MAX_BYTES } from '../domain/constants';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { featureRoutes, headResolvers, pageUser, pageVersion } from './features';
import { flushViews } from './features/properties/views';
import { acceptRouteContracts, type DeclaredRoute } from './lib/contract';
import { createMailer } from './mail/mailer';
import { createLocalStorage } from './media/storage';
import { registerErrorHandling } from './plugins/errors';
import accountThrottle from './plugins/rate-limits';
import sessionsPlugin from './plugins/sessions';
import { registerSite } from './plugins/site';

export interface BuildOptions {
  /** Reuse an open database (tests, the CLI); otherwise one is opened from the config. */
  database?: Database;
  now?: () => Date;
  logger?: boolean;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  });

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemoryDb,
      fsync: config.pgliteFsync,
    }));
  const ownsDatabase = !options.database;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer: createMailer({
      db: database.db,
      transport: config.mailTransport,
      smtpUrl: config.smtpUrl,
      mailDir: path.join(config.dataDir, 'mail'),
      from: config.mailFrom,
      log: app.log,
    }),
    storage: createLocalStorage(config.dataDir),
    log: app.log,
    now: options.now ?? (() => new Date()),
  };
  app.decorate('ctx', ctx);
  // Every registered route with its declared schemas: tests walk them all (new routes are covered automatically)
  // and the OpenAPI document is generated from them (decision 0025).
  const routeList: DeclaredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeList.push({ method, url: route.url, schema: route.schema });
  });
  acceptRouteContracts(app);

  registerErrorHandling(app);
  // Security headers, built once: @fastify/helmet rebuilt the middleware (parsing every CSP directive) on
  // each request, a few per cent of a cached search's time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe.js (Elements) only when Stripe takes the payments.
        scriptSrc: [
          "'self'",
          ...(config.paymentsProvider === 'stripe'
            ? ['https://js.stripe.com', 'https://*.js.stripe.com']
            : []),
        ],
        connectSrc: ["'self'", 'https:'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.production,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  // Counters live in memory for one process; with REDIS_URL they are shared by every instance.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  redis?.on('error', (err) => app.log.warn({ err }, 'redis error'));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'yp-rate-limit:', skipOnError: true } : {}),
  });
  await app.register(accountThrottle);
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 10, fields: 20, parts: 30 },
    throwFileSizeLimit: true,
  });
  await app.register(sessionsPlugin);

  for (const routes of featureRoutes) await app.register(routes);
  await registerSite(app, headResolvers, pageUser, pageVersion);

  app.addHook('onClose', async () => {
    // Buffered writes go before the database does: a graceful shutdown loses no counted view.
    await flushViews(ctx);
    ctx.mailer.close();
    if (redis) await redis.quit().catch(() => {});
    if (ownsDatabase) await database.close();
  });
  return app;
}
