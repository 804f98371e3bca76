import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../test/helpers.ts';
import { DEMO_BUYER, seedDemo } from '../seed/seed-demo.ts';
import { insertCaptcha } from '../modules/verification/verification.repository.ts';

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

  it('throttles registration tries on one account, even from many addresses', async () => {
    const register = (ip: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/front/app/register',
        payload: { account: 'newcomer@demo.test', code: '000000', password: 'newcomer-1' },
        headers,
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await register(`10.0.0.${i + 1}`)).statusCode).toBe(400);
    const blocked = await register('10.0.0.99', { locale: 'en' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 429,
      msg: 'Too many requests; please try again later',
      data: null,
    });
    expect(blocked.headers['retry-after']).toBeTruthy();
  });

  it('never locks a login out per account: the owner gets in after many wrong guesses (finding 5)', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await login(DEMO_BUYER.email, `guess-${i}`, { 'x-test-ip': `10.0.1.${i + 1}` });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await login(DEMO_BUYER.email, DEMO_BUYER.password, { 'x-test-ip': '10.0.1.99' })).statusCode,
    ).toBe(200);
  });

  it('throttles one address trying many accounts, and X-Forwarded-For does not help without a trusted proxy', async () => {
    const from = { 'x-test-ip': '192.0.2.7' };
    let last = 0;
    for (let i = 0; i < 12; i++) last = (await login(`user${i}@demo.test`, 'x', from)).statusCode;
    expect(last).toBe(400);
    const forged = await login('fresh@demo.test', 'x', { ...from, 'x-forwarded-for': '203.0.113.9' });
    expect(forged.statusCode).toBe(429);
  });

  it('throttles old-password checks of setPassword per address (finding 6)', async () => {
    const token = (await login(DEMO_BUYER.email, DEMO_BUYER.password, { 'x-test-ip': '10.0.2.1' })).json()
      .data.token as string;
    const change = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/front/app/setPassword',
        payload: { old_password: 'not-the-password', password: 'new-pass-123' },
        headers: { authorization: token, locale: 'en' },
        remoteAddress: '192.0.2.60',
      });
    for (let i = 0; i < 12; i++) expect((await change()).statusCode).toBe(400);
    const blocked = await change();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe('Too many requests; please try again later');
  });

  it('throttles captcha images per address (finding 8)', async () => {
    const captcha = (ip: string) =>
      t.app.inject({ url: '/api/front/app/captcha', headers: { locale: 'en' }, remoteAddress: ip });
    for (let i = 0; i < 12; i++) expect((await captcha('203.0.113.50')).statusCode).toBe(200);
    const blocked = await captcha('203.0.113.50');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 429,
      msg: 'Too many requests; please try again later',
      data: null,
    });
    expect(blocked.headers['retry-after']).toBeTruthy();
    expect((await captcha('203.0.113.51')).statusCode).toBe(200);
    const rows = await t.db.selectFrom('captchas').select('key').execute();
    expect(rows).toHaveLength(13);
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

// Finding 5 of issue 11: failures on one account must lead to a captcha the owner can pass, never
// to a lock (decision 025). Captcha checks are on here; the test solves them by storing captchas
// whose answer it knows.
describe.each(testEngines())('no lockout of an account by strangers (%s)', (engine) => {
  let t: TestApp;
  const solvedCaptcha = async () => {
    const key = randomBytes(16).toString('hex');
    await insertCaptcha(t.db, key, createHash('sha256').update('ab3d').digest('hex'), Date.now() + 60_000);
    return { captcha_key: key, captcha_code: 'ab3d' };
  };
  const login = (account: string, password: string, ip: string, captcha: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/front/app/login',
      payload: { account, password, ...captcha },
      headers: { locale: 'en' },
      remoteAddress: ip,
    });

  beforeAll(async () => {
    // The shipped defaults: 10 tries per account per 10 minutes used to lock the account.
    t = await createTestApp(engine, { RATE_LIMIT_PER_ACCOUNT: '10', RATE_LIMIT_PER_IP: '60' });
    await seedDemo(t.db, t.app.cardCipher);
  });
  afterAll(() => t.close());

  it('lets the owner in with the right password and a captcha after 15 wrong ones from several addresses', async () => {
    for (let i = 0; i < 15; i++) {
      const captcha = i >= 3 ? await solvedCaptcha() : {};
      const res = await login(DEMO_BUYER.email, `guess-${i}`, `10.3.0.${(i % 5) + 1}`, captcha);
      expect({ i, status: res.statusCode, body: res.json() }).toEqual({
        i,
        status: 400,
        body: { code: 400, msg: 'Wrong account or password', data: null },
      });
    }
    // Without the captcha the owner is asked for it (the login dialog shows it), not refused.
    const asked = await login(DEMO_BUYER.email, DEMO_BUYER.password, '10.3.1.1');
    expect(asked.json()).toEqual({ code: 40001, msg: 'Please enter the picture code', data: null });
    const owner = await login(DEMO_BUYER.email, DEMO_BUYER.password, '10.3.1.1', await solvedCaptcha());
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.token).toBeTruthy();
  });

  it('checks at most 3 passwords without a captcha, even when the guesses arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login('burst@demo.test', `guess-${i}`, `10.4.0.${i + 1}`)),
    );
    const codes = results.map((r) => r.json().code as number);
    expect(codes.filter((c) => c === 400)).toHaveLength(3);
    expect(codes.filter((c) => c === 40001)).toHaveLength(9);
  });
});

// REDIS_URL shares the counters between processes (ARCHITECTURE.md §1); TEST_REDIS_URL names a
// Redis database the test may empty (CI: redis://127.0.0.1:6379/9).
describe.skipIf(!process.env.TEST_REDIS_URL)('throttling shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const url = process.env.TEST_REDIS_URL!;
  // Registration tries are counted per account (login is not: finding 5, decision 025).
  const register = (t: TestApp, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/front/app/register',
      payload: { account: 'shared@demo.test', code: '000000', password: 'shared-pass-1' },
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
      (await register(a, '10.1.0.1')).statusCode,
      (await register(b, '10.1.0.2')).statusCode,
      (await register(a, '10.1.0.3')).statusCode,
      (await register(b, '10.1.0.4')).statusCode,
    ];
    expect(statuses).toEqual([400, 400, 400, 400]);
    // Each instance alone has seen only two tries; together they have seen four.
    expect((await register(a, '10.1.0.5')).statusCode).toBe(429);
    expect((await register(b, '10.1.0.6')).statusCode).toBe(429);
  });
});
