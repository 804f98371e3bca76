import type { CartLine } from '@shop/contract/cart';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../../test/helpers.ts';
import { shopFixture } from '../../../test/shop-fixture.ts';

describe.each(testEngines())('cart (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  // Fixture ids (looked up, not assumed).
  let saga: number; // direct top-up, face values 60/300/6480, two servers
  let arena: number; // card keys: SKU 100元 stock 5, SKU 200元 stock 0
  let arena100: number;
  let arena200: number;
  let hoodieM: number;
  let retired: number;
  let retiredSku: number;
  let official: number;
  let global: number;

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    payload?: unknown,
    headers = {},
  ) => {
    const res = await t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...(token ? { authorization: token } : {}), ...headers },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const add = (token: string, items: object[], extra: object = {}) =>
    call('POST', '/api/front/goods/cart/add', token, { items, is_buy_now: 0, ...extra }, { locale: 'en' });
  const show = (token: string, headers: Record<string, string> = {}) =>
    call('GET', '/api/front/goods/cart/show', token, undefined, headers);
  const update = (token: string, id: unknown, num: unknown) =>
    call('POST', '/api/front/goods/cart/update', token, { id, num }, { locale: 'en' });
  const remove = (token: string, id: unknown) => call('POST', '/api/front/goods/cart/remove', token, { id });
  const sagaItem = (over: object = {}) => ({
    goods_id: saga,
    goods_sku_id: 0,
    num: 1,
    face_value: 60,
    currency: 'CNY',
    price: '6.00',
    player_id: 'Player1',
    server_id: official,
    server: 'Official',
    ...over,
  });
  const arenaItem = (over: object = {}) => ({
    goods_id: arena,
    goods_sku_id: arena100,
    num: 1,
    face_value: '',
    currency: 'CNY',
    price: '98.00',
    player_id: '',
    server_id: '',
    server: '',
    ...over,
  });
  const clear = async (token: string) => {
    const { body } = await show(token);
    if (body.data.length)
      await remove(
        token,
        body.data.map((l: { id: number }) => l.id),
      );
  };

  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    ({ saga, arena, arena100, arena200, hoodieM, retired, retiredSku, official, global } = shop.ids);
    buyer = shop.buyer;
    other = await shop.register('other@demo.test');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await clear(buyer);
    await clear(other);
  });

  it('needs a login for every cart call', async () => {
    for (const [method, url] of [
      ['GET', '/api/front/goods/cart/show'],
      ['GET', '/api/front/goods/cart/count'],
      ['POST', '/api/front/goods/cart/add'],
      ['POST', '/api/front/goods/cart/update'],
      ['POST', '/api/front/goods/cart/remove'],
    ] as const) {
      const res = await call(method, url, null, method === 'POST' ? {} : undefined);
      expect(res.status, url).toBe(401);
      expect(res.body.msg).toBe('请先登录');
    }
  });

  it('shows an empty cart with count and total beside data', async () => {
    expect((await show(buyer)).body).toEqual({
      code: 200,
      msg: '成功',
      data: [],
      count: 0,
      total_pay_price: '0.00',
      total_cny: '0.00',
      exchange_rate: '0.138000',
      currency: 'CNY',
    });
    expect((await call('GET', '/api/front/goods/cart/count', buyer)).body.data).toEqual({ count: 0 });
  });

  it('prices every line itself, ignoring a tampered price and currency, in the request currency', async () => {
    const res = await add(buyer, [arenaItem({ num: 2, price: '0.01', currency: 'USD' })]);
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(2);
    const cny = (await show(buyer)).body;
    expect(cny.data).toHaveLength(1);
    expect(cny.data[0]).toMatchObject({
      goods_id: arena,
      goods_sku_id: arena100,
      spec_type: 1,
      face_value: 0,
      num: 2,
      currency: 'CNY',
      price: '98.00',
      total_price: '196.00',
      goods_name: '竞技点卡',
      spec: '100元',
      recharge_type: 1,
      player_id: '',
      server_id: 0,
      stock: 5,
      available: true,
    });
    expect(cny).toMatchObject({ count: 2, total_pay_price: '196.00', currency: 'CNY' });
    // 98.00 CNY × 0.138 = 13.524 → 13.52 USD; the total is the sum of rounded unit prices.
    const usd = (await show(buyer, { currency: 'USD', locale: 'en' })).body;
    expect(usd.data[0]).toMatchObject({
      price: '13.52',
      total_price: '27.04',
      currency: 'USD',
      spec: '100 CNY',
    });
    expect(usd.total_pay_price).toBe('27.04');
    // Decision 031: the CNY an order of it would charge, 27.04 ÷ 0.138 = 195.942 → 195.94.
    expect(usd).toMatchObject({ total_cny: '195.94', exchange_rate: '0.138000' });
  });

  it('merges the same SKU into one line (SPEC §4), and adds a new line for another SKU or goods', async () => {
    const first = await add(buyer, [arenaItem()]);
    const second = await add(buyer, [arenaItem()]);
    expect(second.body.data.ids).toEqual(first.body.data.ids);
    await add(buyer, [sagaItem()]);
    const { body } = await show(buyer);
    expect(body.data.map((l: CartLine) => [l.goods_id, l.num])).toEqual([
      [saga, 1],
      [arena, 2],
    ]);
    expect(body.count).toBe(3);
  });

  it('merges direct top-ups only with the same face value, player and server', async () => {
    await add(buyer, [sagaItem()]);
    await add(buyer, [sagaItem({ player_id: ' Player1 ', server: 'tampered name' })]); // same line
    await add(buyer, [sagaItem({ player_id: 'Player2' })]);
    await add(buyer, [sagaItem({ server_id: global })]);
    await add(buyer, [sagaItem({ face_value: 300 })]);
    await add(buyer, [sagaItem({ face_value: '300', num: '2' })]); // numbers as strings too
    const lines = (await show(buyer, { locale: 'en' })).body.data as CartLine[];
    const summary = lines.map((l) => `${l.face_value}/${l.player_id}/${l.server}/${l.num}`).sort();
    expect(summary).toEqual([
      '300/Player1/Official/3',
      '60/Player1/Global/1',
      '60/Player1/Official/2',
      '60/Player2/Official/1',
    ]);
    // English text, CNY prices: Currency is its own header.
    expect(lines.find((l) => l.face_value === 300)).toMatchObject({ price: '30.00', total_price: '90.00' });
    const usd = (await show(buyer, { currency: 'USD' })).body.data as CartLine[];
    // The explicit USD price of the 300 face value, not a conversion.
    expect(usd.find((l) => l.face_value === 300)).toMatchObject({ price: '4.50', total_price: '13.50' });
  });

  it('refuses bad quantities, unknown or off-sale goods, foreign SKUs, missing top-up fields and short stock', async () => {
    const cases: [object, number, string][] = [
      [arenaItem({ num: 0 }), 400, 'Quantity of item 1 must'],
      [arenaItem({ num: -1 }), 400, 'Quantity of item 1 must'],
      [arenaItem({ num: 1.5 }), 400, 'Quantity of item 1 must'],
      [arenaItem({ num: '2.5' }), 400, 'Quantity of item 1 must'],
      [arenaItem({ num: 100 }), 400, 'Quantity of item 1 must'],
      [arenaItem({ num: 'two' }), 400, 'Quantity of item 1 must'],
      [arenaItem({ goods_id: 99_999 }), 404, 'This product does not exist or is no longer on sale'],
      [arenaItem({ goods_sku_id: hoodieM }), 400, 'This option does not exist or is no longer on sale'],
      [arenaItem({ goods_sku_id: '' }), 400, 'Choose an option'],
      [sagaItem({ face_value: 61 }), 400, 'This value is not offered'],
      [sagaItem({ face_value: '' }), 400, 'Choose a value'],
      [sagaItem({ player_id: '  ' }), 400, 'Enter the player ID'],
      [sagaItem({ server_id: '' }), 400, 'Choose a server'],
      [sagaItem({ server_id: 99_999 }), 400, 'This game has no such server'],
      [sagaItem({ player_id: 'x'.repeat(65) }), 400, 'Player ID of item 1 must be at most 64 characters'],
      [arenaItem({ goods_sku_id: arena200 }), 400, 'Not enough stock: only 0 left'],
      [arenaItem({ num: 6 }), 400, 'Not enough stock: only 5 left'],
    ];
    for (const [item, status, msg] of cases) {
      const res = await add(buyer, [item]);
      expect(res.status, JSON.stringify(item)).toBe(status);
      expect(res.body.msg, JSON.stringify(item)).toContain(msg);
    }
    await t.db.updateTable('goods').set({ on_sale: 0 }).where('id', '=', retired).execute();
    const off = await add(buyer, [arenaItem({ goods_id: retired, goods_sku_id: retiredSku })]);
    await t.db.updateTable('goods').set({ on_sale: 1 }).where('id', '=', retired).execute();
    expect(off.status).toBe(404);
    expect((await add(buyer, [])).status).toBe(400);
    expect(
      (
        await add(
          buyer,
          Array.from({ length: 21 }, () => arenaItem()),
        )
      ).status,
    ).toBe(400);
    expect((await show(buyer)).body.data).toEqual([]);
  });

  it('adds all items or none, and never grows a line past its stock or 99', async () => {
    const mixed = await add(buyer, [arenaItem(), sagaItem({ face_value: 61 })]);
    expect(mixed.status).toBe(400);
    expect((await show(buyer)).body.data).toEqual([]);

    await add(buyer, [arenaItem({ num: 4 })]);
    const over = await add(buyer, [arenaItem({ num: 2 })]);
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('Not enough stock: only 5 left');
    expect((await show(buyer)).body.data[0].num).toBe(4);

    await add(buyer, [sagaItem({ num: 99 })]);
    const past = await add(buyer, [sagaItem()]);
    expect(past.status).toBe(400);
    expect(past.body.msg).toBe('At most 99 of one item');
    const lines = (await show(buyer)).body;
    expect(lines.data.map((l: CartLine) => l.num)).toEqual([99, 4]);
    expect(lines.count).toBe(103);
  });

  it('updates and removes only the user’s own lines', async () => {
    const mine = (await add(buyer, [arenaItem()])).body.data.ids[0];
    const theirs = (await add(other, [sagaItem()])).body.data.ids[0];

    const ok = await update(buyer, mine, 3);
    expect(ok.body.data).toEqual({ id: mine, num: 3, count: 3 });
    for (const num of [0, -2, 1.5, 100, '3.5']) expect((await update(buyer, mine, num)).status).toBe(400);
    const short = await update(buyer, mine, 6);
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('Not enough stock: only 5 left');

    const foreign = await update(buyer, theirs, 5);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('This item is not in your cart');
    expect((await remove(buyer, theirs)).status).toBe(404);
    expect((await remove(buyer, [mine, theirs])).status).toBe(404); // all or nothing
    expect((await show(other)).body.data[0]).toMatchObject({ id: theirs, num: 1 });
    expect((await show(buyer)).body.data[0]).toMatchObject({ id: mine, num: 3 });

    expect((await remove(buyer, mine)).status).toBe(200);
    expect((await remove(buyer, mine)).status).toBe(404);
    expect((await show(buyer)).body.count).toBe(0);
  });

  it('merges 20 concurrent adds of one item into one line of 20', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => add(buyer, [sagaItem({ player_id: 'Racer01' })])),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const lines = (await show(buyer)).body.data;
    expect(lines).toHaveLength(1);
    expect(lines[0].num).toBe(20);
    expect(new Set(results.map((r) => r.body.data.ids[0])).size).toBe(1);
  });

  it('never lets concurrent adds pass the stock', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => add(buyer, [arenaItem()])));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    expect((await show(buyer)).body.data[0].num).toBe(5);
  });

  it('keeps buy-now items out of the cart, one line per item, replaced on each buy now', async () => {
    await add(buyer, [arenaItem()]);
    const now1 = await add(buyer, [arenaItem({ num: 2 })], { is_buy_now: 1 });
    const now2 = await add(buyer, [arenaItem({ num: 3 })], { is_buy_now: 1 });
    expect(now2.body.data.ids).toEqual(now1.body.data.ids);
    const rows = await t.db
      .selectFrom('cart_items')
      .select(['num', 'is_buy_now'])
      .where('id', '=', now1.body.data.ids[0])
      .execute();
    expect(rows).toEqual([{ num: 3, is_buy_now: 1 }]);
    const cart = (await show(buyer)).body;
    expect(cart.data).toHaveLength(1);
    expect(cart.count).toBe(1);
    expect((await update(buyer, now1.body.data.ids[0], 1)).status).toBe(404);
    await t.db.deleteFrom('cart_items').where('is_buy_now', '=', 1).execute();
  });

  it('marks lines that went off sale or out of stock and leaves them out of the total', async () => {
    await add(buyer, [arenaItem({ num: 2 }), sagaItem()]);
    await t.db.updateTable('goods_skus').set({ stock: 1 }).where('id', '=', arena100).execute();
    const cart = (await show(buyer)).body;
    await t.db.updateTable('goods_skus').set({ stock: 5 }).where('id', '=', arena100).execute();
    expect(cart.data.map((l: CartLine) => [l.goods_id, l.available])).toEqual([
      [saga, true],
      [arena, false],
    ]);
    expect(cart.total_pay_price).toBe('6.00');
    expect(cart.count).toBe(3);
    // Lowering the quantity of a short line is allowed; raising it is not.
    const line = cart.data[1].id;
    await t.db.updateTable('goods_skus').set({ stock: 1 }).where('id', '=', arena100).execute();
    expect((await update(buyer, line, 1)).status).toBe(200);
    expect((await update(buyer, line, 2)).status).toBe(400);
    await t.db.updateTable('goods_skus').set({ stock: 5 }).where('id', '=', arena100).execute();
  });

  it('holds at most 100 lines', async () => {
    for (let i = 0; i < 100; i++)
      expect((await add(buyer, [sagaItem({ player_id: `Player${i}` })])).status).toBe(200);
    const full = await add(buyer, [sagaItem({ player_id: 'Player100' })]);
    expect(full.status).toBe(400);
    expect(full.body.msg).toBe('The cart holds at most 100 lines; check out or remove some first');
    // Merging into an existing line still works.
    expect((await add(buyer, [sagaItem({ player_id: 'Player7' })])).status).toBe(200);
    expect((await show(buyer)).body.count).toBe(101);
  });
});
