import { convertMinor, parseDecimal, parseRate } from '@shop/domain/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestApp } from '../../../test/helpers.ts';
import { shopFixture } from '../../../test/shop-fixture.ts';
import { operatorSettle, runTopup } from '../fulfilment/topup.service.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import { receiptSubject } from './order-mail.ts';
import { commandActor } from '../audit/audit.service.ts';

// Decision 031 through HTTP: an English (USD) buyer's cart, order detail, receipt mail and asset
// log add up, with an explicit USD price among the lines; refunding every item gives back exactly
// the CNY that was charged.

const usd = (text: string) => parseDecimal(text, 'USD')!;
const cny = (text: string) => parseDecimal(text.replace(/[¥,]/g, ''), 'CNY')!;

describe.each(testEngines())('every price adds up (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let saga: number;
  let official: number;
  let hoodieM: number;
  let hoodie: number;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, lang: 'en' | 'zh-CN' = 'en') => {
    const res = await t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: buyer, locale: lang, currency: lang === 'en' ? 'USD' : 'CNY' },
    });
    return res.json();
  };
  const balance = async () =>
    Number(
      (await t.db.selectFrom('users').select('balance').where('id', '=', buyerId).executeTakeFirstOrThrow())
        .balance,
    );
  // Three lines: an explicit USD price ($4.50 for ¥30), a converted one (¥6 → $0.83), and manual
  // goods (¥199 → $27.46); top-ups to players whose top-up the demo supplier refuses (…500).
  const items = () => [
    { goods_id: saga, face_value: 300, num: 3, player_id: '31000500', server_id: official },
    { goods_id: saga, face_value: 60, num: 7, player_id: '42000500', server_id: official },
    { goods_id: hoodie, goods_sku_id: hoodieM, num: 2 },
  ];

  beforeAll(async () => {
    const shop = await shopFixture(engine, {}, { jobTimers: false });
    t = shop.t;
    ({ saga, official, hoodieM } = shop.ids);
    ({ buyer, buyerId } = shop);
    hoodie = Number(
      (
        await t.db
          .selectFrom('goods_skus')
          .select('goods_id')
          .where('id', '=', hoodieM)
          .executeTakeFirstOrThrow()
      ).goods_id,
    );
    await t.db.updateTable('goods_skus').set({ stock: 100 }).where('id', '=', hoodieM).execute();
    await t.db.updateTable('goods').set({ topup_multiple: 1 }).where('id', '=', saga).execute();
    await changeBalance(t.db, {
      userId: buyerId,
      amount: 1_000_000,
      type: 'adjustment',
      ref: 't',
      key: 't-fund',
    });
  });
  afterAll(() => t.close());

  it('an English order: cart, detail, mail and asset log add up; refunding every item returns the charge', async () => {
    // The cart, before an order exists.
    const added = await call('POST', '/api/front/goods/cart/add', { items: items() });
    expect(added.msg).toBe('OK');
    const cart = await call('GET', '/api/front/goods/cart/show');
    const rate = parseRate(cart.exchange_rate)!;
    expect(rate).toBe(138_000n);
    for (const line of cart.data) expect(usd(line.total_price)).toBe(usd(line.price) * line.num);
    const cartTotal = cart.data.reduce((s: number, l: { total_price: string }) => s + usd(l.total_price), 0);
    expect(usd(cart.total_pay_price)).toBe(cartTotal);
    expect(convertMinor(cny(cart.total_cny), rate)).toBe(cartTotal);
    // The explicit USD price is kept: $4.50 × 3, not ¥30 converted.
    expect(cart.data.find((l: { face_value: number }) => l.face_value === 300)).toMatchObject({
      price: '4.50',
      total_price: '13.50',
    });

    // The order freezes the very same figures.
    const created = await call('POST', '/api/front/order/create', {
      cart_ids: cart.data.map((l: { id: number }) => l.id),
    });
    expect(created.msg).toBe('OK');
    const oid = created.data.oid as string;
    let order = (await call('GET', `/api/front/order/detail?oid=${oid}`)).data;
    expect(order.currency).toBe('USD');
    expect(order.total_amount).toBe(cart.total_pay_price);
    expect(order.total_cny).toBe(cart.total_cny);
    expect(order.exchange_rate).toBe(cart.exchange_rate);
    for (const item of order.items) expect(usd(item.total_price)).toBe(usd(item.price) * item.num);
    const subtotal = order.items.reduce((s: number, i: { total_price: string }) => s + usd(i.total_price), 0);
    expect(usd(order.total_amount)).toBe(subtotal);
    expect(convertMinor(cny(order.total_cny), rate)).toBe(subtotal);
    // $13.50 + $5.81 + $54.92 = $74.23; ÷ 0.138 = ¥537.899 → ¥537.90.
    expect([order.total_amount, order.total_cny]).toEqual(['74.23', '537.90']);

    // Paid by balance: the CNY debited is the charge, and the asset log says what it paid for.
    const before = await balance();
    const paid = await call('POST', '/api/front/order/pay', { oid, method: 'balance' });
    expect(paid.msg).toBe('OK');
    expect(before - (await balance())).toBe(cny(order.total_cny));
    const log = (await call('GET', '/api/front/user/balanceLog?type=order_payment')).data.list;
    const entry = log.find((e: { ref: string }) => e.ref === oid);
    expect(entry).toMatchObject({
      amount: `-${order.total_cny}`,
      paid_for: { currency: 'USD', amount: order.total_amount, exchange_rate: order.exchange_rate },
    });

    // The receipt mail: every written figure adds up the same way.
    const mail = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('subject', '=', receiptSubject(oid))
      .executeTakeFirstOrThrow();
    const body = mail.body;
    const lineFigures = [...body.matchAll(/\$([\d,]+\.\d\d) × (\d+) = \$([\d,]+\.\d\d)/g)].map((m) => [
      usd(m[1]!.replace(/,/g, '')),
      Number(m[2]),
      usd(m[3]!.replace(/,/g, '')),
    ]);
    expect(lineFigures).toHaveLength(3);
    for (const [unit, num, amount] of lineFigures) expect(amount).toBe(unit! * num!);
    const mailSubtotal = usd(/Subtotal: \$([\d,.]+)/.exec(body)![1]!.replace(/,/g, ''));
    const mailTotal = usd(/Order total: \$([\d,.]+)/.exec(body)![1]!.replace(/,/g, ''));
    const mailCharged = cny(/Charged in CNY: (¥[\d,.]+)/.exec(body)![1]!);
    const mailRate = parseRate(/1 CNY = ([\d.]+) USD/.exec(body)![1]!)!;
    expect(mailSubtotal).toBe(lineFigures.reduce((s, [, , amount]) => s + amount!, 0));
    expect(mailTotal).toBe(mailSubtotal);
    expect(convertMinor(mailCharged, mailRate)).toBe(mailTotal);
    expect(mailCharged).toBe(cny(order.total_cny));
    expect(body).toContain('Player ID 31000500 · Official');

    // Every item refunded: the top-ups by the supplier's definite failure, the goods by the operator.
    await t.db.updateTable('jobs').set({ run_at: 0 }).where('name', '=', 'topup').execute();
    await runDueJobs(t.db, {
      topup: (job) => runTopup(t.db, t.app.supplier, Number(job.job_key.split(':')[1])),
    });
    expect((await operatorSettle(t.db, oid, 'refund', 'out of stock', commandActor('deliver'))).changed).toBe(
      1,
    );
    order = (await call('GET', `/api/front/order/detail?oid=${oid}`)).data;
    expect(order.status).toBe('refunded');
    const shares = order.items.map((i: { delivery: { refund_amount: string } }) =>
      cny(i.delivery.refund_amount),
    );
    expect(shares.reduce((s: number, x: number) => s + x, 0)).toBe(cny(order.total_cny));
    const refunds = await t.db
      .selectFrom('wallet_ledger')
      .select('amount')
      .where('type', '=', 'refund')
      .where('ref', '=', oid)
      .execute();
    expect(refunds).toHaveLength(3);
    expect(refunds.reduce((s, r) => s + Number(r.amount), 0)).toBe(cny(order.total_cny));
    expect(await balance()).toBe(before);
  });

  it('a Chinese order is charged its CNY total, with no rate involved', async () => {
    const created = await call('POST', '/api/front/order/create', { items: items() }, 'zh-CN');
    expect(created.msg).toBe('成功');
    const order = (await call('GET', `/api/front/order/detail?oid=${created.data.oid}`, undefined, 'zh-CN'))
      .data;
    // ¥30 × 3 + ¥6 × 7 + ¥199 × 2: the CNY prices, explicit USD prices play no part.
    expect([order.currency, order.total_amount, order.total_cny]).toEqual(['CNY', '530.00', '530.00']);
    const rows = await t.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.charged_cny', 'i.unit_price', 'i.num'])
      .where('o.oid', '=', created.data.oid)
      .execute();
    expect(rows.map((r) => Number(r.charged_cny))).toEqual(rows.map((r) => Number(r.unit_price) * r.num));
  });
});
