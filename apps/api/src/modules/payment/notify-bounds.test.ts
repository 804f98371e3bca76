import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../../test/helpers.ts';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { signAlipayNotice } from './alipay.ts';
import { NOTIFY_PATHS, sandboxKeys } from './gateways.ts';
import { encryptResource, platformHeaders } from './wechat.ts';

// Issue 11, finding 4: a correctly signed notification whose out_trade_no (payments.no,
// varchar(32)) or trade number (varchar(64)) is too long, or holds a NUL, was a 500 on PostgreSQL,
// which the provider retries forever. The signature is checked first; then such a notice is a 400
// that changes nothing.

describe.each(testEngines())('payment notifications with out-of-bounds numbers (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let arena: number;
  let arena100: number;
  let keys: ReturnType<typeof sandboxKeys>;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale: 'en' } })).json();
  /** An order with an Alipay or WeChat payment started → [oid, payment no]. */
  const startPayment = async (method: 'alipay' | 'wechat') => {
    const created = await call('POST', '/api/front/order/create', {
      items: [{ goods_id: arena, goods_sku_id: arena100, num: 1 }],
    });
    const oid = created.data.oid as string;
    const started = await call('POST', '/api/front/order/pay', { oid, method });
    return [oid, started.data.no as string] as const;
  };
  /** Nothing was written for the payment: the order unpaid, the payment pending, no inbox row. */
  const untouched = async (oid: string, no: string) => {
    expect((await call('GET', `/api/front/order/detail?oid=${oid}`)).data.status).toBe('pending_payment');
    const payment = await t.db
      .selectFrom('payments')
      .select('status')
      .where('no', '=', no)
      .executeTakeFirst();
    expect(payment?.status).toBe('pending');
    const inbox = await t.db.selectFrom('payment_inbox').select('id').execute();
    expect(inbox).toEqual([]);
  };

  const postAlipay = (params: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: NOTIFY_PATHS.alipay,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
  const alipayNotice = (outTradeNo: string, tradeNo: string) =>
    signAlipayNotice(
      {
        app_id: keys.alipay.appId,
        seller_id: keys.alipay.sellerId,
        out_trade_no: outTradeNo,
        trade_no: tradeNo,
        total_amount: '98.00',
        trade_status: 'TRADE_SUCCESS',
        notify_time: '2026-11-21 12:00:00',
      },
      keys.alipay.alipayPrivateKey,
    );
  const postWechat = (outTradeNo: string, transactionId: string) => {
    const resource = encryptResource(
      JSON.stringify({
        mchid: keys.wechat.mchid,
        appid: keys.wechat.appid,
        out_trade_no: outTradeNo,
        transaction_id: transactionId,
        trade_state: 'SUCCESS',
        amount: { total: 9_800, currency: 'CNY' },
      }),
      keys.wechat.apiV3Key,
    );
    const body = JSON.stringify({ id: 'n1', event_type: 'TRANSACTION.SUCCESS', resource });
    return t.app.inject({
      method: 'POST',
      url: NOTIFY_PATHS.wechat,
      headers: {
        'content-type': 'application/json',
        ...platformHeaders(body, {
          privateKey: keys.wechat.platformPrivateKey,
          serial: keys.wechat.platformSerial,
        }),
      },
      payload: body,
    });
  };

  beforeAll(async () => {
    const shop = await shopFixture(engine, { PUBLIC_URL: 'http://shop.test:3000' });
    t = shop.t;
    buyer = shop.buyer;
    ({ arena, arena100 } = shop.ids);
    keys = sandboxKeys(t.config);
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 100);
  });
  afterAll(() => t.close());

  it('answers a signed Alipay notice with a too long or NUL-bearing number 400, and changes nothing', async () => {
    const [oid, no] = await startPayment('alipay');
    const cases: [Record<string, string>, string][] = [
      [alipayNotice(`${no}${'9'.repeat(20)}`, `T${no}`), 'out_trade_no of 43 characters'],
      [alipayNotice(no, `T${'9'.repeat(64)}`), 'trade_no of 65 characters'],
      [alipayNotice(`${no}\u0000`, `T${no}`), 'NUL in out_trade_no'],
      [alipayNotice(no, `T${no}\u0000`), 'NUL in trade_no'],
    ];
    for (const [params, why] of cases) {
      const res = await postAlipay(params);
      expect(res.statusCode, why).toBe(400);
      expect(res.body, why).toBe('failure');
    }
    // A raw NUL byte in the body (Alipay percent-encodes its form; the body is stored as sent).
    const signedRaw = signAlipayNotice(
      { ...alipayNotice(no, `T${no}`), subject: 'a\u0000b' },
      keys.alipay.alipayPrivateKey,
    );
    const rawBody = Object.entries(signedRaw)
      .map(([k, v]) => `${k}=${k === 'subject' ? v : encodeURIComponent(v)}`)
      .join('&');
    const rawRes = await t.app.inject({
      method: 'POST',
      url: NOTIFY_PATHS.alipay,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: rawBody,
    });
    expect(rawRes.statusCode, 'raw NUL in the body').toBe(400);
    await untouched(oid, no);
    // The signature still comes first: an unsigned over-long notice is refused the same way.
    const forged = { ...alipayNotice(no, `T${no}`), trade_no: 'T'.repeat(65) };
    expect((await postAlipay(forged)).statusCode).toBe(400);
    // And the payment can still be made by its real notification.
    expect((await postAlipay(alipayNotice(no, `T${no}`))).body).toBe('success');
    expect((await call('GET', `/api/front/order/detail?oid=${oid}`)).data.status).toBe('completed');
  });

  it('answers a signed WeChat Pay notice with a too long or NUL-bearing number 400 FAIL, and changes nothing', async () => {
    await t.db.deleteFrom('payment_inbox').execute();
    const [oid, no] = await startPayment('wechat');
    const cases: [string, string, string][] = [
      [`${no}${'9'.repeat(20)}`, `W${no}`, 'out_trade_no of 43 characters'],
      [no, `W${'9'.repeat(64)}`, 'transaction_id of 65 characters'],
      [`${no}\u0000`, `W${no}`, 'NUL in out_trade_no'],
      [no, `W\u0000${no}`, 'NUL in transaction_id'],
    ];
    for (const [outTradeNo, transactionId, why] of cases) {
      const res = await postWechat(outTradeNo, transactionId);
      expect(res.statusCode, why).toBe(400);
      expect(res.json().code, why).toBe('FAIL');
    }
    await untouched(oid, no);
    expect((await postWechat(no, `W${no}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/front/order/detail?oid=${oid}`)).data.status).toBe('completed');
  });
});
