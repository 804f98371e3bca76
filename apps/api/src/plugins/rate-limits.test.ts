import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../test/helpers.ts';
import { DEMO_BUYER, seedDemo } from '../db/seed-demo.ts';

describe.each(testEngines())('throttling of credential endpoints (%s)', (engine) => {
  let t: TestApp;
  const login = (account: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/front/app/login',
      payload: { account, password },
      headers,
      remoteAddress: headers['x-test-ip'] ?? '127.0.0.1',
    });

  beforeAll(async () => {
    t = await createTestApp(engine, {
      RATE_LIMIT_PER_ACCOUNT: '5',
      RATE_LIMIT_PER_IP: '12',
      CAPTCHA_DISABLED: '1',
    });
    await seedDemo(t.db, t.app.cardCipher);
  });
  afterAll(() => t.close());

  it('throttles brute force on one account, even from many addresses', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login(DEMO_BUYER.email, `guess-${i}`, { 'x-test-ip': `10.0.0.${i + 1}` });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await login(DEMO_BUYER.email, DEMO_BUYER.password, {
      'x-test-ip': '10.0.0.99',
      locale: 'en',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 429,
      msg: 'Too many requests; please try again later',
      data: null,
    });
    expect(blocked.headers['retry-after']).toBeTruthy();
    // Another account is not affected.
    expect((await login('someone@demo.test', 'x', { 'x-test-ip': '10.0.0.98' })).statusCode).toBe(400);
  });

  it('throttles one address trying many accounts, and X-Forwarded-For does not help without a trusted proxy', async () => {
    const from = { 'x-test-ip': '192.0.2.7' };
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await login(`user${i}@demo.test`, 'x', from)).statusCode;
    expect(last).toBe(400);
    const forged = await login('fresh@demo.test', 'x', { ...from, 'x-forwarded-for': '203.0.113.9' });
    expect(forged.statusCode).toBe(429);
  });

  it('throttles code sends per address', async () => {
    const send = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/front/app/sendEmailcode',
        payload: { email },
        remoteAddress: '198.51.100.1',
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send('target@demo.test')).statusCode);
    // One code a minute (cooldown 429s) and then the per-account limit: never more than one sent.
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((s) => s === 429)).toBe(true);
    const sent = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', 'target@demo.test')
      .execute();
    expect(sent).toHaveLength(1);
  });
});

// REDIS_URL shares the counters between processes (ARCHITECTURE.md §1); TEST_REDIS_URL names a
// Redis database the test may empty (CI: redis://127.0.0.1:6379/9).
describe.skipIf(!process.env.TEST_REDIS_URL)('throttling shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const url = process.env.TEST_REDIS_URL!;
  const login = (t: TestApp, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/front/app/login',
      payload: { account: 'shared@demo.test', password: 'wrong-password' },
      remoteAddress: ip,
    });

  beforeAll(async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url);
    await redis.flushdb();
    await redis.quit();
    const env = {
      REDIS_URL: url,
      RATE_LIMIT_PER_ACCOUNT: '4',
      RATE_LIMIT_PER_IP: '1000',
      CAPTCHA_DISABLED: '1',
    };
    // Two processes of one deployment: the same database engine is not needed for this.
    a = await createTestApp('sqlite', env);
    b = await createTestApp('sqlite', env);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts tries on one account across two app instances', async () => {
    const statuses = [
      (await login(a, '10.1.0.1')).statusCode,
      (await login(b, '10.1.0.2')).statusCode,
      (await login(a, '10.1.0.3')).statusCode,
      (await login(b, '10.1.0.4')).statusCode,
    ];
    expect(statuses).toEqual([400, 400, 400, 400]);
    // Each instance alone has seen only two tries; together they have seen four.
    expect((await login(a, '10.1.0.5')).statusCode).toBe(429);
    expect((await login(b, '10.1.0.6')).statusCode).toBe(429);
  });
});
