import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_SESSION_SECRET, loadConfig, loadMediaConfig } from '../../src/server/config';

describe('loadConfig', () => {
  it('runs locally with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '127.0.0.1',
      seedDemo: true,
      demoLogin: true,
      production: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicUrl).toBe('http://127.0.0.1:5000');
  });

  it('states no company facts unless configured (issue 28), and checks the founding year', () => {
    expect(loadConfig({}).company).toEqual({ foundedYear: null, address: null });
    expect(
      loadConfig({ COMPANY_FOUNDED_YEAR: '2019', COMPANY_ADDRESS: ' 1 High Street, Leeds LS1 1AA ' }).company,
    ).toEqual({ foundedYear: 2019, address: '1 High Street, Leeds LS1 1AA' });
    expect(loadConfig({ COMPANY_FOUNDED_YEAR: '', COMPANY_ADDRESS: '' }).company).toEqual({
      foundedYear: null,
      address: null,
    });
    expect(() => loadConfig({ COMPANY_FOUNDED_YEAR: 'long ago' })).toThrow(/COMPANY_FOUNDED_YEAR/);
  });

  it('requires SESSION_SECRET in production and names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });

  it('turns demo seeding and demo login off in production by default', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      PAYMENTS_PROVIDER: 'test',
      MAIL_TRANSPORT: 'files',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.demoLogin).toBe(false);
  });

  it('logs JSON unless on a terminal in development, or as LOG_FORMAT says', () => {
    const onTerminal = process.stdout.isTTY;
    expect(loadConfig({}).logFormat).toBe(onTerminal ? 'pretty' : 'json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PAYMENTS_PROVIDER: 'test' };
    expect(loadConfig({ ...production, MAIL_TRANSPORT: 'files' }).logFormat).toBe('json');
  });

  it('takes a metrics token of 16+ characters, or none', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(16) }).metricsToken).toBe('m'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
  });

  it('reads booleans and numbers from strings', () => {
    const config = loadConfig({ DEMO_LOGIN: 'false', SEED_DEMO: '0', PORT: '8080', RATE_LIMIT_MAX: '3' });
    expect(config).toMatchObject({ demoLogin: false, seedDemo: false, port: 8080, authRateLimit: 3 });
  });

  it('bounds heap growth at 15% past the live set unless HEAP_GROWTH_PERCENT says otherwise', () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(15);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '50' }).heapGrowthPercent).toBe(50);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '-5' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: 'lots' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it('gives the embedded database 96MB of shared buffers unless PGLITE_SHARED_BUFFERS says otherwise', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('96MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '' }).pgliteSharedBuffers).toBe('96MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '256MB' }).pgliteSharedBuffers).toBe('256MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }).pgliteSharedBuffers).toBe('1GB');
    for (const bad of ['96', '96mb', '0MB', '-1MB', '96MB; drop table users', ' 96MB'])
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it('refuses a port that is not a number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@example.test' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_EMAIL: 'Boss@Example.test', ADMIN_PASSWORD: 'secret1' }).adminEmail).toBe(
      'boss@example.test',
    );
  });
});

describe('loadConfig in production (security review findings 2, 3 and 7)', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 's'.repeat(40),
    SMTP_URL: 'smtp://mail.example.test:587',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  };
  const without = (key: keyof typeof production) => {
    const env: Record<string, string> = { ...production };
    delete env[key];
    return env;
  };

  it('starts with Stripe and SMTP configured, with no warnings', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({ paymentsProvider: 'stripe', mailTransport: 'smtp', warnings: [] });
  });

  it('refuses to run without Stripe keys: the test card would buy every plan for nothing', () => {
    const env = without('STRIPE_SECRET_KEY');
    delete env.STRIPE_PUBLISHABLE_KEY;
    expect(() => loadConfig(env)).toThrow(/STRIPE_SECRET_KEY.*PAYMENTS_PROVIDER=test/);
  });

  it('runs the test provider only when asked, and says so', () => {
    const env = { ...without('STRIPE_SECRET_KEY'), PAYMENTS_PROVIDER: 'test' };
    const config = loadConfig(env);
    expect(config.paymentsProvider).toBe('test');
    expect(config.warnings).toEqual([expect.stringMatching(/test provider.*nothing is charged/)]);
    // Asked for with keys present, the test provider still wins: the operator said so.
    expect(loadConfig({ ...production, PAYMENTS_PROVIDER: 'test' }).paymentsProvider).toBe('test');
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('refuses to run without SMTP_URL unless mail to files is asked for, and then warns', () => {
    expect(() => loadConfig(without('SMTP_URL'))).toThrow(/SMTP_URL.*MAIL_TRANSPORT=files/);
    const config = loadConfig({ ...without('SMTP_URL'), MAIL_TRANSPORT: 'files' });
    expect(config.mailTransport).toBe('files');
    expect(config.warnings).toEqual([expect.stringMatching(/not delivered/)]);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
  });

  it('writes mail to files outside production when there is no SMTP server, with no warning', () => {
    expect(loadConfig({})).toMatchObject({ mailTransport: 'files', paymentsProvider: 'test', warnings: [] });
  });

  it('refuses the development session secret', () => {
    expect(() => loadConfig({ ...production, SESSION_SECRET: DEV_SESSION_SECRET })).toThrow(
      /SESSION_SECRET is the development default/,
    );
  });

  it('refuses an admin password under 12 characters', () => {
    const admin = { ADMIN_EMAIL: 'boss@example.test' };
    expect(() => loadConfig({ ...production, ...admin, ADMIN_PASSWORD: 'elevenchars' })).toThrow(
      /ADMIN_PASSWORD must be at least 12/,
    );
    expect(loadConfig({ ...production, ...admin, ADMIN_PASSWORD: 'twelve-chars' }).adminPassword).toBe(
      'twelve-chars',
    );
  });

  it('refuses demo login in production and names the variable', () => {
    expect(() => loadConfig({ ...production, DEMO_LOGIN: 'true' })).toThrow(
      /DEMO_LOGIN: DEMO_LOGIN lets anyone sign in as a demo account/,
    );
    expect(loadConfig({ ...production, DEMO_LOGIN: 'false' }).demoLogin).toBe(false);
  });

  it('refuses Stripe without its webhook secret: no payment would ever count', () => {
    expect(() => loadConfig(without('STRIPE_WEBHOOK_SECRET'))).toThrow(
      /STRIPE_WEBHOOK_SECRET: Set STRIPE_WEBHOOK_SECRET with STRIPE_SECRET_KEY/,
    );
  });
});

describe('media settings (decision 0041)', () => {
  const bucket = {
    S3_BUCKET: 'yp-photos',
    S3_REGION: 'auto',
    S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };

  it('keeps photos in DATA_DIR/media by default, served by the app', () => {
    expect(loadConfig({}).media).toEqual({ store: 'local', publicUrl: undefined });
    // compose.yaml passes every unset variable as an empty string.
    const unset = {
      MEDIA_STORE: '',
      MEDIA_PUBLIC_URL: '',
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      S3_FORCE_PATH_STYLE: '',
    };
    expect(loadConfig(unset).media).toEqual({ store: 'local', publicUrl: undefined });
    expect(loadConfig({ MEDIA_STORE: 'local', ...bucket }).media.store).toBe('local');
  });

  it('uses the bucket when S3_BUCKET is set, or when MEDIA_STORE=s3 asks for it', () => {
    const media = loadConfig(bucket).media;
    expect(media).toEqual({
      store: 's3',
      publicUrl: undefined,
      s3: {
        bucket: 'yp-photos',
        region: 'auto',
        endpoint: 'https://account.r2.cloudflarestorage.com',
        forcePathStyle: false,
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: bucket.S3_SECRET_ACCESS_KEY,
      },
    });
    expect(
      loadConfig({ ...bucket, MEDIA_STORE: 's3', S3_FORCE_PATH_STYLE: 'true' }).media.s3?.forcePathStyle,
    ).toBe(true);
  });

  it('refuses MEDIA_STORE=s3 without a bucket or a region, naming the variable', () => {
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_REGION: 'eu-west-2' })).toThrow(
      /S3_BUCKET: MEDIA_STORE=s3 needs S3_BUCKET/,
    );
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'photos' })).toThrow(
      /S3_REGION: MEDIA_STORE=s3 needs S3_REGION/,
    );
    expect(() => loadConfig({ MEDIA_STORE: 'bucket' })).toThrow(/MEDIA_STORE/);
  });

  it('refuses an access key without its secret (or the reverse), but takes neither (the SDK finds its own)', () => {
    expect(() => loadConfig({ ...bucket, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: Set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadConfig({ ...bucket, S3_ACCESS_KEY_ID: '' })).toThrow(
      /S3_ACCESS_KEY_ID: Set S3_ACCESS_KEY_ID/,
    );
    const roles = loadConfig({ ...bucket, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }).media.s3;
    expect(roles?.accessKeyId).toBeUndefined();
    expect(roles?.secretAccessKey).toBeUndefined();
  });

  it('refuses a bucket that is not a bucket name, and addresses that are not plain http(s) ones', () => {
    expect(() => loadConfig({ ...bucket, S3_BUCKET: 's3://yp-photos' })).toThrow(/S3_BUCKET: a bucket name/);
    expect(() => loadConfig({ ...bucket, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/?v=1' })).toThrow(
      /MEDIA_PUBLIC_URL/,
    );
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'ftp://cdn.example.com' })).toThrow(/MEDIA_PUBLIC_URL/);
  });

  it('takes MEDIA_PUBLIC_URL with or without its trailing slash', () => {
    expect(loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/photos/' }).media.publicUrl).toBe(
      'https://cdn.example.com/photos',
    );
  });

  it('checks the media settings alone the same way (npm run backup reads only those)', () => {
    expect(loadMediaConfig(bucket).store).toBe('s3');
    expect(() => loadMediaConfig({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET: MEDIA_STORE=s3 needs S3_BUCKET/);
    // Whatever else is missing for a production server does not matter to a backup.
    expect(loadMediaConfig({ NODE_ENV: 'production' }).store).toBe('local');
  });
});
