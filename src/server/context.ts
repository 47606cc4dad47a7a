import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { MediaStorage } from './media/storage';
import type { MediaUrls } from './media/urls';
import type { AppMetrics } from './plugins/metrics';

/** What services need: configuration, the database, mail and media. Built once per app. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: MediaStorage;
  /** Stored photo references (`/media/<key>`) as replies give them, MEDIA_PUBLIC_URL's address when it is set. */
  mediaUrls: MediaUrls;
  /** Writes through the current request's logger (with its request id) when there is one. */
  log: FastifyBaseLogger;
  /** Job runs and the like, for /metrics (a no-op unless METRICS_TOKEN is set). */
  metrics: AppMetrics;
  /** Set when the process is stopping: /readyz answers 503 so a load balancer stops sending requests here. */
  lifecycle: { draining: boolean };
  /** The clock, replaceable in tests for expiry rules. */
  now(): Date;
}
