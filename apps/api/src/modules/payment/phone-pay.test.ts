import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { testEngines } from '../../../test/helpers.ts';
import { sandboxKeys } from './gateways.ts';
import { authorization, wechatGateway } from './wechat.ts';

// Issue 12, decision 032: return and notify URLs are built on PUBLIC_URL only, whatever Host the
// request came with; a phone's browser pays WeChat Pay through H5 (h5_url, back to the order), a
// desktop and WeChat's own browser keep the Native QR code; the sandbox serves both, and its H5
// page's signed notification marks the order paid.

const PUBLIC = 'https://shop.example.test';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const IN_WECHAT = `${PHONE} MicroMessenger/8.0.50`;

describe.each(testEngines())('PUBLIC_URL payment links and WeChat Pay H5 on phones (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let arena: number;
  let arena100: number;

  const call = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      // A Host that is not PUBLIC_URL's: the links must not follow it.
      headers: { authorization: buyer, locale: 'en', host: 'elsewhere.example:8080', ...headers },
      remoteAddress: '203.0.113.7',
    });
    return { status: res.statusCode, body: res.json() };
  };
  const newOrder = async () =>
    (await call('/api/front/order/create', { items: [{ goods_id: arena, goods_sku_id: arena100, num: 1 }] }))
      .body.data.oid as string;
  const detail = async (oid: string) =>
    (
      await t.app.inject({
        url: `/api/front/order/detail?oid=${oid}`,
        headers: { authorization: buyer, locale: 'en' },
      })
    ).json().data as { status: string; pay_method: string | null };
  const path = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };

  beforeAll(async () => {
    const shop = await shopFixture(engine, { PUBLIC_URL: PUBLIC });
    t = shop.t;
    buyer = shop.buyer;
    ({ arena, arena100 } = shop.ids);
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 100);
  });
  afterAll(() => t.close());

  it('builds Alipay notify and return URLs on PUBLIC_URL, never on the request Host', async () => {
    const oid = await newOrder();
    const started = await call('/api/front/order/pay', { oid, method: 'alipay' }, { 'user-agent': DESKTOP });
    expect(started.status).toBe(200);
    const query = new URL(started.body.data.pay_url).searchParams;
    expect(query.get('notify_url')).toBe(`${PUBLIC}/api/pay/notify/alipay`);
    expect(query.get('return_url')).toBe(`${PUBLIC}/user/order/detail/${oid}`);

    // A wallet top-up comes back to the wallet; one started for an order's shortfall, to its checkout.
    const wallet = await call('/api/front/user/recharge', { amount: '10.00', method: 'alipay' });
    expect(new URL(wallet.body.data.pay_url).searchParams.get('return_url')).toBe(
      `${PUBLIC}/user/asset/wallet`,
    );
    const short = await call('/api/front/user/recharge', {
      amount: '10.00',
      method: 'alipay',
      return_oid: oid,
    });
    expect(short.status).toBe(200);
    expect(new URL(short.body.data.pay_url).searchParams.get('return_url')).toBe(
      `${PUBLIC}/user/order/checkout/${oid}`,
    );
    const bad = await call('/api/front/user/recharge', {
      amount: '10.00',
      method: 'alipay',
      return_oid: '../../evil',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Order to return to/);
  });

  it('keeps the Native QR code on a desktop and inside WeChat, and asks for H5 on a phone', async () => {
    const oid = await newOrder();
    const desktop = await call('/api/front/order/pay', { oid, method: 'wechat' }, { 'user-agent': DESKTOP });
    expect(desktop.body.data.code_url).toMatch(new RegExp(`^${PUBLIC}/sandbox/wechat/qr/`));
    expect(desktop.body.data.qr_image).toMatch(/^data:image\/png;base64,/);
    expect(desktop.body.data.pay_url).toBeUndefined();

    const inWechat = await call(
      '/api/front/order/pay',
      { oid, method: 'wechat' },
      { 'user-agent': IN_WECHAT },
    );
    expect(inWechat.body.data.code_url).toBeDefined();
    expect(inWechat.body.data.pay_url).toBeUndefined();

    const hintedPc = await call(
      '/api/front/order/pay',
      { oid, method: 'wechat', device: 'pc' },
      { 'user-agent': PHONE },
    );
    expect(hintedPc.body.data.code_url).toBeDefined();

    for (const [headers, body] of [
      [{ 'user-agent': PHONE }, { oid, method: 'wechat' }],
      [{ 'user-agent': DESKTOP }, { oid, method: 'wechat', device: 'mobile' }],
    ] as const) {
      const phone = await call('/api/front/order/pay', body, headers);
      expect(phone.status).toBe(200);
      expect(phone.body.data.code_url).toBeUndefined();
      const h5 = new URL(phone.body.data.pay_url);
      expect(`${h5.origin}${h5.pathname}`).toBe(`${PUBLIC}/sandbox/wechat/h5`);
      expect(h5.searchParams.get('prepay_id')).toMatch(/^P\d{22}-\d+-[\w-]{22}$/);
      expect(h5.searchParams.get('redirect_url')).toBe(`${PUBLIC}/user/order/detail/${oid}`);
    }
  });

  it('pays through the sandbox H5 page: signed notification, order paid, buyer back on the order', async () => {
    const oid = await newOrder();
    const started = await call('/api/front/order/pay', { oid, method: 'wechat' }, { 'user-agent': PHONE });
    const no = started.body.data.no as string;
    const h5 = await t.app.inject({ url: path(started.body.data.pay_url) });
    expect(h5.statusCode).toBe(200);
    expect(h5.body).toContain('SANDBOX');
    expect(h5.body).toContain('H5');
    expect(h5.body).toContain('¥98.00');
    expect((await detail(oid)).status).toBe('pending_payment');

    const action = /action="([^"]+)"/.exec(h5.body)![1]!;
    const form = Object.fromEntries(
      [...h5.body.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
        m[1]!,
        m[2]!.replace(/&amp;/g, '&'),
      ]),
    );
    expect(Object.keys(form).sort()).toEqual(['redirect_url', 'token']);
    const paid = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${PUBLIC}/user/order/detail/${oid}`);
    expect(await detail(oid)).toMatchObject({ status: 'completed', pay_method: 'wechat' });
    const inbox = await t.db
      .selectFrom('payment_inbox')
      .select(['outcome', 'body'])
      .where('payment_no', '=', no)
      .execute();
    expect(inbox.map((r) => r.outcome)).toEqual(['order_paid']);

    // The same page again: the notification is a duplicate, nothing is paid twice.
    const again = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(again.statusCode).toBe(303);
    expect(
      (await t.db.selectFrom('payment_inbox').select('outcome').where('payment_no', '=', no).execute()).map(
        (r) => r.outcome,
      ),
    ).toEqual(['order_paid', 'duplicate']);
  });

  it('sends the buyer back only to the shop, and refuses a forged H5 link', async () => {
    const oid = await newOrder();
    const started = await call('/api/front/order/pay', { oid, method: 'wechat' }, { 'user-agent': PHONE });
    const url = new URL(started.body.data.pay_url);
    url.searchParams.set('redirect_url', 'https://evil.example/steal');
    const page = await t.app.inject({ url: path(url.toString()) });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('evil.example');
    const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/sandbox/wechat/h5/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, redirect_url: 'https://evil.example/steal' }).toString(),
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.headers.location).toBeUndefined();
    expect(paid.body).toContain('sandbox-paid');
    expect((await detail(oid)).status).toBe('completed');

    url.searchParams.set('prepay_id', token.replace(/-[\w-]{22}$/, '-AAAAAAAAAAAAAAAAAAAAAA'));
    expect((await t.app.inject({ url: path(url.toString()) })).statusCode).toBe(400);
  });

  it('the sandbox checks H5 order calls as WeChat Pay does: signature, merchant and scene_info', async () => {
    const keys = sandboxKeys(t.config);
    const local: typeof fetch = async (input, init) => {
      const res = await t.app.inject({
        method: 'POST',
        url: new URL(String(input)).pathname,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        payload: String(init?.body ?? ''),
      });
      return new Response(res.body, {
        status: res.statusCode,
        headers: Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string]),
      });
    };
    const order = {
      no: 'P2026112100000000000001',
      amountCny: 100,
      description: 'x',
      notifyUrl: `${PUBLIC}/api/pay/notify/wechat`,
      returnUrl: `${PUBLIC}/user/order/detail/X`,
      clientIp: '203.0.113.7',
      appName: 'Pixel Harbor',
      appUrl: PUBLIC,
    };
    const good = await wechatGateway(keys.wechat, local).h5Order(order);
    expect(new URL(good).searchParams.get('redirect_url')).toBe(order.returnUrl);
    // Another merchant key: refused.
    const other = { ...keys.wechat, privateKey: keys.alipay.privateKey };
    await expect(wechatGateway(other, local).h5Order(order)).rejects.toThrow(/401/);

    // A signed call without scene_info (what a Native call sends): refused as WeChat Pay refuses it.
    const path = '/v3/pay/transactions/h5';
    const body = JSON.stringify({
      appid: keys.wechat.appid,
      mchid: keys.wechat.mchid,
      description: 'x',
      out_trade_no: order.no,
      notify_url: order.notifyUrl,
      amount: { total: 100, currency: 'CNY' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox/wechat${path}`,
      headers: {
        'content-type': 'application/json',
        authorization: authorization(keys.wechat, 'POST', path, body),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PARAM_ERROR' });
  });
});
