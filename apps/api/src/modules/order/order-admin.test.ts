import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestApp } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { runDeliveryCommand } from '../../commands/deliver.ts';
import { runTopup, TOPUP_POLL_BUDGET } from '../fulfilment/topup.service.ts';
import { encryptResource } from '../payment/wechat.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import { countOrderRows } from './order-admin.repository.ts';

// Issue 15: orders in the console on both engines: the search and its filters, one order's whole
// story (card keys masked), manual delivery with a tracking number the buyer sees, settling and
// retrying top-ups left to an operator, cancelling an unpaid order, each audited and idempotent;
// and the reconciliation of provider notices, which finds each kind of mismatch.

describe.each(testEngines())('console orders (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let ids: Awaited<ReturnType<typeof shopFixture>>['ids'];
  let hoodie: number;
  let staff: TestOperator;
  let outsider: TestOperator;

  const call = async (op: { token: string }, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: as(op) });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  const get = (url: string, op = staff) => call(op, 'GET', url);
  const post = (url: string, payload: object, op = staff) => call(op, 'POST', url, payload);
  const front = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale: 'en' } });
    return res.json();
  };
  const buy = async (items: object[], pay = true) => {
    const created = await front('POST', '/api/front/order/create', { items });
    expect(created.msg).toBe('OK');
    const oid = created.data.oid as string;
    if (pay) expect((await front('POST', '/api/front/order/pay', { oid, method: 'balance' })).msg).toBe('OK');
    const detail = await front('GET', `/api/front/order/detail?oid=${oid}`);
    return { oid, itemId: detail.data.items[0].id as number };
  };
  const topup = (player: string) =>
    buy([{ goods_id: ids.saga, face_value: 60, num: 1, player_id: player, server_id: ids.official }]);
  const buyerOrder = async (oid: string) => (await front('GET', `/api/front/order/detail?oid=${oid}`)).data;
  const audits = (oid: string) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('object_type', '=', 'order')
      .where('object_id', '=', oid)
      .orderBy('id')
      .execute();
  const balance = async () =>
    Number(
      (await t.db.selectFrom('users').select('balance').where('id', '=', buyerId).executeTakeFirstOrThrow())
        .balance,
    );
  async function runJobs() {
    await t.db.updateTable('jobs').set({ run_at: 0 }).where('status', '=', 'queued').execute();
    return runDueJobs(t.db, {
      topup: (job) => runTopup(t.db, t.app.supplier, Number(job.job_key.split(':')[1])),
    });
  }
  /** A top-up whose polls ran out: its job finished with the delivery still open. */
  async function leftToOperator(player: string) {
    const bought = await topup(player);
    await runJobs();
    await t.db
      .updateTable('deliveries')
      .set({ polls: TOPUP_POLL_BUDGET })
      .where('order_item_id', '=', bought.itemId)
      .execute();
    await t.db
      .updateTable('jobs')
      .set({ status: 'done' })
      .where('job_key', '=', `topup:${bought.itemId}`)
      .execute();
    return bought;
  }
  const list = async (query: string) => {
    const res = await get(`/api/admin/orders/list?${query}`);
    expect(res.status, res.raw).toBe(200);
    return res.body.data as { list: { oid: string }[]; total: number; more: boolean };
  };
  const oids = async (query: string) => (await list(query)).list.map((r) => r.oid);

  beforeAll(async () => {
    const shop = await shopFixture(engine, {}, { jobTimers: false });
    t = shop.t;
    ids = shop.ids;
    buyer = shop.buyer;
    buyerId = shop.buyerId;
    hoodie = Number(
      (
        await t.db
          .selectFrom('goods_skus')
          .select('goods_id')
          .where('id', '=', ids.hoodieM)
          .executeTakeFirstOrThrow()
      ).goods_id,
    );
    await t.db.updateTable('goods_skus').set({ stock: 1000 }).where('id', '=', ids.hoodieM).execute();
    await changeBalance(t.db, {
      userId: buyerId,
      amount: 5_000_000,
      type: 'adjustment',
      ref: 'test',
      key: 'fund',
    });
    staff = await addOperator(t.db, `orders-staff-${engine}@test.test`, 'staff', ['orders']);
    outsider = await addOperator(t.db, `orders-catalog-${engine}@test.test`, 'staff', ['catalog']);
  });
  afterAll(() => t.close());

  it('finds orders by number, buyer, goods, player id, status, payment method and date; the count has a cap', async () => {
    const top = await topup('31001111');
    const shirt = await buy([{ goods_id: hoodie, goods_sku_id: ids.hoodieM, num: 1 }]);
    await restockCards(t, { goodsId: ids.arena, skuId: ids.arena100, faceValue: null }, 5);
    const unpaid = await buy([{ goods_id: ids.arena, goods_sku_id: ids.arena100, num: 1 }], false);

    expect(await oids(`oid=${top.oid}`)).toEqual([top.oid]);
    const email = (
      await t.db.selectFrom('users').select('email').where('id', '=', buyerId).executeTakeFirstOrThrow()
    ).email!;
    for (const who of [email, String(buyerId), email.toUpperCase()])
      expect(await oids(`buyer=${encodeURIComponent(who)}&limit=100`)).toEqual(
        expect.arrayContaining([top.oid, shirt.oid, unpaid.oid]),
      );
    expect((await list('buyer=nobody%40nowhere.test')).total).toBe(0);
    expect(await oids(`goods_id=${hoodie}&limit=100`)).toContain(shirt.oid);
    expect(await oids(`goods_id=${hoodie}&limit=100`)).not.toContain(top.oid);
    expect(await oids('player_id=31001111')).toEqual([top.oid]);
    expect(await oids('player_id=3100111')).toEqual([]); // exact, not "contains"
    const pending = await oids('status=pending_payment&limit=100');
    expect(pending).toContain(unpaid.oid);
    expect(pending).not.toContain(shirt.oid);
    expect(await oids('pay_method=balance&limit=100')).not.toContain(unpaid.oid);

    // Days are the shop's (UTC+8); epoch ms bounds are exact.
    const shopDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    const now = Date.now();
    expect(await oids(`from=${shopDay(now)}&to=${shopDay(now)}&limit=100`)).toContain(top.oid);
    expect(await oids(`to=${shopDay(now - 86_400_000)}&limit=100`)).toEqual([]);
    expect(await oids(`from=${now + 3_600_000}`)).toEqual([]);

    // Newest first by default; paid_at leaves the unpaid out.
    const rows = (await list(`buyer=${buyerId}&limit=100`)).list as { oid: string; created_at: number }[];
    expect(rows.map((r) => r.created_at)).toEqual([...rows.map((r) => r.created_at)].sort((a, b) => b - a));
    expect(await oids(`buyer=${buyerId}&sort=paid_at&limit=100`)).not.toContain(unpaid.oid);

    const row = (await list(`oid=${top.oid}`)).list[0] as Record<string, unknown>;
    expect(row).toMatchObject({
      oid: top.oid,
      user_id: buyerId,
      buyer_email: email,
      item_count: 1,
      first_goods_en: 'Star Saga Diamonds',
      currency: 'CNY',
      total_cny: '6.00',
      refunded_cny: '0.00',
      pay_method: 'balance',
    });

    // The count stops at its cap (+1 tells "more").
    expect(await countOrderRows(t.db, {}, 'created_at', 2)).toBe(3);
    expect((await list('limit=1')).more).toBe(false);

    const bad = await get('/api/admin/orders/list?from=2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('From');
    expect((await get('/api/admin/orders/list', outsider)).status).toBe(403);
  });

  it('shows one order: items with frozen prices, card keys masked, payments with their notices, ledger', async () => {
    await restockCards(t, { goodsId: ids.arena, skuId: ids.arena100, faceValue: null }, 5);
    const cards = await buy([{ goods_id: ids.arena, goods_sku_id: ids.arena100, num: 2 }]);
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('oid', '=', cards.oid)
      .executeTakeFirstOrThrow();
    // A provider payment that came too late (refunded to the balance), with its notice.
    await t.db
      .insertInto('payments')
      .values({
        no: `P${cards.oid}`.slice(0, 32),
        user_id: buyerId,
        kind: 'order',
        order_id: order.id,
        method: 'alipay',
        amount_cny: order.total_cny,
        status: 'pending',
        created_at: Date.now(),
      })
      .execute();
    const res = await get(`/api/admin/orders/detail?oid=${cards.oid}`);
    expect(res.status, res.raw).toBe(200);
    const d = res.body.data;
    expect(d.order).toMatchObject({
      oid: cards.oid,
      status: 'completed',
      total_cny: '196.00',
      pay_method: 'balance',
    });
    expect(d.buyer.id).toBe(buyerId);
    expect(d.items).toHaveLength(1);
    expect(d.items[0]).toMatchObject({
      num: 2,
      unit_price: '98.00',
      charged_cny: '196.00',
      refunded_cny: '0.00',
    });
    expect(d.items[0].card_keys).toHaveLength(2);
    const secrets = await t.db
      .selectFrom('card_keys')
      .select('secret_enc')
      .where('order_item_id', '=', cards.itemId)
      .execute();
    for (const k of secrets) expect(res.raw).not.toContain(t.app.cardCipher.decrypt(k.secret_enc));
    for (const k of d.items[0].card_keys) expect(k.secret_masked).toContain('•');
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({ method: 'alipay', status: 'pending', notices: [] });
    expect(d.ledger.map((l: { type: string; amount: string }) => [l.type, l.amount])).toEqual([
      ['order_payment', '-196.00'],
    ]);
    expect(d.refunds).toEqual([]);
    expect((await get('/api/admin/orders/detail?oid=20260101000000000000')).status).toBe(404);
  });

  it('delivers a shipped item with a tracking number the buyer sees; the same request again changes nothing', async () => {
    const shirt = await buy([{ goods_id: hoodie, goods_sku_id: ids.hoodieM, num: 1 }]);
    await t.db.updateTable('order_items').set({ ships: 1 }).where('id', '=', shirt.itemId).execute();
    const missing = await post('/api/admin/orders/deliver', { order_item_id: shirt.itemId, note: 'Sent' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Goods that ship need a tracking number');

    const body = { order_item_id: shirt.itemId, note: 'Sent by SF Express', tracking_no: 'SF1234567890' };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/admin/orders/deliver', body)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.data.changed)).toHaveLength(1);
    const again = await post('/api/admin/orders/deliver', body);
    expect(again.body.data).toEqual({ oid: shirt.oid, changed: false });
    expect((await post('/api/admin/orders/deliver', { ...body, note: 'Other' })).status).toBe(409);

    const seen = await buyerOrder(shirt.oid);
    expect(seen.status).toBe('completed');
    expect(seen.items[0].delivery).toMatchObject({
      status: 'delivered',
      note: 'Sent by SF Express',
      tracking_no: 'SF1234567890',
    });
    const notice = await t.db
      .selectFrom('outbox')
      .select('body')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.body).toContain('SF1234567890');
    const entries = await audits(shirt.oid);
    expect(entries.map((e) => [e.action, e.actor])).toEqual([['delivery.deliver', staff.email]]);
    expect(JSON.parse(entries[0]!.after_json!)).toMatchObject({
      tracking_no: 'SF1234567890',
      status: 'delivered',
    });

    // A top-up is not delivered by hand; a card key has no delivery.
    const top = await leftToOperator('31002203');
    expect((await post('/api/admin/orders/deliver', { order_item_id: top.itemId, note: 'x' })).status).toBe(
      409,
    );
  });

  it('audits `npm run deliver` as cli:deliver', async () => {
    const shirt = await buy([{ goods_id: hoodie, goods_sku_id: ids.hoodieM, num: 1 }]);
    expect(await runDeliveryCommand(t.db, ['done', shirt.oid, 'Handed', 'over'], () => {})).toBe(0);
    const entries = await audits(shirt.oid);
    expect(entries.map((e) => [e.action, e.actor, e.operator_id])).toEqual([
      ['delivery.deliver', 'cli:deliver', null],
    ]);
  });

  it('settles a top-up left to an operator as delivered or refunded, never while its job runs', async () => {
    const running = await topup('31003203');
    await runJobs(); // pending: the job polls again later
    const early = await post('/api/admin/orders/settle', {
      order_item_id: running.itemId,
      outcome: 'refunded',
      note: 'too early',
    });
    expect(early.status).toBe(409);
    expect(early.body.msg).toContain('supplier');

    const delivered = await leftToOperator('31004203');
    const ok = await post('/api/admin/orders/settle', {
      order_item_id: delivered.itemId,
      outcome: 'delivered',
      note: 'Checked with the supplier: credited',
    });
    expect(ok.body.data).toEqual({ oid: delivered.oid, changed: true });
    expect((await buyerOrder(delivered.oid)).status).toBe('completed');
    expect(
      (
        await post('/api/admin/orders/settle', {
          order_item_id: delivered.itemId,
          outcome: 'delivered',
          note: 'x',
        })
      ).body.data.changed,
    ).toBe(false);
    expect(
      (
        await post('/api/admin/orders/settle', {
          order_item_id: delivered.itemId,
          outcome: 'refunded',
          note: 'x',
        })
      ).status,
    ).toBe(409);

    const refunded = await leftToOperator('31005203');
    const before = await balance();
    const settle = { order_item_id: refunded.itemId, outcome: 'refunded', note: 'Supplier never answered' };
    expect((await post('/api/admin/orders/settle', settle)).body.data.changed).toBe(true);
    expect((await post('/api/admin/orders/settle', settle)).body.data.changed).toBe(false);
    expect(await balance()).toBe(before + 600);
    expect((await buyerOrder(refunded.oid)).status).toBe('refunded');
    expect((await audits(refunded.oid)).map((e) => [e.action, e.actor])).toEqual([
      ['refund.delivery', staff.email],
    ]);
    expect((await audits(delivered.oid)).map((e) => e.action)).toEqual(['delivery.deliver']);
  });

  it('retries a top-up left to an operator: the supplier is asked again with a new poll budget', async () => {
    // …202 stays pending for two queries, then succeeds.
    const bought = await leftToOperator('31006202');
    const retry = await post('/api/admin/orders/retry', { order_item_id: bought.itemId });
    expect(retry.body.data).toEqual({ oid: bought.oid, changed: true });
    const job = () =>
      t.db
        .selectFrom('jobs')
        .selectAll()
        .where('job_key', '=', `topup:${bought.itemId}`)
        .executeTakeFirstOrThrow();
    expect((await job()).status).toBe('queued');
    const delivery = () =>
      t.db
        .selectFrom('deliveries')
        .selectAll()
        .where('order_item_id', '=', bought.itemId)
        .executeTakeFirstOrThrow();
    expect(Number((await delivery()).polls)).toBe(0);
    // While it runs, a retry does nothing and settling is refused.
    expect((await post('/api/admin/orders/retry', { order_item_id: bought.itemId })).body.data.changed).toBe(
      false,
    );
    for (let i = 0; i < 4 && (await job()).status === 'queued'; i++) await runJobs();
    expect((await delivery()).status).toBe('succeeded');
    expect((await buyerOrder(bought.oid)).status).toBe('completed');
    expect((await post('/api/admin/orders/retry', { order_item_id: bought.itemId })).status).toBe(409);
    expect((await audits(bought.oid)).map((e) => e.action)).toEqual(['delivery.retry']);
  });

  it('cancels an unpaid order: stock and card keys go back; a paid one is refused', async () => {
    await restockCards(t, { goodsId: ids.arena, skuId: ids.arena100, faceValue: null }, 5);
    const stock = async () =>
      Number(
        (
          await t.db
            .selectFrom('goods_skus')
            .select('stock')
            .where('id', '=', ids.arena100)
            .executeTakeFirstOrThrow()
        ).stock,
      );
    const before = await stock();
    const unpaid = await buy([{ goods_id: ids.arena, goods_sku_id: ids.arena100, num: 2 }], false);
    expect(await stock()).toBe(before - 2);
    const body = { oid: unpaid.oid, reason: 'Buyer asked by phone' };
    const [a, b] = await Promise.all([
      post('/api/admin/orders/cancel', body),
      post('/api/admin/orders/cancel', body),
    ]);
    expect([a.body.data.changed, b.body.data.changed].sort()).toEqual([false, true]);
    expect(await stock()).toBe(before);
    const held = await t.db
      .selectFrom('card_keys')
      .select('id')
      .where('order_item_id', '=', unpaid.itemId)
      .execute();
    expect(held).toEqual([]);
    const seen = await buyerOrder(unpaid.oid);
    expect(seen).toMatchObject({ status: 'cancelled', cancel_reason: 'operator' });
    const entries = await audits(unpaid.oid);
    expect(entries.map((e) => e.action)).toEqual(['order.cancel']);
    expect(JSON.parse(entries[0]!.after_json!)).toMatchObject({ reason: 'Buyer asked by phone' });

    const paid = await buy([{ goods_id: hoodie, goods_sku_id: ids.hoodieM, num: 1 }]);
    const refused = await post('/api/admin/orders/cancel', { oid: paid.oid, reason: 'x' });
    expect(refused.status).toBe(409);
    expect((await post('/api/admin/orders/cancel', { oid: paid.oid, reason: 'x' }, outsider)).status).toBe(
      403,
    );
  });

  it('reconciles provider notices: empty when healthy, and finds each kind of mismatch', async () => {
    const now = Date.now();
    let seq = 0;
    const no = () => `RC${engine === 'postgres' ? 'P' : 'S'}${now}${++seq}`.slice(0, 32);
    const alipayBody = (amount: string) =>
      new URLSearchParams({
        trade_status: 'TRADE_SUCCESS',
        total_amount: amount,
        sign_type: 'RSA2',
      }).toString();
    const wechatBody = (total: number) =>
      JSON.stringify({
        resource: encryptResource(
          JSON.stringify({ amount: { total, currency: 'CNY' }, trade_state: 'SUCCESS' }),
          t.app.gateways.sandbox!.wechat.apiV3Key,
        ),
      });
    const payment = async (p: {
      kind: 'order' | 'recharge';
      amount: number;
      status: 'pending' | 'paid';
      outcome: string | null;
      orderId?: number;
      method?: 'alipay' | 'wechat';
    }) => {
      const n = no();
      await t.db
        .insertInto('payments')
        .values({
          no: n,
          user_id: buyerId,
          kind: p.kind,
          order_id: p.orderId ?? null,
          method: p.method ?? 'alipay',
          amount_cny: p.amount,
          status: p.status,
          provider_trade_no: p.status === 'paid' ? `T${n}` : null,
          outcome: p.outcome,
          created_at: now,
          paid_at: p.status === 'paid' ? now : null,
        })
        .execute();
      return n;
    };
    const notice = (
      paymentNo: string,
      body: string,
      outcome: string,
      provider: 'alipay' | 'wechat' = 'alipay',
    ) =>
      t.db
        .insertInto('payment_inbox')
        .values({
          provider,
          trade_no: `T${paymentNo}-${++seq}`,
          dedupe_key: `T${paymentNo}-${seq}`,
          payment_no: paymentNo,
          body,
          received_at: now,
          outcome,
        })
        .execute();
    const recharge = async (amount: number, body: string, provider: 'alipay' | 'wechat' = 'alipay') => {
      const n = await payment({
        kind: 'recharge',
        amount,
        status: 'paid',
        outcome: 'recharged',
        method: provider,
      });
      await changeBalance(t.db, {
        userId: buyerId,
        amount,
        type: 'recharge',
        ref: n,
        key: `payment:${n}:credit`,
      });
      await notice(n, body, 'recharged', provider);
      return n;
    };
    const reconcile = async () => {
      const res = await get(`/api/admin/orders/reconciliation?from=${now - 1000}&to=${now + 1000}`);
      expect(res.status, res.raw).toBe(200);
      return res.body.data as {
        checked: number;
        list: { kind: string; detail: string; payment_no: string }[];
      };
    };

    // Healthy: a recharge by Alipay and one by WeChat Pay, each credited once with its amount.
    await recharge(1000, alipayBody('10.00'));
    await recharge(2000, wechatBody(2000), 'wechat');
    expect(await reconcile()).toMatchObject({ checked: 2, list: [] });

    // Reported paid, never applied: the payment is still pending.
    const pending = await payment({ kind: 'recharge', amount: 500, status: 'pending', outcome: null });
    await notice(pending, alipayBody('5.00'), 'recharged');
    // A different amount: the provider said 3.00 for a 4.00 payment (and WeChat 7.77 for 7.00).
    const short = await recharge(400, alipayBody('3.00'));
    const shortWechat = await recharge(700, wechatBody(777), 'wechat');
    // Claimed but its money went nowhere: a recharge without its ledger credit.
    const lost = await payment({ kind: 'recharge', amount: 300, status: 'paid', outcome: 'recharged' });
    await notice(lost, alipayBody('3.00'), 'recharged');
    // Applied twice: one recharge credited twice (a second entry under another key).
    const doubled = await recharge(200, alipayBody('2.00'));
    await changeBalance(t.db, {
      userId: buyerId,
      amount: 200,
      type: 'recharge',
      ref: doubled,
      key: `again:${doubled}`,
    });
    // Applied twice: one order paid by two payments.
    const order = await buy([{ goods_id: hoodie, goods_sku_id: ids.hoodieM, num: 1 }], false);
    const orderRow = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('oid', '=', order.oid)
      .executeTakeFirstOrThrow();
    const twice: string[] = [];
    for (let i = 0; i < 2; i++) {
      const n = await payment({
        kind: 'order',
        amount: Number(orderRow.total_cny),
        status: 'paid',
        outcome: 'order_paid',
        orderId: Number(orderRow.id),
      });
      await notice(n, alipayBody((Number(orderRow.total_cny) / 100).toFixed(2)), 'order_paid');
      twice.push(n);
    }
    await t.db
      .updateTable('orders')
      .set({ status: 'paid', pay_method: 'alipay', paid_at: now })
      .where('id', '=', orderRow.id)
      .execute();

    const found = await reconcile();
    expect(found.checked).toBe(9);
    const kinds = found.list.map((r) => [r.kind, r.detail, r.payment_no]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['not_applied', 'payment_not_paid', pending],
        ['amount_mismatch', 'reported', short],
        ['amount_mismatch', 'reported', shortWechat],
        ['applied_twice', 'two_payments', twice[0]],
        ['applied_twice', 'two_payments', twice[1]],
        ['not_applied', 'no_effect', lost],
        ['applied_twice', 'two_ledger_entries', doubled],
      ]),
    );
    expect(found.list).toHaveLength(7);
    expect((await get('/api/admin/orders/reconciliation', outsider)).status).toBe(403);
  });
});
