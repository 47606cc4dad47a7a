// buildApp(config): plugins + feature routes. Tests call this with an in-memory database.
import { createRequire } from 'node:module';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { PROFILE_PHOTO_MAX_BYTES } from '../domain/constants';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { cacheStats, featureRoutes, headResolvers, pageUser, pageVersion } from './features';
import { flushViews } from './features/properties/views';
import { type DeclaredRoute, serializerCompiler, validatorCompiler } from './lib/contract';
import { redactingLoggerOptions } from './lib/log-redaction';
import { contextLogger, trackRequestLogger } from './lib/request-log';
import { createMailer } from './mail/mailer';
import { openMediaStorage } from './media/storage';
import { MediaUrls } from './media/urls';
import { registerErrorHandling } from './plugins/errors';
import { NO_METRICS, registerMetrics } from './plugins/metrics';
import { registerPrivateReplies } from './plugins/private-replies';
import accountThrottle from './plugins/rate-limits';
import sessionsPlugin from './plugins/sessions';
import { registerSite } from './plugins/site';

export interface BuildOptions {
  /** Reuse an open database (tests, the CLI); otherwise one is opened from the config. */
  database?: Database;
  now?: () => Date;
  logger?: boolean;
  /** Log lines go here instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** What an X-Request-Id header may hold to be kept as the request's id. */
const REQUEST_ID = /^[\w.:-]{8,128}$/;

/** JSON lines, or coloured readable lines on a terminal in development (pino-pretty, a dev dependency). */
function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  const pretty = config.logFormat === 'pretty' && prettyAvailable();
  return {
    level: config.logLevel,
    ...redactingLoggerOptions(),
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l' } } } : {}),
  };
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false; // a production install has no dev dependencies: JSON, as production wants anyway
  }
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : options.logStream
          ? { level: config.logLevel, stream: options.logStream, ...redactingLoggerOptions() }
          : loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A balancer's X-Request-Id is kept (so one id follows a request through both logs) when it looks like one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
  });
  // Every reply names its request, so a person reporting a problem (or a log search) can find its lines.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  trackRequestLogger(app);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemoryDb,
      fsync: config.pgliteFsync,
      sharedBuffers: config.pgliteSharedBuffers,
    }));
  const ownsDatabase = !options.database;
  const log = contextLogger(app.log);
  // The S3 store is reached here once, so a wrong bucket or key stops the start-up with a message naming them.
  const storage = await openMediaStorage(config.media, config.dataDir);
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
      log,
    }),
    storage,
    mediaUrls: new MediaUrls(config.media.publicUrl),
    log,
    metrics: NO_METRICS,
    lifecycle: { draining: false },
    now: options.now ?? (() => new Date()),
  };
  app.decorate('ctx', ctx);
  ctx.metrics = registerMetrics(app, ctx, cacheStats(ctx));
  // Every registered route with its declared schemas: tests walk them all (new routes are covered automatically).
  const routeList: DeclaredRoute[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeList.push({ method, url: route.url, schema: route.schema });
  });
  // Routes declare zod schemas (decision 0043): validated before the handler; replies checked against theirs
  // outside production.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(!config.production));

  registerErrorHandling(app);
  // Security headers, built once: @fastify/helmet rebuilt the middleware (parsing every CSP directive) on
  // each request, a few per cent of a cached search's time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MEDIA_PUBLIC_URL's origin by name: https: covers a CDN, not a bucket's plain http address.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          'https:',
          ...(config.media.publicUrl ? [new URL(config.media.publicUrl).origin] : []),
        ],
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
  registerPrivateReplies(app);

  for (const routes of featureRoutes) await app.register(routes);
  await registerSite(app, headResolvers, pageUser, pageVersion);

  app.addHook('onClose', async () => {
    // Buffered writes go before the database does: a graceful shutdown loses no counted view.
    await flushViews(ctx);
    ctx.mailer.close();
    ctx.storage.close();
    if (redis) await redis.quit().catch(() => {});
    if (ownsDatabase) await database.close();
  });
  return app;
}
