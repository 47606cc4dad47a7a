// Environment → typed configuration, validated once at start-up (fails fast with the field errors).
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TILE_URL } from '../domain/constants';
import { AUTH_RATE_LIMIT_DEFAULT } from '../domain/limits';
import { MEMORY_SETTING, PGLITE_SHARED_BUFFERS } from './db/settings';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

/** The development default: fine on a laptop, refused in production (anyone can read it here). */
export const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production';
/** Production admin passwords (ADMIN_PASSWORD, the admin CLI) are at least this long. */
export const PRODUCTION_ADMIN_PASSWORD_MIN = 12;

/** Unset or empty: undefined (compose passes unset variables as empty strings). */
const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);

/** An http(s) address with nothing after its path (photo URLs are this plus a key). */
const baseUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v) && !/[?#]/.test(v), 'an http(s) address without ? or #')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** S3's bucket naming rules (also R2's and MinIO's): 3-63 lower-case letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

// Where uploaded photos are kept (decision 0041): DATA_DIR/media, or an S3-compatible bucket.
const mediaEnvShape = {
  // s3 when S3_BUCKET is set, local otherwise (as SMTP_URL chooses the mail transport).
  MEDIA_STORE: z
    .enum(['local', 's3'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Where browsers fetch photos (a CDN, or the bucket's public address); unset, the app serves /media/ itself.
  MEDIA_PUBLIC_URL: baseUrl,
  S3_ENDPOINT: baseUrl,
  S3_BUCKET: optionalText.refine(
    (v) => v === undefined || BUCKET_NAME.test(v),
    'a bucket name: 3-63 lower-case letters, digits, dots and hyphens (not a URL)',
  ),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Path-style addresses (endpoint/bucket/key) rather than bucket.endpoint/key: MinIO and s3rver need them.
  S3_FORCE_PATH_STYLE: bool(false),
};
const mediaEnvSchema = z.object(mediaEnvShape);
type MediaEnv = z.output<typeof mediaEnvSchema>;

function mediaStoreOf(env: MediaEnv): 'local' | 's3' {
  return env.MEDIA_STORE ?? (env.S3_BUCKET ? 's3' : 'local');
}

function checkMediaEnv(env: MediaEnv, ctx: z.RefinementCtx) {
  if (mediaStoreOf(env) !== 's3') return;
  if (!env.S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'MEDIA_STORE=s3 needs S3_BUCKET' });
  if (!env.S3_REGION)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_REGION'],
      message:
        "MEDIA_STORE=s3 needs S3_REGION, the bucket's region (auto on Cloudflare R2, us-east-1 on MinIO)",
    });
  // One without the other is a mistake; neither leaves the SDK to find credentials (AWS_* variables, an IAM role).
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message:
        "Set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or neither, for the SDK's own credentials)",
    });
}

function mediaConfigOf(env: MediaEnv): MediaConfig {
  const publicUrl = env.MEDIA_PUBLIC_URL?.replace(/\/+$/, '');
  if (mediaStoreOf(env) === 'local') return { store: 'local', publicUrl };
  return {
    store: 's3',
    publicUrl,
    s3: {
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION!,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    },
  };
}

function envSchema(nodeEnv: string) {
  const production = nodeEnv === 'production';
  return z
    .object({
      NODE_ENV: z.string().default('development'),
      PORT: z.coerce.number().int().min(0).max(65535).default(5000),
      HOST: z.string().default('127.0.0.1'),
      DATA_DIR: z.string().default('./data'),
      DATABASE_URL: z
        .string()
        .url()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      // The embedded database (PGlite) syncs each commit to the disk; off trades host-crash safety for speed.
      PGLITE_FSYNC: bool(true),
      // The embedded database's page cache (decision 0040): most of a PGlite server's memory.
      PGLITE_SHARED_BUFFERS: z
        .string()
        .regex(MEMORY_SETTING, 'a whole number of kB, MB or GB, like 96MB')
        .optional()
        .or(z.literal('').transform(() => undefined))
        .transform((v) => v ?? PGLITE_SHARED_BUFFERS),
      SESSION_SECRET: production
        ? z.string({ error: 'SESSION_SECRET is required when NODE_ENV=production' }).min(32)
        : z.string().default(DEV_SESSION_SECRET),
      ADMIN_EMAIL: z
        .string()
        .email()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      ADMIN_PASSWORD: z
        .string()
        .min(6)
        .optional()
        .or(z.literal('').transform(() => undefined)),
      SEED_DEMO: bool(!production),
      DEMO_LOGIN: bool(!production),
      SMTP_URL: z
        .string()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      // Without SMTP_URL mail is written to files under DATA_DIR/mail; production must ask for that explicitly.
      MAIL_TRANSPORT: z.enum(['smtp', 'files']).optional(),
      MAIL_FROM: z.string().default('Your Place <no-reply@yourplace.example>'),
      STRIPE_SECRET_KEY: z
        .string()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      // Stripe when STRIPE_SECRET_KEY is set; the built-in test provider otherwise, which production must ask for.
      PAYMENTS_PROVIDER: z.enum(['stripe', 'test']).optional(),
      STRIPE_WEBHOOK_SECRET: z
        .string()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      STRIPE_PUBLISHABLE_KEY: z
        .string()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      // Where the SDK sends API calls (a local fake Stripe in tests); Stripe's own host by default.
      STRIPE_API_HOST: z.string().optional(),
      STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
      STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
      PUBLIC_URL: z.string().url().optional(),
      MAP_TILE_URL: z.string().default(DEFAULT_TILE_URL),
      // Company facts the site states only when configured (issue 28: a claim needs a record behind it).
      COMPANY_FOUNDED_YEAR: z.coerce
        .number()
        .int()
        .min(1800)
        .max(2100)
        .optional()
        .or(z.literal('').transform(() => undefined)),
      COMPANY_ADDRESS: z
        .string()
        .trim()
        .max(200)
        .optional()
        .transform((v) => v || undefined),
      REDIS_URL: z
        .string()
        .optional()
        .or(z.literal('').transform(() => undefined)),
      LOG_LEVEL: z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
        .default(production ? 'info' : 'info'),
      // pretty: coloured readable lines (development on a terminal, the default there); json: one JSON object a line.
      LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
      RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(AUTH_RATE_LIMIT_DEFAULT),
      // Sessions end after this many days without a request (the idle timeout; each request slides it)...
      SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
      // ...and this many days after sign-in whatever happens (the absolute lifetime).
      SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
      // GET /metrics (Prometheus) answers only with this bearer token; unset, the route does not exist.
      METRICS_TOKEN: z
        .string()
        .min(16, 'METRICS_TOKEN must be at least 16 characters')
        .optional()
        .or(z.literal('').transform(() => undefined)),
      TRUST_PROXY: bool(false),
      // On SIGTERM, /readyz answers 503 for this long before the server stops taking requests, so a load
      // balancer's health check takes the instance out first and no request meets a closing socket.
      SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
      // Every background job runs this often instead of its own interval (minutes): for the fleet test, which
      // must see jobs run inside a minute. Unset in real use.
      JOB_INTERVAL_SECONDS: z.coerce.number().min(0.1).max(86_400).optional(),
      // How far V8 lets the heap grow past what is alive after a full collection, in percent (decision 0037). Its own
      // choice (0) lets it grow up to 4 times under fast allocation, as server rendering is: 470-540 MB peaks for
      // ~130 MB alive. 15 keeps the bench's peak near 255 MB with no cost above the machine's noise.
      HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(300).default(15),
      // `npm run bench` only: adds GET /api/bench/ceiling, a precomputed reply to measure the server's ceiling.
      BENCH_ROUTES: bool(false),
      // Browser tests only: POST /api/test/listing-lifecycle runs the lifecycle job on a clock moved ahead.
      TEST_ROUTES: bool(false),
      ...mediaEnvShape,
    })
    .superRefine((env, ctx) => {
      checkMediaEnv(env, ctx);
      if (production && env.TEST_ROUTES) {
        ctx.addIssue({
          code: 'custom',
          path: ['TEST_ROUTES'],
          message: 'TEST_ROUTES is for browser tests and is refused when NODE_ENV=production',
        });
      }
      if (production && env.DEMO_LOGIN) {
        ctx.addIssue({
          code: 'custom',
          path: ['DEMO_LOGIN'],
          message: 'DEMO_LOGIN lets anyone sign in as a demo account and is refused when NODE_ENV=production',
        });
      }
      if (production && env.SESSION_SECRET === DEV_SESSION_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['SESSION_SECRET'],
          message: 'SESSION_SECRET is the development default; set a random value of 32+ characters',
        });
      }
      if (production && env.ADMIN_PASSWORD && env.ADMIN_PASSWORD.length < PRODUCTION_ADMIN_PASSWORD_MIN) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_PASSWORD'],
          message: `ADMIN_PASSWORD must be at least ${PRODUCTION_ADMIN_PASSWORD_MIN} characters in production`,
        });
      }
      // A production site without Stripe keys would sell every plan for a test card number.
      if (env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: 'PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY',
        });
      }
      if (production && !env.STRIPE_SECRET_KEY && env.PAYMENTS_PROVIDER !== 'test') {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message:
            'Set STRIPE_SECRET_KEY (with STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET) in production, or PAYMENTS_PROVIDER=test to take test cards only (nothing is charged)',
        });
      }
      if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
        ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'MAIL_TRANSPORT=smtp needs SMTP_URL' });
      }
      if (production && !env.SMTP_URL && env.MAIL_TRANSPORT !== 'files') {
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message:
            'Set SMTP_URL in production (password resets must reach people), or MAIL_TRANSPORT=files to write mail to DATA_DIR/mail instead',
        });
      }
      if ((env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) || (!env.ADMIN_EMAIL && env.ADMIN_PASSWORD)) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_PASSWORD'],
          message: 'Set ADMIN_EMAIL and ADMIN_PASSWORD together',
        });
      }
      // Elements needs the publishable key, and without the webhook secret no payment would ever count.
      if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_PUBLISHABLE_KEY'],
          message: 'Set STRIPE_PUBLISHABLE_KEY with STRIPE_SECRET_KEY (the card form needs it)',
        });
      }
      if (env.STRIPE_SECRET_KEY && production && !env.STRIPE_WEBHOOK_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRET'],
          message: 'Set STRIPE_WEBHOOK_SECRET with STRIPE_SECRET_KEY in production',
        });
      }
    });
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset (both): the SDK's own credential chain (AWS_* variables, an instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

export interface MediaConfig {
  store: 'local' | 's3';
  /** MEDIA_PUBLIC_URL without a trailing slash: photo URLs are this plus the key. Unset: /media/<key> on the app. */
  publicUrl?: string;
  /** With store s3. */
  s3?: S3Settings;
}

export interface AppConfig {
  env: string;
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PGLITE_FSYNC: PGlite commits reach the disk before they return (no effect with DATABASE_URL). */
  pgliteFsync: boolean;
  /** PGLITE_SHARED_BUFFERS: PGlite's shared_buffers, like 96MB (no effect with DATABASE_URL). */
  pgliteSharedBuffers: string;
  sessionSecret: string;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  demoLogin: boolean;
  smtpUrl?: string;
  /** smtp with SMTP_URL; otherwise files under DATA_DIR/mail (development, or asked for in production). */
  mailTransport: 'smtp' | 'files';
  mailFrom: string;
  /** Stripe with STRIPE_SECRET_KEY (unless PAYMENTS_PROVIDER=test); otherwise the built-in test provider. */
  paymentsProvider: 'stripe' | 'test';
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripePublishableKey?: string;
  stripeApiHost?: string;
  stripeApiPort?: number;
  stripeApiProtocol?: 'http' | 'https';
  publicUrl: string;
  mapTileUrl: string;
  /** Company facts (COMPANY_FOUNDED_YEAR, COMPANY_ADDRESS): the pages say nothing of either unless set. */
  company: { foundedYear: number | null; address: string | null };
  redisUrl?: string;
  /** Where uploaded photos are kept and where browsers fetch them (MEDIA_STORE, S3_*, MEDIA_PUBLIC_URL). */
  media: MediaConfig;
  logLevel: string;
  /** pretty on a terminal in development, json otherwise (LOG_FORMAT overrides). */
  logFormat: 'pretty' | 'json';
  /** A session ends after this long without a request (SESSION_IDLE_DAYS)... */
  sessionIdleMs: number;
  /** ...and this long after sign-in in any case (SESSION_MAX_DAYS). */
  sessionMaxMs: number;
  /** GET /metrics answers with this bearer token only; off when unset. */
  metricsToken?: string;
  /** Attempts per minute per IP on login, registration, recovery and contact. */
  authRateLimit: number;
  trustProxy: boolean;
  /** SHUTDOWN_DRAIN_SECONDS in ms: how long /readyz says 503 before a stopping server closes. */
  shutdownDrainMs: number;
  /** JOB_INTERVAL_SECONDS in ms: one interval for every job (the fleet test); unset, each job keeps its own. */
  jobIntervalMs?: number;
  /** V8's heap growth past the live size after a full collection, in percent; 0 leaves it to V8. */
  heapGrowthPercent: number;
  /** GET /api/bench/ceiling for `npm run bench`; off unless BENCH_ROUTES=1. */
  benchRoutes: boolean;
  /** POST /api/test/* for the browser tests; off unless TEST_ROUTES=1, refused in production. */
  testRoutes: boolean;
  /** In-memory PGlite (tests); overrides dataDir when set. */
  inMemoryDb?: boolean;
  /** What an operator must know about this configuration: logged at start-up and shown in the admin area. */
  warnings: string[];
}

export class ConfigError extends Error {}

function configError(issues: z.core.$ZodIssue[]): ConfigError {
  const lines = issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
  return new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** The media settings alone, checked as loadConfig checks them: for `npm run backup`, which needs nothing else. */
export function loadMediaConfig(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  const parsed = mediaEnvSchema.superRefine(checkMediaEnv).safeParse(env);
  if (!parsed.success) throw configError(parsed.error.issues);
  return mediaConfigOf(parsed.data);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema(env.NODE_ENV ?? 'development').safeParse(env);
  if (!parsed.success) throw configError(parsed.error.issues);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const mailTransport = e.SMTP_URL && e.MAIL_TRANSPORT !== 'files' ? 'smtp' : 'files';
  const paymentsProvider = e.STRIPE_SECRET_KEY && e.PAYMENTS_PROVIDER !== 'test' ? 'stripe' : 'test';
  const warnings: string[] = [];
  if (production && paymentsProvider === 'test')
    warnings.push(
      'Payments use the built-in test provider (PAYMENTS_PROVIDER=test): test card numbers buy any plan and nothing is charged. Set STRIPE_SECRET_KEY for real payments.',
    );
  if (production && mailTransport === 'files')
    warnings.push(
      'Mail is written to files in DATA_DIR/mail, not delivered (MAIL_TRANSPORT=files): nobody receives password resets or alerts. Set SMTP_URL to send mail.',
    );
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteFsync: e.PGLITE_FSYNC,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    sessionSecret: e.SESSION_SECRET,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    demoLogin: e.DEMO_LOGIN,
    smtpUrl: e.SMTP_URL,
    mailTransport,
    mailFrom: e.MAIL_FROM,
    paymentsProvider,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeApiHost: e.STRIPE_API_HOST,
    stripeApiPort: e.STRIPE_API_PORT,
    stripeApiProtocol: e.STRIPE_API_PROTOCOL,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    mapTileUrl: e.MAP_TILE_URL,
    company: { foundedYear: e.COMPANY_FOUNDED_YEAR ?? null, address: e.COMPANY_ADDRESS ?? null },
    redisUrl: e.REDIS_URL,
    media: mediaConfigOf(e),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (!production && process.stdout.isTTY ? 'pretty' : 'json'),
    sessionIdleMs: e.SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 24 * 60 * 60 * 1000,
    metricsToken: e.METRICS_TOKEN,
    authRateLimit: e.RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    jobIntervalMs: e.JOB_INTERVAL_SECONDS === undefined ? undefined : e.JOB_INTERVAL_SECONDS * 1000,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    benchRoutes: e.BENCH_ROUTES,
    testRoutes: e.TEST_ROUTES,
    warnings,
  };
}
