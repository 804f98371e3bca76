import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { DEMO_BUYER, seedDemo } from '../../seed/seed-demo.ts';
import { updateSettings } from '../site/site.service.ts';
import { ACCOUNT_DISABLED_CODE } from './account.service.ts';

// Issue 29, finding 2: a disabled buyer who gives the right password is told the account is
// disabled, with the service hours of the site config to reach customer service; a wrong password
// answers as for any account (nothing is learnt about an account without its password).

describe.each(testEngines())('login of a disabled account (%s)', (engine) => {
  let t: TestApp;
  const login = async (password: string, locale = 'zh-CN') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/app/login',
      headers: { locale },
      payload: { account: DEMO_BUYER.email, password },
    });
    return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: unknown }>() };
  };
  const setUsable = (usable: 0 | 1) =>
    t.db.updateTable('users').set({ is_usable: usable }).where('email', '=', DEMO_BUYER.email).execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedDemo(t.db, t.app.cardCipher);
  });
  afterAll(() => t.close());

  it('the right password learns the account is disabled, with the service hours when set', async () => {
    await setUsable(0);
    try {
      await updateSettings(t.db, { work_time: '' });
      expect(await login(DEMO_BUYER.password)).toEqual({
        status: 403,
        body: { code: ACCOUNT_DISABLED_CODE, msg: '该账号已被停用，请联系客服处理', data: null },
      });
      expect((await login(DEMO_BUYER.password, 'en')).body.msg).toBe(
        'This account has been disabled; please contact customer service',
      );

      await updateSettings(t.db, { work_time: '9:00–21:00' });
      expect(await login(DEMO_BUYER.password)).toEqual({
        status: 403,
        body: {
          code: ACCOUNT_DISABLED_CODE,
          msg: '该账号已被停用，请联系客服处理（服务时间：9:00–21:00）',
          data: null,
        },
      });
      expect((await login(DEMO_BUYER.password, 'en')).body.msg).toBe(
        'This account has been disabled; please contact customer service (service hours: 9:00–21:00)',
      );
      // No token was issued for the disabled account.
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_BUYER.email)
        .executeTakeFirstOrThrow();
      const live = await t.db
        .selectFrom('user_tokens')
        .select('id')
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
    } finally {
      await setUsable(1);
    }
  });

  it('a wrong password of a disabled account still says wrong account or password', async () => {
    await setUsable(0);
    try {
      expect(await login('not-the-password')).toEqual({
        status: 400,
        body: { code: 400, msg: '账号或密码错误', data: null },
      });
      expect((await login('not-the-password', 'en')).body).toEqual({
        code: 400,
        msg: 'Wrong account or password',
        data: null,
      });
    } finally {
      await setUsable(1);
    }
    // Enabled again, the same password logs in.
    const back = await login(DEMO_BUYER.password);
    expect(back.status).toBe(200);
  });
});
