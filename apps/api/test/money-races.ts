import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { pauseAt, type RacePoint } from '../src/db/race-points.ts';
import { sandboxKeys } from '../src/modules/payment/gateways.ts';
import { expireOrders } from '../src/modules/order/order.service.ts';
import { sendRefund } from '../src/modules/payment/refund.service.ts';
import type { Engine } from '../src/db/dialect.ts';
import type { TestApp } from './helpers.ts';
import { signedNotice } from './notices.ts';
import { addOperator, as, type TestOperator } from './operators.ts';
import { restockCards, shopFixture } from './shop-fixture.ts';

// Deterministic race tests in Saleor's style (issue 11): one money transaction is paused at a
// named point between its read and its write (db/race-points.ts) while a competing action runs;
// then it goes on. On PostgreSQL the competitor runs on its own connection until it finishes or
// waits for a row lock the paused transaction holds; SQLite serialises every transaction on one
// connection, so there the competitor simply waits its turn and the same outcome must hold.

const PAID = ['paid', 'delivering', 'completed'];
/** SQLite runs one transaction at a time: a race paused inside a transaction is PostgreSQL's only. */
const serialised = (engine: string) => engine === 'sqlite';

/** The race tests on one engine, inside the caller's describe (npm test, and npm run verify). */
export function moneyRaces(engine: Engine) {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let arena: number;
  let arena100: number;
  let keys: ReturnType<typeof sandboxKeys>;
  let owner: TestOperator;
  const removers: (() => void)[] = [];
  afterEach(() => {
    removers.splice(0).forEach((remove) => remove());
    vi.restoreAllMocks();
  });

  beforeAll(async () => {
    const shop = await shopFixture(engine, { PUBLIC_URL: 'http://shop.test:3000' });
    t = shop.t;
    ({ arena, arena100 } = shop.ids);
    ({ buyer, buyerId } = shop);
    keys = sandboxKeys(t.config);
    owner = await addOperator(t.db, 'owner@races.test', 'owner');
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale: 'en' } });
    return { status: res.statusCode, body: res.json() };
  };
  const newOrder = async () => {
    const res = await call('POST', '/api/front/order/create', {
      items: [{ goods_id: arena, goods_sku_id: arena100, num: 1 }],
    });
    return res.body.data?.oid as string;
  };
  const startAlipay = async (oid: string) =>
    (await call('POST', '/api/front/order/pay', { oid, method: 'alipay' })).body.data.no as string;
  const notify = (no: string, tradeNo: string) => {
    const notice = signedNotice(keys, {
      method: 'alipay',
      no,
      tradeNo,
      amountCny: 9_800,
      state: 'TRADE_SUCCESS',
    });
    return t.app.inject({ method: 'POST', url: notice.url, headers: notice.headers, payload: notice.body });
  };
  const order = (oid: string) =>
    t.db.selectFrom('orders').selectAll().where('oid', '=', oid).executeTakeFirstOrThrow();
  const balance = async () =>
    Number(
      (await t.db.selectFrom('users').select('balance').where('id', '=', buyerId).executeTakeFirstOrThrow())
        .balance,
    );
  const ledger = (ref: string) =>
    t.db
      .selectFrom('wallet_ledger')
      .select(['type', 'amount'])
      .where('ref', '=', ref)
      .orderBy('id')
      .execute();
  const keysOf = async (oid: string) =>
    (
      await t.db
        .selectFrom('card_keys as k')
        .innerJoin('order_items as i', 'i.id', 'k.order_item_id')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select('k.status')
        .where('o.oid', '=', oid)
        .execute()
    ).map((k) => k.status);

  /**
   * Runs `competitor` while the transaction that reaches `point` is paused there; resolves with
   * the competitor's result once the paused one is released (the competitor may still be running
   * if it waits for a lock the paused transaction holds).
   */
  function whilePausedAt<T>(point: RacePoint, competitor: () => Promise<T>): { competitor: Promise<T> } {
    let started: Promise<T> | undefined;
    const handle = {
      get competitor() {
        if (!started) throw new Error(`${point} was never reached`);
        return started;
      },
    };
    removers.push(
      pauseAt(point, async () => {
        started = competitor();
        await finishedOrBlocked(started);
      }),
    );
    return handle;
  }

  /** Until the promise settles, or (PostgreSQL) a session of this database waits for a lock. */
  async function finishedOrBlocked(promise: Promise<unknown>) {
    let settled = false;
    void promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    const deadline = Date.now() + 5_000;
    while (!settled && Date.now() < deadline) {
      if (engine === 'postgres') {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
        if (Number(rows[0]!.n) > 0) return;
      } else if (Date.now() > deadline - 4_900) {
        return; // SQLite: the competitor queues behind the paused transaction's connection.
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it.skipIf(serialised(engine))(
    'notice vs notice: two trade numbers for one payment pay the order once and refund nothing',
    async () => {
      await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 5);
      const oid = await newOrder();
      const no = await startAlipay(oid);
      const before = await balance();
      // The first notice has read the payment (pending) when the second, with another trade number,
      // arrives and runs to its end.
      const race = whilePausedAt('notice:read', () => notify(no, `B${no}`));
      const first = await notify(no, `A${no}`);
      const second = await race.competitor;
      expect([first.body, second.body]).toEqual(['success', 'success']);

      expect(PAID).toContain((await order(oid)).status);
      expect(await ledger(oid)).toEqual([]); // no refund entry for the same money
      expect(await balance()).toBe(before);
      const payment = await t.db
        .selectFrom('payments')
        .selectAll()
        .where('no', '=', no)
        .executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ status: 'paid', outcome: 'order_paid' });
      const inbox = await t.db
        .selectFrom('payment_inbox')
        .select(['trade_no', 'outcome'])
        .where('payment_no', '=', no)
        .orderBy('trade_no')
        .execute();
      // Exactly one trade paid the order; the other is recorded as a duplicate.
      expect(inbox.map((r) => r.outcome).sort()).toEqual(['duplicate', 'order_paid']);
      expect(inbox.find((r) => r.outcome === 'order_paid')!.trade_no).toBe(payment.provider_trade_no);
      expect(await keysOf(oid)).toEqual(['sold']);
    },
  );

  it.skipIf(serialised(engine))(
    'notice vs cancel: a payment that lands on an order cancelled meanwhile is refunded, once',
    async () => {
      await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 5);
      const oid = await newOrder();
      const no = await startAlipay(oid);
      const before = await balance();
      const race = whilePausedAt('notice:read', () => call('POST', '/api/front/order/cancel', { oid }));
      expect((await notify(no, `T${no}`)).body).toBe('success');
      expect((await race.competitor).status).toBe(200);
      expect((await order(oid)).status).toBe('cancelled');
      expect(await ledger(oid)).toEqual([{ type: 'refund', amount: 9_800 }]);
      expect(await balance()).toBe(before + 9_800);
      expect(await keysOf(oid)).toEqual([]); // released to stock, no owner
    },
  );

  it('cancel vs notice: a cancel that read the order before the payment landed changes nothing', async () => {
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 5);
    const oid = await newOrder();
    const no = await startAlipay(oid);
    const before = await balance();
    const race = whilePausedAt('cancel:read', () => notify(no, `T${no}`));
    const cancel = await call('POST', '/api/front/order/cancel', { oid });
    expect((await race.competitor).body).toBe('success');
    expect(cancel.status).toBe(400);
    expect(PAID).toContain((await order(oid)).status);
    expect(await ledger(oid)).toEqual([]);
    expect(await balance()).toBe(before);
    expect(await keysOf(oid)).toEqual(['sold']);
  });

  it('balance pay vs timeout: an order cancelled by the timeout after the payer read it is not charged', async () => {
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 5);
    const oid = await newOrder();
    const before = await balance();
    const race = whilePausedAt('pay:read', async () => {
      await t.db
        .updateTable('orders')
        .set({ expires_at: Date.now() - 1 })
        .where('oid', '=', oid)
        .execute();
      return expireOrders(t.db);
    });
    const pay = await call('POST', '/api/front/order/pay', { oid, method: 'balance' });
    expect(await race.competitor).toBe(1);
    expect(pay.status).toBe(400);
    expect(pay.body.msg).toBe('This order was cancelled or timed out; please order again');
    expect((await order(oid)).status).toBe('cancelled');
    expect(await balance()).toBe(before);
    expect(await ledger(oid)).toEqual([]);
    expect(await keysOf(oid)).toEqual([]);
  });

  it('timeout vs balance pay: a timeout that listed the order before it was paid cancels nothing', async () => {
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 5);
    const oid = await newOrder();
    const before = await balance();
    const stock = async () =>
      Number(
        (
          await t.db
            .selectFrom('goods_skus')
            .select('stock')
            .where('id', '=', arena100)
            .executeTakeFirstOrThrow()
        ).stock,
      );
    const stockBefore = await stock();
    const race = whilePausedAt('expire:listed', () =>
      call('POST', '/api/front/order/pay', { oid, method: 'balance' }),
    );
    // The sweep runs with a clock past the order's time, as a late timer would.
    const cancelled = await expireOrders(t.db, Date.now() + 60 * 60_000);
    expect((await race.competitor).status).toBe(200);
    expect(cancelled).toBe(0);
    expect(PAID).toContain((await order(oid)).status);
    expect(await balance()).toBe(before - 9_800);
    expect(await ledger(oid)).toEqual([{ type: 'order_payment', amount: -9_800 }]);
    expect(await stock()).toBe(stockBefore); // nothing given back twice
    expect(await keysOf(oid)).toEqual(['sold']);
  });

  it.skipIf(serialised(engine))(
    'two reserves of the last key: exactly one order gets it, the other hears "sold out"',
    async () => {
      await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 1);
      const race = whilePausedAt('reserve:picked', () =>
        call('POST', '/api/front/order/create', {
          items: [{ goods_id: arena, goods_sku_id: arena100, num: 1 }],
        }),
      );
      const first = await call('POST', '/api/front/order/create', {
        items: [{ goods_id: arena, goods_sku_id: arena100, num: 1 }],
      });
      const second = await race.competitor;
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const winner = (first.status === 200 ? first : second).body.data.oid as string;
      expect(await keysOf(winner)).toEqual(['reserved']);
      const available = await t.db
        .selectFrom('card_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('goods_sku_id', '=', arena100)
        .where('status', '=', 'available')
        .executeTakeFirstOrThrow();
      expect(Number(available.n)).toBe(0);
      const sku = await t.db
        .selectFrom('goods_skus')
        .select('stock')
        .where('id', '=', arena100)
        .executeTakeFirstOrThrow();
      expect(Number(sku.stock)).toBe(0);
    },
  );

  it('two provider refunds of the whole order settling at once: the last to commit marks it refunded', async () => {
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 5);
    const oid = await newOrder();
    const no = await startAlipay(oid);
    expect((await notify(no, `T${no}`)).body).toBe('success');
    expect((await order(oid)).status).toBe('completed');
    // Alipay's first answers are lost: both halves stay pending, to be settled later (the job).
    vi.spyOn(t.app.gateways.alipay!, 'refund').mockResolvedValue({ state: 'unknown', reason: 'timeout' });
    const halves: number[] = [];
    for (const key of ['first', 'second']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/orders/refund',
        headers: as(owner),
        payload: {
          oid,
          amount: '49.00',
          destination: 'original',
          reason: 'Race',
          request_key: `${oid}-${key}`,
        },
      });
      expect(res.json().data.status).toBe('pending');
      halves.push(res.json().data.id as number);
    }
    vi.restoreAllMocks();
    // The first settles and counts the second as pending; the second then settles and counts.
    const race = whilePausedAt('refund:counted', () => sendRefund(t.db, t.app.gateways, halves[1]!));
    expect(await sendRefund(t.db, t.app.gateways, halves[0]!)).toBe('succeeded');
    expect(await race.competitor).toBe('succeeded');
    const row = await order(oid);
    expect(Number(row.refunded_cny)).toBe(9_800);
    expect(row.status).toBe('refunded');
  });
}
