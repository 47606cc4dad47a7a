// buildApp(config): plugins + feature routes. Tests call this with an in-memory database.
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { PROFILE_PHOTO_MAX_BYTES } from '../domain/constants';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { featureRoutes, headResolvers } from './features';
import { createMailer } from './mail/mailer';
import { createLocalStorage } from './media/storage';
import { registerErrorHandling } from './plugins/errors';
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
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: config.inMemoryDb }));
  const ownsDatabase = !options.database;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    storage: createLocalStorage(config.dataDir),
    log: app.log,
    now: options.now ?? (() => new Date()),
  };
  app.decorate('ctx', ctx);

  registerErrorHandling(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'https:'],
        frameSrc: ["'self'", 'https://js.stripe.com'],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.production,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 10, fields: 20, parts: 30 },
    throwFileSizeLimit: true,
  });
  await app.register(sessionsPlugin);

  for (const routes of featureRoutes) await app.register(routes);
  await registerSite(app, headResolvers);

  app.addHook('onClose', async () => {
    ctx.mailer.close();
    if (ownsDatabase) await database.close();
  });
  return app;
}
