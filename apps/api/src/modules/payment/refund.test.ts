import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEngines, type TestApp } from '../../../test/helpers.ts';
import { signedNotice } from '../../../test/notices.ts';
import { checkInvariants, describeViolations } from '../../../test/verify/invariants.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { refundDelivery, runTopup } from '../fulfilment/topup.service.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import { sandboxKeys } from './gateways.ts';
import { REFUND_JOB, runRefundJob } from './refund.service.ts';

// Issue 15 (decision 040): refunds never exceed what was paid, however many run at once, to the
// balance or through the sandbox providers; the same request_key refunds once; a provider's
// refusal frees the amount; an item refunded by its failed delivery is not refunded again.

const ARENA_CNY = 9_800;

describe.each(testEngines())('refunds (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let ids: Awaited<ReturnType<typeof shopFixture>>['ids'];
  let owner: TestOperator;
  let keys: ReturnType<typeof sandboxKeys>;
  let hoodie: number;
  let keySeq = 0;

  beforeAll(async () => {
    const shop = await shopFixture(engine, { PUBLIC_URL: 'http://shop.test:3000' }, { jobTimers: false });
    t = shop.t;
    ({ buyer, buyerId, ids } = shop);
    keys = sandboxKeys(t.config);
    owner = await addOperator(t.db, 'owner@refunds.test', 'owner');
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
      amount: 10_000_000,
      type: 'adjustment',
      ref: 'test',
      key: 'fund',
    });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    vi.restoreAllMocks();
    // After each case the money rules hold over the whole database (refunds included).
    expect(describeViolations(await checkInvariants(t.db))).toBe('');
  });

  const front = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale: 'en' } });
    return res.json();
  };
  /** A paid order of `num` Arena ¥98 cards, by balance or through the sandbox provider. */
  async function paidOrder(num: number, method: 'balance' | 'alipay' | 'wechat' = 'balance') {
    await restockCards(t, { goodsId: ids.arena, skuId: ids.arena100, faceValue: null }, num);
    const created = await front('POST', '/api/front/order/create', {
      items: [{ goods_id: ids.arena, goods_sku_id: ids.arena100, num }],
    });
    expect(created.msg).toBe('OK');
    const oid = created.data.oid as string;
    const paid = await front('POST', '/api/front/order/pay', { oid, method });
    expect(paid.msg).toBe('OK');
    let paymentNo: string | null = null;
    if (method !== 'balance') {
      paymentNo = paid.data.no as string;
      const notice = signedNotice(keys, {
        method,
        no: paymentNo,
        tradeNo: `T${Date.now()}${++keySeq}`,
        amountCny: ARENA_CNY * num,
        state: method === 'alipay' ? 'TRADE_SUCCESS' : 'SUCCESS',
      });
      await t.app.inject({ method: 'POST', url: notice.url, headers: notice.headers, payload: notice.body });
    }
    const order = await orderRow(oid);
    expect(order.status).toBe('completed');
    return { oid, paymentNo, total: Number(order.total_cny) };
  }
  const orderRow = (oid: string) =>
    t.db.selectFrom('orders').selectAll().where('oid', '=', oid).executeTakeFirstOrThrow();
  const refund = async (
    body: Record<string, unknown>,
    op: { token: string } = owner,
    locale: 'en' | 'zh-CN' = 'en',
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/refund',
      headers: as(op, locale),
      payload: {
        destination: 'balance',
        reason: 'Customer asked',
        request_key: `key-${++keySeq}-refund`,
        ...body,
      },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const refundRows = (orderId: number) =>
    t.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const ledgerRefunds = async (oid: string) =>
    (
      await t.db
        .selectFrom('wallet_ledger')
        .select('amount')
        .where('type', '=', 'refund')
        .where('ref', '=', oid)
        .execute()
    ).reduce((s, e) => s + Number(e.amount), 0);
  const balance = async () =>
    Number(
      (await t.db.selectFrom('users').select('balance').where('id', '=', buyerId).executeTakeFirstOrThrow())
        .balance,
    );
  /** The buyer's ledger adds up to the balance. */
  async function ledgerMatchesBalance() {
    const sum = await t.db
      .selectFrom('wallet_ledger')
      .select((eb) => eb.fn.sum<number>('amount').as('s'))
      .where('user_id', '=', buyerId)
      .executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe(await balance());
  }
  const sandboxRefunds = async (paymentNo: string) =>
    (await t.app.inject({ url: `/sandbox/refunds?out_trade_no=${paymentNo}` })).json().list as {
      refund_no: string;
      amount_cny: number;
      provider: string;
    }[];

  it('20 concurrent refunds to the balance never give back more than was paid; the rest, then none', async () => {
    const { oid, total } = await paidOrder(3); // ¥294.00
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund({ oid, amount: '20.00' })));
    const done = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(done).toHaveLength(Math.floor(total / 2_000)); // 14
    for (const a of refused) {
      expect(a.status).toBe(400);
      expect(a.body.msg).toMatch(/at most ¥\d+\.\d{2}/);
    }
    expect(
      done.every((a) => a.body.data.status === 'succeeded' && a.body.data.destination === 'balance'),
    ).toBe(true);
    const order = await orderRow(oid);
    const rows = await refundRows(order.id);
    const refunded = rows.reduce((s, r) => s + Number(r.amount_cny), 0);
    expect(refunded).toBeLessThanOrEqual(total);
    expect(refunded).toBe(14 * 2_000);
    expect(Number(order.refunded_cny)).toBe(refunded);
    expect(await ledgerRefunds(oid)).toBe(refunded);
    expect(await balance()).toBe(before + refunded);
    await ledgerMatchesBalance();
    expect(order.status).toBe('completed');

    // The rest: ¥14.00 left, in Chinese too; then the order is refunded and nothing more goes.
    const over = await refund({ oid, amount: '14.01' }, owner, 'zh-CN');
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('退款金额超过可退金额，最多还可退 ¥14.00');
    const rest = await refund({ oid, amount: '14' });
    expect(rest.status).toBe(200);
    expect(rest.body.data.amount).toBe('14.00');
    expect((await orderRow(oid)).status).toBe('refunded');
    expect(Number((await orderRow(oid)).refunded_cny)).toBe(total);
    expect((await refund({ oid, amount: '0.01' })).body.msg).toBe(
      'This order has been refunded in full already',
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('object_type', '=', 'order')
      .where('object_id', '=', oid)
      .execute();
    expect(audit.filter((a) => a.action === 'order.refund')).toHaveLength(15);
    expect(audit.every((a) => a.actor === owner.email)).toBe(true);
  });

  it('20 concurrent refunds to the original Alipay payment: the sandbox refunds at most the trade', async () => {
    const { oid, paymentNo, total } = await paidOrder(2, 'alipay'); // ¥196.00
    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund({ oid, amount: '15.00', destination: 'original' })),
    );
    const done = answers.filter((a) => a.status === 200);
    expect(done).toHaveLength(Math.floor(total / 1_500)); // 13
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 400)).toBe(true);
    for (const a of done) {
      expect(a.body.data).toMatchObject({
        destination: 'alipay',
        status: 'succeeded',
        payment_no: paymentNo,
      });
      expect(a.body.data.provider_refund_no).toBeTruthy();
    }
    const order = await orderRow(oid);
    const rows = await refundRows(order.id);
    expect(rows.reduce((s, r) => s + Number(r.amount_cny), 0)).toBe(13 * 1_500);
    expect(Number(order.refunded_cny)).toBe(13 * 1_500);
    // The provider got exactly these refunds, by our numbers; the balance did not move.
    const atProvider = await sandboxRefunds(paymentNo!);
    expect(atProvider.map((r) => r.refund_no).sort()).toEqual(rows.map((r) => r.no).sort());
    expect(atProvider.reduce((s, r) => s + r.amount_cny, 0)).toBe(13 * 1_500);
    expect(await ledgerRefunds(oid)).toBe(0);
    expect(await balance()).toBe(before);
    // The buyer heard of each in both languages.
    const notices = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('subject', 'like', `%${oid}%refunded`)
      .execute();
    expect(notices).toHaveLength(13);
    expect(notices[0]!.body).toContain('支付宝');
    expect(notices[0]!.body).toContain('your Alipay account');
  });

  it('2 and 3 concurrent refunds to the original payment adding up to all of it: the order ends refunded, 12 times', async () => {
    // Each refund settles in its own transaction as the provider answers; whichever commits last
    // must see the others settled (decision 058). Before, PostgreSQL left some of these completed.
    const splits = [
      ['49.00', '49.00'],
      ['32.66', '32.67', '32.67'],
    ];
    const stuck: string[] = [];
    for (let round = 0; round < 12; round++) {
      const amounts = splits[round % 2]!;
      const { oid, total } = await paidOrder(1, round % 4 < 2 ? 'alipay' : 'wechat');
      const answers = await Promise.all(
        amounts.map((amount) => refund({ oid, amount, destination: 'original' })),
      );
      expect(answers.map((a) => a.body.data?.status)).toEqual(amounts.map(() => 'succeeded'));
      const order = await orderRow(oid);
      expect(Number(order.refunded_cny)).toBe(total);
      if (order.status !== 'refunded') stuck.push(`${amounts.length} refunds: ${order.status}`);
    }
    expect(stuck).toEqual([]);
  });

  it("the buyer's order shows each refund; a whole item refunded withdraws its keys (list, reveal, reveal all)", async () => {
    const { oid } = await paidOrder(2); // one item, two keys, ¥196.00
    const order = await orderRow(oid);
    const item = await t.db
      .selectFrom('order_items')
      .select(['id'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const get = async (url: string, locale = 'en') =>
      t.app.inject({ url, headers: { authorization: buyer, locale } }).then((r) => ({
        status: r.statusCode,
        body: r.json(),
      }));
    const reveal = (url: string, payload: object, locale = 'en') =>
      t.app
        .inject({ method: 'POST', url, payload, headers: { authorization: buyer, locale } })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    const keys = (await get(`/api/front/order/card?oid=${oid}`)).body.data.list as { id: number }[];
    expect(keys).toHaveLength(2);

    // Part of the item: shown on the order, the keys stay the buyer's.
    expect(
      (await refund({ oid, order_item_id: item.id, amount: '10.00', reason: 'Late delivery' })).status,
    ).toBe(200);
    let detail = (await get(`/api/front/order/detail?oid=${oid}`)).body.data;
    expect(detail).toMatchObject({
      status: 'completed',
      refunded_amount: '10.00',
      refunded_cny: '10.00',
      keys_withdrawn: [],
      refunds: [
        {
          order_item_id: item.id,
          amount: '10.00',
          amount_cny: '10.00',
          destination: 'balance',
          status: 'succeeded',
          reason: 'Late delivery',
          created_at: expect.any(Number),
          finished_at: expect.any(Number),
        },
      ],
    });
    expect((await get(`/api/front/order/card?oid=${oid}`)).body.data.total).toBe(2);
    expect((await reveal('/api/front/order/card/reveal', { id: keys[0]!.id })).status).toBe(200);

    // The rest of the item: its keys are withdrawn from the buyer.
    expect((await refund({ oid, order_item_id: item.id, amount: '186.00' })).status).toBe(200);
    detail = (await get(`/api/front/order/detail?oid=${oid}`)).body.data;
    expect(detail).toMatchObject({
      status: 'refunded',
      refunded_amount: '196.00',
      keys_withdrawn: [item.id],
    });
    expect(detail.refunds).toHaveLength(2);
    expect((await get(`/api/front/order/card?oid=${oid}`)).body.data).toMatchObject({ total: 0, list: [] });
    const all = (await get('/api/front/order/card?limit=100')).body.data.list as { oid: string }[];
    expect(all.some((k) => k.oid === oid)).toBe(false);
    for (const [locale, msg] of [
      ['en', 'Keys withdrawn after refund: they can no longer be shown'],
      ['zh-CN', '退款后卡密已收回，无法再查看'],
    ] as const) {
      const one = await reveal('/api/front/order/card/reveal', { id: keys[0]!.id }, locale);
      expect(one).toEqual({ status: 410, body: { code: 410, msg, data: null } });
      const whole = await reveal('/api/front/order/card/reveal_all', { oid }, locale);
      expect(whole.status).toBe(410);
      expect(whole.body.msg).toBe(msg);
    }
    const csv = await t.app.inject({
      url: '/api/front/order/card/export',
      headers: { authorization: buyer },
    });
    expect(csv.body).not.toContain(oid);
  });

  it('a whole order refunded in two halves to Alipay withdraws its keys; a USD order shows refunds in USD', async () => {
    const { oid } = await paidOrder(1, 'alipay');
    for (const amount of ['49.00', '49.00'])
      expect((await refund({ oid, amount, destination: 'original' })).body.data.status).toBe('succeeded');
    const res = await t.app.inject({
      url: `/api/front/order/detail?oid=${oid}`,
      headers: { authorization: buyer, locale: 'zh-CN' },
    });
    const detail = res.json().data;
    expect(detail.status).toBe('refunded');
    expect(detail.keys_withdrawn).toEqual([detail.items[0].id]);
    expect(detail.refunds.map((r: { destination: string }) => r.destination)).toEqual(['alipay', 'alipay']);
    const list = await t.app.inject({
      url: `/api/front/order/card?oid=${oid}`,
      headers: { authorization: buyer },
    });
    expect(list.json().data.total).toBe(0);

    // In dollars: each refund is its share of the order's USD total; all of it is the total.
    await restockCards(t, { goodsId: ids.arena, skuId: ids.arena100, faceValue: null }, 1);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/front/order/create',
      headers: { authorization: buyer, locale: 'en', currency: 'USD' },
      payload: { items: [{ goods_id: ids.arena, goods_sku_id: ids.arena100, num: 1 }] },
    });
    const usd = created.json().data.oid as string;
    expect((await front('POST', '/api/front/order/pay', { oid: usd, method: 'balance' })).msg).toBe('OK');
    const row = await orderRow(usd);
    expect(row.currency).toBe('USD');
    const first = Math.floor(Number(row.total_cny) / 2);
    const second = Number(row.total_cny) - first;
    const money = (fen: number) => (fen / 100).toFixed(2);
    expect((await refund({ oid: usd, amount: money(first) })).body.msg).toBe('OK');
    const half = (await front('GET', `/api/front/order/detail?oid=${usd}`)).data;
    const share = money(Math.round((first * Number(row.total_amount)) / Number(row.total_cny)));
    expect(half).toMatchObject({ currency: 'USD', refunded_amount: share, refunded_cny: money(first) });
    expect(half.refunds[0]).toMatchObject({ amount: share, amount_cny: money(first) });
    expect((await refund({ oid: usd, amount: money(second) })).body.msg).toBe('OK');
    const whole = (await front('GET', `/api/front/order/detail?oid=${usd}`)).data;
    expect(whole.refunded_amount).toBe(whole.total_amount);
  });

  it('half of a WeChat Pay order goes back to WeChat Pay through the sandbox', async () => {
    const { oid, paymentNo } = await paidOrder(1, 'wechat');
    const res = await refund({ oid, amount: '49.00', destination: 'original' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ destination: 'wechat', status: 'succeeded', amount: '49.00' });
    expect(await sandboxRefunds(paymentNo!)).toMatchObject([
      { provider: 'wechat', amount_cny: 4_900, refund_no: res.body.data.no },
    ]);
    expect(res.body.data.provider_refund_no).toMatch(/^5030\d+$/);
  });

  it('an order paid by balance goes back to the balance when "original" is chosen', async () => {
    const { oid } = await paidOrder(1);
    const res = await refund({ oid, amount: '1.00', destination: 'original' });
    expect(res.body.data).toMatchObject({ destination: 'balance', status: 'succeeded' });
  });

  it('the same request_key refunds once, even when the requests arrive together', async () => {
    const { oid } = await paidOrder(1);
    const key = `same-key-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refund({ oid, amount: '10.00', request_key: key })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const order = await orderRow(oid);
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(Number(order.refunded_cny)).toBe(1_000);
    expect(await ledgerRefunds(oid)).toBe(1_000);
    // Later, with another amount: still the first refund.
    const again = await refund({ oid, amount: '50.00', request_key: key });
    expect(again.body.data).toMatchObject({ id: answers[0]!.body.data.id, amount: '10.00' });

    // All that is left, twice at once with one key: the second finds the first, not "too much".
    const rest = `rest-key-${Date.now()}`;
    const both = await Promise.all(
      Array.from({ length: 5 }, () => refund({ oid, amount: '88.00', request_key: rest })),
    );
    expect(both.map((a) => a.status)).toEqual(Array(5).fill(200));
    expect(new Set(both.map((a) => a.body.data.id)).size).toBe(1);
    expect(Number((await orderRow(oid)).refunded_cny)).toBe(ARENA_CNY);
  });

  it('a refund the provider refuses fails and frees its amount; one it did not answer is asked again', async () => {
    const { oid, paymentNo, total } = await paidOrder(1, 'alipay');
    // Someone refunded the whole trade in Alipay's own portal: the provider refuses ours.
    expect(
      await t.app.gateways.alipay!.refund({
        tradeNo: paymentNo!,
        totalCny: total,
        refundNo: 'PORTAL-1',
        amountCny: total,
        reason: 'portal',
      }),
    ).toMatchObject({ state: 'succeeded' });
    const refused = await refund({ oid, amount: '10.00', destination: 'original' });
    expect(refused.status).toBe(200);
    expect(refused.body.data.status).toBe('failed');
    expect(refused.body.data.failure).toContain('ACQ.REASON_TRADE_REFUND_FEE_ERR');
    expect(Number((await orderRow(oid)).refunded_cny)).toBe(0);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('object_id', '=', refused.body.data.no)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['refund.fail']);

    // A second order: the provider's answer is lost once; the amount stays counted, the job asks again.
    const second = await paidOrder(1, 'alipay');
    const spy = vi
      .spyOn(t.app.gateways.alipay!, 'refund')
      .mockResolvedValueOnce({ state: 'unknown', reason: 'Alipay not reached: timeout' });
    const pending = await refund({ oid: second.oid, amount: '30.00', destination: 'original' });
    expect(pending.body.data).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Number((await orderRow(second.oid)).refunded_cny)).toBe(3_000);
    // Nothing more than what is left, the pending one counted.
    expect((await refund({ oid: second.oid, amount: '68.01' })).status).toBe(400);
    await t.db.updateTable('jobs').set({ run_at: 0 }).where('name', '=', REFUND_JOB).execute();
    expect(
      await runDueJobs(t.db, {
        [REFUND_JOB]: (job) => runRefundJob(t.db, t.app.gateways, job.job_key.slice(REFUND_JOB.length + 1)),
      }),
    ).toEqual({ ran: expect.any(Number), failed: 0 });
    expect(spy).toHaveBeenCalledTimes(2);
    const row = await t.db
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', pending.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await sandboxRefunds(second.paymentNo!)).toMatchObject([{ refund_no: row.no, amount_cny: 3_000 }]);
    // Asking the provider again with the same number refunds nothing more.
    expect(
      await t.app.gateways.alipay!.refund({
        tradeNo: second.paymentNo!,
        totalCny: second.total,
        refundNo: row.no,
        amountCny: 3_000,
        reason: 'again',
      }),
    ).toMatchObject({ state: 'succeeded' });
    expect(await sandboxRefunds(second.paymentNo!)).toHaveLength(1);
  });

  it('an item whose top-up failed is refunded once: by its delivery, never again by an operator', async () => {
    const created = await front('POST', '/api/front/order/create', {
      items: [
        { goods_id: ids.saga, face_value: 60, num: 1, player_id: '80000500', server_id: ids.official },
        { goods_id: hoodie, goods_sku_id: ids.hoodieM, num: 1 },
      ],
    });
    const oid = created.data.oid as string;
    expect((await front('POST', '/api/front/order/pay', { oid, method: 'balance' })).msg).toBe('OK');
    const order = await orderRow(oid);
    const items = await t.db
      .selectFrom('order_items')
      .select(['id', 'charged_cny', 'recharge_type'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    const topupItem = items.find((i) => i.recharge_type === 2)!;
    const hoodieItem = items.find((i) => i.recharge_type === 3)!;

    // The supplier still has the top-up: an operator may not refund it now.
    const running = await refund({ oid, order_item_id: topupItem.id, amount: '0.01' });
    expect(running.status).toBe(409);
    // An order-wide refund leaves what the open deliveries may still refund.
    const wide = await refund({ oid, amount: (Number(order.total_cny) / 100).toFixed(2) });
    expect(wide.status).toBe(400);
    expect(wide.body.msg).toBe('This is more than is left to refund: at most ¥0.00');

    await runDueJobs(t.db, {
      topup: (job) => runTopup(t.db, t.app.supplier, Number(job.job_key.split(':')[1])),
    });
    const auto = await t.db
      .selectFrom('refunds')
      .selectAll()
      .where('order_item_id', '=', topupItem.id)
      .execute();
    expect(auto).toMatchObject([
      {
        request_key: `delivery:${topupItem.id}`,
        status: 'succeeded',
        actor: 'system',
        destination: 'balance',
      },
    ]);
    expect(Number(auto[0]!.amount_cny)).toBe(Number(topupItem.charged_cny));
    const again = await refund({ oid, order_item_id: topupItem.id, amount: '0.01' });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('This is more than is left to refund: at most ¥0.00');

    // The hoodie waits for an operator: only its whole price closes its delivery as refunded.
    const part = await refund({ oid, order_item_id: hoodieItem.id, amount: '0.01' });
    expect(part.status).toBe(400);
    const whole = await refund({
      oid,
      order_item_id: hoodieItem.id,
      amount: (Number(hoodieItem.charged_cny) / 100).toFixed(2),
    });
    expect(whole.status).toBe(200);
    const delivery = await t.db
      .selectFrom('deliveries')
      .select(['status', 'refund_cny'])
      .where('order_item_id', '=', hoodieItem.id)
      .executeTakeFirstOrThrow();
    expect(delivery.status).toBe('refunded');
    // Its delivery cannot be refunded a second time (an operator's settle, a late failure).
    expect(await refundDelivery(t.db, hoodieItem.id, 'late')).toBe(false);
    const after = await orderRow(oid);
    expect(after.status).toBe('refunded'); // nothing was delivered
    expect(Number(after.refunded_cny)).toBe(Number(after.total_cny));
    expect(await ledgerRefunds(oid)).toBe(Number(after.total_cny));
    await ledgerMatchesBalance();
  });

  it('an operator refunding an item while its delivery is refunded at the same moment: one refund', async () => {
    for (let round = 0; round < 4; round++) {
      const created = await front('POST', '/api/front/order/create', {
        items: [{ goods_id: hoodie, goods_sku_id: ids.hoodieM, num: 1 }],
      });
      const oid = created.data.oid as string;
      expect((await front('POST', '/api/front/order/pay', { oid, method: 'balance' })).msg).toBe('OK');
      const order = await orderRow(oid);
      const item = await t.db
        .selectFrom('order_items')
        .select(['id', 'charged_cny'])
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      const whole = (Number(item.charged_cny) / 100).toFixed(2);
      const [console, settled] = await Promise.all([
        refund({ oid, order_item_id: item.id, amount: whole }),
        refundDelivery(t.db, item.id, 'settled by an operator'),
      ]);
      // Exactly one of them refunded the item, whichever came first.
      expect([console.status === 200, settled].filter(Boolean)).toHaveLength(1);
      if (console.status !== 200) expect(console.status).toBe(400);
      const rows = await refundRows(order.id);
      expect(rows).toHaveLength(1);
      expect(Number((await orderRow(oid)).refunded_cny)).toBe(Number(item.charged_cny));
      expect(await ledgerRefunds(oid)).toBe(Number(item.charged_cny));
    }
    await ledgerMatchesBalance();
  });

  it('refuses unpaid orders, unknown items, bad amounts; staff without the refunds permission get 403', async () => {
    const created = await front('POST', '/api/front/order/create', {
      items: [{ goods_id: hoodie, goods_sku_id: ids.hoodieM, num: 1 }],
    });
    const unpaid = created.data.oid as string;
    expect((await refund({ oid: unpaid, amount: '1.00' })).body.msg).toBe(
      'This order was not paid, so there is nothing to refund',
    );
    const { oid } = await paidOrder(1);
    expect((await refund({ oid, order_item_id: 999_999, amount: '1.00' })).status).toBe(404);
    expect((await refund({ oid, amount: '0.00' })).status).toBe(400);
    expect((await refund({ oid, amount: '1.234' })).status).toBe(400);
    expect((await refund({ oid, amount: '1', reason: '' })).status).toBe(400);
    const staff = await addOperator(t.db, 'staff@refunds.test', 'staff', ['orders', 'support']);
    expect((await refund({ oid, amount: '1.00' }, staff)).status).toBe(403);
    const refunder = await addOperator(t.db, 'refunder@refunds.test', 'staff', ['refunds']);
    expect((await refund({ oid, amount: '1.00' }, refunder)).status).toBe(200);
    expect(Number((await orderRow(oid)).refunded_cny)).toBe(100);
  });
});
