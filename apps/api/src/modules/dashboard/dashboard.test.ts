import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { type ShopFixture, shopFixture } from '../../../test/shop-fixture.ts';
import { dashboard, dayStart, shopDay } from './dashboard.service.ts';

// Issue 15: the console's dashboard on both engines. A small known shop (orders on two days, a
// balance and an Alipay payment, a succeeded and a refunded top-up, a refund) gives known figures;
// a closed day is counted once and read back from dashboard_days (a late change to its rows does
// not show), today is counted live; each part is there only with its permission.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testEngines())('console dashboard (%s)', (engine) => {
  let f: ShopFixture;
  let owner: TestOperator;
  let sales: TestOperator;
  let support: TestOperator;
  let keys: TestOperator;
  let nobody: TestOperator;
  // Noon of a fixed shop day in the past, so "yesterday" is closed whatever the clock says.
  const today = '2026-06-15';
  const yesterday = '2026-06-14';
  const now = dayStart(today) + 12 * HOUR;
  let seq = 0;

  async function addOrder(o: {
    at: number;
    goods: number;
    sku?: number | null;
    face?: number | null;
    rechargeType: 1 | 2 | 3;
    cny: number;
    method: 'balance' | 'alipay' | 'wechat' | null;
    status: 'completed' | 'cancelled' | 'refunded' | 'delivering';
  }) {
    const db = f.t.db;
    seq += 1;
    const paidAt = o.method ? o.at + 60_000 : null;
    const order = await db
      .insertInto('orders')
      .values({
        oid: `D${engine === 'sqlite' ? 'S' : 'P'}${String(seq).padStart(8, '0')}`,
        user_id: f.buyerId,
        status: o.status,
        currency: 'CNY',
        total_amount: o.cny,
        total_cny: o.cny,
        exchange_rate_ppm: 138_000,
        item_count: 1,
        pay_method: o.method,
        cancel_reason: o.method ? null : 'buyer',
        created_at: o.at,
        updated_at: o.at,
        expires_at: o.at + 900_000,
        paid_at: paidAt,
        cancelled_at: o.method ? null : o.at + 1000,
        completed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        goods_id: o.goods,
        goods_sku_id: o.sku ?? null,
        face_value: o.face ?? null,
        spec_type: o.face ? 2 : 1,
        recharge_type: o.rechargeType,
        goods_name_zh: 'x',
        goods_name_en: 'x',
        spec_zh: 'x',
        spec_en: 'x',
        image: '',
        num: 1,
        unit_price: o.cny,
        unit_price_cny: o.cny,
        charged_cny: o.cny,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (o.method === 'alipay' || o.method === 'wechat')
      await db
        .insertInto('payments')
        .values({
          no: `PAY-${engine}-${seq}`,
          user_id: f.buyerId,
          kind: 'order',
          order_id: order.id,
          method: o.method,
          amount_cny: o.cny,
          status: 'paid',
          provider_trade_no: `T${seq}`,
          outcome: 'order_paid',
          created_at: o.at,
          paid_at: paidAt,
        })
        .execute();
    return { orderId: Number(order.id), itemId: Number(item.id), paidAt: paidAt ?? o.at };
  }

  async function addTopupDelivery(
    o: { orderId: number; itemId: number; paidAt: number },
    status: 'succeeded' | 'refunded' | 'unknown',
    finished: number | null,
  ) {
    await f.t.db
      .insertInto('deliveries')
      .values({
        order_item_id: o.itemId,
        order_id: o.orderId,
        user_id: f.buyerId,
        kind: 'topup',
        status,
        refund_cny: status === 'refunded' ? 600 : 0,
        created_at: o.paidAt,
        updated_at: finished ?? o.paidAt,
        finished_at: finished,
      })
      .execute();
  }

  beforeAll(async () => {
    f = await shopFixture(engine);
    const db = f.t.db;
    owner = await addOperator(db, 'owner@dash.test', 'owner');
    sales = await addOperator(db, 'sales@dash.test', 'staff', ['orders']);
    support = await addOperator(db, 'support@dash.test', 'staff', ['support']);
    keys = await addOperator(db, 'keys@dash.test', 'staff', ['keys']);
    nobody = await addOperator(db, 'nobody@dash.test', 'staff', []);
    const { arena, arena100, saga } = f.ids;
    const y = dayStart(yesterday);
    const d = dayStart(today);

    // Yesterday: a card key paid by balance (¥98.00) and an order cancelled unpaid.
    await addOrder({
      at: y + 10 * HOUR,
      goods: arena,
      sku: arena100,
      rechargeType: 1,
      cny: 9800,
      method: 'balance',
      status: 'completed',
    });
    await addOrder({
      at: y + 11 * HOUR,
      goods: arena,
      sku: arena100,
      rechargeType: 1,
      cny: 9800,
      method: null,
      status: 'cancelled',
    });
    // Today: a top-up paid by Alipay (¥30.00) that succeeds, and one by balance (¥6.00) that
    // fails and is refunded to the balance.
    const ok = await addOrder({
      at: d + HOUR,
      goods: saga,
      face: 300,
      rechargeType: 2,
      cny: 3000,
      method: 'alipay',
      status: 'completed',
    });
    await addTopupDelivery(ok, 'succeeded', ok.paidAt + 5000);
    const failed = await addOrder({
      at: d + 2 * HOUR,
      goods: saga,
      face: 60,
      rechargeType: 2,
      cny: 600,
      method: 'balance',
      status: 'refunded',
    });
    await addTopupDelivery(failed, 'refunded', failed.paidAt + 5000);
    await db
      .insertInto('refunds')
      .values({
        no: `RD-${engine}-1`,
        order_id: failed.orderId,
        order_item_id: failed.itemId,
        user_id: f.buyerId,
        amount_cny: 600,
        destination: 'balance',
        status: 'succeeded',
        actor: 'system',
        request_key: `delivery:${failed.itemId}`,
        created_at: failed.paidAt + 5000,
        updated_at: failed.paidAt + 5000,
        finished_at: failed.paidAt + 5000,
      })
      .execute();
    // A top-up the supplier gave up on (no queued job): an operator must decide.
    const stuck = await addOrder({
      at: d + 3 * HOUR,
      goods: saga,
      face: 60,
      rechargeType: 2,
      cny: 600,
      method: 'balance',
      status: 'delivering',
    });
    await addTopupDelivery(stuck, 'unknown', null);
    // An open ticket.
    await db
      .insertInto('support_tickets')
      .values({
        user_id: f.buyerId,
        order_id: stuck.orderId,
        subject: 'Where is my top-up?',
        status: 'open',
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(() => f.t.close());

  it('counts a small known shop: per day, top goods, methods, top-up rate', async () => {
    const data = await dashboard(f.t.db, ['orders'], now);
    expect(data.today).toBe(today);
    const s = data.sales!;
    expect(s.days).toHaveLength(30);
    expect(s.days.at(-1)!.day).toBe(today);
    expect(s.days.at(-2)!.day).toBe(yesterday);
    expect(s.days.at(-2)).toEqual({
      day: yesterday,
      orders: 2,
      paid_orders: 1,
      revenue_cny: '98.00',
      refunds: 0,
      refunds_cny: '0.00',
      refunds_pending_cny: '0.00',
      topup_succeeded: 0,
      topup_refunded: 0,
    });
    expect(s.today).toEqual({
      day: today,
      orders: 3,
      paid_orders: 3,
      revenue_cny: '42.00',
      refunds: 1,
      refunds_cny: '6.00',
      refunds_pending_cny: '0.00',
      topup_succeeded: 1,
      topup_refunded: 1,
    });
    expect(s.days.slice(0, -2).every((d) => d.orders === 0 && d.revenue_cny === '0.00')).toBe(true);
    expect(s.pay_methods).toEqual([
      { method: 'balance', count: 3, amount_cny: '110.00' },
      { method: 'alipay', count: 1, amount_cny: '30.00' },
      { method: 'wechat', count: 0, amount_cny: '0.00' },
    ]);
    expect(s.top_goods.map((g) => [g.goods_id, g.quantity, g.revenue_cny])).toEqual([
      [f.ids.arena, 1, '98.00'],
      [f.ids.saga, 3, '42.00'],
    ]);
    expect(s.top_goods[0]!.name_en).toBe('Arena Gift Card');
    expect(s.topup_rate).toBe(0.5);
    expect(data.waiting!.total).toBe(1);
    expect(data.waiting!.list[0]).toMatchObject({ kind: 'topup', status: 'unknown' });
    // The failed one is listed for the operator to find, with what went back to the balance.
    expect(data.refunded_topups!.total).toBe(1);
    expect(data.refunded_topups!.list[0]).toMatchObject({
      refund_cny: '6.00',
      reason_code: null,
    });
  });

  it('reads a closed day from dashboard_days once counted; today stays live', async () => {
    await dashboard(f.t.db, ['orders'], now);
    const kept = await f.t.db.selectFrom('dashboard_days').select(['day', 'figures']).execute();
    expect(kept.map((k) => k.day)).toContain(yesterday);
    expect(kept.map((k) => k.day)).not.toContain(today);
    expect(kept).toHaveLength(29);

    // A late change to yesterday's rows is not counted again…
    await addOrder({
      at: dayStart(yesterday) + 20 * HOUR,
      goods: f.ids.arena,
      sku: f.ids.arena100,
      rechargeType: 1,
      cny: 9800,
      method: 'balance',
      status: 'completed',
    });
    // …but today's is.
    await addOrder({
      at: dayStart(today) + 4 * HOUR,
      goods: f.ids.arena,
      sku: f.ids.arena100,
      rechargeType: 1,
      cny: 9800,
      method: 'wechat',
      status: 'completed',
    });
    const s = (await dashboard(f.t.db, ['orders'], now)).sales!;
    expect(s.days.at(-2)).toMatchObject({ orders: 2, paid_orders: 1, revenue_cny: '98.00' });
    expect(s.today).toMatchObject({ orders: 4, paid_orders: 4, revenue_cny: '140.00' });
    // Once the kept day is cleared (as the scale seed does), it is counted again.
    await f.t.db.deleteFrom('dashboard_days').where('day', '=', yesterday).execute();
    const again = (await dashboard(f.t.db, ['orders'], now)).sales!;
    expect(again.days.at(-2)).toMatchObject({ orders: 3, paid_orders: 2, revenue_cny: '196.00' });
  });

  it('counts a kept day of an older figures version again and replaces it', async () => {
    await f.t.db
      .updateTable('dashboard_days')
      .set({ figures: '{"v":0}' })
      .where('day', '=', yesterday)
      .execute();
    const s = (await dashboard(f.t.db, ['orders'], now)).sales!;
    expect(s.days.at(-2)).toMatchObject({ orders: 3, paid_orders: 2 });
    const row = await f.t.db
      .selectFrom('dashboard_days')
      .select('figures')
      .where('day', '=', yesterday)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.figures)).toMatchObject({ v: 1, orders: 3, paid_orders: 2 });
  });

  it('does not keep a day that ended only moments ago', async () => {
    const justAfter = dayStart(shopDay(now + DAY)) + 60_000;
    await f.t.db.deleteFrom('dashboard_days').where('day', '=', today).execute();
    await dashboard(f.t.db, ['orders'], justAfter);
    const row = await f.t.db
      .selectFrom('dashboard_days')
      .select('day')
      .where('day', '=', today)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  const get = async (op: TestOperator) => {
    const res = await f.t.app.inject({ url: '/api/admin/dashboard', headers: as(op) });
    return { status: res.statusCode, body: res.json() };
  };

  it('gives each operator the parts their permissions cover', async () => {
    const all = await get(owner);
    expect(all.status).toBe(200);
    expect(all.body.data.sales.days).toHaveLength(30);
    expect(all.body.data.waiting).not.toBeNull();
    expect(all.body.data.low_stock).not.toBeNull();
    expect(all.body.data.open_tickets.total).toBe(1);
    expect(all.body.data.open_tickets.list[0]).toMatchObject({ subject: 'Where is my top-up?' });

    const s = (await get(sales)).body.data;
    expect(s.sales).not.toBeNull();
    expect(s.waiting.total).toBe(1);
    expect(s.low_stock).toBeNull();
    expect(s.open_tickets).toBeNull();

    const t = (await get(support)).body.data;
    expect(t.sales).toBeNull();
    expect(t.waiting).toBeNull();
    expect(t.low_stock).toBeNull();
    expect(t.open_tickets.total).toBe(1);
    // Money never reaches an operator without the orders permission.
    expect(JSON.stringify(t)).not.toMatch(/revenue|amount_cny/);

    const k = (await get(keys)).body.data;
    expect(k.sales).toBeNull();
    expect(k.low_stock).not.toBeNull();

    const none = await get(nobody);
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({
      sales: null,
      waiting: null,
      refunded_topups: null,
      low_stock: null,
      open_tickets: null,
    });
  });

  it('flags card-key options under their stock alert', async () => {
    await f.t.db.updateTable('goods').set({ stock_alert: 1000 }).where('id', '=', f.ids.arena).execute();
    const low = (await get(keys)).body.data.low_stock;
    expect(low.total).toBeGreaterThanOrEqual(1);
    expect(low.list.some((r: { goods_id: number }) => r.goods_id === f.ids.arena)).toBe(true);
    await f.t.db.updateTable('goods').set({ stock_alert: 0 }).where('id', '=', f.ids.arena).execute();
    expect((await get(keys)).body.data.low_stock.total).toBe(0);
  });

  it('counts the discounts frozen on paid orders, a USD order at its rate, and the top codes (issue 31)', async () => {
    const before = (await dashboard(f.t.db, ['promotions'], now)).promotions!;
    const at = now - HOUR;
    const db = f.t.db;
    const coupon = await db
      .insertInto('coupons')
      .values({
        code: 'WELCOME10',
        code_key: 'WE1C0ME10',
        kind: 'fixed',
        amount_cny: 200,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paid = async (o: {
      currency: 'CNY' | 'USD';
      total: number;
      cny: number;
      tier: number;
      level: number;
      code: number;
    }) => {
      seq += 1;
      const order = await db
        .insertInto('orders')
        .values({
          oid: `D${engine === 'sqlite' ? 'S' : 'P'}${String(seq).padStart(8, '0')}`,
          user_id: f.buyerId,
          status: 'completed',
          currency: o.currency,
          total_amount: o.total,
          total_cny: o.cny,
          exchange_rate_ppm: 138_000,
          item_count: 1,
          pay_method: 'balance',
          list_amount: o.total + o.tier + o.level + o.code,
          tier_discount: o.tier,
          level_discount: o.level,
          coupon_discount: o.code,
          coupon_code: o.code ? 'WELCOME10' : null,
          created_at: at,
          updated_at: at,
          expires_at: at + 900_000,
          paid_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (o.code)
        await db
          .insertInto('coupon_redemptions')
          .values({
            coupon_id: coupon.id,
            user_id: f.buyerId,
            order_id: order.id,
            status: 'used',
            discount_amount: o.code,
            discount_cny: o.currency === 'USD' ? Math.round((o.code * 1_000_000) / 138_000) : o.code,
            created_at: at,
            updated_at: at,
          })
          .execute();
    };
    await paid({ currency: 'CNY', total: 1000, cny: 1000, tier: 100, level: 50, code: 200 });
    // $1.38 off a USD order is ¥10.00 at 0.138; $0.01 of tier is ¥0.07 (half up).
    await paid({ currency: 'USD', total: 1000, cny: 7246, tier: 1, level: 0, code: 138 });
    await paid({ currency: 'CNY', total: 500, cny: 500, tier: 0, level: 0, code: 0 });
    const after = (await dashboard(f.t.db, ['promotions'], now)).promotions!;
    const fen = (s: string) => Math.round(Number(s) * 100);
    expect(after.orders - before.orders).toBe(3);
    expect(after.orders_with_code - before.orders_with_code).toBe(2);
    expect(fen(after.tier_discount_cny) - fen(before.tier_discount_cny)).toBe(100 + 7);
    expect(fen(after.level_discount_cny) - fen(before.level_discount_cny)).toBe(50);
    expect(fen(after.coupon_discount_cny) - fen(before.coupon_discount_cny)).toBe(200 + 1000);
    expect(fen(after.revenue_cny) - fen(before.revenue_cny)).toBe(1000 + 7246 + 500);
    expect(fen(after.list_cny)).toBe(fen(after.revenue_cny) + fen(after.discount_cny));
    expect(after.top_codes[0]).toEqual({
      code: 'WELCOME10',
      uses: 2,
      discount_cny: '12.00',
      revenue_cny: '82.46',
    });
    // Without the permission the part is not there.
    expect((await dashboard(f.t.db, ['orders'], now)).promotions).toBeNull();
  });

  it('refuses without an operator token', async () => {
    const res = await f.t.app.inject({ url: '/api/admin/dashboard' });
    expect(res.statusCode).toBe(401);
  });
});
