import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestApp } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import { countOrderRows, listOrderRows, type OrderFilter } from './order-admin.repository.ts';

// Issue 32 (decisions 080, 081) on both engines: batch shipping (a dialog's rows and a CSV),
// cancelling and goods on/off sale, each row its own audited transition, a refused row reported
// in words while the others go on; the size limit; two batches shipping the same orders at once
// ship each once; the order search by the start of a number, player id, email or phone, with `%`
// and `_` taken literally; and who may call each endpoint.

type Report = {
  done: number;
  unchanged: number;
  failed: number;
  list: {
    key: string;
    line: number | null;
    ok: boolean;
    changed: boolean;
    reason: string | null;
    message: string;
  }[];
};

/** A file's lines, as the console sends them. */
const linesOf = (csv: string) => csv.split(/\r\n|\n|\r/);

describe.each(testEngines())('console batch work and prefix search (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let ids: Awaited<ReturnType<typeof shopFixture>>['ids'];
  let hoodie: number;
  let staff: TestOperator;
  let catalogStaff: TestOperator;

  const call = async (
    op: { token: string },
    url: string,
    payload?: object,
    locale: 'en' | 'zh-CN' = 'en',
  ) => {
    const res = await t.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      payload,
      headers: as(op, locale),
    });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  const report = async (op: { token: string }, url: string, payload: object, locale?: 'en' | 'zh-CN') => {
    const res = await call(op, url, payload, locale);
    expect(res.status, res.raw).toBe(200);
    return res.body.data as Report;
  };
  const front = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale: 'en' } });
    return res.json();
  };
  /** A merchandise order (the hoodie, made to ship), paid by balance unless told. */
  const shirt = async (pay = true) => {
    const created = await front('POST', '/api/front/order/create', {
      items: [{ goods_id: hoodie, goods_sku_id: ids.hoodieM, num: 1 }],
    });
    expect(created.msg).toBe('OK');
    const oid = created.data.oid as string;
    // Paid first: shipping to an address is the checkout's part, not this test's.
    if (pay) expect((await front('POST', '/api/front/order/pay', { oid, method: 'balance' })).msg).toBe('OK');
    await t.db
      .updateTable('order_items')
      .set({ ships: 1 })
      .where('order_id', '=', (eb) => eb.selectFrom('orders').select('id').where('oid', '=', oid))
      .execute();
    return oid;
  };
  const audits = (action: string, objectIds: string[]) =>
    t.db
      .selectFrom('audit_log')
      .select(['object_id', 'actor'])
      .where('action', '=', action)
      .where('object_id', 'in', objectIds)
      .execute();
  const oidsOf = async (query: string) => {
    const res = await call(staff, `/api/admin/orders/list?${query}`);
    expect(res.status, res.raw).toBe(200);
    return (res.body.data.list as { oid: string }[]).map((r) => r.oid).sort();
  };

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
    staff = await addOperator(t.db, `batch-orders-${engine}@test.test`, 'staff', ['orders']);
    catalogStaff = await addOperator(t.db, `batch-catalog-${engine}@test.test`, 'staff', ['catalog']);
  });
  afterAll(() => t.close());

  it('ships the orders it can, reports the others in words, one audit entry per shipped order', async () => {
    const paid = [await shirt(), await shirt(), await shirt()];
    const unpaid = await shirt(false);
    await restockCards(t, { goodsId: ids.arena, skuId: ids.arena100, faceValue: null }, 2);
    const card = await front('POST', '/api/front/order/create', {
      items: [{ goods_id: ids.arena, goods_sku_id: ids.arena100, num: 1 }],
    });
    await front('POST', '/api/front/order/pay', { oid: card.data.oid, method: 'balance' });
    const rows = [
      ...paid.map((oid, i) => ({ oid, carrier: 'SF Express', tracking_no: `SF00${i}` })),
      { oid: unpaid, carrier: 'SF Express', tracking_no: 'SF100' },
      { oid: '20990101000000000000', carrier: 'SF Express', tracking_no: 'SF101' },
      { oid: card.data.oid as string, carrier: 'SF Express', tracking_no: 'SF102' },
    ];
    const first = await report(staff, '/api/admin/orders/batch/ship', { rows });
    expect([first.done, first.unchanged, first.failed]).toEqual([3, 0, 3]);
    expect(first.list.map((r) => [r.key, r.ok, r.message])).toEqual([
      [paid[0], true, 'Shipped'],
      [paid[1], true, 'Shipped'],
      [paid[2], true, 'Shipped'],
      [unpaid, false, 'The order is not paid yet; it cannot ship'],
      ['20990101000000000000', false, 'This order does not exist'],
      [card.data.oid, false, 'The order has no goods that ship'],
    ]);
    const entries = await audits(
      'delivery.deliver',
      rows.map((r) => r.oid),
    );
    expect(entries.map((e) => e.object_id).sort()).toEqual([...paid].sort());
    expect(new Set(entries.map((e) => e.actor))).toEqual(new Set([staff.email]));
    const seen = await front('GET', `/api/front/order/detail?oid=${paid[1]}`);
    expect(seen.data.items[0].delivery).toMatchObject({ status: 'delivered', tracking_no: 'SF001' });

    // Again: the same rows change nothing; another tracking number is refused, in Chinese too.
    const again = await report(staff, '/api/admin/orders/batch/ship', { rows: rows.slice(0, 1) });
    expect(again.list[0]).toMatchObject({ ok: true, changed: false });
    const other = await report(
      staff,
      '/api/admin/orders/batch/ship',
      { rows: [{ ...rows[0]!, tracking_no: 'YT999' }] },
      'zh-CN',
    );
    expect(other.list[0]).toMatchObject({ ok: false, message: '订单已发货（物流单号 SF000），不能更改' });
    expect(await audits('delivery.deliver', paid)).toHaveLength(3);
  });

  it('reads a CSV: BOM, header, quotes, blank lines; each bad line says why', async () => {
    const [a, b, c] = [await shirt(), await shirt(), await shirt()];
    const csv = [
      '\uFEFFOrder No,Carrier,Tracking No',
      `${a},"SF Express, Shenzhen",SF1001`,
      '',
      `${b.toLowerCase()},"ZTO ""Express""",ZT2002`,
      `${c},SF`,
      '2099-01-01,SF,SF3',
      '20990101000000000001,SF,SF4',
      `${a},SF,SF5`,
      `${c},SF,has space`,
      '   ',
    ].join('\r\n');
    const res = await report(staff, '/api/admin/orders/batch/ship-csv', { lines: linesOf(csv) });
    expect(res.list.map((r) => [r.line, r.key, r.ok, r.message])).toEqual([
      [2, a, true, 'Shipped'],
      [4, b, true, 'Shipped'],
      [5, c, false, 'Needs 3 columns (order number, carrier, tracking number); this line has 2'],
      [6, '2099-01-01', false, '“2099-01-01” is not an order number'],
      [7, '20990101000000000001', false, 'This order does not exist'],
      [8, a, false, 'This order is on line 2 already'],
      [9, c, false, 'The tracking number must be 1–64 letters, digits or signs, without spaces'],
    ]);
    const seen = await front('GET', `/api/front/order/detail?oid=${b}`);
    expect(seen.data.items[0].delivery).toMatchObject({ note: 'ZTO "Express"', tracking_no: 'ZT2002' });
    expect(await audits('delivery.deliver', [a, b, c])).toHaveLength(2);

    // Tabs from a spreadsheet, no header; an unclosed quote refuses the file, naming its line.
    const tabbed = await report(staff, '/api/admin/orders/batch/ship-csv', {
      lines: linesOf(`${c}\tYTO\tYT3003\n`),
    });
    expect(tabbed.list).toMatchObject([{ line: 1, key: c, ok: true, changed: true }]);
    const broken = await call(staff, '/api/admin/orders/batch/ship-csv', {
      lines: linesOf(`${c},SF,SF1\n${a},"SF,SF2\n`),
    });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toBe('The CSV file cannot be read: the quote on line 2 is never closed');
    const empty = await call(staff, '/api/admin/orders/batch/ship-csv', {
      lines: linesOf('order no,carrier,tracking no\n\n'),
    });
    expect([empty.status, empty.body.msg]).toEqual([400, 'The file has no lines to ship']);
  });

  it('refuses a batch above 200 rows in words, and changes nothing', async () => {
    const oid = await shirt();
    const rows = Array.from({ length: 201 }, () => ({ oid, carrier: 'SF', tracking_no: 'SF1' }));
    const big = await call(staff, '/api/admin/orders/batch/ship', { rows });
    expect(big.status).toBe(400);
    expect(big.body.msg).toMatch(/200/);
    const csv = Array.from({ length: 201 }, (_, i) => `${oid},SF,SF${i}`).join('\n');
    const file = await call(staff, '/api/admin/orders/batch/ship-csv', { lines: linesOf(csv) }, 'zh-CN');
    expect(file.status).toBe(400);
    expect(file.body.msg).toBe('一次最多处理 200 行，这里有 201 行，请分批处理');
    const long = await call(staff, '/api/admin/orders/batch/ship-csv', { lines: Array(1001).fill('') });
    expect(long.status).toBe(400);
    const cancel = await call(staff, '/api/admin/orders/batch/cancel', {
      oids: Array.from({ length: 201 }, () => oid),
      reason: 'x',
    });
    expect(cancel.status).toBe(400);
    expect(await audits('delivery.deliver', [oid])).toHaveLength(0);
  });

  it('two batches shipping the same orders at once ship each order once', async () => {
    const oids = [await shirt(), await shirt(), await shirt(), await shirt()];
    const rows = oids.map((oid) => ({ oid, carrier: 'SF Express', tracking_no: `C${oid.slice(-6)}` }));
    const csv = rows.map((r) => `${r.oid},${r.carrier},${r.tracking_no}`).join('\n');
    const [x, y] = await Promise.all([
      report(staff, '/api/admin/orders/batch/ship', { rows }),
      report(staff, '/api/admin/orders/batch/ship-csv', { lines: linesOf(csv) }),
    ]);
    expect(x.done + y.done).toBe(4);
    expect(x.failed + y.failed).toBe(0);
    const entries = await audits('delivery.deliver', oids);
    expect(entries.map((e) => e.object_id).sort()).toEqual([...oids].sort());
    const deliveries = await t.db
      .selectFrom('deliveries as d')
      .innerJoin('order_items as i', 'i.id', 'd.order_item_id')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['o.oid', 'd.status', 'o.status as order_status'])
      .where('o.oid', 'in', oids)
      .execute();
    expect(deliveries).toHaveLength(4);
    expect(new Set(deliveries.map((d) => `${d.status}/${d.order_status}`))).toEqual(
      new Set(['delivered/completed']),
    );
  });

  it('cancels unpaid orders; a paid one is refused and reported; each cancel audited once', async () => {
    const [u1, u2, paid] = [await shirt(false), await shirt(false), await shirt()];
    const res = await report(staff, '/api/admin/orders/batch/cancel', {
      oids: [u1, paid, u2],
      reason: 'Batch',
    });
    expect(res.list.map((r) => [r.key, r.ok, r.message])).toEqual([
      [u1, true, 'Cancelled'],
      [paid, false, expect.any(String)],
      [u2, true, 'Cancelled'],
    ]);
    expect(res.list[1]!.reason).toBe('order_not_cancellable');
    const again = await report(staff, '/api/admin/orders/batch/cancel', { oids: [u1], reason: 'Batch' });
    expect(again.list[0]).toMatchObject({
      ok: true,
      changed: false,
      message: 'Cancelled before; nothing changed',
    });
    expect((await audits('order.cancel', [u1, u2, paid])).map((e) => e.object_id).sort()).toEqual(
      [u1, u2].sort(),
    );
  });

  it('puts goods on and off sale in a batch; an unknown one is reported', async () => {
    const goods = [ids.saga, ids.arena].map(String);
    const off = await report(catalogStaff, '/api/admin/catalog/goods/batch-sale', {
      ids: [ids.saga, 999_999, ids.arena],
      on_sale: 0,
    });
    expect(off.list.map((r) => [r.key, r.ok, r.changed])).toEqual([
      [String(ids.saga), true, true],
      ['999999', false, false],
      [String(ids.arena), true, true],
    ]);
    expect(off.list[1]!.message).toBe('This goods does not exist');
    const again = await report(catalogStaff, '/api/admin/catalog/goods/batch-sale', {
      ids: [ids.saga],
      on_sale: 0,
    });
    expect(again.list[0]).toMatchObject({
      ok: true,
      changed: false,
      message: 'Off sale already; nothing changed',
    });
    const on = await report(catalogStaff, '/api/admin/catalog/goods/batch-sale', {
      ids: [ids.saga, ids.arena],
      on_sale: 1,
    });
    expect(on.done).toBe(2);
    expect(await audits('goods.off_sale', goods)).toHaveLength(2);
    expect(await audits('goods.on_sale', goods)).toHaveLength(2);
    const rows = await t.db
      .selectFrom('goods')
      .select('on_sale')
      .where('id', 'in', [ids.saga, ids.arena])
      .execute();
    expect(rows.map((r) => Number(r.on_sale))).toEqual([1, 1]);
  });

  it('finds orders by the start of the number, player id, email (any case) or phone; % and _ are letters', async () => {
    const a = await shirt(false);
    const b = await shirt(false);
    // Order number: a prefix finds it; the whole number too; lower case is the same number.
    expect(await oidsOf(`oid_prefix=${a.slice(0, 18)}`)).toContain(a);
    expect(await oidsOf(`oid_prefix=${a.toLowerCase()}`)).toEqual([a]);
    expect(await oidsOf(`oid=${a}`)).toEqual([a]);
    expect(await oidsOf('oid_prefix=1999')).toEqual([]);

    const itemOrder = async (oid: string) =>
      Number(
        (await t.db.selectFrom('orders').select('id').where('oid', '=', oid).executeTakeFirstOrThrow()).id,
      );
    // Player ids (set on the items: the demo supplier knows digits only).
    const itemOf = async (oid: string) =>
      Number(
        (
          await t.db
            .selectFrom('order_items as i')
            .innerJoin('orders as o', 'o.id', 'i.order_id')
            .select('i.id')
            .where('o.oid', '=', oid)
            .executeTakeFirstOrThrow()
        ).id,
      );
    await t.db
      .updateTable('order_items')
      .set({ player_id: '9_1%5' })
      .where('id', '=', await itemOf(a))
      .execute();
    await t.db
      .updateTable('order_items')
      .set({ player_id: '9x1y5' })
      .where('id', '=', await itemOf(b))
      .execute();
    expect(await oidsOf('player_prefix=9')).toEqual([a, b].sort());
    expect(await oidsOf(`player_prefix=${encodeURIComponent('9_1%')}`)).toEqual([a]);
    expect(await oidsOf(`player_prefix=${encodeURIComponent('9_')}`)).toEqual([a]);
    expect(await oidsOf('player_prefix=9x')).toEqual([b]);
    expect(await oidsOf(`player_id=${encodeURIComponent('9_1%5')}`)).toEqual([a]);
    expect(await oidsOf(`player_id=${encodeURIComponent('9_1%')}`)).toEqual([]);

    // The buyer's email (stored lower-case) in any case, and phone; the other filters still apply.
    await t.db
      .updateTable('users')
      .set({ email: 'batch_buyer%x@demo.test', phone: '13912345678' })
      .where('id', '=', buyerId)
      .execute();
    const mine = await oidsOf(`buyer_prefix=${encodeURIComponent('BATCH_Buyer%')}&oid_prefix=${a}`);
    expect(mine).toEqual([a]);
    expect(await oidsOf(`buyer_prefix=${encodeURIComponent('batch_buyer_')}`)).toEqual([]);
    expect(await oidsOf(`buyer_prefix=${encodeURIComponent('batchXbuyer')}`)).toEqual([]);
    expect(await oidsOf(`buyer_prefix=139123&oid_prefix=${b}`)).toEqual([b]);
    expect(await oidsOf(`buyer_prefix=139124`)).toEqual([]);
    expect(await oidsOf(`buyer=13912345678&oid=${b}`)).toEqual([b]);
    expect(await oidsOf(`buyer_prefix=139123&status=completed&oid_prefix=${b}`)).toEqual([]);

    // A prefix matching more than the count's cap is filtered inside the query instead of by ids:
    // the same answers (called directly: a test shop has no 10,001 orders).
    const direct = async (f: OrderFilter) => {
      const rows = await listOrderRows(t.db, f, 'created_at', 'desc', 0, 100);
      const count = await countOrderRows(t.db, f, 'created_at', 10_000);
      expect(count).toBe(rows.length);
      return rows.map((r) => r.oid).sort();
    };
    expect(await direct({ oidPrefix: a.slice(0, 19) })).toContain(a);
    expect(await direct({ oidPrefix: a })).toEqual([a]);
    expect(await direct({ playerPrefix: '9_1%' })).toEqual([a]);
    expect(await direct({ playerPrefix: '9' })).toEqual([a, b].sort());
    expect(await direct({ buyerPrefix: 'BATCH_BUYER%', oidPrefix: b })).toEqual([b]);
    expect(await direct({ buyerPrefix: 'batch_buyer_' })).toEqual([]);
    expect(await direct({ buyerPrefix: '139123', orderIds: [await itemOrder(a)] })).toEqual([a]);

    // Not an order number's letters: refused in words.
    const bad = await call(staff, `/api/admin/orders/list?oid_prefix=${encodeURIComponent('20%')}`);
    expect(bad.status).toBe(400);
  });

  it('lets only operators with the permission call each batch endpoint', async () => {
    const oid = await shirt();
    const order = [
      ['/api/admin/orders/batch/ship', { rows: [{ oid, carrier: 'SF', tracking_no: 'P1' }] }],
      ['/api/admin/orders/batch/ship-csv', { lines: [`${oid},SF,P1`] }],
      ['/api/admin/orders/batch/cancel', { oids: [oid], reason: 'x' }],
    ] as const;
    for (const [url, body] of order) {
      expect((await call(catalogStaff, url, body)).status, url).toBe(403);
      const anonymous = await t.app.inject({ method: 'POST', url, payload: body });
      expect(anonymous.statusCode, url).toBe(401);
    }
    const sale = await call(staff, '/api/admin/catalog/goods/batch-sale', { ids: [ids.saga], on_sale: 0 });
    expect(sale.status).toBe(403);
    expect(await audits('delivery.deliver', [oid])).toHaveLength(0);
  });
});
