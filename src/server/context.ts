import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { MediaStorage } from './media/storage';

/** What services need: configuration, the database, mail and media. Built once per app. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  /** The clock, replaceable in tests for expiry rules. */
  now(): Date;
}
