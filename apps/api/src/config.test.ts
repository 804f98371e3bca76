import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: 'localhost',
      nodeEnv: 'development',
      captchaDisabled: false,
      seedDemo: true,
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/\/var$/);
  });

  it('stops with one line naming the variable', () => {
    expect(failure({ PORT: 'abc' })).toBe('Invalid setting PORT: must be a number (got "abc")');
    expect(failure({ PORT: '70000' })).toBe('Invalid setting PORT: must be at most 65535 (got "70000")');
    expect(failure({ NODE_ENV: 'prod' })).toBe(
      'Invalid setting NODE_ENV: must be one of development, production, test (got "prod")',
    );
    expect(failure({ CAPTCHA_DISABLED: 'yes' })).toMatch(/^Invalid setting CAPTCHA_DISABLED: /);
    for (const message of [failure({ PORT: 'x' }), failure({ LOG_LEVEL: 'loud' })]) {
      expect(message).not.toContain('\n');
    }
  });

  it('never echoes a database URL, which may hold a password', () => {
    const message = failure({ DATABASE_URL: 'mysql://admin:hunter2@db/shop' });
    expect(message).toMatch(/^Invalid setting DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(message).not.toContain('hunter2');
  });

  it('refuses CAPTCHA_DISABLED in production and never seeds demo data there', () => {
    expect(failure({ NODE_ENV: 'production', CAPTCHA_DISABLED: '1' })).toBe(
      'Invalid setting CAPTCHA_DISABLED: is refused in production mode (NODE_ENV=production) (got "1")',
    );
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(false);
    expect(loadConfig({ CAPTCHA_DISABLED: '1' }).captchaDisabled).toBe(true);
  });

  it('takes a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/shop' }).databaseUrl).toBe(
      'postgres://u@127.0.0.1:5432/shop',
    );
  });
});
