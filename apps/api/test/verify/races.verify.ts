import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers.ts';
import { moneyRaces } from '../money-races.ts';
import { restockCards, shopFixture } from '../shop-fixture.ts';
import { verifyEngine, writeResult } from './result.ts';

// `npm run verify`, part "races" (issue 11): the deterministic races of npm test on this engine,
// then the probe's double-click at scale: for each of ROUNDS orders, CLICKS sandbox confirmations
// at once, each a signed notice with its own trade number for the same out_trade_no. Every order
// must be paid once, with no refund entry and the balance unchanged.

const engine = verifyEngine();
const ROUNDS = Number(process.env.VERIFY_RACE_ROUNDS ?? 50);
const CLICKS = 30;

describe(`money races (${engine})`, () => moneyRaces(engine));

describe(`double-click pay, ${ROUNDS} × ${CLICKS} confirmations (${engine})`, () => {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let arena: number;
  let arena100: number;
  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    ({ buyer, buyerId } = shop);
    ({ arena, arena100 } = shop.ids);
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, ROUNDS + 5);
  });
  afterAll(() => t.close());

  const balance = async () =>
    Number(
      (await t.db.selectFrom('users').select('balance').where('id', '=', buyerId).executeTakeFirstOrThrow())
        .balance,
    );

  it('pays every order once and refunds nothing', async () => {
    const before = await balance();
    const details: string[] = [];
    let paidOnce = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const headers = { authorization: buyer };
      const oid = (
        await t.app.inject({
          method: 'POST',
          url: '/api/front/order/create',
          headers,
          payload: { items: [{ goods_id: arena, goods_sku_id: arena100, num: 1 }] },
        })
      ).json().data.oid as string;
      const started = (
        await t.app.inject({
          method: 'POST',
          url: '/api/front/order/pay',
          headers,
          payload: { oid, method: 'alipay' },
        })
      ).json().data;
      const page = await t.app.inject({
        url: new URL(started.pay_url as string).pathname + new URL(started.pay_url).search,
      });
      const action = /action="([^"]+)"/.exec(page.body)![1]!;
      const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
      await Promise.all(
        Array.from({ length: CLICKS }, () =>
          t.app.inject({
            method: 'POST',
            url: action,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ token }).toString(),
          }),
        ),
      );
      const inbox = await t.db
        .selectFrom('payment_inbox')
        .select('outcome')
        .where('payment_no', '=', started.no as string)
        .execute();
      const paid = inbox.filter((r) => r.outcome === 'order_paid').length;
      const order = await t.db
        .selectFrom('orders')
        .select('status')
        .where('oid', '=', oid)
        .executeTakeFirstOrThrow();
      if (paid === 1 && order.status === 'completed') paidOnce += 1;
      else details.push(`order ${oid}: ${paid} paying notices, status ${order.status}`);
    }
    const refunds = await t.db
      .selectFrom('wallet_ledger')
      .select('id')
      .where('user_id', '=', buyerId)
      .where('type', '=', 'refund')
      .execute();
    if (refunds.length > 0) details.push(`${refunds.length} refund ledger entries`);
    const after = await balance();
    if (after !== before) details.push(`balance moved from ${before} to ${after}`);
    const violations = ROUNDS - paidOnce + refunds.length + (after !== before ? 1 : 0);
    writeResult({
      figures: {
        rounds: ROUNDS,
        confirmations: ROUNDS * CLICKS,
        ordersPaidOnce: paidOnce,
        refundEntries: refunds.length,
        invariantViolations: violations,
      },
      violations,
      ok: violations === 0,
      details,
    });
    expect(details).toEqual([]);
  });
});
