import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../../test/helpers.ts';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { BOM, csvCell, csvDocument, knownTimeZone, zonedDateTime } from './card-csv.ts';
import { importCardKeys } from './card-keys.service.ts';

// Issue 12 (decision 034): all of a buyer's card keys in one list, a whole order revealed at once,
// and the revealed keys as CSV.

describe('card key CSV', () => {
  it('defuses formula starts, quotes what needs quoting, and leaves plain cells alone', () => {
    expect(csvCell('DEMO-1-S2-ABCD')).toBe('DEMO-1-S2-ABCD');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+86')).toBe("'+86");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('a,b"c')).toBe('"a,b""c"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('a-b=c')).toBe('a-b=c'); // only the start of a cell makes a formula
    expect(csvDocument([['a', 'b'], ['c']])).toBe(`${BOM}a,b\r\nc\r\n`);
  });

  it('writes times in a known zone, and UTC for an unknown one', () => {
    const t = Date.UTC(2026, 0, 2, 23, 4, 5);
    expect(zonedDateTime(t, 'UTC')).toBe('2026-01-02 23:04:05');
    expect(zonedDateTime(t, 'Asia/Shanghai')).toBe('2026-01-03 07:04:05');
    expect(knownTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(knownTimeZone('Mars/Olympus')).toBe('UTC');
    expect(knownTimeZone(undefined)).toBe('UTC');
  });
});

type Key = {
  id: number;
  oid: string;
  goods_name: string;
  spec: string;
  revealed: boolean;
  delivered_at: number;
  order_keys: number;
};

describe.each(testEngines())('all card keys of a buyer (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let buyerId: number;
  let other: string;
  let arena: number;
  let arena100: number;
  let retired: number;
  let retiredSku: number;
  /** Buyer's orders, oldest delivery first: B (1 retired key), C (3 arena keys), A (2 arena keys). */
  const oids = { A: '', B: '', C: '', E: '', D: '' };

  const call = async (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    locale = 'en',
  ) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: token, locale } });
    return {
      status: res.statusCode,
      body: res.body.startsWith(BOM) ? null : res.json(),
      raw: res.body,
      headers: res.headers,
    };
  };
  const create = async (token: string, goods_id: number, goods_sku_id: number, num: number) => {
    const res = await call(token, 'POST', '/api/front/order/create', {
      items: [{ goods_id, goods_sku_id, num }],
    });
    expect(res.status, res.raw).toBe(200);
    return res.body.data.oid as string;
  };
  const pay = async (token: string, oid: string) => {
    const res = await call(token, 'POST', '/api/front/order/pay', { oid, method: 'balance' });
    expect(res.body.data?.status, res.raw).toBe('completed');
    // Deliveries a few milliseconds apart: the list's order is the delivery order.
    await new Promise((r) => setTimeout(r, 5));
  };
  const list = async (query: string, token = buyer, locale = 'en') =>
    call(token, 'GET', `/api/front/order/card${query}`, undefined, locale);
  const reveals = (via?: 'key' | 'order' | 'export') => {
    let query = t.db.selectFrom('card_key_reveals').select(['card_key_id', 'user_id', 'via', 'ip']);
    if (via) query = query.where('via', '=', via);
    return query.execute();
  };

  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    ({ arena, arena100, retired, retiredSku } = shop.ids);
    buyer = shop.buyer;
    buyerId = shop.buyerId;
    other = await shop.register('card-list-other@demo.test');
    await t.db.updateTable('users').set({ balance: 1_000_000 }).execute();
    await t.db
      .insertInto('wallet_ledger')
      .values(
        (await t.db.selectFrom('users').select(['id', 'balance']).execute()).map((u) => ({
          user_id: Number(u.id),
          type: 'adjustment' as const,
          amount: 1_000_000,
          balance_before: 0,
          balance_after: 1_000_000,
          ref: 'test',
          idempotency_key: `card-list-fund-${u.id}`,
          created_at: 0,
        })),
      )
      .execute();
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 7);
    await restockCards(t, { goodsId: retired, skuId: retiredSku, faceValue: null }, 1);

    // Created A, B, C but paid B, C, A: A is the newest delivery though the oldest order.
    oids.A = await create(buyer, arena, arena100, 2);
    oids.B = await create(buyer, retired, retiredSku, 1);
    oids.C = await create(buyer, arena, arena100, 3);
    await pay(buyer, oids.B);
    await pay(buyer, oids.C);
    oids.D = await create(other, arena, arena100, 1);
    await pay(other, oids.D);
    await pay(buyer, oids.A);
    // Unpaid: its key is reserved, not delivered, so it is in no list.
    oids.E = await create(buyer, arena, arena100, 1);
  });
  afterAll(() => t.close());

  it('lists every delivered key newest delivery first, an order\u2019s keys together, page by page', async () => {
    const all = await list('?limit=100');
    expect(all.status).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const keys = all.body.data.list as Key[];
    expect(all.body.data.total).toBe(6);
    expect(keys.map((k) => k.oid)).toEqual([oids.A, oids.A, oids.C, oids.C, oids.C, oids.B]);
    expect(keys.map((k) => k.order_keys)).toEqual([2, 2, 3, 3, 3, 1]);
    // Within an order, in the order the keys were delivered.
    expect(keys[0]!.id).toBeLessThan(keys[1]!.id);
    expect(keys[2]!.id).toBeLessThan(keys[3]!.id);
    expect(keys[0]).toMatchObject({ goods_name: 'Arena Gift Card', spec: '100 CNY', revealed: false });
    expect(keys[5]).toMatchObject({ goods_name: 'Retired goods', spec: 'Default' });
    expect(keys[0]!.delivered_at).toBeGreaterThan(keys[2]!.delivered_at);
    expect(keys[2]!.delivered_at).toBeGreaterThan(keys[5]!.delivered_at);
    // Nothing secret in a list.
    expect(all.raw).not.toMatch(/DEMO-|secret/);

    // The buyer's language.
    const zh = (await list('?limit=1', buyer, 'zh-CN')).body.data.list[0] as Key;
    expect(zh).toMatchObject({ goods_name: '竞技点卡', spec: '100元' });

    // Pages continue where the last one stopped; past the end, an empty page with the total.
    const page1 = (await list('?page=1&limit=4')).body.data;
    const page2 = (await list('?page=2&limit=4')).body.data;
    const page3 = (await list('?page=3&limit=4')).body.data;
    expect([...page1.list, ...page2.list].map((k: Key) => k.id)).toEqual(keys.map((k) => k.id));
    expect([page1.total, page2.total, page3.total]).toEqual([6, 6, 6]);
    expect(page3.list).toEqual([]);
    expect(page2).toMatchObject({ page: 2, limit: 4 });
    expect((await list('')).body.data.limit).toBe(20);
  });

  it('keeps the one-order list as it was: that order\u2019s keys only, keyword or not', async () => {
    const one = await list(`?oid=${oids.C}&keyword=nothing-matches`);
    expect(one.body.data.total).toBe(3);
    expect(one.body.data.list.map((k: Key) => k.oid)).toEqual([oids.C, oids.C, oids.C]);
    expect((await list(`?oid=${oids.E}`)).body.data.total).toBe(0);
  });

  it('searches goods names in either language and order numbers, literally', async () => {
    const total = async (keyword: string) =>
      (await list(`?keyword=${encodeURIComponent(keyword)}`)).body.data.total as number;
    expect(await total('arena')).toBe(5);
    expect(await total('  ARENA gift ')).toBe(5);
    expect(await total('竞技')).toBe(5);
    expect(await total('retired')).toBe(1);
    expect(await total('停售')).toBe(1);
    expect(await total(oids.A.slice(3, 12).toLowerCase())).toBe(2);
    expect(await total(oids.B)).toBe(1);
    // Wildcards and quotes are characters to find, not SQL.
    expect(await total('%')).toBe(0);
    expect(await total('_')).toBe(0);
    expect(await total("' or 1=1 --")).toBe(0);
    expect(await total('Arena%Card')).toBe(0);
    expect(await total('')).toBe(6);
    // Another buyer's order number finds nothing.
    expect(await total(oids.D)).toBe(0);
    const long = await list(`?keyword=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('Search keyword must be at most 100 characters');
  });

  it('bounds page and limit with a message naming the field', async () => {
    const bad = async (query: string) => {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      return res.body.msg as string;
    };
    expect(await bad('?limit=0')).toBe('Page size must be at least 1');
    expect(await bad('?limit=101')).toBe('Page size must be at most 100');
    expect(await bad('?page=0')).toBe('Page must be at least 1');
    expect((await list('?limit=100')).status).toBe(200);
    expect((await list('?limit=101', buyer, 'zh-CN')).body.msg).toBe('每页条数不能大于 100');
  });

  it('needs a login, and never shows another buyer\u2019s keys', async () => {
    for (const [method, url] of [
      ['GET', '/api/front/order/card'],
      ['POST', '/api/front/order/card/reveal_all'],
      ['GET', '/api/front/order/card/export'],
    ] as const) {
      const res = await call('', method, url, method === 'POST' ? { oid: oids.A } : undefined);
      expect(res.status, url).toBe(401);
      expect(res.body.msg).toBe('Please log in first');
    }
    const theirs = (await list('?limit=100', other)).body.data;
    expect(theirs.total).toBe(1);
    expect(theirs.list.map((k: Key) => k.oid)).toEqual([oids.D]);
    const mine = (await list('?limit=100')).body.data.list as Key[];
    expect(mine.some((k) => k.oid === oids.D)).toBe(false);

    // One order's list: another buyer's order, or no such order, is "not found" in either language.
    for (const [oid, locale, msg] of [
      [oids.A, 'en', 'This order does not exist'],
      [oids.A, 'zh-CN', '订单不存在'],
      ['20990101000000000000', 'en', 'This order does not exist'],
    ] as const) {
      const res = await list(`?oid=${oid}`, other, locale);
      expect(res.status, oid).toBe(404);
      expect(res.body).toEqual({ code: 404, msg, data: null });
    }
    // Their own order without delivered keys (unpaid) is an empty list, as before.
    expect((await list(`?oid=${oids.E}`)).body.data).toMatchObject({ total: 0, list: [] });

    const before = (await reveals()).length;
    const foreign = await call(other, 'POST', '/api/front/order/card/reveal_all', { oid: oids.A });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('This order has no card keys to show');
    expect(foreign.raw).not.toMatch(/DEMO-/);
    expect((await reveals()).length).toBe(before);
  });

  it('reveals all keys of one order in one call, recording each reveal', async () => {
    const shown = await call(buyer, 'POST', '/api/front/order/card/reveal_all', { oid: oids.C });
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    const listed = (await list(`?oid=${oids.C}`)).body.data.list as Key[];
    expect(shown.body.data.oid).toBe(oids.C);
    expect(shown.body.data.list.map((k: { id: number }) => k.id)).toEqual(listed.map((k) => k.id));
    for (const k of shown.body.data.list) expect(k.secret).toMatch(/^DEMO-/);
    expect(new Set(shown.body.data.list.map((k: { secret: string }) => k.secret)).size).toBe(3);
    // The one-key reveal gives the same secret.
    const one = await call(buyer, 'POST', '/api/front/order/card/reveal', { id: listed[1]!.id });
    expect(one.body.data.secret).toBe(shown.body.data.list[1].secret);

    const byOrder = await reveals('order');
    expect(byOrder.map((r) => Number(r.card_key_id)).sort()).toEqual(listed.map((k) => k.id).sort());
    expect(byOrder.every((r) => Number(r.user_id) === buyerId && r.ip !== '')).toBe(true);
    expect((await reveals('key')).map((r) => Number(r.card_key_id))).toEqual([listed[1]!.id]);
    // Again: recorded again.
    await call(buyer, 'POST', '/api/front/order/card/reveal_all', { oid: oids.C });
    expect(await reveals('order')).toHaveLength(6);

    const all = (await list('?limit=100')).body.data.list as Key[];
    expect(all.filter((k) => k.revealed).map((k) => k.oid)).toEqual([oids.C, oids.C, oids.C]);

    const unpaid = await call(buyer, 'POST', '/api/front/order/card/reveal_all', { oid: oids.E });
    expect(unpaid.status).toBe(404);
    const malformed = await call(buyer, 'POST', '/api/front/order/card/reveal_all', { oid: 'abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('Order number is not in the right format');
  });

  it('exports only revealed keys as CSV for spreadsheets, formula starts defused, each recorded', async () => {
    // An order whose keys look like formulas.
    const nasty = ['=HYPERLINK("http://evil.test","x")', '+1+1', '-2', '@SUM(A1)', 'a,b"c', 'PLAIN-KEY'];
    const option = { goodsId: retired, skuId: retiredSku, faceValue: null };
    await restockCards(t, option, 0);
    await t.db.transaction().execute((trx) => importCardKeys(trx, t.app.cardCipher, option, nasty));
    const oid = await create(buyer, retired, retiredSku, nasty.length);
    await pay(buyer, oid);
    await call(buyer, 'POST', '/api/front/order/card/reveal_all', { oid });

    const before = (await reveals('export')).length;
    const res = await call(buyer, 'GET', '/api/front/order/card/export?tz=Asia/Shanghai');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const today = zonedDateTime(Date.now(), 'Asia/Shanghai').slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="card-keys-${today}.csv"`);
    expect(res.raw.startsWith(BOM)).toBe(true);
    const lines = res.raw.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('Order number,Delivered at (Asia/Shanghai),Goods,Option,Card key');
    // Newest first: the formula order, then C's three keys; A and B were never revealed.
    expect(lines).toHaveLength(1 + nasty.length + 3);
    const sold = await t.db
      .selectFrom('card_keys as k')
      .innerJoin('order_items as i', 'i.id', 'k.order_item_id')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['o.oid', 'k.sold_at'])
      .where('o.oid', '=', oid)
      .executeTakeFirstOrThrow();
    const shanghai = new Date(Number(sold.sold_at) + 8 * 3600_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    expect(lines.slice(1, 1 + nasty.length)).toEqual([
      `${oid},${shanghai},Retired goods,Default,"'=HYPERLINK(""http://evil.test"",""x"")"`,
      `${oid},${shanghai},Retired goods,Default,'+1+1`,
      `${oid},${shanghai},Retired goods,Default,'-2`,
      `${oid},${shanghai},Retired goods,Default,'@SUM(A1)`,
      `${oid},${shanghai},Retired goods,Default,"a,b""c"`,
      `${oid},${shanghai},Retired goods,Default,PLAIN-KEY`,
    ]);
    const cSecrets = (await call(buyer, 'POST', '/api/front/order/card/reveal_all', { oid: oids.C })).body
      .data.list as { secret: string }[];
    expect(lines.slice(1 + nasty.length).map((l) => l.split(','))).toEqual(
      cSecrets.map((k) => [
        oids.C,
        expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        'Arena Gift Card',
        '100 CNY',
        k.secret,
      ]),
    );
    expect(res.raw).not.toContain(oids.A);
    expect(res.raw).not.toContain(oids.B);
    expect(res.headers['x-card-count']).toBe(String(nasty.length + 3));
    expect((await reveals('export')).length).toBe(before + nasty.length + 3);

    // A key revealed on its own joins the export; in Chinese, with UTC for an unknown zone.
    const a = (await list(`?oid=${oids.A}`)).body.data.list as Key[];
    await call(buyer, 'POST', '/api/front/order/card/reveal', { id: a[0]!.id });
    const zh = await call(buyer, 'GET', '/api/front/order/card/export?tz=Mars/Olympus', undefined, 'zh-CN');
    const zhLines = zh.raw.slice(1).trimEnd().split('\r\n');
    expect(zhLines[0]).toBe('订单号,发放时间（UTC）,商品,规格,卡密');
    expect(zhLines).toHaveLength(1 + nasty.length + 3 + 1);
    // Between the formula order (newest) and C: A's one revealed key.
    const aLine = zhLines[1 + nasty.length]!;
    expect(aLine.startsWith(`${oids.A},`)).toBe(true);
    expect(aLine).toContain('竞技点卡,100元,DEMO-');
    expect((await call(buyer, 'GET', '/api/front/order/card/export?tz=a%20b')).status).toBe(400);

    // Another buyer's export holds only the heading: nothing of theirs was revealed.
    const theirs = await call(other, 'GET', '/api/front/order/card/export');
    expect(theirs.raw).toBe(`${BOM}Order number,Delivered at (UTC),Goods,Option,Card key\r\n`);
  });
});
