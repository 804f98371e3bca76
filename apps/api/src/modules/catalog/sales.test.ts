import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../../test/helpers.ts';
import { type Method, signedNotice, TRADE_STATES } from '../../../test/notices.ts';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { sandboxKeys } from '../payment/gateways.ts';

// Issue 29, finding 1 (decision 059): a goods' sales rise by the units paid for, in the transaction
// that marks the order paid, once per order, whichever way the money came; the lists that sort or
// rank by sales read the new figure.

const UNIT_CNY = 9_800; // the fixture's "Arena Gift Card", SKU "100 CNY"

describe.each(testEngines())('goods sales follow paid orders (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let arena: number;
  let arena100: number;
  let hoodie: number;
  let keys: ReturnType<typeof sandboxKeys>;
  let trade = 0;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale: 'en' } });
    return { status: res.statusCode, body: res.json() };
  };
  const newOrder = async (num: number) => {
    const res = await call('POST', '/api/front/order/create', {
      items: [{ goods_id: arena, goods_sku_id: arena100, num }],
    });
    expect(res.status).toBe(200);
    return res.body.data.oid as string;
  };
  const startPayment = async (oid: string, method: Method) =>
    (await call('POST', '/api/front/order/pay', { oid, method })).body.data as {
      no: string;
      pay_url?: string;
      code_url?: string;
    };
  /** The provider's notification that `no` was paid (a new trade number unless one is given). */
  const notify = (method: Method, no: string, num: number, tradeNo = `T${no}-${++trade}`) => {
    const state = TRADE_STATES[method].paid[0]!;
    const notice = signedNotice(keys, { method, no, tradeNo, amountCny: UNIT_CNY * num, state });
    return () =>
      t.app.inject({ method: 'POST', url: notice.url, headers: notice.headers, payload: notice.body });
  };
  const status = async (oid: string) =>
    (await t.db.selectFrom('orders').select('status').where('oid', '=', oid).executeTakeFirstOrThrow())
      .status;
  const sales = async (id = arena) =>
    (await t.db.selectFrom('goods').select('sales').where('id', '=', id).executeTakeFirstOrThrow()).sales;
  const path = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };
  /** The sandbox page's pay button (its form: the hidden token and the action). */
  const sandboxPay = (html: string) => () =>
    t.app.inject({
      method: 'POST',
      url: /action="([^"]+)"/.exec(html)![1]!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: /name="token" value="([^"]+)"/.exec(html)![1]! }).toString(),
    });
  const ids = (list: { id: number }[]) => list.map((g) => g.id);

  beforeAll(async () => {
    const shop = await shopFixture(engine, { PUBLIC_URL: 'http://shop.test:3000' });
    t = shop.t;
    ({ arena, arena100 } = shop.ids);
    buyer = shop.buyer;
    hoodie = (
      await t.db
        .selectFrom('goods')
        .select('id')
        .where('name_en', '=', 'Pixel Hoodie 100%')
        .executeTakeFirstOrThrow()
    ).id;
    keys = sandboxKeys(t.config);
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 500);
    // As a goods just put on sale: nothing sold yet (the hoodie of the same category: 10).
    await t.db.updateTable('goods').set({ sales: 0 }).where('id', '=', arena).execute();
  });
  afterAll(() => t.close());

  it('adds the paid units once per order: balance, Alipay, WeChat Pay, the sandbox, a late payment', async () => {
    expect(await sales()).toBe(0);
    // The lists that sort or rank by sales: the hoodie (10 sold) comes first while the card has none.
    const bySales = async () =>
      ids((await call('GET', '/api/front/category/goods?id=2&sort=sales&page=1&limit=20')).body.data.list);
    const search = async () =>
      ids(
        (await call('GET', `/api/front/goods/search?keyword=${encodeURIComponent('点卡')}&page=1&limit=20`))
          .body.data.list,
      );
    expect(await bySales()).toEqual([hoodie, arena]);
    expect(await search()).toEqual([hoodie, arena]);
    let expected = 0;

    // Balance, one unit.
    const byBalance = await newOrder(1);
    expect((await call('POST', '/api/front/order/pay', { oid: byBalance, method: 'balance' })).status).toBe(
      200,
    );
    expect(await sales()).toBe((expected += 1));
    // A second try of the same order is refused and counts nothing.
    expect((await call('POST', '/api/front/order/pay', { oid: byBalance, method: 'balance' })).status).toBe(
      400,
    );
    expect(await sales()).toBe(expected);

    // Alipay and WeChat Pay: the same notification three times (once, then twice at once), and a
    // second trade number for the same payment.
    for (const [method, num] of [
      ['alipay', 3],
      ['wechat', 2],
    ] as const) {
      const oid = await newOrder(num);
      const { no } = await startPayment(oid, method);
      const same = notify(method, no, num, `T${no}`);
      await same();
      await Promise.all([same(), same()]);
      await notify(method, no, num)();
      expect(await status(oid), method).toBe('completed');
      expect(await sales(), method).toBe((expected += num));
    }

    // The sandbox's pay button, pressed four times at once.
    const bySandbox = await newOrder(4);
    const page = await t.app.inject({ url: path((await startPayment(bySandbox, 'alipay')).pay_url!) });
    const press = sandboxPay(page.body);
    await Promise.all([press(), press(), press(), press()]);
    expect(await status(bySandbox)).toBe('completed');
    expect(await sales()).toBe((expected += 4));

    // The money arrives after the order's time ran out, before the timeout job cancelled it: paid.
    const late = await newOrder(2);
    const { no: lateNo } = await startPayment(late, 'wechat');
    await t.db
      .updateTable('orders')
      .set({ expires_at: Date.now() - 60_000 })
      .where('oid', '=', late)
      .execute();
    await notify('wechat', lateNo, 2)();
    expect(await status(late)).toBe('completed');
    expect(await sales()).toBe((expected += 2));

    // The money arrives for an order already cancelled: refunded to the balance, nothing sold.
    const cancelled = await newOrder(5);
    const { no: cancelledNo } = await startPayment(cancelled, 'alipay');
    expect((await call('POST', '/api/front/order/cancel', { oid: cancelled })).status).toBe(200);
    await notify('alipay', cancelledNo, 5)();
    expect(await status(cancelled)).toBe('cancelled');
    // An order cancelled unpaid counts nothing either.
    const unpaid = await newOrder(1);
    expect((await call('POST', '/api/front/order/cancel', { oid: unpaid })).status).toBe(200);
    expect(await sales()).toBe(expected);

    // 12 sold: the card is now ahead of the hoodie by sales, in its category and in search, and its
    // card and page say 12.
    expect(expected).toBe(12);
    expect(await bySales()).toEqual([arena, hoodie]);
    expect(await search()).toEqual([arena, hoodie]);
    const list = (await call('GET', '/api/front/category/goods?id=2&page=1&limit=20')).body.data.list;
    expect(list.find((g: { id: number }) => g.id === arena).sales).toBe(12);
    expect((await call('GET', `/api/front/goods/detail?id=${arena}`)).body.data.sales).toBe(12);
  });

  it('counts every unit of many orders of one goods paid at once (balance and both providers)', async () => {
    const before = await sales();
    const orders: { oid: string; num: number; method: Method | 'balance' }[] = [];
    const methods = ['alipay', 'wechat', 'alipay', 'wechat', 'balance'] as const;
    for (let i = 0; i < 15; i++) {
      const num = (i % 4) + 1;
      // Balance: three orders of 1 unit (the demo buyer's ¥500 less the first test's ¥98).
      const method = methods[i % methods.length]!;
      const n = method === 'balance' ? 1 : num;
      orders.push({ oid: await newOrder(n), num: n, method });
    }
    const payments = await Promise.all(
      orders.map(async (o) =>
        o.method === 'balance'
          ? () => call('POST', '/api/front/order/pay', { oid: o.oid, method: 'balance' })
          : notify(o.method, (await startPayment(o.oid, o.method)).no, o.num),
      ),
    );
    // Every payment at once, each notification twice.
    await Promise.all(
      payments.flatMap((pay, i) => (orders[i]!.method === 'balance' ? [pay()] : [pay(), pay()])),
    );
    for (const o of orders) expect(await status(o.oid), o.oid).toBe('completed');
    const units = orders.reduce((s, o) => s + o.num, 0);
    expect(await sales()).toBe(before + units);
    // Other goods are untouched.
    expect(await sales(hoodie)).toBe(10);
  });
});

describe.each(testEngines())('a paid order’s sales through the read cache (%s)', (engine) => {
  it('shows on the goods page and in its lists once the cache’s time is up (decision 013)', async () => {
    const TTL = 1_500;
    const shop = await shopFixture(engine, { CACHE_TTL_MS: String(TTL) });
    const { t, buyer } = shop;
    const { arena, arena100 } = shop.ids;
    try {
      const get = async (url: string) => (await t.app.inject({ url, headers: { locale: 'en' } })).json().data;
      const shown = async () => {
        const detail = await get(`/api/front/goods/detail?id=${arena}`);
        const list = await get('/api/front/category/goods?id=2&sort=sales&page=1&limit=20');
        const found = await get('/api/front/goods/search?keyword=arena&page=1&limit=20');
        const sales = (l: { id: number; sales: number }[]) => l.find((g) => g.id === arena)!.sales;
        return [detail.sales, sales(list.list), sales(found.list)];
      };
      const cachedAt = Date.now();
      const before = await shown();
      const allCached = Date.now();
      expect(before).toEqual([100, 100, 100]);
      const headers = { authorization: buyer, locale: 'en' };
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/front/order/create',
        headers,
        payload: { items: [{ goods_id: arena, goods_sku_id: arena100, num: 3 }] },
      });
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/front/order/pay',
        headers,
        payload: { oid: created.json().data.oid, method: 'balance' },
      });
      expect(paid.statusCode).toBe(200);
      // Within the cache's time the pages may still say 100; no later than that they say 103.
      if (Date.now() - cachedAt < TTL - 200) expect(await shown()).toEqual(before);
      await new Promise((r) => setTimeout(r, Math.max(0, allCached + TTL + 50 - Date.now())));
      expect(await shown()).toEqual([103, 103, 103]);
    } finally {
      await t.close();
    }
  });
});
