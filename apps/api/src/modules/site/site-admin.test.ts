import { PAYMENT_SWITCHES } from '@shop/domain/payment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { type ShopFixture, shopFixture } from '../../../test/shop-fixture.ts';
import { SITE_CONFIG_TTL_MS } from './site.service.ts';

// Issue 14: the settings an operator changes in the console are what the shop runs with: the site
// config buyers get, the payment methods offered, USD prices, the timeout of new orders and the
// retention sweep. Each change is audited (changed keys only, before → after); a refused value is
// told in the operator's language, naming the field.

const HOUR = 3_600_000;

describe.each(testEngines())('console settings (%s)', (engine) => {
  let f: ShopFixture;
  let owner: TestOperator;

  const settings = async (body?: object, locale: 'zh-CN' | 'en' = 'en') => {
    const res = await f.t.app.inject({
      method: body ? 'POST' : 'GET',
      url: body ? '/api/admin/settings/update' : '/api/admin/settings/get',
      headers: as(owner, locale),
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const front = async (url: string, headers: Record<string, string> = {}) =>
    (await f.t.app.inject({ url: `/api/front${url}`, headers })).json().data;
  const settingsAudit = async () =>
    (
      await f.t.app.inject({
        url: '/api/admin/audit/list?object_type=settings&order=asc',
        headers: as(owner),
      })
    ).json().data.list as { action: string; before: unknown; after: unknown }[];

  beforeAll(async () => {
    // ORDER_TIMEOUT_MINUTES and the retention periods from env are the defaults; the read cache
    // is on, so a change must clear it for buyers to see it at once.
    f = await shopFixture(
      engine,
      {
        ORDER_TIMEOUT_MINUTES: '20',
        RETENTION_DAYS: '9',
        RETENTION_CODES_HOURS: '24',
        CACHE_TTL_MS: '3000',
      },
      { jobTimers: false },
    );
    owner = await addOperator(f.t.db, 'owner@settings.test', 'owner');
  });
  afterAll(() => f.t.close());

  it('reads every setting as in effect, the env values as defaults, and the buyers cache TTL', async () => {
    const { status, body } = await settings();
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      new_logo_url: '/logo.svg',
      sms: 0,
      exchange_rate_usd: '0.138',
      order_timeout_minutes: 20,
      retention_days: 9,
      retention_codes_hours: 24,
      defaults: { order_timeout_minutes: 20, retention_days: 9, retention_codes_hours: 24 },
      cache_ttl_seconds: Math.ceil(Math.max(SITE_CONFIG_TTL_MS, 3000) / 1000),
    });
    for (const key of PAYMENT_SWITCHES) expect(body.data[key]).toBe(1);
  });

  it('changes the site config buyers get, auditing only the keys that changed', async () => {
    const before = await front('/app/config');
    const { body } = await settings({
      icp: '粤ICP备12345678号',
      work_time: '9:00–21:00',
      customer_qrcode: '/uploads/qr.png',
      sms: 1,
      copyright: before.copyright,
    });
    expect(body.data).toMatchObject({ icp: '粤ICP备12345678号', sms: 1 });
    const config = await front('/app/config');
    expect(config).toMatchObject({
      icp: '粤ICP备12345678号',
      work_time: '9:00–21:00',
      customer_qrcode: '/uploads/qr.png',
      sms: 1,
    });
    const [entry] = await settingsAudit();
    expect(entry).toMatchObject({
      action: 'settings.update',
      before: {
        icp: before.icp,
        work_time: before.work_time,
        customer_qrcode: before.customer_qrcode,
        sms: 0,
      },
      after: {
        icp: '粤ICP备12345678号',
        work_time: '9:00–21:00',
        customer_qrcode: '/uploads/qr.png',
        sms: 1,
      },
    });
    expect(Object.keys(entry!.after as object).sort()).toEqual([
      'customer_qrcode',
      'icp',
      'sms',
      'work_time',
    ]);

    // The same values again: nothing to write, nothing audited.
    await settings({ icp: '粤ICP备12345678号', sms: 1 });
    expect(await settingsAudit()).toHaveLength(1);
  });

  it('turns payment methods off for buyers', async () => {
    await settings({ order_wechat_switch: 0, balance_alipay_switch: 0 });
    const config = await front('/app/config');
    expect(config).toMatchObject({
      order_wechat_switch: 0,
      balance_alipay_switch: 0,
      order_alipay_switch: 1,
    });
    const pay = await f.t.app.inject({
      method: 'POST',
      url: '/api/front/user/recharge',
      headers: { authorization: f.buyer, 'content-type': 'application/json' },
      payload: { amount: '10', method: 'alipay' },
    });
    expect(pay.json()).toMatchObject({ code: 400, msg: '该支付方式暂未开放' });
    await settings({ order_wechat_switch: 1, balance_alipay_switch: 1 });
    expect((await front('/app/config')).balance_alipay_switch).toBe(1);
  });

  it('reprices USD at the new exchange rate at once, explicit USD prices unchanged', async () => {
    const usd = { currency: 'USD' };
    const prices = async () =>
      (await front(`/goods/detail?id=${f.ids.saga}`, usd)).face_values.map((v: { price: string }) => v.price);
    expect(await prices()).toEqual(['0.83', '4.50', '89.42']);
    const { body } = await settings({ exchange_rate_usd: '0.1500' });
    expect(body.data.exchange_rate_usd).toBe('0.15');
    expect(await prices()).toEqual(['0.90', '4.50', '97.20']);
    const entries = await settingsAudit();
    expect(entries.at(-1)).toMatchObject({
      before: { exchange_rate_usd: '0.138' },
      after: { exchange_rate_usd: '0.15' },
    });
    await settings({ exchange_rate_usd: '0.138' });
  });

  it('gives new orders the timeout set in the console', async () => {
    const order = async () => {
      const res = await f.t.app.inject({
        method: 'POST',
        url: '/api/front/order/create',
        headers: { authorization: f.buyer, 'content-type': 'application/json' },
        payload: { items: [{ goods_id: f.ids.arena, goods_sku_id: f.ids.arena100, num: 1 }] },
      });
      expect(res.statusCode).toBe(200);
      const row = await f.t.db
        .selectFrom('orders')
        .select(['created_at', 'expires_at'])
        .where('oid', '=', res.json().data.oid)
        .executeTakeFirstOrThrow();
      return (row.expires_at - row.created_at) / 60_000;
    };
    expect(await order()).toBe(20);
    const { body } = await settings({ order_timeout_minutes: 45 });
    expect(body.data.order_timeout_minutes).toBe(45);
    expect(await order()).toBe(45);
  });

  it('runs the retention sweep with the periods set in the console', async () => {
    const now = Date.now();
    await f.t.db
      .insertInto('captchas')
      .values({ key: 'expired-3h', answer_hash: 'a'.repeat(64), expires_at: now - 3 * HOUR, used_at: null })
      .execute();
    const sweep = async () => {
      await f.t.db.updateTable('jobs').set({ run_at: 0 }).where('job_key', '=', 'every:retention').execute();
      await f.t.app.jobs.kick('retention');
    };
    const left = async () =>
      (await f.t.db.selectFrom('captchas').select('key').where('key', '=', 'expired-3h').execute()).length;
    await sweep();
    expect(await left()).toBe(1); // kept 24 h by RETENTION_CODES_HOURS
    await settings({ retention_codes_hours: 2, retention_days: 60 });
    await sweep();
    expect(await left()).toBe(0);
    expect((await settings()).body.data).toMatchObject({ retention_codes_hours: 2, retention_days: 60 });
  });

  it('refuses values out of their bounds, in words naming the field', async () => {
    const cases: [object, string, string][] = [
      [
        { exchange_rate_usd: '7.2' },
        '汇率（1 元人民币兑美元）不能大于 0.5',
        'Exchange rate (USD per 1 CNY) must be at most 0.5',
      ],
      [
        { exchange_rate_usd: '0.001' },
        '汇率（1 元人民币兑美元）不能小于 0.05',
        'Exchange rate (USD per 1 CNY) must be at least 0.05',
      ],
      [
        { exchange_rate_usd: '0,138' },
        '汇率（1 元人民币兑美元）格式不正确',
        'Exchange rate (USD per 1 CNY) is not in the right format',
      ],
      [
        { order_timeout_minutes: 2 },
        '未支付订单超时（分钟）不能小于 5',
        'Unpaid order timeout (minutes) must be at least 5',
      ],
      [
        { order_timeout_minutes: 2000 },
        '未支付订单超时（分钟）不能大于 1440',
        'Unpaid order timeout (minutes) must be at most 1440',
      ],
      [{ retention_days: 0 }, '记录保留天数不能小于 1', 'Records kept (days) must be at least 1'],
      [
        { order_alipay_switch: 2 },
        '订单支付宝支付开关只能是 0、1',
        'Order Alipay payment switch must be one of: 0, 1',
      ],
      [
        { game_website_url: 'javascript:alert(1)' },
        '游戏官网地址须为本站路径（以一个 / 开头，如 /goods/1）或 http(s) 网址，不能含空格或反斜杠',
        'Game website address must be a path of this shop (one / first, like /goods/1) or an http(s) address, without spaces or backslashes',
      ],
      [{ new_logo_url: '' }, 'Logo 图片地址不能为空', 'Logo picture address must not be empty'],
      [{ theme: 'dark' }, '请求内容中有不支持的字段：theme', 'The request body has an unknown field: theme'],
    ];
    const audited = (await settingsAudit()).length;
    for (const [body, zh, en] of cases) {
      const inZh = await settings(body, 'zh-CN');
      expect(inZh, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: 400, msg: zh } });
      expect((await settings(body, 'en')).body.msg, JSON.stringify(body)).toBe(en);
    }
    expect(await settingsAudit()).toHaveLength(audited);
    expect((await settings()).body.data.exchange_rate_usd).toBe('0.138');
  });

  it('audits concurrent changes in a chain: each before is what the other wrote', async () => {
    const start = (await settingsAudit()).length;
    await Promise.all(['ICP-A', 'ICP-B', 'ICP-C'].map((icp) => settings({ icp })));
    const entries = (await settingsAudit()).slice(start) as {
      before: { icp: string };
      after: { icp: string };
    }[];
    expect(entries).toHaveLength(3);
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.before.icp).toBe(entries[i - 1]!.after.icp);
    expect((await front('/app/config')).icp).toBe(entries.at(-1)!.after.icp);
  });

  it('is refused to a staff member without the settings permission', async () => {
    const staff = await addOperator(f.t.db, 'content@settings.test', 'staff', ['content', 'catalog']);
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/admin/settings/update',
      headers: as(staff, 'zh-CN'),
      payload: { icp: 'x' },
    });
    expect(res.json()).toMatchObject({ code: 403, msg: '没有权限' });
  });
});
