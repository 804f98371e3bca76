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

  it('keeps pages for the read cache TTL unless PAGE_CACHE_TTL_MS asks for less', () => {
    expect(loadConfig({})).toMatchObject({ cacheTtlMs: 2000, pageCacheTtlMs: 2000 });
    expect(loadConfig({ CACHE_TTL_MS: '5000' })).toMatchObject({ pageCacheTtlMs: 5000 });
    expect(loadConfig({ PAGE_CACHE_TTL_MS: '0' })).toMatchObject({ cacheTtlMs: 2000, pageCacheTtlMs: 0 });
    // Never longer than the read cache: the console tells operators how stale a buyer's view may be.
    expect(loadConfig({ PAGE_CACHE_TTL_MS: '9000' })).toMatchObject({ pageCacheTtlMs: 2000 });
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

  it('refuses development and test mode on an address other machines reach (issue 11)', () => {
    const line = failure({ HOST: '0.0.0.0' });
    expect(line).toBe(
      'Invalid setting HOST: is not a loopback address, and development mode (NODE_ENV unset or development) shows every verification code at /dev/outbox and tops wallets up through the payment sandbox for anyone who reaches it; set NODE_ENV=production, or HOST=127.0.0.1 (got "0.0.0.0")',
    );
    expect(failure({ HOST: '192.168.1.20', NODE_ENV: 'development' })).toMatch(/^Invalid setting HOST: /);
    expect(failure({ HOST: '::', NODE_ENV: 'test' })).toMatch(/^Invalid setting HOST: .*\(NODE_ENV=test\)/);
    expect(failure({ HOST: 'shop.example' })).toMatch(/set NODE_ENV=production, or HOST=127\.0\.0\.1/);
    expect(failure({ HOST: '128.0.0.1' })).toMatch(/^Invalid setting HOST: /);
    for (const host of ['localhost', '127.0.0.1', '127.3.2.1', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(loadConfig({ HOST: host }).host).toBe(host);
    }
    expect(loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production' }).host).toBe('0.0.0.0');
  });

  it('takes a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/shop' }).databaseUrl).toBe(
      'postgres://u@127.0.0.1:5432/shop',
    );
  });

  it('takes SMTP, the SMS webhook, Redis and S3 only when complete, never echoing secrets', () => {
    const c = loadConfig({
      SMTP_URL: 'smtp://u:pw@mail.example:587',
      SMS_WEBHOOK_URL: 'https://sms.example/send',
      SMS_WEBHOOK_SECRET: 'x'.repeat(32),
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      S3_ENDPOINT: 'https://s3.example/',
      S3_BUCKET: 'shop',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    });
    expect(c.smtp).toEqual({
      url: 'smtp://u:pw@mail.example:587',
      from: 'Pixel Harbor <no-reply@localhost>',
    });
    expect(c.smsWebhook?.url).toBe('https://sms.example/send');
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(c.s3).toMatchObject({
      endpoint: 'https://s3.example',
      region: 'us-east-1',
      publicUrl: 'https://s3.example/shop',
    });
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig({}).s3).toBeUndefined();

    expect(failure({ S3_BUCKET: 'shop', S3_ENDPOINT: 'https://s3.example' })).toBe(
      'Invalid setting S3_ACCESS_KEY_ID: is required with the other S3_* settings (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
    );
    expect(failure({ SMS_WEBHOOK_URL: 'https://sms.example/send' })).toMatch(
      /^Invalid setting SMS_WEBHOOK_SECRET: is required/,
    );
    const smtp = failure({ SMTP_URL: 'http://u:hunter2@mail.example' });
    expect(smtp).toMatch(/^Invalid setting SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL$/);
    expect(failure({ REDIS_URL: 'memcached://u:hunter2@x' })).not.toContain('hunter2');
  });

  it('takes Alipay and WeChat Pay credentials only complete, and never echoes a key', () => {
    expect(failure({ ALIPAY_APP_ID: '2021000000000000' })).toMatch(
      /^Invalid setting ALIPAY_PRIVATE_KEY: is required with the other ALIPAY_ settings/,
    );
    const key = `-----BEGIN PRIVATE KEY-----\\n${'A'.repeat(120)}\\n-----END PRIVATE KEY-----`;
    const c = loadConfig({
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_PRIVATE_KEY: key,
      ALIPAY_PUBLIC_KEY: key.replace(/PRIVATE/g, 'PUBLIC'),
      ALIPAY_SELLER_ID: '2088000000000000',
    });
    expect(c.alipay?.privateKey.split('\n')).toHaveLength(3);
    expect(c.wechat).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(failure({ WECHAT_APIV3_KEY: 'short-secret-key' })).not.toContain('short-secret-key');
  });
});
