import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { updateSettings } from '../site/site.service.ts';
import { signAlipayNotice } from './alipay.ts';
import { NOTIFY_PATHS, sandboxKeys } from './gateways.ts';
import { encryptResource, platformHeaders } from './wechat.ts';

describe.each(testEngines())('payments: Alipay and WeChat Pay through the sandbox (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let arena: number;
  let arena100: number;
  let keys: ReturnType<typeof sandboxKeys>;

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { authorization: buyer, locale: 'en', ...headers },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const newOrder = async () =>
    (
      await call('POST', '/api/front/order/create', {
        items: [{ goods_id: arena, goods_sku_id: arena100, num: 1 }],
      })
    ).body.data.oid as string;
  const orderStatus = async (oid: string) =>
    (await call('GET', `/api/front/order/detail?oid=${oid}`)).body.data.status;
  const balance = async () =>
    Number(
      (await t.db.selectFrom('users').select('balance').where('id', '=', buyerId).executeTakeFirstOrThrow())
        .balance,
    );
  const ledgerSum = async () =>
    (await t.db.selectFrom('wallet_ledger').select('amount').where('user_id', '=', buyerId).execute()).reduce(
      (s, r) => s + Number(r.amount),
      0,
    );
  const path = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };
  /** Follows a sandbox page's form: the hidden token and the action. */
  const submitSandboxForm = async (html: string) => {
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const token = /name="token" value="([^"]+)"/.exec(html)![1]!;
    return t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
  };
  const postAlipay = (params: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: NOTIFY_PATHS.alipay,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
  const alipayNotice = (no: string, over: Record<string, string> = {}) =>
    signAlipayNotice(
      {
        app_id: keys.alipay.appId,
        seller_id: keys.alipay.sellerId,
        out_trade_no: no,
        trade_no: `T${no}`,
        total_amount: '98.00',
        trade_status: 'TRADE_SUCCESS',
        notify_time: '2026-11-21 12:00:00',
        ...over,
      },
      keys.alipay.alipayPrivateKey,
    );
  const wechatNotice = (
    no: string,
    over: Record<string, unknown> = {},
    headerOver: Record<string, string> = {},
  ) => {
    const resource = encryptResource(
      JSON.stringify({
        mchid: keys.wechat.mchid,
        appid: keys.wechat.appid,
        out_trade_no: no,
        transaction_id: `W${no}`,
        trade_state: 'SUCCESS',
        amount: { total: 9_800, currency: 'CNY' },
        ...over,
      }),
      keys.wechat.apiV3Key,
    );
    const body = JSON.stringify({ id: 'n1', event_type: 'TRANSACTION.SUCCESS', resource });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...platformHeaders(body, {
        privateKey: keys.wechat.platformPrivateKey,
        serial: keys.wechat.platformSerial,
      }),
      ...headerOver,
    };
    return { body, headers };
  };
  const postWechat = (n: { body: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: NOTIFY_PATHS.wechat, headers: n.headers, payload: n.body });

  beforeAll(async () => {
    const shop = await shopFixture(engine, { PUBLIC_URL: 'http://shop.test:3000' });
    t = shop.t;
    ({ arena, arena100 } = shop.ids);
    ({ buyer, buyerId } = shop);
    keys = sandboxKeys(t.config);
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 1000);
  });
  afterAll(() => t.close());

  it('pays an order by Alipay end to end: signed page pay → sandbox page → signed notify → paid', async () => {
    const oid = await newOrder();
    const before = await balance();
    const started = await call(
      'POST',
      '/api/front/order/pay',
      { oid, method: 'alipay' },
      { 'user-agent': 'Mozilla/5.0 (X11)' },
    );
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      status: 'pending_payment',
      no: expect.stringMatching(/^P\d{22}$/),
    });
    const payUrl = started.body.data.pay_url as string;
    expect(payUrl.startsWith('http://shop.test:3000/sandbox/alipay/gateway.do?')).toBe(true);
    const query = new URL(payUrl).searchParams;
    expect(query.get('method')).toBe('alipay.trade.page.pay');
    expect(query.get('sign_type')).toBe('RSA2');
    expect(query.get('notify_url')).toBe('http://shop.test:3000/api/pay/notify/alipay');
    expect(JSON.parse(query.get('biz_content')!)).toMatchObject({
      out_trade_no: started.body.data.no,
      total_amount: '98.00',
    });

    // The return URL never marks anything paid: only the notification does.
    expect(await orderStatus(oid)).toBe('pending_payment');
    const sandboxPage = await t.app.inject({ url: path(payUrl) });
    expect(sandboxPage.statusCode).toBe(200);
    expect(sandboxPage.body).toContain('SANDBOX');
    expect(sandboxPage.body).toContain('¥98.00');
    const paid = await submitSandboxForm(sandboxPage.body);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://shop.test:3000/user/order/detail/${oid}`);
    expect(await orderStatus(oid)).toBe('completed');
    expect((await call('GET', `/api/front/order/detail?oid=${oid}`)).body.data.pay_method).toBe('alipay');
    expect(await balance()).toBe(before);
    expect(
      await t.db
        .selectFrom('payment_inbox')
        .select('outcome')
        .where('payment_no', '=', started.body.data.no)
        .execute(),
    ).toEqual([{ outcome: 'order_paid' }]);
    // A tampered gateway request is refused by the sandbox.
    const tampered = await t.app.inject({ url: path(payUrl).replace('98.00', '1.00') });
    expect(tampered.statusCode).toBe(400);
  });

  it('uses wap pay on phones', async () => {
    const oid = await newOrder();
    const res = await call(
      'POST',
      '/api/front/order/pay',
      { oid, method: 'alipay' },
      { 'user-agent': 'Mozilla/5.0 (iPhone; Mobile)' },
    );
    expect(new URL(res.body.data.pay_url).searchParams.get('method')).toBe('alipay.trade.wap.pay');
    const pc = await call(
      'POST',
      '/api/front/order/pay',
      { oid, method: 'alipay', device: 'pc' },
      { 'user-agent': 'iPhone Mobile' },
    );
    expect(new URL(pc.body.data.pay_url).searchParams.get('method')).toBe('alipay.trade.page.pay');
  });

  it('checks every Alipay notification, and applies each trade once even when repeated at once', async () => {
    const oid = await newOrder();
    const no = (await call('POST', '/api/front/order/pay', { oid, method: 'alipay' })).body.data.no as string;
    const refusals: [Record<string, string>, string][] = [
      [{ ...alipayNotice(no), sign_type: 'RSA' }, 'RSA (not RSA2)'],
      [{ ...alipayNotice(no), total_amount: '1.00' }, 'altered after signing'],
      [alipayNotice(no, { app_id: '2021999999999999' }), 'another app'],
      [alipayNotice(no, { seller_id: '2088999999999999' }), 'another seller'],
      [alipayNotice(no, { total_amount: '97.99' }), 'wrong amount, validly signed'],
      [alipayNotice('P2026112100000000000000'), 'unknown payment'],
      [(({ sign: _sign, ...rest }) => rest)(alipayNotice(no)), 'no signature'],
      [
        signAlipayNotice({ ...alipayNotice(no), sign: '' }, keys.alipay.privateKey),
        'signed by a foreign key',
      ],
    ];
    for (const [params, why] of refusals) {
      const res = await postAlipay(params);
      expect(res.statusCode, why).toBe(400);
      expect(res.body, why).toBe('failure');
    }
    expect(await orderStatus(oid)).toBe('pending_payment');
    expect(await t.db.selectFrom('payment_inbox').selectAll().where('payment_no', '=', no).execute()).toEqual(
      [],
    );

    // Not paid yet: acknowledged, nothing changes.
    expect(
      (await postAlipay(alipayNotice(no, { trade_status: 'WAIT_BUYER_PAY', trade_no: `W${no}` }))).body,
    ).toBe('success');
    expect(await orderStatus(oid)).toBe('pending_payment');

    // One valid notification replayed 1,000 times, 20 at a time: one paid transition.
    const notice = alipayNotice(no);
    const bodies = new Set<string>();
    for (let round = 0; round < 50; round++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => postAlipay(notice)));
      for (const a of answers) bodies.add(a.body);
    }
    expect([...bodies]).toEqual(['success']);
    expect(await orderStatus(oid)).toBe('completed');
    const paidEvents = await t.db
      .selectFrom('payments')
      .select(['status', 'outcome'])
      .where('no', '=', no)
      .execute();
    expect(paidEvents).toEqual([{ status: 'paid', outcome: 'order_paid' }]);
    const inbox = await t.db
      .selectFrom('payment_inbox')
      .select('outcome')
      .where('trade_no', '=', `T${no}`)
      .execute();
    expect(inbox).toEqual([{ outcome: 'order_paid' }]);
  });

  it('applies a success after a "not paid" or "closed" notice for the same trade (Alipay and WeChat)', async () => {
    // Issue 11, finding 2: a non-final notice must not take the inbox's key of its trade number.
    for (const early of ['WAIT_BUYER_PAY', 'TRADE_CLOSED']) {
      const oid = await newOrder();
      const no = (await call('POST', '/api/front/order/pay', { oid, method: 'alipay' })).body.data
        .no as string;
      expect((await postAlipay(alipayNotice(no, { trade_status: early }))).body, early).toBe('success');
      expect((await postAlipay(alipayNotice(no, { trade_status: early }))).body, early).toBe('success');
      expect(await orderStatus(oid), early).toBe('pending_payment');
      expect((await postAlipay(alipayNotice(no))).body, early).toBe('success');
      expect(await orderStatus(oid), early).toBe('completed');
      // A late repeat of the non-final notice changes nothing.
      expect((await postAlipay(alipayNotice(no, { trade_status: early }))).body, early).toBe('success');
      expect(await orderStatus(oid), early).toBe('completed');
      const inbox = await t.db
        .selectFrom('payment_inbox')
        .select('outcome')
        .where('payment_no', '=', no)
        .orderBy('id')
        .execute();
      expect(
        inbox.map((r) => r.outcome),
        early,
      ).toEqual(['not_paid', 'not_paid', 'order_paid', 'not_paid']);
    }
    for (const early of ['NOTPAY', 'USERPAYING']) {
      const oid = await newOrder();
      const no = (await call('POST', '/api/front/order/pay', { oid, method: 'wechat' })).body.data
        .no as string;
      expect((await postWechat(wechatNotice(no, { trade_state: early }))).statusCode, early).toBe(204);
      expect(await orderStatus(oid), early).toBe('pending_payment');
      expect((await postWechat(wechatNotice(no))).statusCode, early).toBe(204);
      expect(await orderStatus(oid), early).toBe('completed');
    }
    expect(await ledgerSum()).toBe(await balance());
  });

  it('pays once when a buyer double-clicks pay: 30 parallel sandbox confirmations, 20 orders in a row', async () => {
    // Issue 11, finding 1 and its "done when": each confirmation sends a signed notice with its
    // own trade number for the same out_trade_no, all at once.
    const refunds = () =>
      t.db
        .selectFrom('wallet_ledger')
        .select('id')
        .where('user_id', '=', buyerId)
        .where('type', '=', 'refund')
        .execute();
    const before = await balance();
    const refundsBefore = (await refunds()).length;
    for (let round = 0; round < 20; round++) {
      const oid = await newOrder();
      const started = await call('POST', '/api/front/order/pay', { oid, method: 'alipay' });
      const page = await t.app.inject({ url: path(started.body.data.pay_url as string) });
      const answers = await Promise.all(Array.from({ length: 30 }, () => submitSandboxForm(page.body)));
      expect(
        answers.every((a) => a.statusCode === 303),
        `round ${round}`,
      ).toBe(true);
      expect(await orderStatus(oid), `round ${round}`).toBe('completed');
      const outcomes = await t.db
        .selectFrom('payment_inbox')
        .select('outcome')
        .where('payment_no', '=', started.body.data.no as string)
        .execute();
      expect(
        outcomes.filter((o) => o.outcome === 'order_paid'),
        `round ${round}`,
      ).toHaveLength(1);
      expect(outcomes.filter((o) => o.outcome !== 'order_paid' && o.outcome !== 'duplicate')).toEqual([]);
    }
    expect((await refunds()).length).toBe(refundsBefore);
    expect(await balance()).toBe(before);
    expect(await ledgerSum()).toBe(before);
  });

  it('refunds a payment that arrives for a cancelled order to the balance, once', async () => {
    const oid = await newOrder();
    const no = (await call('POST', '/api/front/order/pay', { oid, method: 'alipay' })).body.data.no as string;
    await call('POST', '/api/front/order/cancel', { oid });
    const before = await balance();
    await Promise.all([postAlipay(alipayNotice(no)), postAlipay(alipayNotice(no))]);
    expect(await orderStatus(oid)).toBe('cancelled');
    expect(await balance()).toBe(before + 9_800);
    const refund = await t.db
      .selectFrom('wallet_ledger')
      .selectAll()
      .where('idempotency_key', '=', `payment:${no}:refund`)
      .execute();
    expect(refund).toEqual([expect.objectContaining({ type: 'refund', amount: 9_800, ref: oid })]);
    expect(await ledgerSum()).toBe(await balance());
  });

  it('pays an order by WeChat Pay Native end to end: signed order → QR → encrypted, signed notify', async () => {
    const oid = await newOrder();
    const started = await call('POST', '/api/front/order/pay', { oid, method: 'wechat' });
    expect(started.status).toBe(200);
    const { code_url: codeUrl, qr_image: qr } = started.body.data;
    expect(codeUrl).toMatch(/^http:\/\/shop\.test:3000\/sandbox\/wechat\/qr\//);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    const page = await t.app.inject({ url: path(codeUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥98.00');
    const paid = await submitSandboxForm(page.body);
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('sandbox-paid');
    expect(await orderStatus(oid)).toBe('completed');
    expect((await call('GET', `/api/front/order/pay/status?oid=${oid}`)).body.data.status).toBe('completed');
    // A forged QR link is refused.
    expect((await t.app.inject({ url: `${path(codeUrl)}x` })).statusCode).toBe(400);
  });

  it('checks every WeChat Pay notification and answers FAIL with a 4xx', async () => {
    const oid = await newOrder();
    const no = (await call('POST', '/api/front/order/pay', { oid, method: 'wechat' })).body.data.no as string;
    const good = wechatNotice(no);
    const cases: [{ body: string; headers: Record<string, string> }, string][] = [
      [{ ...good, body: good.body.replace('"n1"', '"n2"') }, 'body altered after signing'],
      [wechatNotice(no, {}, { 'wechatpay-serial': 'OTHER' }), 'unknown platform serial'],
      [
        (() => {
          const old = wechatNotice(no);
          return {
            body: old.body,
            headers: {
              ...old.headers,
              ...platformHeaders(
                old.body,
                { privateKey: keys.wechat.platformPrivateKey, serial: keys.wechat.platformSerial },
                Date.now() - 10 * 60_000,
              ),
            },
          };
        })(),
        'ten minutes old',
      ],
      [wechatNotice(no, { mchid: '1999999999' }), 'another merchant'],
      [wechatNotice(no, { appid: 'wx-other' }), 'another app'],
      [wechatNotice(no, { amount: { total: 1, currency: 'CNY' } }), 'wrong amount'],
      [
        wechatNotice(no, {}, { 'wechatpay-signature': `WECHATPAY/SIGNTEST/${'A'.repeat(40)}` }),
        'a probe signature',
      ],
      [{ ...good, body: JSON.stringify(JSON.parse(good.body), null, 2) }, 're-serialized body'],
      [
        (() => {
          const parsed = JSON.parse(good.body);
          const raw = Buffer.from(parsed.resource.ciphertext, 'base64');
          parsed.resource.ciphertext = raw.subarray(0, raw.length - 4).toString('base64');
          const body = JSON.stringify(parsed);
          return {
            body,
            headers: {
              ...good.headers,
              ...platformHeaders(body, {
                privateKey: keys.wechat.platformPrivateKey,
                serial: keys.wechat.platformSerial,
              }),
            },
          };
        })(),
        'a cut GCM tag (validly signed)',
      ],
      [
        (({ 'wechatpay-signature': _s, ...rest }) => ({ body: good.body, headers: rest }))(good.headers),
        'no signature',
      ],
    ];
    for (const [notice, why] of cases) {
      const res = await postWechat(notice);
      expect(res.statusCode, why).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, why).toBeLessThan(500);
      expect(res.json().code, why).toBe('FAIL');
    }
    expect(await orderStatus(oid)).toBe('pending_payment');
    const answers = await Promise.all([postWechat(good), postWechat(good), postWechat(good)]);
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204]);
    expect(await orderStatus(oid)).toBe('completed');
  });

  it('tops the wallet up by either provider, with a receipt in the ledger', async () => {
    const before = await balance();
    const res = await call('POST', '/api/front/user/recharge', { amount: '100', method: 'alipay' });
    expect(res.status).toBe(200);
    const page = await t.app.inject({ url: path(res.body.data.pay_url) });
    expect(page.body).toContain('¥100.00');
    await submitSandboxForm(page.body);
    expect(await balance()).toBe(before + 10_000);
    expect((await call('GET', `/api/front/user/recharge/status?no=${res.body.data.no}`)).body.data).toEqual({
      no: res.body.data.no,
      status: 'paid',
      amount: '100.00',
    });
    const wx = await call('POST', '/api/front/user/recharge', {
      amount: '0.5'.replace('0.5', '12.34'),
      method: 'wechat',
    });
    const qr = await t.app.inject({ url: path(wx.body.data.code_url) });
    await submitSandboxForm(qr.body);
    expect(await balance()).toBe(before + 10_000 + 1_234);
    const receipts = await t.db
      .selectFrom('wallet_ledger')
      .select(['type', 'amount'])
      .where('ref', 'in', [res.body.data.no, wx.body.data.no])
      .orderBy('id')
      .execute();
    expect(receipts).toEqual([
      { type: 'recharge', amount: 10_000 },
      { type: 'recharge', amount: 1_234 },
    ]);
    expect(await ledgerSum()).toBe(await balance());
    for (const amount of ['0.99', '50000.01', '-5', 'abc', '1.234'])
      expect(
        (await call('POST', '/api/front/user/recharge', { amount, method: 'alipay' })).status,
        amount,
      ).toBe(400);
    await updateSettings(t.db, { balance_wechat_switch: '0' });
    const off = await call('POST', '/api/front/user/recharge', { amount: '10', method: 'wechat' });
    await updateSettings(t.db, { balance_wechat_switch: '1' });
    expect(off.body.msg).toBe('This payment method is not available');
  });
});

describe('payments in production mode without credentials', () => {
  it('offers no online method and has no sandbox', async () => {
    const t = await createTestApp('sqlite', { NODE_ENV: 'production', SEED_DEMO: '0' });
    try {
      expect(t.app.gateways.alipay).toBeUndefined();
      expect(t.app.gateways.wechat).toBeUndefined();
      expect((await t.app.inject({ url: '/sandbox/alipay/gateway.do' })).statusCode).toBe(404);
      const notify = await t.app.inject({
        method: 'POST',
        url: NOTIFY_PATHS.alipay,
        payload: 'a=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(notify.body).toBe('failure');
    } finally {
      await t.close();
    }
  });
});
