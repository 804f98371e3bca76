import { deliveryFailureText } from '@shop/domain/delivery-reason';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopFixture } from '../../../test/shop-fixture.ts';
import { testEngines, type TestApp } from '../../../test/helpers.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import { runDeliveryCommand } from '../../commands/deliver.ts';
import { runTopup } from './topup.service.ts';

// Issue 12 (decision 032): a supplier's definite failure is stored with the shop's reason code,
// which the buyer reads in their language, with the supplier's own words as the detail; the
// refund notice says it in both languages. An operator's refund has no code: its note is the reason.

describe.each(testEngines())('top-up failure reasons (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let saga: number;
  let official: number;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, locale = 'en') => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale } });
    return res.json();
  };
  /** A paid top-up of the demo supplier for `player`; runs its job once. */
  async function failedTopup(player: string) {
    const created = await call('POST', '/api/front/order/create', {
      items: [{ goods_id: saga, face_value: 60, num: 1, player_id: player, server_id: official }],
    });
    expect(created.msg).toBe('OK');
    const oid = created.data.oid as string;
    expect((await call('POST', '/api/front/order/pay', { oid, method: 'balance' })).msg).toBe('OK');
    await t.db.updateTable('jobs').set({ run_at: 0 }).where('name', '=', 'topup').execute();
    await runDueJobs(t.db, {
      topup: (job) => runTopup(t.db, t.app.supplier, Number(job.job_key.split(':')[1])),
    });
    return oid;
  }
  const delivery = async (oid: string, locale: string) =>
    (await call('GET', `/api/front/order/detail?oid=${oid}`, undefined, locale)).data.items[0].delivery;

  beforeAll(async () => {
    const shop = await shopFixture(engine, {}, { jobTimers: false });
    t = shop.t;
    ({ saga, official } = shop.ids);
    buyer = shop.buyer;
    buyerId = shop.buyerId;
    await changeBalance(t.db, {
      userId: buyerId,
      amount: 1_000_000,
      type: 'adjustment',
      ref: 't',
      key: 't-fund',
    });
  });
  afterAll(() => t.close());

  it.each([
    ['70000500', 'account_banned', /refused the top-up/],
    ['70000501', 'out_of_stock', /ERR_STOCK/],
    ['70000502', 'player_not_found', /ERR_ROLE/],
    ['70000503', 'supplier_error', /ERR_UPSTREAM/],
    ['70000429', 'limit_exceeded', /ERR_LIMIT/],
  ] as const)('player %s: refunded with reason %s, in the buyer’s language', async (player, code, raw) => {
    const oid = await failedTopup(player);
    const en = await delivery(oid, 'en');
    expect(en).toMatchObject({
      status: 'refunded',
      reason_code: code,
      reason: deliveryFailureText(code, 'en'),
      refund_amount: expect.stringMatching(/^[1-9]\d*\.\d{2}$/),
    });
    expect(en.note).toMatch(raw);
    const zh = await delivery(oid, 'zh-CN');
    expect(zh).toMatchObject({
      reason_code: code,
      reason: deliveryFailureText(code, 'zh-CN'),
      note: en.note,
    });
    expect(zh.reason).not.toBe(en.reason);
    const stored = await t.db
      .selectFrom('deliveries as d')
      .innerJoin('orders as o', 'o.id', 'd.order_id')
      .select('d.reason_code')
      .where('o.oid', '=', oid)
      .executeTakeFirstOrThrow();
    expect(stored.reason_code).toBe(code);
    // The refund notice: the reason in both languages, and the supplier's words as the detail.
    const { body } = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('subject', '=', `订单 ${oid} 已退款 / Order ${oid} refunded`)
      .executeTakeFirstOrThrow();
    expect(body).toContain(deliveryFailureText(code, 'zh-CN'));
    expect(body).toContain(deliveryFailureText(code, 'en'));
    expect(body).toMatch(raw);
  });

  it('a top-up that succeeds, or is still under way, has no reason', async () => {
    const created = await call('POST', '/api/front/order/create', {
      items: [{ goods_id: saga, face_value: 60, num: 1, player_id: '70000203', server_id: official }],
    });
    const oid = created.data.oid as string;
    await call('POST', '/api/front/order/pay', { oid, method: 'balance' });
    expect(await delivery(oid, 'en')).toMatchObject({
      status: 'processing',
      reason_code: null,
      reason: null,
    });
  });

  it('an operator’s refund keeps its own words as the reason, with no code', async () => {
    const created = await call('POST', '/api/front/order/create', {
      items: [{ goods_id: saga, face_value: 60, num: 1, player_id: '70001203', server_id: official }],
    });
    const oid = created.data.oid as string;
    await call('POST', '/api/front/order/pay', { oid, method: 'balance' });
    // Left to the operator: the job is finished (its poll budget spent).
    await t.db.updateTable('jobs').set({ status: 'done' }).where('name', '=', 'topup').execute();
    const printed: string[] = [];
    expect(
      await runDeliveryCommand(t.db, ['refund', oid, 'Out of season, sorry'], (l) => printed.push(l)),
    ).toBe(0);
    expect(await delivery(oid, 'en')).toMatchObject({
      status: 'refunded',
      reason_code: null,
      reason: null,
      note: 'Out of season, sorry',
    });
  });
});
