import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

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

  it('requires SESSION_SECRET in production and names it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });

  it('turns demo seeding and demo login off in production by default', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(config.seedDemo).toBe(false);
    expect(config.demoLogin).toBe(false);
  });

  it('reads booleans and numbers from strings', () => {
    const config = loadConfig({ DEMO_LOGIN: 'false', SEED_DEMO: '0', PORT: '8080', RATE_LIMIT_MAX: '3' });
    expect(config).toMatchObject({ demoLogin: false, seedDemo: false, port: 8080, authRateLimit: 3 });
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
