import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopFixture } from '../../../test/shop-fixture.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { testEngines } from '../../../test/helpers.ts';
import { runTopup } from '../fulfilment/topup.service.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import { checkAlerts } from './alerts.service.ts';

// Issue 32 (decision 076): the causes record their alerts in their own transactions, through the
// buyers' API as it runs: a paid order with a manual item, a top-up the supplier refused (refunded
// by the shop), and a top-up still pending past the limit (the scheduled check), each once.

describe.each(testEngines())('alert causes (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let saga: number;
  let official: number;
  let hoodie: number;
  let hoodieM: number;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale: 'en' } })).json();
  async function buyPaid(items: object[]) {
    const created = await call('POST', '/api/front/order/create', { items });
    expect(created.msg).toBe('OK');
    const paid = await call('POST', '/api/front/order/pay', { oid: created.data.oid, method: 'balance' });
    expect(paid.msg).toBe('OK');
    return created.data.oid as string;
  }
  const events = (kind: string) =>
    t.db.selectFrom('alert_events').selectAll().where('kind', '=', kind).orderBy('id').execute();
  async function runTopups() {
    await t.db
      .updateTable('jobs')
      .set({ run_at: 0 })
      .where('name', '=', 'topup')
      .where('status', '=', 'queued')
      .execute();
    await runDueJobs(t.db, {
      topup: (job) => runTopup(t.db, t.app.supplier, Number(job.job_key.split(':')[1])),
    });
  }

  beforeAll(async () => {
    const shop = await shopFixture(engine, {}, { jobTimers: false });
    t = shop.t;
    ({ saga, official, hoodieM } = shop.ids);
    buyer = shop.buyer;
    hoodie = Number(
      (
        await t.db
          .selectFrom('goods_skus')
          .select('goods_id')
          .where('id', '=', hoodieM)
          .executeTakeFirstOrThrow()
      ).goods_id,
    );
    await t.db.updateTable('goods_skus').set({ stock: 1000 }).where('id', '=', hoodieM).execute();
    await changeBalance(t.db, {
      userId: shop.buyerId,
      amount: 1_000_000,
      type: 'adjustment',
      ref: '',
      key: 'alerts:fund',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records "needs manual delivery" with the payment, once per order', async () => {
    const oid = await buyPaid([{ goods_id: hoodie, goods_sku_id: hoodieM, num: 2 }]);
    const found = (await events('order_manual')).filter((e) => JSON.parse(e.payload).oid === oid);
    expect(found).toHaveLength(1);
    expect(JSON.parse(found[0]!.payload)).toEqual({ oid, count: 1 });
    // The fan-out job was queued in the same transaction.
    const job = await t.db
      .selectFrom('jobs')
      .select('status')
      .where('job_key', '=', `alert-fanout:${found[0]!.id}`)
      .executeTakeFirst();
    expect(job?.status).toBe('queued');
  });

  it('records a top-up refunded after a definite failure, and one pending past the limit', async () => {
    const refused = await buyPaid([
      { goods_id: saga, face_value: 60, num: 1, player_id: '71000500', server_id: official },
    ]);
    const pending = await buyPaid([
      { goods_id: saga, face_value: 60, num: 1, player_id: '71000203', server_id: official },
    ]);
    await runTopups();
    await runTopups();
    const refunded = (await events('topup_refunded')).map((e) => JSON.parse(e.payload));
    expect(refunded).toEqual([
      expect.objectContaining({ oid: refused, amount_cny: expect.stringMatching(/^\d+\.\d{2}$/) }),
    ]);

    // Not past the 30-minute limit yet; then it is, once however often the check runs.
    expect((await events('topup_pending')).length).toBe(0);
    await checkAlerts(t.db, async () => [], Date.now());
    expect((await events('topup_pending')).length).toBe(0);
    await checkAlerts(t.db, async () => [], Date.now() + 31 * 60_000);
    await checkAlerts(t.db, async () => [], Date.now() + 32 * 60_000);
    const late = (await events('topup_pending')).map((e) => JSON.parse(e.payload));
    expect(late).toEqual([expect.objectContaining({ oid: pending, minutes: 30 })]);
  });
});
