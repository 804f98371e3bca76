import { ADDRESS_MAX } from '@shop/domain/address';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestApp } from '../../../test/helpers.ts';
import { shopFixture } from '../../../test/shop-fixture.ts';
import { cardMailSubject, renderMessage } from '../fulfilment/card-mail.ts';
import { runDeliveryCommand } from '../../commands/deliver.ts';

// Issue 12 (decision 030): the buyer's address book, and goods that ship are paid only with an
// address copied onto the order.

type Lang = 'en' | 'zh-CN';

describe.each(testEngines())('addresses and goods that ship (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let register: (email: string) => Promise<string>;
  let hoodie: number;
  let hoodieM: number;
  let arena: number;
  let arena100: number;
  let saga: number;
  let official: number;
  /** Guangdong › Shenzhen › Nanshan / Futian (fixture), Zhejiang › Hangzhou › Xihu (added here). */
  const r = { gd: 0, sz: 0, nanshan: 0, futian: 0, zj: 0, hz: 0, xihu: 0 };

  const call = async (
    token: string | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    lang: Lang = 'en',
  ) => {
    const res = await t.app.inject({
      method,
      url,
      payload,
      headers: { ...(token ? { authorization: token } : {}), locale: lang },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const home = (over: object = {}) => ({
    recipient: 'Zhang San',
    phone: '13800138000',
    province_id: r.gd,
    city_id: r.sz,
    district_id: r.nanshan,
    detail: 'Keji Road 1, Building 2',
    ...over,
  });
  const create = (token: string, over: object = {}) =>
    call(token, 'POST', '/api/front/address/create', home(over));
  const list = async (token: string, lang: Lang = 'en') =>
    (await call(token, 'GET', '/api/front/address/list', undefined, lang)).body.data;
  const hoodieItem = { goods_id: 0, goods_sku_id: 0, num: 1 };
  const order = async (token: string, body: object) => {
    const res = await call(token, 'POST', '/api/front/order/create', body);
    expect(res.body.msg).toBe('OK');
    return res.body.data.oid as string;
  };
  const detail = async (token: string, oid: string, lang: Lang = 'en') =>
    (await call(token, 'GET', `/api/front/order/detail?oid=${oid}`, undefined, lang)).body.data;
  const pay = (token: string, oid: string, method = 'balance', lang: Lang = 'en') =>
    call(token, 'POST', '/api/front/order/pay', { oid, method }, lang);
  const balanceOf = async (token: string) =>
    (await call(token, 'GET', '/api/front/user/info')).body.data.balance as string;
  /** A new buyer with an empty address book and ¥1000.00 to spend. */
  let buyers = 0;
  async function newBuyer(): Promise<string> {
    const token = await register(`address-${++buyers}@demo.test`);
    const info = (await call(token, 'GET', '/api/front/user/info')).body.data;
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ balance: 100_000 }).where('id', '=', info.id).execute();
      await trx
        .insertInto('wallet_ledger')
        .values({
          user_id: info.id,
          type: 'adjustment',
          amount: 100_000,
          balance_before: 0,
          balance_after: 100_000,
          idempotency_key: `test:address:${info.id}`,
          created_at: Date.now(),
        })
        .execute();
    });
    return token;
  }

  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    buyer = shop.buyer;
    register = shop.register;
    ({ arena, arena100, saga, official } = shop.ids);
    hoodieM = shop.ids.hoodieM;
    const sku = await t.db
      .selectFrom('goods_skus')
      .select('goods_id')
      .where('id', '=', hoodieM)
      .executeTakeFirstOrThrow();
    hoodie = Number(sku.goods_id);
    Object.assign(hoodieItem, { goods_id: hoodie, goods_sku_id: hoodieM });
    // The fixture's hoodie is manual goods that do not ship and are sold out: here it ships, in stock.
    await t.db.updateTable('goods').set({ ships: 1 }).where('id', '=', hoodie).execute();
    await t.db.updateTable('goods_skus').set({ stock: null }).where('goods_id', '=', hoodie).execute();
    const regions = await t.db.selectFrom('regions').select(['id', 'name_en']).execute();
    const region = (name: string) => Number(regions.find((x) => x.name_en === name)!.id);
    Object.assign(r, { gd: region('Guangdong'), sz: region('Shenzhen'), nanshan: region('Nanshan') });
    r.futian = region('Futian');
    const add = async (zh: string, en: string, parent: number | null, level: 1 | 2 | 3) =>
      Number(
        (
          await t.db
            .insertInto('regions')
            .values({ name_zh: zh, name_en: en, parent_id: parent, level })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    r.zj = await add('浙江省', 'Zhejiang', null, 1);
    r.hz = await add('杭州市', 'Hangzhou', r.zj, 2);
    r.xihu = await add('西湖区', 'Xihu District', r.hz, 3);
  });
  afterAll(() => t.close());

  it('needs a login for every address call', async () => {
    for (const [method, url] of [
      ['GET', '/api/front/address/list'],
      ['POST', '/api/front/address/create'],
      ['POST', '/api/front/address/update'],
      ['POST', '/api/front/address/remove'],
      ['POST', '/api/front/address/default'],
      ['POST', '/api/front/order/address'],
    ] as const)
      expect((await call(null, method, url, method === 'POST' ? {} : undefined)).status, url).toBe(401);
  });

  it('keeps a book with exactly one default: the first, the chosen one, the next after a removal', async () => {
    const token = await newBuyer();
    expect(await list(token)).toEqual({ list: [], total: 0, page: 1, limit: 20 });

    const first = await create(token, { phone: '+86 138-0013-8000', is_default: false });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      recipient: 'Zhang San',
      phone: '13800138000',
      province_id: r.gd,
      province: 'Guangdong',
      city: 'Shenzhen',
      district: 'Nanshan',
      detail: 'Keji Road 1, Building 2',
      is_default: true,
    });
    const second = (
      await create(token, { recipient: '李四', province_id: r.zj, city_id: r.hz, district_id: r.xihu })
    ).body.data;
    expect(second.is_default).toBe(false);
    let book = await list(token, 'zh-CN');
    expect(book.total).toBe(2);
    expect(book.list.map((a: { id: number }) => a.id)).toEqual([first.body.data.id, second.id]);
    expect(book.list[1]).toMatchObject({ province: '浙江省', city: '杭州市', district: '西湖区' });

    // The second becomes the default; the first is no longer one.
    const made = await call(token, 'POST', '/api/front/address/default', { id: second.id });
    expect(made.body.data.is_default).toBe(true);
    book = await list(token);
    expect(book.list.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [second.id, true],
      [first.body.data.id, false],
    ]);

    // An edit changes the fields; unticking the default does not leave the book without one.
    const edited = await call(token, 'POST', '/api/front/address/update', {
      ...home({
        recipient: 'Li Si',
        phone: '139 0000 0000',
        district_id: r.futian,
        detail: 'Shennan Road 88',
      }),
      id: second.id,
      is_default: false,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      recipient: 'Li Si',
      phone: '13900000000',
      province: 'Guangdong',
      district: 'Futian',
      detail: 'Shennan Road 88',
      is_default: true,
    });

    // Removing the default hands it to the one left; removing that empties the book.
    expect((await call(token, 'POST', '/api/front/address/remove', { id: second.id })).body.data).toEqual({
      id: second.id,
    });
    book = await list(token);
    expect(book.list).toHaveLength(1);
    expect(book.list[0]).toMatchObject({ id: first.body.data.id, is_default: true });
    await call(token, 'POST', '/api/front/address/remove', { id: first.body.data.id });
    expect((await list(token)).total).toBe(0);
    // Never two defaults in the table, whatever happened.
    const defaults = await t.db
      .selectFrom('addresses')
      .select(['user_id'])
      .where('is_default', '=', 1)
      .execute();
    expect(new Set(defaults.map((d) => d.user_id)).size).toBe(defaults.length);
  });

  it('refuses bad fields with a localized message naming the field', async () => {
    const token = await newBuyer();
    const cases: Array<[object, number, string, string]> = [
      [
        { phone: '12345' },
        400,
        "Recipient's mobile number must be a mainland China mobile number (11 digits starting with 1)",
        '收货人手机号须为中国大陆手机号（11 位，以 1 开头）',
      ],
      [
        { phone: '+14155550123' },
        400,
        "Recipient's mobile number must be a mainland China mobile number (11 digits starting with 1)",
        '收货人手机号须为中国大陆手机号（11 位，以 1 开头）',
      ],
      [{ recipient: '  ' }, 400, 'Recipient must not be empty', '收货人不能为空'],
      [
        { recipient: 'x'.repeat(31) },
        400,
        'Recipient must be at most 30 characters',
        '收货人不能超过 30 个字符',
      ],
      [{ detail: 'abc' }, 400, 'Street address must be at least 4 characters', '详细地址不能少于 4 个字符'],
      [{ detail: undefined }, 400, 'Street address is required', '请填写详细地址'],
      [{ district_id: 'x' }, 400, 'District must be a number', '区县必须是数字'],
      [{ district_id: 0 }, 400, 'District must be at least 1', '区县不能小于 1'],
      [
        { district_id: 0x7fffffff },
        400,
        'The province, city and district do not match; please choose them again',
        '所选的省份、城市和区县不匹配，请重新选择',
      ],
    ];
    for (const [over, status, en, zh] of cases) {
      const payload = home(over);
      const inEn = await call(token, 'POST', '/api/front/address/create', payload, 'en');
      const inZh = await call(token, 'POST', '/api/front/address/create', payload, 'zh-CN');
      expect([inEn.status, inEn.body.msg], JSON.stringify(over)).toEqual([status, en]);
      expect([inZh.status, inZh.body.msg], JSON.stringify(over)).toEqual([status, zh]);
    }
    // Regions must nest: a district of another city, a city of another province, levels swapped.
    for (const over of [
      { district_id: r.xihu },
      { city_id: r.hz },
      { province_id: r.sz, city_id: r.gd },
      { province_id: r.zj, city_id: r.hz, district_id: r.nanshan },
    ]) {
      const res = await create(token, over);
      expect([res.status, res.body.msg], JSON.stringify(over)).toEqual([
        400,
        'The province, city and district do not match; please choose them again',
      ]);
    }
    expect((await list(token)).total).toBe(0);
  });

  it("hides one buyer's addresses from another: not found, never changed", async () => {
    const mine = await newBuyer();
    const theirs = await newBuyer();
    const id = (await create(mine)).body.data.id as number;
    expect((await list(theirs)).total).toBe(0);
    for (const [url, payload] of [
      ['/api/front/address/update', { ...home({ recipient: 'Thief' }), id }],
      ['/api/front/address/remove', { id }],
      ['/api/front/address/default', { id }],
    ] as const) {
      const res = await call(theirs, 'POST', url, payload);
      expect([res.status, res.body.msg], url).toEqual([404, 'This address does not exist']);
    }
    expect((await list(mine)).list[0]).toMatchObject({ id, recipient: 'Zhang San', is_default: true });
  });

  it(`keeps at most ${ADDRESS_MAX} addresses per buyer, also when they are added at once`, async () => {
    const token = await newBuyer();
    for (let i = 0; i < ADDRESS_MAX - 3; i++)
      expect((await create(token, { detail: `Room ${100 + i}` })).status).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(token, { detail: `Burst ${i}` })),
    );
    expect(burst.map((b) => b.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    expect(burst.find((b) => b.status === 409)!.body.msg).toBe(
      `You can keep at most ${ADDRESS_MAX} addresses; delete one you no longer use first`,
    );
    const zh = await call(token, 'POST', '/api/front/address/create', home(), 'zh-CN');
    expect(zh.body).toEqual({
      code: 409,
      msg: `最多保存 ${ADDRESS_MAX} 个收货地址，请先删除不用的地址`,
      data: null,
    });
    expect((await list(token)).total).toBe(ADDRESS_MAX);
  });

  it('tells the goods page and the cart which goods ship', async () => {
    const goods = await call(buyer, 'GET', `/api/front/goods/detail?id=${hoodie}`);
    expect(goods.body.data.ships).toBe(true);
    expect((await call(buyer, 'GET', `/api/front/goods/detail?id=${arena}`)).body.data.ships).toBe(false);
    const token = await newBuyer();
    await call(token, 'POST', '/api/front/goods/cart/add', {
      items: [hoodieItem, { goods_id: arena, goods_sku_id: arena100, num: 1 }],
      is_buy_now: 0,
    });
    const cart = (await call(token, 'GET', '/api/front/goods/cart/show')).body.data;
    expect(cart.map((l: { goods_id: number; ships: boolean }) => [l.goods_id, l.ships]).sort()).toEqual(
      [
        [arena, false],
        [hoodie, true],
      ].sort(),
    );
  });

  it('creates an order of goods that ship without an address, but takes no money until it has one', async () => {
    const token = await newBuyer();
    const oid = await order(token, { items: [hoodieItem] });
    let o = await detail(token, oid);
    expect(o.address).toBeNull();
    expect(o.items[0].ships).toBe(true);
    const before = await balanceOf(token);

    // Refused before any money moves: balance, and gateways (no payment is even started).
    for (const method of ['balance', 'alipay', 'wechat']) {
      const refused = await pay(token, oid, method);
      expect([refused.status, refused.body.msg], method).toEqual([
        400,
        'This order has goods to ship; choose a delivery address before paying',
      ]);
    }
    expect((await pay(token, oid, 'balance', 'zh-CN')).body.msg).toBe(
      '订单中有需要邮寄的商品，请先选择收货地址再付款',
    );
    expect(await balanceOf(token)).toBe(before);
    const row = await t.db.selectFrom('orders').select('id').where('oid', '=', oid).executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('payments').select('id').where('order_id', '=', row.id).execute()).toEqual(
      [],
    );
    expect((await detail(token, oid)).status).toBe('pending_payment');

    // The buyer adds an address and puts it on the order; then the balance pays.
    const address = (await create(token)).body.data;
    const set = await call(
      token,
      'POST',
      '/api/front/order/address',
      { oid, address_id: address.id },
      'zh-CN',
    );
    expect(set.body).toEqual({
      code: 200,
      msg: '成功',
      data: {
        address: {
          recipient: 'Zhang San',
          phone: '13800138000',
          province: '广东省',
          city: '深圳市',
          district: '南山区',
          detail: 'Keji Road 1, Building 2',
        },
      },
    });
    const paid = await pay(token, oid);
    expect(paid.body).toMatchObject({ code: 200, data: { status: 'delivering' } });
    expect(await balanceOf(token)).not.toBe(before);
    // The receipt mailed at payment (decision 031) says where the goods go, phone masked.
    const receipt = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('subject', '=', `订单 ${oid} 已支付 / Order ${oid} paid`)
      .executeTakeFirstOrThrow();
    expect(receipt.body).toMatch(/(收货地址：|Ships to: )Zhang San 138\*\*\*\*8000 · /);

    // A later edit of the book does not change the order's copy; the paid order's address is final.
    await call(token, 'POST', '/api/front/address/update', {
      ...home({ recipient: 'Someone Else', detail: 'Another Street 9' }),
      id: address.id,
    });
    o = await detail(token, oid);
    expect(o.address).toEqual({
      recipient: 'Zhang San',
      phone: '13800138000',
      province: 'Guangdong',
      city: 'Shenzhen',
      district: 'Nanshan',
      detail: 'Keji Road 1, Building 2',
    });
    const late = await call(token, 'POST', '/api/front/order/address', { oid, address_id: address.id });
    expect([late.status, late.body.msg]).toEqual([
      400,
      'The address can only be changed before the order is paid; contact support to change it',
    ]);
    expect((await detail(token, oid)).address.recipient).toBe('Zhang San');

    // The operator's list and the delivered notice carry the copy, not the book.
    const lines: string[] = [];
    await runDeliveryCommand(t.db, ['list'], (l) => lines.push(l));
    const line = lines.find((l) => l.includes(oid))!;
    expect(line).toContain('ship to Zhang San 13800138000 · 广东省 深圳市 南山区 Keji Road 1, Building 2');
    await runDeliveryCommand(t.db, ['done', oid, 'SF', 'Express', 'SF1234'], () => {});
    const notice = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('subject', 'like', `%${oid}%`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.body).toContain(
      '收货地址：Zhang San 138****8000 · 广东省 深圳市 南山区 Keji Road 1, Building 2',
    );
    expect(notice.body).toContain(
      'Delivery address: Zhang San 138****8000 · Keji Road 1, Building 2, Nanshan, Shenzhen, Guangdong',
    );
    expect(notice.body).not.toContain('Someone Else');
  });

  it("copies the default address at ordering, or the chosen one; never another buyer's", async () => {
    const token = await newBuyer();
    const other = await newBuyer();
    const home1 = (await create(token)).body.data;
    const office = (await create(token, { recipient: 'Office', district_id: r.futian })).body.data;
    const foreign = (await create(other, { recipient: 'Stranger' })).body.data;

    // Default: copied without asking; the order can be paid at once.
    const byDefault = await order(token, { items: [hoodieItem] });
    expect((await detail(token, byDefault)).address.recipient).toBe(home1.recipient);
    // Chosen: that one.
    const chosen = await order(token, { items: [hoodieItem], address_id: office.id });
    expect((await detail(token, chosen, 'zh-CN')).address).toMatchObject({
      recipient: 'Office',
      district: '福田区',
    });
    // And changed before paying, to another of the buyer's own.
    await call(token, 'POST', '/api/front/order/address', { oid: chosen, address_id: home1.id });
    expect((await detail(token, chosen)).address.recipient).toBe('Zhang San');
    expect((await pay(token, chosen)).body.data.status).toBe('delivering');

    // Another buyer's address: refused, at ordering (nothing is created) and on an order.
    const orders = async () => (await call(token, 'GET', '/api/front/order/list')).body.data.total as number;
    const count = await orders();
    const crafted = await call(token, 'POST', '/api/front/order/create', {
      items: [hoodieItem],
      address_id: foreign.id,
    });
    expect([crafted.status, crafted.body.msg]).toEqual([404, 'This address does not exist']);
    expect(await orders()).toBe(count);
    const swap = await call(token, 'POST', '/api/front/order/address', {
      oid: byDefault,
      address_id: foreign.id,
    });
    expect([swap.status, swap.body.msg]).toEqual([404, 'This address does not exist']);
    // Nor may a buyer address someone else's order.
    const theirs = await call(other, 'POST', '/api/front/order/address', {
      oid: byDefault,
      address_id: foreign.id,
    });
    expect([theirs.status, theirs.body.msg]).toEqual([404, 'This order does not exist']);
    expect((await detail(token, byDefault)).address.recipient).toBe('Zhang San');
  });

  it('needs no address for goods that do not ship, and mails the address with the keys of a mixed order', async () => {
    const token = await newBuyer();
    const digital = await order(token, {
      items: [{ goods_id: saga, face_value: 60, num: 1, player_id: '80001111', server_id: official }],
    });
    const o = await detail(token, digital);
    expect([o.address, o.items[0].ships]).toEqual([null, false]);
    const address = (await create(token)).body.data;
    const none = await call(token, 'POST', '/api/front/order/address', {
      oid: digital,
      address_id: address.id,
    });
    expect([none.status, none.body.msg]).toEqual([
      400,
      'This order has nothing to ship, so it needs no address',
    ]);
    expect((await pay(token, digital)).body.code).toBe(200);

    // Card keys and a hoodie in one order: the keys' mail says where the hoodie goes.
    const mixed = await order(token, {
      items: [{ goods_id: arena, goods_sku_id: arena100, num: 1 }, hoodieItem],
    });
    expect((await detail(token, mixed)).items.map((i: { ships: boolean }) => i.ships)).toEqual([false, true]);
    expect((await pay(token, mixed)).body.code).toBe(200);
    const mail = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('subject', '=', cardMailSubject(mixed))
      .executeTakeFirstOrThrow();
    const text = await renderMessage(t.db, t.app.cardCipher, mail.body, 'http://shop.test');
    expect(text).toContain('收货地址：Zhang San 138****8000 · 广东省 深圳市 南山区 Keji Road 1, Building 2');
  });
});
