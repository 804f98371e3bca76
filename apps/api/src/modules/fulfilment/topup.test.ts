import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopFixture } from '../../../test/shop-fixture.ts';
import { testEngines, type TestApp } from '../../../test/helpers.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { DemoSupplier, DEMO_PENDING_POLLS } from '../supplier/demo-supplier.ts';
import type { Supplier } from '../supplier/supplier.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import { runDeliveryCommand } from '../../commands/deliver.ts';
import { refundDelivery, runTopup, TOPUP_POLL_BUDGET } from './topup.service.ts';

// Issue 7: direct top-ups through the supplier (success, definite failure refunded once, pending
// resolved by polling, a lost answer, a supplier that forgot), manual delivery by the operator.

describe.each(testEngines())('delivery (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let saga: number;
  let official: number;
  let hoodie: number;
  let hoodieM: number;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale: 'en' } });
    return { status: res.statusCode, body: res.json() };
  };
  /** Creates and pays (by balance) an order; returns its oid and first item id. */
  async function buyPaid(items: object[]) {
    const created = await call('POST', '/api/front/order/create', { items });
    expect(created.body.msg).toBe('OK');
    const oid = created.body.data.oid as string;
    const paid = await call('POST', '/api/front/order/pay', { oid, method: 'balance' });
    expect(paid.body.msg).toBe('OK');
    const detail = await call('GET', `/api/front/order/detail?oid=${oid}`);
    return {
      oid,
      itemId: detail.body.data.items[0].id as number,
      paidStatus: paid.body.data.status as string,
    };
  }
  const topup = (player: string, face = 60, num = 1) =>
    buyPaid([{ goods_id: saga, face_value: face, num, player_id: player, server_id: official }]);
  const detail = async (oid: string) => (await call('GET', `/api/front/order/detail?oid=${oid}`)).body.data;
  const balance = async () =>
    Number(
      (await t.db.selectFrom('users').select('balance').where('id', '=', buyerId).executeTakeFirstOrThrow())
        .balance,
    );
  const refunds = (oid: string) =>
    t.db
      .selectFrom('wallet_ledger')
      .selectAll()
      .where('type', '=', 'refund')
      .where('ref', '=', oid)
      .execute();
  /** Runs the job of a top-up now, however far off its next poll is. */
  async function runTopupJob() {
    await t.db
      .updateTable('jobs')
      .set({ run_at: 0 })
      .where('name', '=', 'topup')
      .where('status', '=', 'queued')
      .execute();
    return runDueJobs(t.db, {
      topup: (job) => runTopup(t.db, t.app.supplier, Number(job.job_key.split(':')[1])),
    });
  }

  /** Every user's ledger sums to the balance; no refund twice for one item. */
  async function checkMoney() {
    const users = await t.db.selectFrom('users').select(['id', 'balance']).execute();
    for (const u of users) {
      const sum = await t.db
        .selectFrom('wallet_ledger')
        .select((eb) => eb.fn.sum<number>('amount').as('s'))
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      expect(Number(sum.s ?? 0), `user ${u.id}`).toBe(Number(u.balance));
    }
    const keys = await t.db
      .selectFrom('wallet_ledger')
      .select('idempotency_key')
      .where('type', '=', 'refund')
      .execute();
    expect(new Set(keys.map((k) => k.idempotency_key)).size).toBe(keys.length);
  }

  beforeAll(async () => {
    // Jobs are driven by hand here.
    const shop = await shopFixture(engine, {}, { jobTimers: false });
    t = shop.t;
    ({ saga, official, hoodieM } = shop.ids);
    buyer = shop.buyer;
    buyerId = shop.buyerId;
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
      userId: buyerId,
      amount: 1_000_000,
      type: 'adjustment',
      ref: 'test',
      key: 'test-fund',
    });
  });
  afterAll(() => t.close());

  it('tops up a player: the order waits in delivering, then completes when the supplier succeeds', async () => {
    const { oid, itemId, paidStatus } = await topup('10001234');
    expect(paidStatus).toBe('delivering');
    let order = await detail(oid);
    expect(order.status).toBe('delivering');
    expect(order.items[0].delivery).toMatchObject({ status: 'processing', refund_amount: null });
    expect(await runTopupJob()).toEqual({ ran: 1, failed: 0 });
    order = await detail(oid);
    expect(order.status).toBe('completed');
    expect(order.items[0].delivery.status).toBe('delivered');
    const row = await t.db
      .selectFrom('deliveries')
      .selectAll()
      .where('order_item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(row.supplier_ref).toBe(`DEMO-item-${itemId}`);
    expect(
      (
        await t.db
          .selectFrom('jobs')
          .select('status')
          .where('job_key', '=', `topup:${itemId}`)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('done');
    await checkMoney();
  });

  it('refunds a definite failure once, with a ledger entry and a notice, even when it is reported again', async () => {
    const before = await balance();
    const { oid, itemId } = await topup('20000500', 300, 2);
    const paidPrice = 2 * 3000;
    expect(await balance()).toBe(before - paidPrice);
    await runTopupJob();
    const order = await detail(oid);
    expect(order.status).toBe('refunded');
    expect(order.items[0].delivery).toMatchObject({ status: 'refunded', refund_amount: '60.00' });
    expect(order.items[0].delivery.note).toMatch(/refused/);
    expect(await balance()).toBe(before);
    // The failure reported again, many times at once (two workers, a late poll, an operator).
    const again = await Promise.all(Array.from({ length: 10 }, () => refundDelivery(t.db, itemId, 'again')));
    expect(again.filter(Boolean)).toEqual([]);
    expect(await runTopup(t.db, t.app.supplier, itemId)).toEqual({ done: true });
    const entries = await refunds(oid);
    expect(entries).toHaveLength(1);
    expect(Number(entries[0]!.amount)).toBe(paidPrice);
    expect(await balance()).toBe(before);
    const notice = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.subject).toContain(oid);
    expect(notice.body).toContain('60.00');
    await checkMoney();
  });

  it('refunds once when a failure is reported by several workers at the same moment', async () => {
    const before = await balance();
    const { oid, itemId } = await topup('30000500');
    // Two "workers" run the same job at once; the first to record the failure refunds.
    await Promise.all([runTopup(t.db, t.app.supplier, itemId), runTopup(t.db, t.app.supplier, itemId)]);
    await Promise.all(Array.from({ length: 8 }, () => refundDelivery(t.db, itemId, 'duplicate report')));
    expect(await refunds(oid)).toHaveLength(1);
    expect(await balance()).toBe(before);
    expect((await detail(oid)).status).toBe('refunded');
    await checkMoney();
  });

  it('resolves a pending top-up by polling, with back-off', async () => {
    const { oid, itemId } = await topup('40000202');
    await runTopupJob(); // submitted: pending
    const job = () =>
      t.db.selectFrom('jobs').selectAll().where('job_key', '=', `topup:${itemId}`).executeTakeFirstOrThrow();
    let row = await job();
    expect(row.status).toBe('queued');
    expect(Number(row.run_at)).toBeGreaterThan(Date.now() + 3_000); // not before the back-off
    expect(
      await runDueJobs(t.db, {
        topup: (j) => runTopup(t.db, t.app.supplier, Number(j.job_key.split(':')[1])),
      }),
    ).toEqual({ ran: 0, failed: 0 });
    expect((await detail(oid)).items[0].delivery.status).toBe('processing');
    for (let poll = 1; poll <= DEMO_PENDING_POLLS; poll++) await runTopupJob();
    row = await job();
    expect(row.status).toBe('done');
    expect((await detail(oid)).status).toBe('completed');
  });

  it('asks before resubmitting when the answer to a submission was lost', async () => {
    const { oid, itemId } = await topup('50000504');
    const errors: unknown[] = [];
    // The call "timed out": reported, and the answer is unknown, not a failure.
    expect(await runTopup(t.db, t.app.supplier, itemId, (e) => errors.push(e))).toMatchObject({
      runAt: expect.any(Number),
    });
    expect(String(errors[0])).toMatch(/timed out/);
    expect(
      (
        await t.db
          .selectFrom('deliveries')
          .select('status')
          .where('order_item_id', '=', itemId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('unknown');
    await runTopupJob(); // query: it did go through
    expect((await detail(oid)).status).toBe('completed');
  });

  it('submits again under the same reference when the supplier never got it, and tops up once', async () => {
    const { oid, itemId } = await topup('60000202');
    await runTopupJob(); // pending at the first supplier
    const calls: string[] = [];
    const fresh = new DemoSupplier(); // the supplier lost its memory (a restart)
    const spy: Supplier = {
      validatePlayer: (i) => fresh.validatePlayer(i),
      topup: (r) => (calls.push(`topup ${r.ref}`), fresh.topup(r)),
      query: (ref) => (calls.push(`query ${ref}`), fresh.query(ref)),
    };
    const run = () => runTopup(t.db, spy, itemId);
    await run(); // query → not found → topup (pending again)
    expect(calls).toEqual([`query item-${itemId}`, `topup item-${itemId}`]);
    for (let i = 0; i < DEMO_PENDING_POLLS; i++) await run();
    expect(calls.filter((c) => c.startsWith('topup'))).toHaveLength(1);
    expect((await detail(oid)).status).toBe('completed');
  });

  it('leaves a top-up that stays pending to an operator after the poll budget', async () => {
    const { oid, itemId } = await topup('70000203');
    await runTopupJob();
    // While its job still polls, the supplier decides, not an operator.
    expect(await runDeliveryCommand(t.db, ['refund', oid, 'too', 'early'], () => {})).toBe(1);
    for (let i = 0; i < TOPUP_POLL_BUDGET; i++) await runTopupJob();
    const job = await t.db
      .selectFrom('jobs')
      .select('status')
      .where('job_key', '=', `topup:${itemId}`)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
    expect((await detail(oid)).items[0].delivery.status).toBe('processing');
    const lines: string[] = [];
    expect(await runDeliveryCommand(t.db, ['list'], (l) => lines.push(l))).toBe(0);
    expect(lines.some((l) => l.includes(oid) && l.includes('70000203'))).toBe(true);
    const before = await balance();
    expect(await runDeliveryCommand(t.db, ['refund', oid, 'Supplier', 'never', 'answered'], () => {})).toBe(
      0,
    );
    expect(await balance()).toBe(before + 600);
    expect((await detail(oid)).status).toBe('refunded');
    await checkMoney();
  });

  it('keeps manual goods waiting until the operator delivers them with a note, or refunds them', async () => {
    const first = await buyPaid([{ goods_id: hoodie, goods_sku_id: hoodieM, num: 1 }]);
    expect(first.paidStatus).toBe('delivering');
    expect((await detail(first.oid)).items[0].delivery).toMatchObject({ status: 'waiting', note: '' });
    const out: string[] = [];
    expect(
      await runDeliveryCommand(t.db, ['done', first.oid, 'Shipped', 'by', 'SF', 'Express', 'SF123'], (l) =>
        out.push(l),
      ),
    ).toBe(0);
    expect(out).toEqual([`delivered 1 item(s) of order ${first.oid}`]);
    const notice = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.subject).toContain(first.oid);
    expect(notice.body).toContain('Shipped by SF Express SF123');
    let order = await detail(first.oid);
    expect(order.status).toBe('completed');
    expect(order.items[0].delivery).toMatchObject({
      status: 'delivered',
      note: 'Shipped by SF Express SF123',
    });
    // Once settled, nothing more happens to it.
    expect(await runDeliveryCommand(t.db, ['refund', first.oid, 'late'], () => {})).toBe(1);
    expect(await refunds(first.oid)).toHaveLength(0);

    const before = await balance();
    const second = await buyPaid([{ goods_id: hoodie, goods_sku_id: hoodieM, num: 2 }]);
    expect(await runDeliveryCommand(t.db, ['refund', second.oid, 'Out', 'of', 'stock'], () => {})).toBe(0);
    order = await detail(second.oid);
    expect(order.status).toBe('refunded');
    expect(order.items[0].delivery).toMatchObject({
      status: 'refunded',
      note: 'Out of stock',
      refund_amount: '398.00',
    });
    expect(await balance()).toBe(before);
    const usage: string[] = [];
    expect(await runDeliveryCommand(t.db, ['done', second.oid], (l) => usage.push(l))).toBe(2);
    expect(await runDeliveryCommand(t.db, ['done', '20260101000000000000', 'x'], (l) => usage.push(l))).toBe(
      1,
    );
    expect(usage[1]).toBe('This order does not exist');
    await checkMoney();
  });

  it('completes an order in which one item was delivered and another refunded', async () => {
    const before = await balance();
    const { oid } = await buyPaid([
      { goods_id: saga, face_value: 60, num: 1, player_id: '80001111', server_id: official },
      { goods_id: saga, face_value: 60, num: 1, player_id: '80000500', server_id: official },
    ]);
    await runTopupJob();
    const order = await detail(oid);
    expect(order.status).toBe('completed');
    expect(order.items.map((i: { delivery: { status: string } }) => i.delivery.status).sort()).toEqual([
      'delivered',
      'refunded',
    ]);
    expect(await balance()).toBe(before - 600);
    await checkMoney();
  });
});
