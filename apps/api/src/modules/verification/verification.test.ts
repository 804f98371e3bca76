import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { DEMO_BUYER, seedDemo } from '../../seed/seed-demo.ts';
import { insertCaptcha } from './verification.repository.ts';
import { CODE_MAX_TRIES } from './verification.service.ts';

describe.each(testEngines())('captcha, codes, outbox, register, reset (%s)', (engine) => {
  let t: TestApp; // captcha checks on
  let open: TestApp; // CAPTCHA_DISABLED=1, as automated runs use
  const call = async (
    app: TestApp,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.app.inject({ method, url, payload: payload as object, headers });
    return { status: res.statusCode, body: res.json() };
  };
  /** The code in the newest outbox message to this address. */
  const codeFor = async (app: TestApp, recipient: string) => {
    const { body } = await call(app, 'GET', '/api/dev/outbox');
    const message = body.data.list.find((m: { recipient: string }) => m.recipient === recipient);
    return /(\d{6})/.exec(message?.body ?? '')?.[1] ?? '';
  };
  /** Lets the next code be sent at once (the 60 s cooldown is tested on its own). */
  const skipCooldown = (app: TestApp) =>
    app.db
      .updateTable('verification_codes')
      .set((eb) => ({ created_at: eb('created_at', '-', 120_000) }))
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    open = await createTestApp(engine, { CAPTCHA_DISABLED: '1' });
    await seedDemo(open.db, open.app.cardCipher);
  });
  afterAll(async () => {
    await t.close();
    await open.close();
  });

  it('hands out an SVG captcha with a key, and stores only a hash of its answer', async () => {
    const { status, body } = await call(t, 'GET', '/api/front/app/captcha');
    expect(status).toBe(200);
    expect(body.data.captcha_key).toMatch(/^[0-9a-f]{32}$/);
    expect(body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.data.image.split(',')[1], 'base64').toString()).toContain('<svg');
    const row = await t.db
      .selectFrom('captchas')
      .selectAll()
      .where('key', '=', body.data.captcha_key)
      .executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('requires a right, unused captcha for every code send', async () => {
    const send = (captcha: Record<string, string>) =>
      call(
        t,
        'POST',
        '/api/front/app/sendEmailcode',
        { email: 'new@demo.test', ...captcha },
        { locale: 'en' },
      );
    expect((await send({})).body).toEqual({ code: 400, msg: 'Please enter the picture code', data: null });
    const key = 'k'.repeat(32);
    await insertCaptcha(t.db, key, createHash('sha256').update('ab3d').digest('hex'), Date.now() + 60_000);
    expect((await send({ captcha_key: key, captcha_code: 'zzzz' })).body.code).toBe(400);
    // A wrong answer used the captcha up: the right answer no longer works either.
    expect((await send({ captcha_key: key, captcha_code: 'ab3d' })).status).toBe(400);
    const fresh = 'f'.repeat(32);
    await insertCaptcha(t.db, fresh, createHash('sha256').update('ab3d').digest('hex'), Date.now() + 60_000);
    expect((await send({ captcha_key: fresh, captcha_code: 'AB3D' })).body).toEqual({
      code: 200,
      msg: 'OK',
      data: null,
    });
    const expired = 'e'.repeat(32);
    await insertCaptcha(t.db, expired, createHash('sha256').update('ab3d').digest('hex'), Date.now() - 1);
    await skipCooldown(t);
    expect((await send({ captcha_key: expired, captcha_code: 'ab3d' })).status).toBe(400);
  });

  it('emails a 6-digit code through the outbox, once a minute per address', async () => {
    expect(
      (await call(open, 'POST', '/api/front/app/sendEmailcode', { email: 'Alice@Demo.test' })).status,
    ).toBe(200);
    expect(await codeFor(open, 'alice@demo.test')).toMatch(/^\d{6}$/);
    const again = await call(open, 'POST', '/api/front/app/sendEmailcode', { email: 'alice@demo.test' });
    expect(again).toEqual({
      status: 429,
      body: { code: 429, msg: '验证码发送过于频繁，请 60 秒后再试', data: null },
    });
    const codes = await open.db.selectFrom('verification_codes').select('code_hash').execute();
    expect(codes.every((c) => /^[0-9a-f]{64}$/.test(c.code_hash))).toBe(true);
    expect((await call(open, 'POST', '/api/front/app/sendEmailcode', { email: 'not-an-email' })).status).toBe(
      400,
    );
    expect((await call(open, 'POST', '/api/front/app/send_code', { phone: '13800138000' })).status).toBe(200);
    expect(await codeFor(open, '13800138000')).toMatch(/^\d{6}$/);
  });

  it('registers with the code: the code is single-use and bound to its purpose', async () => {
    await skipCooldown(open);
    await call(open, 'POST', '/api/front/app/sendEmailcode', { email: 'bob@demo.test', purpose: 'reset' });
    const resetCode = await codeFor(open, 'bob@demo.test');
    const wrongPurpose = await call(open, 'POST', '/api/front/app/register', {
      account: 'bob@demo.test',
      code: resetCode,
      password: 'bob-pass-1',
    });
    expect(wrongPurpose.body).toEqual({ code: 400, msg: '验证码错误或已过期', data: null });

    await skipCooldown(open);
    await call(open, 'POST', '/api/front/app/sendEmailcode', { email: 'bob@demo.test' });
    const code = await codeFor(open, 'bob@demo.test');
    expect(
      (
        await call(open, 'POST', '/api/front/app/register', {
          account: 'bob@demo.test',
          code,
          password: 'short',
        })
      ).status,
    ).toBe(400);
    const done = await call(open, 'POST', '/api/front/app/register', {
      account: 'bob@demo.test',
      code,
      password: 'bob-pass-1',
    });
    expect(done.status).toBe(200);
    const me = await call(open, 'GET', '/api/front/user/info', undefined, {
      authorization: done.body.data.token,
    });
    expect(me.body.data).toMatchObject({ email: 'bob@demo.test', nickname: 'bob', balance: '0.00' });
    const reused = await call(open, 'POST', '/api/front/app/register', {
      account: 'bob@demo.test',
      code,
      password: 'bob-pass-1',
    });
    expect(reused.body).toEqual({ code: 400, msg: '验证码错误或已过期', data: null });
  });

  it('refuses an expired code and stops after too many wrong tries', async () => {
    await skipCooldown(open);
    await call(open, 'POST', '/api/front/app/sendEmailcode', { email: 'carol@demo.test' });
    const code = await codeFor(open, 'carol@demo.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_MAX_TRIES; i++) {
      const res = await call(open, 'POST', '/api/front/app/register', {
        account: 'carol@demo.test',
        code: wrong,
        password: 'carol-pass',
      });
      expect(res.body.msg).toBe('验证码错误或已过期');
    }
    const tooMany = await call(
      open,
      'POST',
      '/api/front/app/register',
      { account: 'carol@demo.test', code, password: 'carol-pass' },
      { locale: 'en' },
    );
    expect(tooMany.body).toEqual({ code: 400, msg: 'Too many wrong tries; request a new code', data: null });

    await skipCooldown(open);
    await call(open, 'POST', '/api/front/app/sendEmailcode', { email: 'carol@demo.test' });
    const next = await codeFor(open, 'carol@demo.test');
    await open.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('target', '=', 'carol@demo.test')
      .execute();
    expect(
      (
        await call(open, 'POST', '/api/front/app/register', {
          account: 'carol@demo.test',
          code: next,
          password: 'carol-pass',
        })
      ).status,
    ).toBe(400);
    expect(
      await open.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'carol@demo.test')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('lets exactly one of 8 concurrent registrations with one code through', async () => {
    await skipCooldown(open);
    await call(open, 'POST', '/api/front/app/sendEmailcode', { email: 'dave@demo.test' });
    const code = await codeFor(open, 'dave@demo.test');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(open, 'POST', '/api/front/app/register', {
          account: 'dave@demo.test',
          code,
          password: 'dave-pass-1',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(7);
    const users = await open.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'dave@demo.test')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('resets a password with a reset code and revokes every earlier token', async () => {
    const before = (
      await call(open, 'POST', '/api/front/app/login', {
        account: DEMO_BUYER.email,
        password: DEMO_BUYER.password,
      })
    ).body.data.token;
    await skipCooldown(open);
    await call(open, 'POST', '/api/front/app/sendEmailcode', { email: DEMO_BUYER.email, purpose: 'reset' });
    const code = await codeFor(open, DEMO_BUYER.email);
    const reset = await call(open, 'POST', '/api/front/app/setPassword', {
      account: DEMO_BUYER.email,
      code,
      password: 'reset-pass-1',
    });
    expect(reset.status).toBe(200);
    expect(
      (await call(open, 'GET', '/api/front/user/info', undefined, { authorization: before })).status,
    ).toBe(401);
    expect(
      (await call(open, 'GET', '/api/front/user/info', undefined, { authorization: reset.body.data.token }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(open, 'POST', '/api/front/app/login', {
          account: DEMO_BUYER.email,
          password: 'reset-pass-1',
        })
      ).status,
    ).toBe(200);
    // The change mode still needs a login.
    expect(
      (await call(open, 'POST', '/api/front/app/setPassword', { old_password: 'x', password: 'whatever-1' }))
        .status,
    ).toBe(401);
  });

  it('has no outbox in production mode', async () => {
    const prod = await createTestApp(engine, { NODE_ENV: 'production' });
    try {
      expect((await call(prod, 'GET', '/api/dev/outbox')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
