import { restockWith, seedDemo } from '../../seed/seed-demo.ts';
import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { createCardCipher } from '../fulfilment/card-cipher.ts';
import { fixture } from '../../../test/catalog-fixture.ts';
import { createTestApp, type TestApp, testEngines, withDatabaseBefore } from '../../../test/helpers.ts';
import { insertCatalog } from '../../seed/seed-catalog.ts';
import { updateSettings } from '../site/site.service.ts';

describe.each(testEngines())('catalog API (%s)', (engine) => {
  let t: TestApp;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const en = { locale: 'en', currency: 'USD' };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.db
      .transaction()
      .execute((trx) => insertCatalog(trx, fixture, restockWith(trx, t.app.cardCipher)));
    await t.db.updateTable('goods').set({ on_sale: 0 }).where('id', '=', 4).execute();
  });
  afterAll(() => t.close());

  describe('GET /api/front/category/list', () => {
    it('is a tree in the request language', async () => {
      const zh = (await get('/api/front/category/list')).body.data;
      expect(zh.map((c: { name: string }) => c.name)).toEqual(['游戏', '点卡']);
      expect(zh[0].children).toEqual([
        { id: 3, parent_id: 1, name: '角色扮演', icon: '/i/rpg.svg', children: [] },
      ]);
      const english = (await get('/api/front/category/list', en)).body.data;
      expect(english[0].children[0].name).toBe('RPG');
    });

    it('hides a hidden category together with its children', async () => {
      await t.db.updateTable('categories').set({ is_show: 0 }).where('id', '=', 1).execute();
      try {
        const tree = (await get('/api/front/category/list')).body.data;
        expect(tree.map((c: { id: number }) => c.id)).toEqual([2]);
        expect((await get('/api/front/category/goods?id=3')).status).toBe(404);
      } finally {
        await t.db.updateTable('categories').set({ is_show: 1 }).where('id', '=', 1).execute();
      }
    });
  });

  describe('GET /api/front/category/goods', () => {
    it('includes the goods of subcategories, leaves out goods off sale', async () => {
      const { body } = await get('/api/front/category/goods?id=1');
      expect(body.data.category).toMatchObject({
        id: 1,
        name: '游戏',
        children: [{ id: 3, name: '角色扮演' }],
      });
      expect(body.data.list.map((g: { id: number }) => g.id)).toEqual([1]);
      expect(body.data).toMatchObject({ total: 1, page: 1, limit: 20 });
    });

    it('a top-level page follows its subcategories: hidden, moved by the operator, goods re-filed', async () => {
      // Top-level pages read goods.top_category_id, kept by triggers (migration 0025).
      const ids = async (category: number) =>
        (await get(`/api/front/category/goods?id=${category}`)).body.data.list.map(
          (g: { id: number }) => g.id,
        );
      const top = async (goods: number) =>
        (
          await t.db
            .selectFrom('goods')
            .select('top_category_id')
            .where('id', '=', goods)
            .executeTakeFirstOrThrow()
        ).top_category_id;
      expect(await ids(1)).toEqual([1]);
      expect(await ids(2)).not.toContain(1);
      await t.db.updateTable('categories').set({ is_show: 0 }).where('id', '=', 3).execute();
      try {
        expect(await ids(1)).toEqual([]);
      } finally {
        await t.db.updateTable('categories').set({ is_show: 1 }).where('id', '=', 3).execute();
      }
      await t.db.updateTable('categories').set({ parent_id: 2 }).where('id', '=', 3).execute();
      try {
        expect(await top(1)).toBe(2);
        expect(await ids(1)).toEqual([]);
        expect(await ids(2)).toContain(1);
      } finally {
        await t.db.updateTable('categories').set({ parent_id: 1 }).where('id', '=', 3).execute();
      }
      expect(await top(1)).toBe(1);
      await t.db.updateTable('goods').set({ category_id: 2 }).where('id', '=', 1).execute();
      try {
        expect(await top(1)).toBe(2);
        expect(await ids(1)).toEqual([]);
      } finally {
        await t.db.updateTable('goods').set({ category_id: 3 }).where('id', '=', 1).execute();
      }
      expect([await top(1), await top(2)]).toEqual([1, 2]);
      expect(await ids(1)).toEqual([1]);
    });

    it('sorts by price, sales and age, and pages', async () => {
      const ids = async (query: string) =>
        (await get(`/api/front/category/goods?id=2&${query}`)).body.data.list.map(
          (g: { id: number }) => g.id,
        );
      expect(await ids('sort=price_asc')).toEqual([2, 3]);
      expect(await ids('sort=price_desc')).toEqual([3, 2]);
      expect(await ids('sort=sales')).toEqual([2, 3]);
      expect(await ids('sort=newest')).toEqual([3, 2]);
      expect(await ids('limit=1&page=2')).toEqual([3]);
      expect(await ids('limit=1&page=3')).toEqual([]);
      expect((await get('/api/front/category/goods?id=2&limit=1')).body.data.total).toBe(2);
    });

    it('refuses bad paging and sort with 400, and unknown ids with a localized 404', async () => {
      for (const query of [
        'id=2&limit=101',
        'id=2&limit=0',
        'id=2&page=0',
        'id=2&page=-1',
        'id=2&page=1.5',
        'id=abc',
        'id=2&sort=cheapest',
        '',
      ]) {
        const { status, body } = await get(`/api/front/category/goods?${query}`);
        expect(status, query).toBe(400);
        expect(body.code).toBe(400);
      }
      expect(await get('/api/front/category/goods?id=999', en)).toEqual({
        status: 404,
        body: { code: 404, msg: 'This category does not exist', data: null },
      });
    });
  });

  describe('GET /api/front/goods/detail', () => {
    it('prices face values in CNY, with the original price when higher', async () => {
      const { body } = await get('/api/front/goods/detail?id=1');
      expect(body.data).toMatchObject({
        id: 1,
        name: '星海战记 钻石',
        currency: 'CNY',
        price: '6.00',
        spec_type: 2,
        recharge_type: 2,
        in_stock: true,
        max_quantity: 99,
        category: { id: 3, name: '角色扮演' },
        skus: [],
        servers: [
          { id: 1, name: '官服' },
          { id: 2, name: '国际服' },
        ],
      });
      expect(body.data.face_values).toEqual([
        {
          face_value: 60,
          label: '60 钻石',
          price: '6.00',
          original_price: null,
          in_stock: true,
          stock: null,
          tiers: [],
        },
        {
          face_value: 300,
          label: '300 钻石',
          price: '30.00',
          original_price: null,
          in_stock: true,
          stock: null,
          tiers: [],
        },
        {
          face_value: 6480,
          label: '6480 钻石',
          price: '648.00',
          original_price: '688.00',
          in_stock: true,
          stock: null,
          tiers: [],
        },
      ]);
    });

    it('prices in USD: the explicit price first, else converted and rounded half up', async () => {
      const { body } = await get('/api/front/goods/detail?id=1', en);
      expect(body.data.currency).toBe('USD');
      expect(body.data.face_values.map((f: { price: string }) => f.price)).toEqual(['0.83', '4.50', '89.42']);
      expect(body.data.face_values[2].original_price).toBe('94.94');
      expect(body.data.price).toBe('0.83');
      expect(body.data.servers[1].name).toBe('Global');
    });

    it("a card's price and stock are its goods page's lowest price and stock, at any rate", async () => {
      // Cards read the lowest price grouped by the database (listCardOffers), the goods page
      // from every option: with a rate of 1 the explicit USD price is the lowest, with 0.5 a
      // converted one is.
      const cards = async (headers: Record<string, string>) =>
        (
          await Promise.all(
            [1, 2].map(
              async (id) =>
                (await get(`/api/front/category/goods?id=${id}&limit=50`, headers)).body.data.list,
            ),
          )
        ).flat() as { id: number; price: string; in_stock: boolean }[];
      try {
        for (const rate of ['0.138', '0.5', '1']) {
          await updateSettings(t.db, { exchange_rate_usd: rate });
          for (const headers of [{}, en]) {
            const list = await cards(headers);
            expect(list.length).toBeGreaterThan(2);
            for (const card of list) {
              const detail = (await get(`/api/front/goods/detail?id=${card.id}`, headers)).body.data;
              expect([rate, card.id, card.price, card.in_stock]).toEqual([
                rate,
                card.id,
                detail.price,
                detail.in_stock,
              ]);
            }
          }
        }
        await updateSettings(t.db, { exchange_rate_usd: '1' });
        const one = (await cards(en)).find((c) => c.id === 1);
        expect(one?.price).toBe('4.50');
      } finally {
        await updateSettings(t.db, { exchange_rate_usd: '0.138' });
      }
    });

    it('follows the operator exchange rate', async () => {
      await updateSettings(t.db, { exchange_rate_usd: '0.5' });
      try {
        const { body } = await get('/api/front/goods/detail?id=1', en);
        expect(body.data.face_values.map((f: { price: string }) => f.price)).toEqual([
          '3.00',
          '4.50',
          '324.00',
        ]);
      } finally {
        await updateSettings(t.db, { exchange_rate_usd: '0.138' });
      }
    });

    it('shows stock per SKU and no servers for card keys', async () => {
      const { body } = await get('/api/front/goods/detail?id=2');
      expect(body.data.skus).toEqual([
        { id: 1, spec: '100元', price: '98.00', original_price: null, in_stock: true, stock: 5, tiers: [] },
        { id: 2, spec: '200元', price: '196.00', original_price: null, in_stock: false, stock: 0, tiers: [] },
      ]);
      expect(body.data).toMatchObject({ in_stock: true, servers: [], face_values: [] });
      expect((await get('/api/front/goods/detail?id=3')).body.data.in_stock).toBe(false);
    });

    it('answers 404 for unknown and off-sale goods, 400 for a bad id', async () => {
      for (const id of ['4', '999']) {
        expect(await get(`/api/front/goods/detail?id=${id}`)).toEqual({
          status: 404,
          body: { code: 404, msg: '商品不存在或已下架', data: null },
        });
      }
      for (const id of ['0', '-1', 'x', '1.5', ''])
        expect((await get(`/api/front/goods/detail?id=${id}`)).status).toBe(400);
    });
  });

  describe('GET /api/front/goods/search', () => {
    const ids = async (query: string, headers = {}) =>
      (await get(`/api/front/goods/search?${query}`, headers)).body.data.list.map(
        (g: { id: number }) => g.id,
      );

    it('finds Chinese substrings without spaces, in either language', async () => {
      expect(await ids(`keyword=${encodeURIComponent('海战')}`)).toEqual([1]);
      expect(await ids(`keyword=${encodeURIComponent('海战')}`, en)).toEqual([1]);
      expect(await ids('keyword=STAR%20saga')).toEqual([1]);
      expect(await ids(`keyword=${encodeURIComponent('竞技')}`)).toEqual([2]);
      // 点卡 is also the hoodie's category name.
      expect(await ids(`keyword=${encodeURIComponent('卡')}`)).toEqual([2, 3]);
      // Category names count too.
      expect(await ids(`keyword=${encodeURIComponent('角色扮演')}`)).toEqual([1]);
    });

    it('treats LIKE wildcards literally and leaves out goods off sale', async () => {
      expect(await ids('keyword=%25')).toEqual([3]); // only "Pixel Hoodie 100%"
      expect(await ids('keyword=_')).toEqual([]);
      expect(await ids(`keyword=${encodeURIComponent('停售')}`)).toEqual([]);
    });

    it('filters by category (with subcategories), pages, and lists everything for an empty keyword', async () => {
      expect(await ids('keyword=&category_id=1')).toEqual([1]);
      expect(await ids('keyword=')).toEqual([1, 2, 3]);
      const page = (await get('/api/front/goods/search?limit=2&page=2')).body.data;
      expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(page.list.map((g: { id: number }) => g.id)).toEqual([3]);
      expect((await get('/api/front/goods/search?limit=500')).status).toBe(400);
      expect((await get(`/api/front/goods/search?keyword=${'x'.repeat(101)}`)).status).toBe(400);
    });

    it('returns cards with the lowest price in the request currency', async () => {
      const list = (await get('/api/front/goods/search?keyword=', en)).body.data.list;
      expect(list[0]).toEqual({
        id: 1,
        name: 'Star Saga Diamonds',
        subtitle: 'Official top-up',
        image: '/i/saga.svg',
        category_id: 3,
        spec_type: 2,
        recharge_type: 2,
        price: '0.83',
        currency: 'USD',
        sales: 500,
        in_stock: true,
      });
      expect(list.map((g: { in_stock: boolean }) => g.in_stock)).toEqual([true, true, false]);
    });
  });

  describe('GET /api/front/goods/player', () => {
    it('finds a player through the demo supplier', async () => {
      const { status, body } = await get(
        '/api/front/goods/player?goods_id=1&server_id=2&player_id=10086001',
        en,
      );
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ player_id: '10086001', server_id: 2, server: 'Global' });
      expect(body.data.nickname).toMatch(/#6001$/);
    });

    it('says clearly when the player, server or goods does not fit', async () => {
      expect(await get('/api/front/goods/player?goods_id=1&server_id=1&player_id=12345404', en)).toEqual({
        status: 404,
        body: { code: 404, msg: 'Player not found; check the player ID and server', data: null },
      });
      expect(
        (await get('/api/front/goods/player?goods_id=1&server_id=99&player_id=12345')).body,
      ).toMatchObject({
        code: 404,
        msg: '该游戏没有这个区服',
      });
      expect(
        (await get('/api/front/goods/player?goods_id=2&server_id=1&player_id=12345')).body,
      ).toMatchObject({
        code: 400,
        msg: '该商品不是直充商品',
      });
      expect((await get('/api/front/goods/player?goods_id=4&server_id=1&player_id=12345')).status).toBe(404);
      expect((await get('/api/front/goods/player?goods_id=1&server_id=1')).status).toBe(400);
    });
  });
});

describe.each(testEngines())('catalog read cache (%s)', (engine) => {
  it('keeps a public read for the TTL, per language and currency', async () => {
    const t = await createTestApp(engine, { CACHE_TTL_MS: '60000' });
    try {
      await t.db
        .transaction()
        .execute((trx) => insertCatalog(trx, fixture, restockWith(trx, t.app.cardCipher)));
      const price = async (headers: Record<string, string> = {}) =>
        (await t.app.inject({ url: '/api/front/goods/detail?id=2', headers })).json().data.skus[0].price;
      expect(await price()).toBe('98.00');
      await t.db.updateTable('goods_skus').set({ price_cny: 9000 }).where('id', '=', 1).execute();
      // Within the TTL the same request is served from the cache…
      expect(await price()).toBe('98.00');
      // …while another currency is its own entry, read fresh.
      expect(await price({ currency: 'USD' })).toBe('12.42');
      t.app.readCache.clear();
      expect(await price()).toBe('90.00');
    } finally {
      await t.close();
    }
  });
});

describe.each(testEngines())('migration 0025 (%s)', (engine) => {
  it('files the goods already there under their top-level category; goes down and up again', () =>
    withDatabaseBefore(engine, '0024_goods_sort_indexes', async (db, migrator) => {
      await seedDemo(db, createCardCipher(Buffer.alloc(32, 7)));
      expect(await migrateToLatest(db)).toContain('0025_goods_top_category');
      const misfiled = () =>
        db
          .selectFrom('goods as g')
          .innerJoin('categories as c', 'c.id', 'g.category_id')
          .select('g.id')
          .where(sql<SqlBool>`g.top_category_id is distinct from coalesce(c.parent_id, c.id)`)
          .execute();
      const total = await db
        .selectFrom('goods')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(total.n)).toBeGreaterThan(10);
      expect(await misfiled()).toEqual([]);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect((await migrator.migrateUp()).error).toBeUndefined();
      expect(await misfiled()).toEqual([]);
    }));
});
