import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../../test/helpers.ts';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { updateSettings } from '../site/site.service.ts';
import { expireOrders } from './order.service.ts';

describe.each(testEngines())('orders and balance payment (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let other: string;
  let saga: number;
  let arena: number;
  let arena100: number;
  let official: number;

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...(token ? { authorization: token } : {}), locale: 'en', ...headers },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const arenaItem = (num = 1) => ({ goods_id: arena, goods_sku_id: arena100, num });
  const sagaItem = (over: object = {}) => ({
    goods_id: saga,
    face_value: 60,
    num: 1,
    player_id: 'Player1',
    server_id: official,
    ...over,
  });
  const create = (token: string, body: object, headers: Record<string, string> = {}) =>
    call('POST', '/api/front/order/create', token, body, headers);
  const pay = (token: string, oid: string, method = 'balance') =>
    call('POST', '/api/front/order/pay', token, { oid, method });
  const detail = (token: string, oid: string, headers: Record<string, string> = {}) =>
    call('GET', `/api/front/order/detail?oid=${oid}`, token, undefined, headers);
  const stockOf = async (skuId: number) =>
    (await t.db.selectFrom('goods_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow())
      .stock;
  const balanceOf = async (userId: number) =>
    Number(
      (await t.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow())
        .balance,
    );
  const ledgerSum = async (userId: number) => {
    const rows = await t.db
      .selectFrom('wallet_ledger')
      .select('amount')
      .where('user_id', '=', userId)
      .execute();
    return rows.reduce((sum, r) => sum + Number(r.amount), 0);
  };
  const setBalance = async (userId: number, fen: number) => {
    // Through the ledger, as the wallet does: an adjustment entry keeps ledger = balance.
    const now = await balanceOf(userId);
    if (now === fen) return;
    await t.db.transaction().execute(async (trx) => {
      const { changeBalance } = await import('../wallet/wallet.service.ts');
      await changeBalance(trx, {
        userId,
        amount: fen - now,
        type: 'adjustment',
        ref: 'test',
        key: `test:${Math.random()}`,
      });
    });
  };

  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    ({ saga, arena, arena100, official } = shop.ids);
    ({ buyer, buyerId } = shop);
    other = await shop.register('second@demo.test', 'second-pass');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    // After every test, concurrent or not: each ledger sums to its balance, and none is negative.
    const users = await t.db.selectFrom('users').select(['id', 'balance']).execute();
    for (const user of users) {
      expect(Number(user.balance)).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(Number(user.id)), `user ${user.id}`).toBe(Number(user.balance));
    }
  });
  beforeEach(async () => {
    // Each test starts with 5 cards in stock and ¥500.00 on the demo buyer.
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 5);
    await setBalance(buyerId, 50_000);
  });

  it('needs a login', async () => {
    for (const [method, url] of [
      ['POST', '/api/front/order/create'],
      ['GET', '/api/front/order/list'],
      ['GET', '/api/front/order/detail?oid=20260101000000000000'],
      ['POST', '/api/front/order/cancel'],
      ['POST', '/api/front/order/pay'],
      ['GET', '/api/front/user/balanceLog'],
    ] as const) {
      const res = await call(method, url, null, method === 'POST' ? {} : undefined);
      expect(res.status, url).toBe(401);
    }
  });

  it('orders cart lines: freezes prices and the rate, reserves stock, empties those lines', async () => {
    const added = await call('POST', '/api/front/goods/cart/add', buyer, {
      items: [arenaItem(2), sagaItem()],
    });
    const [cardLine, sagaLine] = added.body.data.ids;
    const res = await create(buyer, { cart_ids: [cardLine] }, { currency: 'USD' });
    expect(res.status).toBe(200);
    const oid = res.body.data.oid as string;
    expect(oid).toMatch(/^\d{20}$/);
    expect(await stockOf(arena100)).toBe(3);
    const cart = (await call('GET', '/api/front/goods/cart/show', buyer)).body;
    expect(cart.data.map((l: { id: number }) => l.id)).toEqual([sagaLine]);

    await t.db.updateTable('goods_skus').set({ price_cny: 1 }).where('id', '=', arena100).execute();
    await updateSettings(t.db, { exchange_rate_usd: '0.2' });
    const order = (await detail(buyer, oid, { locale: 'zh-CN' })).body.data;
    await t.db.updateTable('goods_skus').set({ price_cny: 9_800 }).where('id', '=', arena100).execute();
    await updateSettings(t.db, { exchange_rate_usd: '0.138' });
    expect(order).toMatchObject({
      oid,
      status: 'pending_payment',
      currency: 'USD',
      total_amount: '27.04', // 2 × 13.52, the USD price when ordered
      total_cny: '195.94', // 27.04 ÷ 0.138, rounded half up (decision 031)
      exchange_rate: '0.138000',
      item_count: 2,
      pay_method: null,
    });
    expect(order.items).toEqual([
      expect.objectContaining({
        goods_name: '竞技点卡',
        spec: '100元',
        num: 2,
        price: '13.52',
        total_price: '27.04',
      }),
    ]);
    expect(order.expires_at - order.created_at).toBe(15 * 60_000);
  });

  it('buys now from items, checking them like the cart does', async () => {
    const ok = await create(buyer, { items: [sagaItem({ num: 3 })] });
    expect(ok.status).toBe(200);
    expect((await detail(buyer, ok.body.data.oid)).body.data).toMatchObject({
      total_amount: '18.00',
      items: [expect.objectContaining({ player_id: 'Player1', server: 'Official', num: 3 })],
    });
    for (const [body, status] of [
      [{ items: [sagaItem({ player_id: '' })] }, 400],
      [{ items: [arenaItem(6)] }, 400],
      [{ items: [{ ...arenaItem(), goods_id: 99_999 }] }, 404],
      [{ cart_ids: [99_999] }, 404],
      [{ cart_ids: [] }, 400],
      [{}, 400],
    ] as const) {
      expect((await create(buyer, body)).status, JSON.stringify(body)).toBe(status);
    }
    // Someone else's cart line is not found, and stays in their cart.
    const theirs = (await call('POST', '/api/front/goods/cart/add', other, { items: [arenaItem()] })).body
      .data.ids[0];
    expect((await create(buyer, { cart_ids: [theirs] })).status).toBe(404);
    expect((await call('GET', '/api/front/goods/cart/show', other)).body.count).toBe(1);
    await call('POST', '/api/front/goods/cart/remove', other, { id: theirs });
  });

  it('answers a repeated Idempotency-Key with the same order, and refuses it for another body', async () => {
    const key = { 'idempotency-key': `test-key-${engine}-1` };
    const first = await create(buyer, { items: [arenaItem()] }, key);
    const again = await create(buyer, { items: [arenaItem()] }, key);
    expect(again.body.data.oid).toBe(first.body.data.oid);
    expect(await stockOf(arena100)).toBe(4);
    const different = await create(buyer, { items: [arenaItem(2)] }, key);
    expect(different.status).toBe(422);
    expect(different.body.msg).toBe('This Idempotency-Key was used for a different order');
    // Ten at once with a new key: one order.
    const burst = { 'idempotency-key': `test-key-${engine}-2` };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => create(buyer, { items: [arenaItem()] }, burst)),
    );
    expect(new Set(results.map((r) => r.body.data?.oid)).size).toBe(1);
    expect(await stockOf(arena100)).toBe(3);
    // The same key is free for another user.
    expect((await create(other, { items: [sagaItem()] }, key)).status).toBe(200);
  });

  it('never oversells: 12 buyers at once for 5 cards get exactly 5 orders', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => create(buyer, { items: [arenaItem()] })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    // Refused before the transaction (stock already short) or inside it (taken meanwhile).
    for (const r of results.filter((r) => r.status !== 200)) {
      expect([400, 409]).toContain(r.status);
      expect(r.body.msg).toMatch(/Not enough stock|sold out/);
    }
    expect(await stockOf(arena100)).toBe(0);
  });

  it('cancels an unpaid order for its buyer only, and gives the stock back once', async () => {
    const oid = (await create(buyer, { items: [arenaItem(2)] })).body.data.oid;
    expect(await stockOf(arena100)).toBe(3);
    expect((await call('POST', '/api/front/order/cancel', other, { oid })).status).toBe(404);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '/api/front/order/cancel', buyer, { oid })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)[0]?.body.msg).toBe(
      'Only an unpaid order can be cancelled',
    );
    expect(await stockOf(arena100)).toBe(5);
    expect((await detail(buyer, oid)).body.data).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'buyer',
    });
    expect((await pay(buyer, oid)).body.msg).toBe(
      'This order was cancelled or timed out; please order again',
    );
  });

  it('cancels unpaid orders after the timeout, and never pays an expired one', async () => {
    const oid = (await create(buyer, { items: [arenaItem()] })).body.data.oid;
    const late = (await create(buyer, { items: [arenaItem()] })).body.data.oid;
    expect(await stockOf(arena100)).toBe(3);
    await t.db
      .updateTable('orders')
      .set({ expires_at: Date.now() - 1 })
      .where('oid', 'in', [oid, late])
      .execute();
    // Past its time, an order cannot be paid even before the job has run.
    expect((await pay(buyer, late)).status).toBe(400);
    expect(await balanceOf(buyerId)).toBe(50_000);
    const counts = await Promise.all([expireOrders(t.db), expireOrders(t.db)]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(await stockOf(arena100)).toBe(5);
    expect((await detail(buyer, oid)).body.data).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'timeout',
    });
    expect(await expireOrders(t.db)).toBe(0);
  });

  it('pays by balance: status and debit with its ledger entry together, once', async () => {
    const oid = (await create(buyer, { items: [arenaItem(2)] })).body.data.oid;
    const results = await Promise.all(Array.from({ length: 50 }, () => pay(buyer, oid)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // A card-key order is delivered and completed in the payment's transaction.
    expect(results.find((r) => r.status === 200)!.body.data).toEqual({ status: 'completed' });
    expect(results.filter((r) => r.status === 400).map((r) => r.body.msg)).toContain(
      'This order is already paid',
    );
    expect(await balanceOf(buyerId)).toBe(50_000 - 19_600);
    expect(await ledgerSum(buyerId)).toBe(await balanceOf(buyerId));
    const entries = await t.db.selectFrom('wallet_ledger').selectAll().where('ref', '=', oid).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'order_payment', amount: -19_600, balance_after: 30_400 });
    expect((await detail(buyer, oid)).body.data).toMatchObject({
      status: 'completed',
      pay_method: 'balance',
    });
    expect((await call('GET', `/api/front/order/pay/status?oid=${oid}`, buyer)).body.data.status).toBe(
      'completed',
    );
    expect((await pay(other, oid)).status).toBe(404);
  });

  it('never spends the same money twice: concurrent payments of different orders stop at the balance', async () => {
    await setBalance(buyerId, 20_000); // ¥200: enough for two of five ¥98 cards
    const oids: string[] = [];
    for (let i = 0; i < 5; i++) oids.push((await create(buyer, { items: [arenaItem()] })).body.data.oid);
    const results = await Promise.all(oids.map((oid) => pay(buyer, oid)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(
      results.filter((r) => r.status === 400).every((r) => r.body.msg === 'Your balance is not enough'),
    ).toBe(true);
    expect(await balanceOf(buyerId)).toBe(400);
    expect(await ledgerSum(buyerId)).toBe(400);
    const unpaid = await t.db.selectFrom('orders').select('status').where('oid', 'in', oids).execute();
    expect(unpaid.filter((o) => o.status === 'pending_payment')).toHaveLength(3);
  });

  it('pays exactly one of 50 orders that each cost the whole balance, paid at once', async () => {
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 100);
    await setBalance(buyerId, 9_800);
    const oids: string[] = [];
    for (let i = 0; i < 50; i++) oids.push((await create(buyer, { items: [arenaItem()] })).body.data.oid);
    const results = await Promise.all(oids.map((oid) => pay(buyer, oid)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(buyerId)).toBe(0);
    const paid = await t.db
      .selectFrom('orders')
      .select('oid')
      .where('oid', 'in', oids)
      .where('status', '=', 'completed')
      .execute();
    expect(paid).toHaveLength(1);
  });

  it('refuses tampered prices and bad quantities when ordering items directly', async () => {
    const tampered = await create(buyer, { items: [{ ...arenaItem(), price: '0.01', currency: 'USD' }] });
    expect(tampered.status).toBe(200);
    expect((await detail(buyer, tampered.body.data.oid)).body.data).toMatchObject({
      total_amount: '98.00',
      currency: 'CNY',
    });
    for (const num of [-1, 0, 1.5, '2.5', 100]) {
      const res = await create(buyer, { items: [{ ...arenaItem(), num }] });
      expect(res.status, String(num)).toBe(400);
    }
    expect((await create(buyer, { items: [arenaItem()], total: '0.01' })).status).toBe(400);
  });

  it('offers only the switched-on methods', async () => {
    const oid = (await create(buyer, { items: [sagaItem()] })).body.data.oid;
    await updateSettings(t.db, { order_balance_switch: '0' });
    const off = await pay(buyer, oid);
    await updateSettings(t.db, { order_balance_switch: '1' });
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('This payment method is not available');
    expect((await pay(buyer, oid, 'bitcoin')).status).toBe(400);
  });

  it('lists only the buyer’s orders, newest first, with paging and a status filter', async () => {
    const mine: string[] = [];
    for (let i = 0; i < 3; i++)
      mine.push((await create(other, { items: [sagaItem({ player_id: `Lane-${i}` })] })).body.data.oid);
    await pay(other, mine[0]!); // the new user has no balance
    await call('POST', '/api/front/order/cancel', other, { oid: mine[1] });
    const page = (await call('GET', '/api/front/order/list?page=1&limit=2', other)).body.data;
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.list).toHaveLength(2);
    expect(page.list[0].oid).toBe(mine[2]);
    const cancelled = (await call('GET', '/api/front/order/list?status=cancelled', other)).body.data;
    expect(cancelled.list.map((o: { oid: string }) => o.oid)).toContain(mine[1]);
    expect(cancelled.list.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
    const theirs = (await call('GET', '/api/front/order/list?limit=100', buyer)).body.data.list;
    expect(theirs.some((o: { oid: string }) => mine.includes(o.oid))).toBe(false);
    expect((await detail(buyer, mine[0]!)).status).toBe(404);
    expect((await call('GET', '/api/front/order/list?status=lost', other)).status).toBe(400);
  });

  it('pages the ledger with type and day filters, in CNY, summing to the balance', async () => {
    const oid = (await create(buyer, { items: [arenaItem()] })).body.data.oid;
    await pay(buyer, oid);
    const log = (await call('GET', '/api/front/user/balanceLog?limit=100', buyer)).body.data;
    expect(log.list[0]).toMatchObject({
      type: 'order_payment',
      title: 'Order payment',
      amount: '-98.00',
      balance_before: '500.00',
      balance_after: '402.00',
      currency: 'CNY',
      ref: oid,
    });
    expect(log.list.at(-1)).toMatchObject({ type: 'opening', amount: '500.00', balance_before: '0.00' });
    const zh = (
      await call('GET', '/api/front/user/balanceLog?type=opening', buyer, undefined, { locale: 'zh-CN' })
    ).body.data;
    expect(zh.total).toBe(1);
    expect(zh.list[0].title).toBe('期初余额');
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const inDay = (await call('GET', `/api/front/user/balanceLog?from=${today}&to=${today}&limit=100`, buyer))
      .body.data;
    expect(inDay.total).toBe(log.total);
    const before = (await call('GET', '/api/front/user/balanceLog?to=2020-01-01', buyer)).body.data;
    expect(before.total).toBe(0);
    expect((await call('GET', '/api/front/user/balanceLog?from=2026-02-30', buyer)).status).toBe(400);
    expect(await ledgerSum(buyerId)).toBe(await balanceOf(buyerId));
    const empty = (await call('GET', '/api/front/user/balanceLog', other)).body.data;
    expect(empty).toEqual({ list: [], total: 0, page: 1, limit: 20 });
  });
});
