import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFundedBuyers } from '../../../test/buyers.ts';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { importCardKeys } from '../fulfilment/card-keys.service.ts';

// Issue 14: the console's catalog, through HTTP as the console calls it, read back through the
// buyers' API. The read cache is on (a minute) so that each write is seen to empty it.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

describe.each(testEngines())('console catalog (%s)', (engine) => {
  let t: TestApp;
  let owner: TestOperator;
  let staff: TestOperator;
  let buyer: string;

  const call = async (
    op: TestOperator,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    locale: 'zh-CN' | 'en' = 'en',
  ) => {
    const res = await t.app.inject({ method, url, headers: as(op, locale), payload: payload as object });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const post = (url: string, payload: object, locale: 'zh-CN' | 'en' = 'en', op = owner) =>
    call(op, 'POST', `/api/admin/catalog/${url}`, payload, locale);
  const get = (url: string, op = owner) => call(op, 'GET', `/api/admin/catalog/${url}`);
  const front = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url, headers });
    return { status: res.statusCode, body: res.json() as Json };
  };

  let games: number;
  let rpg: number;

  const sku = (over: object = {}) => ({
    spec_zh: '60 钻石',
    spec_en: '60 Diamonds',
    price_cny: '68.00',
    stock: 10,
    ...over,
  });
  const goodsBody = (over: object = {}) => ({
    category_id: rpg,
    name_zh: '星辰传说 礼包',
    name_en: 'Star Legend Pack',
    subtitle_zh: '新手必备',
    subtitle_en: 'For new players',
    description_zh: '第一段\n\n第二段',
    description_en: 'First\n\nSecond',
    image: '/uploads/catalog/202611/abc.png',
    images: ['/uploads/catalog/202611/abc.png', 'https://cdn.example.com/b.png'],
    recharge_type: 3,
    spec_type: 1,
    skus: [
      sku(),
      sku({ spec_zh: '300 钻石', spec_en: '300 Diamonds', price_cny: '128.5', price_usd: '18.99' }),
    ],
    on_sale: 1,
    sort: 5,
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp(engine, { CACHE_TTL_MS: '60000' });
    owner = await addOperator(t.db, 'owner@catalog.test', 'owner');
    staff = await addOperator(t.db, 'staff@catalog.test', 'staff', ['catalog']);
    buyer = (await addFundedBuyers(t.db, 'catalog', 1, 1_000_000))[0]!.token;
  });
  afterAll(() => t.close());

  describe('categories', () => {
    it('creates a two-level tree, hidden ones included, with goods counts', async () => {
      const root = await post('category/create', {
        name_zh: '游戏',
        name_en: 'Games',
        icon: '/images/categories/games.svg',
      });
      expect(root.status).toBe(200);
      expect(root.body.data).toMatchObject({ parent_id: null, name_en: 'Games', is_show: 1, sort: 0 });
      games = root.body.data.id;
      const child = await post('category/create', {
        name_zh: '角色扮演',
        name_en: 'RPG',
        parent_id: games,
        sort: 2,
      });
      rpg = child.body.data.id;
      const hidden = await post(
        'category/create',
        { name_zh: '隐藏', name_en: 'Hidden', is_show: 0 },
        'en',
        staff,
      );
      expect(hidden.status).toBe(200);

      const { body } = await get('category/list');
      expect(body.data.cache_ttl_ms).toBe(60000);
      const tree = body.data.list as Json[];
      expect(tree.map((c) => c.name_en)).toEqual(['Games', 'Hidden']);
      expect(tree[0]!.children).toEqual([
        {
          id: rpg,
          parent_id: games,
          name_zh: '角色扮演',
          name_en: 'RPG',
          icon: '',
          sort: 2,
          is_show: 1,
          goods_count: 0,
          children: [],
        },
      ]);
      expect(tree[1]).toMatchObject({ is_show: 0, goods_count: 0 });
      // The buyers see the visible ones only: the read cache was emptied by the writes.
      const buyers = (await front('/api/front/category/list', { locale: 'en' })).body.data as Json[];
      expect(buyers.map((c) => c.name)).toEqual(['Games']);
    });

    it('keeps the tree two levels deep and refuses a cycle, in both languages', async () => {
      const deeper = await post(
        'category/create',
        { name_zh: '三级', name_en: 'Third', parent_id: rpg },
        'zh-CN',
      );
      expect(deeper).toMatchObject({
        status: 400,
        body: { code: 400, msg: '上级分类必须是一级分类（分类最多两级）' },
      });
      const self = await post('category/update', { id: games, parent_id: games });
      expect(self.body.msg).toBe('A category cannot sit under itself');
      const cycle = await post('category/update', { id: games, parent_id: rpg });
      expect(cycle.status).toBe(400);
      const other = (await post('category/create', { name_zh: '点卡', name_en: 'Cards' })).body.data
        .id as number;
      const moved = await post('category/update', { id: games, parent_id: other }, 'zh-CN');
      expect(moved.body.msg).toBe('该分类下有 1 个子分类，只能作为一级分类');
      const missing = await post('category/update', { id: 999999, name_en: 'x' });
      expect(missing).toMatchObject({ status: 404, body: { msg: 'This category does not exist' } });
      await post('category/remove', { id: other });
    });

    it('updates only the fields sent, and the buyers see it at once here', async () => {
      const res = await post('category/update', { id: rpg, name_en: 'Role-playing', is_show: 0 });
      expect(res.body.data).toMatchObject({
        name_zh: '角色扮演',
        name_en: 'Role-playing',
        sort: 2,
        is_show: 0,
      });
      const buyers = (await front('/api/front/category/list', { locale: 'en' })).body.data as Json[];
      expect(buyers[0]!.children).toEqual([]);
      await post('category/update', { id: rpg, name_en: 'RPG', is_show: 1 });
      const again = (await front('/api/front/category/list', { locale: 'en' })).body.data as Json[];
      expect(again[0]!.children.map((c: Json) => c.name)).toEqual(['RPG']);
    });
  });

  describe('goods', () => {
    let id: number;
    let skuIds: number[];

    it('creates a goods with two SKUs in one request, read back by the buyers', async () => {
      const res = await post('goods/create', goodsBody(), 'en', staff);
      expect(res.status).toBe(200);
      const data = res.body.data;
      id = data.id;
      skuIds = data.skus.map((s: Json) => s.id);
      expect(data).toMatchObject({
        category_id: rpg,
        recharge_type: 3,
        spec_type: 1,
        on_sale: 1,
        sales: 0,
        cache_ttl_ms: 60000,
        images: ['/uploads/catalog/202611/abc.png', 'https://cdn.example.com/b.png'],
      });
      expect(data.skus).toEqual([
        expect.objectContaining({
          spec_en: '60 Diamonds',
          price_cny: '68.00',
          price_usd: null,
          stock: 10,
          on_sale: 1,
          in_use: false,
          available_keys: null,
        }),
        expect.objectContaining({ price_cny: '128.50', price_usd: '18.99', stock: 10 }),
      ]);

      const zh = (await front(`/api/front/goods/detail?id=${id}`)).body.data;
      expect(zh).toMatchObject({
        name: '星辰传说 礼包',
        subtitle: '新手必备',
        description: '第一段\n\n第二段',
        price: '68.00',
        category: { id: rpg, name: '角色扮演' },
      });
      expect(zh.skus.map((s: Json) => [s.id, s.spec, s.price])).toEqual([
        [skuIds[0], '60 钻石', '68.00'],
        [skuIds[1], '300 钻石', '128.50'],
      ]);
      const en = (await front(`/api/front/goods/detail?id=${id}`, { locale: 'en', currency: 'USD' })).body
        .data;
      expect(en.name).toBe('Star Legend Pack');
      // The explicit USD price, not the converted one.
      expect(en.skus[1].price).toBe('18.99');

      // The derived columns: found by its English name and its category's name, priced from its SKUs.
      const found = await front(`/api/front/goods/search?keyword=${encodeURIComponent('legend rpg')}`);
      expect(found.body.data.list.map((g: Json) => g.id)).toEqual([id]);
      const row = await t.db
        .selectFrom('goods')
        .select(['min_price_cny', 'search_text'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.min_price_cny)).toBe(6800);
    });

    it('keeps an existing order as it was when a price changes', async () => {
      const ordered = await t.app.inject({
        method: 'POST',
        url: '/api/front/order/create',
        headers: { authorization: buyer, locale: 'en' },
        payload: { items: [{ goods_id: id, goods_sku_id: skuIds[0], num: 2 }] },
      });
      expect(ordered.statusCode).toBe(200);
      const oid = ordered.json().data.oid as string;
      const orderOf = async () =>
        (
          await t.app.inject({ url: `/api/front/order/detail?oid=${oid}`, headers: { authorization: buyer } })
        ).json().data;
      const before = await orderOf();
      expect(before.total_amount).toBe('136.00');

      const detail = (await get(`goods/detail?id=${id}`)).body.data;
      expect(detail.skus[0].in_use).toBe(true);
      const form = {
        ...goodsBody(),
        id,
        updated_at: detail.updated_at,
        skus: [
          { ...detail.skus[0], price_cny: '88.00', original_cny: '99.00' },
          { ...detail.skus[1], spec_en: '300 Diamonds!' },
          sku({ spec_zh: '980 钻石', spec_en: '980 Diamonds', price_cny: '298', stock: null }),
        ],
      };
      const saved = await post('goods/update', form);
      expect(saved.status).toBe(200);
      expect(saved.body.data.skus.map((s: Json) => s.id).slice(0, 2)).toEqual(skuIds);
      expect(saved.body.data.skus.map((s: Json) => [s.price_cny, s.original_cny, s.stock])).toEqual([
        // The order holds 2 of the first: the form showed (and sent back) 8.
        ['88.00', '99.00', 8],
        ['128.50', null, 10],
        ['298.00', null, null],
      ]);

      const after = await orderOf();
      expect(after).toEqual(before);
      const items = await t.db
        .selectFrom('order_items')
        .select(['unit_price', 'unit_price_cny', 'spec_en'])
        .where('goods_id', '=', id)
        .execute();
      expect(items.map((i) => [Number(i.unit_price), Number(i.unit_price_cny), i.spec_en])).toEqual([
        [6800, 6800, '60 Diamonds'],
      ]);
      // The buyers see the new price at once here (this process's cache was emptied).
      const zh = (await front(`/api/front/goods/detail?id=${id}`)).body.data;
      expect(zh.skus.map((s: Json) => [s.price, s.original_price])).toEqual([
        ['88.00', '99.00'],
        ['128.50', null],
        ['298.00', null],
      ]);
      expect(zh.price).toBe('88.00');
    });

    it('refuses a save made from a stale form', async () => {
      const detail = (await get(`goods/detail?id=${id}`)).body.data;
      const stale = await post(
        'goods/update',
        { ...goodsBody(), id, updated_at: detail.updated_at - 1, skus: detail.skus },
        'zh-CN',
      );
      expect(stale).toMatchObject({ status: 409, body: { msg: '这件商品刚被其他人修改过，请刷新后再保存' } });
    });

    it('never removes an option an order uses: it is taken off sale instead', async () => {
      const detail = (await get(`goods/detail?id=${id}`)).body.data;
      const without = { ...goodsBody(), id, skus: detail.skus.slice(1) };
      const refused = await post('goods/update', without, 'zh-CN');
      expect(refused).toMatchObject({
        status: 409,
        body: { msg: '「60 钻石」已有卡密、购物车或订单在用，不能删除；请改为下架' },
      });
      const en = await post('goods/update', without, 'en');
      expect(en.body.msg).toBe(
        '"60 Diamonds" is used by card keys, carts or orders and cannot be removed; take it off sale instead',
      );
      // Nothing was half-written.
      expect((await get(`goods/detail?id=${id}`)).body.data.skus).toHaveLength(3);

      // An unused one goes; the used one goes off sale.
      const unused = detail.skus[2].id;
      const saved = await post('goods/update', {
        ...goodsBody(),
        id,
        skus: [{ ...detail.skus[0], on_sale: 0 }, detail.skus[1]],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.skus.map((s: Json) => [s.id, s.on_sale])).toEqual([
        [skuIds[0], 0],
        [skuIds[1], 1],
      ]);
      expect(await t.db.selectFrom('goods_skus').select('id').where('id', '=', unused).execute()).toEqual([]);
      const buyers = (await front(`/api/front/goods/detail?id=${id}`)).body.data;
      expect(buyers.skus.map((s: Json) => s.id)).toEqual([skuIds[1]]);
      expect(buyers.price).toBe('128.50');
    });

    it('words a refused field with its label, in both languages', async () => {
      const bad = goodsBody({ skus: [sku(), sku({ price_cny: '12.345' })] });
      const zh = await post('goods/create', bad, 'zh-CN');
      expect(zh).toMatchObject({
        status: 400,
        body: { msg: '第 2 个规格的人民币价格必须是金额，例如 100 或 88.50' },
      });
      const en = await post('goods/create', bad, 'en');
      expect(en.body.msg).toBe('CNY price of option 2 must be an amount like 100 or 88.50');

      const { name_zh: _, ...noName } = goodsBody();
      expect((await post('goods/create', noName, 'zh-CN')).body.msg).toBe('请填写商品中文名称');
      expect((await post('goods/create', noName, 'en')).body.msg).toBe('Name (Chinese) is required');

      const script = await post('goods/create', goodsBody({ image: 'javascript:alert(1)' }), 'en');
      expect(script.body.msg).toBe('Main picture must be the address of an uploaded picture');
      const protocolRelative = await post(
        'goods/create',
        goodsBody({ images: ['//evil.test/x.png'] }),
        'zh-CN',
      );
      expect(protocolRelative.body.msg).toBe('图集第 1 张图片必须是上传图片的地址');

      const zero = await post('goods/create', goodsBody({ skus: [sku({ price_cny: '0.00' })] }), 'zh-CN');
      expect(zero.body.msg).toBe('第 1 个规格的价格必须大于 0');
      const none = await post('goods/create', goodsBody({ skus: [] }), 'en');
      expect(none.body.msg).toBe('A goods sold by option needs at least one option');
      const topup = await post('goods/create', goodsBody({ recharge_type: 2 }), 'zh-CN');
      expect(topup.body.msg).toBe('直充商品请至少添加一个区服');
      const server = await post(
        'goods/create',
        goodsBody({ servers: [{ name_zh: '', name_en: 'x' }] }),
        'en',
      );
      expect(server.body.msg).toBe('Chinese name of server 1 must not be empty');
      const twice = await post(
        'goods/create',
        goodsBody({
          spec_type: 2,
          skus: [],
          face_values: [
            { face_value: 60, label_zh: '60', label_en: '60', price_cny: '6' },
            { face_value: 60, label_zh: '60', label_en: '60', price_cny: '6' },
          ],
        }),
        'en',
      );
      expect(twice.body.msg).toBe('The face value 60 is listed twice');
      // Nothing of these was written.
      expect((await get('goods/list?limit=100')).body.data.total).toBe(1);
    });

    it('takes a goods off sale and back from the list', async () => {
      const off = await post('goods/sale', { id, on_sale: 0 });
      expect(off.body.data).toEqual({ id, on_sale: 0 });
      expect((await front(`/api/front/goods/detail?id=${id}`)).status).toBe(404);
      await post('goods/sale', { id, on_sale: 1 });
      expect((await front(`/api/front/goods/detail?id=${id}`)).status).toBe(200);
    });

    it('refuses to remove a category that holds goods, saying why', async () => {
      const zh = await post('category/remove', { id: rpg }, 'zh-CN');
      expect(zh).toMatchObject({
        status: 409,
        body: { msg: '该分类下还有 1 件商品（含已下架的），请先把它们移到其他分类再删除' },
      });
      const en = await post('category/remove', { id: games }, 'en');
      expect(en.body.msg).toBe('This category still has 1 subcategories; remove or move them first');
      const list = (await get('category/list')).body.data.list as Json[];
      expect(list[0]!.children[0].goods_count).toBe(1);
    });

    it('keeps every write in the audit log with the goods before and after', async () => {
      const res = await call(
        owner,
        'GET',
        `/api/admin/audit/list?object_type=goods&object_id=${id}&limit=50`,
      );
      const entries = (res.body.data.list as Json[]).reverse();
      expect(entries.map((e) => e.action)).toEqual([
        'goods.create',
        'goods.update',
        'goods.update',
        'goods.off_sale',
        'goods.on_sale',
      ]);
      const [created, repriced] = entries;
      expect(created!.actor).toBe('staff@catalog.test');
      expect(created!.before).toBeNull();
      expect(created!.after.skus.map((s: Json) => s.price_cny)).toEqual(['68.00', '128.50']);
      expect(repriced!.actor).toBe('owner@catalog.test');
      expect(repriced!.before.skus[0].price_cny).toBe('68.00');
      expect(repriced!.after.skus[0].price_cny).toBe('88.00');
      expect(repriced!.after.skus).toHaveLength(3);
      expect(repriced!.request_id).not.toBe('');
      const categories = await call(owner, 'GET', '/api/admin/audit/list?object_type=category&limit=50');
      const actions = (categories.body.data.list as Json[]).map((e) => e.action);
      expect(actions.filter((a) => a === 'category.create')).toHaveLength(4);
      expect(actions).toContain('category.remove');
      const renamed = (categories.body.data.list as Json[]).find(
        (e) => e.action === 'category.update' && e.after.name_en === 'Role-playing',
      );
      expect(renamed).toMatchObject({ before: { name_en: 'RPG', is_show: 1 }, after: { is_show: 0 } });
    });
  });

  describe('card-key goods and the list', () => {
    let cards: number;

    it('counts the available keys of each option; a save never overwrites their stock', async () => {
      const created = await post(
        'goods/create',
        goodsBody({
          name_zh: '竞技场 充值卡',
          name_en: 'Arena Card',
          recharge_type: 1,
          spec_type: 2,
          skus: [],
          face_values: [
            { face_value: 100, label_zh: '100 元', label_en: 'CNY 100', price_cny: '98', stock: 50 },
            { face_value: 50, label_zh: '50 元', label_en: 'CNY 50', price_cny: '49.5', sort: 1 },
          ],
          stock_alert: 2,
          sort: 1,
        }),
      );
      expect(created.status).toBe(200);
      cards = created.body.data.id;
      expect(
        created.body.data.face_values.map((f: Json) => [f.face_value, f.stock, f.available_keys]),
      ).toEqual([
        [100, 0, 0],
        [50, 0, 0],
      ]);
      await t.db
        .transaction()
        .execute((trx) =>
          importCardKeys(trx, t.app.cardCipher, { goodsId: cards, skuId: null, faceValue: 100 }, [
            'K-1',
            'K-2',
            'K-3',
          ]),
        );
      const detail = (await get(`goods/detail?id=${cards}`)).body.data;
      expect(detail.face_values.map((f: Json) => [f.stock, f.available_keys, f.in_use])).toEqual([
        [3, 3, true],
        [0, 0, false],
      ]);
      const saved = await post('goods/update', {
        ...goodsBody({
          recharge_type: 1,
          spec_type: 2,
          skus: [],
          stock_alert: 2,
          name_zh: '竞技场 充值卡',
          name_en: 'Arena Card',
        }),
        id: cards,
        face_values: detail.face_values.map((f: Json) => ({ ...f, stock: 999, price_cny: '97.00' })),
      });
      expect(saved.body.data.face_values.map((f: Json) => [f.stock, f.price_cny])).toEqual([
        [3, '97.00'],
        [0, '97.00'],
      ]);
    });

    it('pages, sorts and filters on the server', async () => {
      const list = async (query: string) => (await get(`goods/list?${query}`)).body.data;
      const all = await list('sort=min_price&order=asc');
      expect(all.total).toBe(2);
      expect(all.list.map((g: Json) => [g.id, g.min_price_cny])).toEqual([
        [cards, '97.00'],
        [expect.any(Number), '128.50'],
      ]);
      const arena = all.list[0];
      expect(arena).toMatchObject({
        name_en: 'Arena Card',
        category_zh: '角色扮演',
        recharge_type: 1,
        option_count: 2,
        stock: 3,
        low_stock: true,
      });
      expect((await list('sort=min_price&order=desc&limit=1&page=2')).list.map((g: Json) => g.id)).toEqual([
        cards,
      ]);
      expect((await list('keyword=ARENA')).list.map((g: Json) => g.id)).toEqual([cards]);
      expect((await list(`keyword=${encodeURIComponent('竞技场')}`)).total).toBe(1);
      expect((await list(`keyword=${cards}`)).list.map((g: Json) => g.id)).toEqual([cards]);
      expect((await list(`category_id=${games}`)).total).toBe(2);
      expect((await list('recharge_type=3')).list.map((g: Json) => g.name_en)).toEqual(['Star Legend Pack']);
      await post('goods/sale', { id: cards, on_sale: 0 });
      expect((await list('on_sale=0')).list.map((g: Json) => g.id)).toEqual([cards]);
      expect((await list('on_sale=1')).total).toBe(1);
      const wrong = await call(owner, 'GET', '/api/admin/catalog/goods/list?sort=name', undefined, 'zh-CN');
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toMatch(/^排序字段只能是 /);
    });
  });
  it('never gives back units ordered after the form loaded: the stock is set only if unchanged', async () => {
    const created = await post('goods/create', goodsBody({ name_en: 'Stock Race Pack' }));
    const id = created.body.data.id as number;
    const loaded = (await get(`goods/detail?id=${id}`)).body.data;
    const first = loaded.skus[0];
    expect(first.stock).toBe(10);
    // A buyer orders 3 while the operator has the form open.
    const ordered = await t.app.inject({
      method: 'POST',
      url: '/api/front/order/create',
      headers: { authorization: buyer, locale: 'en' },
      payload: { items: [{ goods_id: id, goods_sku_id: first.id, num: 3 }] },
    });
    expect(ordered.statusCode).toBe(200);
    const stockNow = async () =>
      Number(
        (
          await t.db
            .selectFrom('goods_skus')
            .select('stock')
            .where('id', '=', first.id)
            .executeTakeFirstOrThrow()
        ).stock,
      );
    expect(await stockNow()).toBe(7);

    const form = (skuStock: number) => ({
      ...goodsBody({ name_en: 'Stock Race Pack' }),
      id,
      skus: [
        { ...first, stock: skuStock, stock_was: first.stock },
        { ...loaded.skus[1], stock_was: loaded.skus[1].stock },
      ],
    });
    // Saved without touching the stock: the 3 ordered units are not given back.
    expect((await post('goods/update', form(10))).status).toBe(200);
    expect(await stockNow()).toBe(7);
    // A new number typed over a stock that orders changed: refused, named, nothing written.
    const refused = await post('goods/update', form(15), 'zh-CN');
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain('「60 钻石」的库存在你编辑期间因订单发生了变化');
    expect(await stockNow()).toBe(7);
    // From the stock as it is now, the change is taken.
    const fresh = { ...form(15), skus: [{ ...first, stock: 15, stock_was: 7 }, loaded.skus[1]] };
    expect((await post('goods/update', fresh)).status).toBe(200);
    expect(await stockNow()).toBe(15);
  });
});
