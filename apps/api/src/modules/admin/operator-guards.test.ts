import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type TestApp,
  testEngines,
  solvedCaptcha as solvedCaptchaIn,
} from '../../../test/helpers.ts';
import { addOperator, as } from '../../../test/operators.ts';
import { updateOperatorRow } from './operator.repository.ts';
import { seedOperator } from './operator.service.ts';
import { newTotpSecret, totpAt } from './totp.ts';

// Issue 29 (decision 056), on both engines:
// - finding 1: the old-password checks of /api/admin/auth/password and of turning the second factor
//   off had no limit (200 wrong guesses in about 3 s; the right one changed the password). They now
//   count with the operator's logins (a captcha from the fourth try in 15 minutes, decision 025) and
//   per client address;
// - finding 3: a TOTP code let in twice within its window. Each operator's last accepted time step
//   is kept (migration 0028) and taken by a conditional update: a code is good once, also when
//   several logins send it at the same moment.

const json = { 'content-type': 'application/json' };
const CAPTCHA = 40_001;

describe.each(testEngines())('old-password checks of the console (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const solvedCaptcha = () => solvedCaptchaIn(t.db);
  const post = (url: string, token: string, payload: object, ip: string, locale: 'en' | 'zh-CN' = 'en') =>
    t.app.inject({ method: 'POST', url, headers: as({ token }, locale), payload, remoteAddress: ip });
  const login = (email: string, password: string, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { ...json, locale: 'en' },
      payload: { account: email, password, ...extra },
    });
  /** An operator with a real password and a live session. */
  const operator = async (email: string, password: string) => {
    await seedOperator(t.db, { email, password, name: '', role: 'owner', permissions: [] });
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  };
  const hashOf = async (email: string) =>
    (
      await t.db
        .selectFrom('operators')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('checks 3 of 200 wrong old passwords, then wants the captcha, also with the right one; the owner passes it', async () => {
    const email = 'guessed@guard.test';
    const token = await operator(email, 'right-pass-1');
    const before = await hashOf(email);
    const answers: Array<{ code: number; msg: string }> = [];
    for (let i = 0; i < 200; i++) {
      const res = await post(
        '/api/admin/auth/password',
        token,
        { old_password: `guess-${i}`, password: 'taken-over-1' },
        `10.29.${Math.floor(i / 50)}.${(i % 50) + 1}`,
      );
      expect(res.statusCode).toBe(400);
      answers.push(res.json());
    }
    const checked = answers.filter((a) => a.msg === 'The current password is wrong');
    expect(checked).toHaveLength(3);
    expect(
      answers.slice(3).every((a) => a.code === CAPTCHA && a.msg === 'Please enter the picture code'),
    ).toBe(true);

    // The right password without the captcha changes nothing, and says why in the operator's language.
    const bare = await post(
      '/api/admin/auth/password',
      token,
      { old_password: 'right-pass-1', password: 'taken-over-1' },
      '10.29.9.1',
      'zh-CN',
    );
    expect(bare.json()).toMatchObject({ code: CAPTCHA, msg: '请输入图形验证码' });
    const wrongPicture = await post(
      '/api/admin/auth/password',
      token,
      { old_password: 'right-pass-1', password: 'taken-over-1', captcha_key: 'nope', captcha_code: 'zzzz' },
      '10.29.9.1',
    );
    expect(wrongPicture.json().code).toBe(400);
    expect(await hashOf(email)).toBe(before);

    // The owner reads the picture and gets on.
    const owner = await post(
      '/api/admin/auth/password',
      token,
      { old_password: 'right-pass-1', password: 'owners-new-1', ...(await solvedCaptcha()) },
      '10.29.9.2',
    );
    expect(owner.statusCode).toBe(200);
    expect(await hashOf(email)).not.toBe(before);
    // The right password cleared the count: the next login needs no captcha.
    expect((await login(email, 'owners-new-1')).statusCode).toBe(200);
  });

  it('counts the old password of turning the second factor off with the logins and password changes', async () => {
    const email = 'two-step@guard.test';
    const token = await operator(email, 'right-pass-2');
    await updateOperatorRow(
      t.db,
      (await t.db.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirstOrThrow())
        .id,
      {
        totp_secret: t.app.cardCipher.encrypt(newTotpSecret()),
      },
    );
    const off = (password: string, extra: object = {}) =>
      post('/api/admin/auth/totp/disable', token, { password, ...extra }, '10.29.20.1');
    expect((await off('guess-a')).json().msg).toBe('The current password is wrong');
    expect(
      (
        await post(
          '/api/admin/auth/password',
          token,
          { old_password: 'guess-b', password: 'x-new-pass-2' },
          '10.29.20.2',
        )
      ).json().msg,
    ).toBe('The current password is wrong');
    expect((await login(email, 'guess-c')).json().code).toBe(400);
    // Fourth try of the operator, wherever: the captcha, even with the right password.
    expect((await off('right-pass-2')).json().code).toBe(CAPTCHA);
    for (let i = 0; i < 20; i++) expect((await off(`guess-${i}`)).json().code).toBe(CAPTCHA);
    const row = () =>
      t.db.selectFrom('operators').select('totp_secret').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await row()).totp_secret).not.toBeNull();
    const done = await off('right-pass-2', await solvedCaptcha());
    expect(done.statusCode).toBe(200);
    expect((await row()).totp_secret).toBeNull();
  });
});

describe.each(testEngines())('per-address limit of the console password checks (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { RATE_LIMIT_PER_IP: '12' });
  });
  afterAll(() => t.close());

  it('answers 429 from one address after 12 checks a minute, password change and second factor together', async () => {
    // Operators made with a token and no usable password: every check fails (and, past 3, wants a
    // captcha): the address limit stands before both.
    const ops = await Promise.all([0, 1, 2].map((i) => addOperator(t.db, `addr-${i}@guard.test`, 'owner')));
    const from = (op: { token: string }, url: string, payload: object, ip: string) =>
      t.app.inject({ method: 'POST', url, headers: as(op), payload, remoteAddress: ip });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const op = ops[i % 3]!;
      const res =
        i % 2 === 0
          ? await from(
              op,
              '/api/admin/auth/password',
              { old_password: `g-${i}`, password: 'x-new-pass-3' },
              '192.0.2.90',
            )
          : await from(op, '/api/admin/auth/totp/disable', { password: `g-${i}` }, '192.0.2.90');
      statuses.push(res.statusCode);
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    const blocked = await from(ops[0]!, '/api/admin/auth/totp/disable', { password: 'g' }, '192.0.2.90');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe('Too many requests; please try again later');
    expect(blocked.headers['retry-after']).toBeTruthy();
    const other = await from(
      ops[0]!,
      '/api/admin/auth/password',
      { old_password: 'g', password: 'x-new-pass-3' },
      '192.0.2.91',
    );
    expect(other.statusCode).toBe(400);
  });
});

describe.each(testEngines())('a TOTP code is good once (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // The race sends one account's password many times at once: no captcha in the way here (its
    // own tests are above), so every login reaches the second factor.
    t = await createTestApp(engine, { CAPTCHA_DISABLED: '1' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, totp: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { ...json, locale: 'en' },
      payload: { account: email, password, totp },
    });
  /** An operator whose second factor is on with a secret the test knows. */
  const withTotp = async (email: string, password: string) => {
    await seedOperator(t.db, { email, password, name: '', role: 'owner', permissions: [] });
    const secret = newTotpSecret();
    await t.db
      .updateTable('operators')
      .set({ totp_secret: t.app.cardCipher.encrypt(secret) })
      .where('email', '=', email)
      .execute();
    return secret;
  };

  it('refuses a code used once, and the code that turned the second factor on', async () => {
    const email = 'replay@guard.test';
    await seedOperator(t.db, { email, password: 'replay-pass-1', name: '', role: 'owner', permissions: [] });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { ...json, locale: 'en' },
      payload: { account: email, password: 'replay-pass-1' },
    });
    const token = first.json().data.token as string;
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/totp/setup',
      headers: as({ token }),
      payload: {},
    });
    const secret = setup.json().data.secret as string;
    const now = Date.now();
    const enabling = totpAt(secret, now);
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/totp/enable',
      headers: as({ token }),
      payload: { code: enabling },
    });
    expect(enabled.statusCode).toBe(200);
    const seen = await login(email, 'replay-pass-1', enabling);
    expect(seen.json()).toMatchObject({ code: 400, msg: 'The authenticator or recovery code is not right' });

    // The next step's code (within the ±1 drift) lets in once; again, or an earlier code, never.
    const next = totpAt(secret, now + 30_000);
    expect((await login(email, 'replay-pass-1', next)).statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { ...json, locale: 'zh-CN' },
      payload: { account: email, password: 'replay-pass-1', totp: next },
    });
    expect(replay.json()).toMatchObject({ code: 400, msg: '动态码或恢复码不正确' });
    expect((await login(email, 'replay-pass-1', totpAt(secret, now - 30_000))).statusCode).toBe(400);
  });

  it('lets exactly one of 8 logins racing with one code in', async () => {
    const email = 'race@guard.test';
    const secret = await withTotp(email, 'race-pass-1');
    const code = totpAt(secret, Date.now());
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(email, 'race-pass-1', code)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    const tokens = await t.db
      .selectFrom('operator_tokens as t')
      .innerJoin('operators as o', 'o.id', 't.operator_id')
      .select('t.id')
      .where('o.email', '=', email)
      .execute();
    expect(tokens).toHaveLength(1);
  });
});
