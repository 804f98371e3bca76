import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { fixture } from '../../../test/catalog-fixture.ts';
import { insertCatalog } from '../../seed/seed-catalog.ts';
import { seedDemo, restockWith } from '../../seed/seed-demo.ts';

describe.each(testEngines())('GET /api/front/link/list (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('is an empty list on an empty shop', async () => {
    const res = await t.app.inject({ url: '/api/front/link/list' });
    expect(res.json()).toEqual({ code: 200, msg: '成功', data: [] });
  });

  it('lists visible links in order, in the request language', async () => {
    expect(await seedDemo(t.db, t.app.cardCipher)).toBe(true);
    expect(await seedDemo(t.db, t.app.cardCipher)).toBe(false);
    await t.db.updateTable('links').set({ is_show: 0 }).where('url', '=', '/article/4').execute();
    const zh = (await t.app.inject({ url: '/api/front/link/list' })).json().data;
    const en = (await t.app.inject({ url: '/api/front/link/list', headers: { locale: 'en' } })).json().data;
    expect(zh.map((l: { name: string }) => l.name)).toEqual(['关于我们', '帮助中心', '用户协议', '联系客服']);
    expect(en.map((l: { name: string }) => l.name)).toEqual([
      'About us',
      'Help center',
      'Terms of service',
      'Contact support',
    ]);
    expect(en[0]).toEqual({ id: expect.any(Number), name: 'About us', url: '/article/1' });
  });
});

describe.each(testEngines())('content API (%s)', (engine) => {
  let t: TestApp;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const en = { locale: 'en', currency: 'USD' };
  const ids = (list: { id: number }[]) => list.map((g) => g.id);

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.db
      .transaction()
      .execute((trx) => insertCatalog(trx, fixture, restockWith(trx, t.app.cardCipher)));
    await t.db.updateTable('goods').set({ on_sale: 0 }).where('id', '=', 4).execute();
  });
  afterAll(() => t.close());

  it('lists the home banners in order, in the request language', async () => {
    const { body } = await get('/api/front/swiper/list', en);
    expect(body.data).toEqual([
      { id: 1, title: 'Banner one', subtitle: 'Subtitle', image: '/i/b1.svg', link: '/category/goods/1' },
      { id: 2, title: 'Banner two', subtitle: 'Subtitle', image: '/i/b2.svg', link: '/zone/1' },
    ]);
    await t.db.updateTable('swipers').set({ is_show: 0 }).where('id', '=', 1).execute();
    expect(ids((await get('/api/front/swiper/list')).body.data)).toEqual([2]);
    expect((await get('/api/front/swiper/list?position=elsewhere')).body.data).toEqual([]);
    await t.db.updateTable('swipers').set({ is_show: 1 }).where('id', '=', 1).execute();
  });

  it('lists home modules and pages their goods in module order, without goods off sale', async () => {
    const modules = (await get('/api/front/customModule/list')).body.data;
    expect(modules).toEqual([
      { id: 1, title: '热门', subtitle: '热卖', style: 'grid' },
      { id: 2, title: '新品', subtitle: '上新', style: 'row' },
    ]);
    const first = (await get('/api/front/customModule/goods?id=1', en)).body.data;
    expect(ids(first.list)).toEqual([1, 2, 3]);
    expect(first).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(first.list[0]).toMatchObject({ name: 'Star Saga Diamonds', price: '0.83', currency: 'USD' });
    const paged = (await get('/api/front/customModule/goods?id=1&limit=2&page=2')).body.data;
    expect(ids(paged.list)).toEqual([3]);
    expect(await get('/api/front/customModule/goods?id=9', en)).toEqual({
      status: 404,
      body: { code: 404, msg: 'This section does not exist', data: null },
    });
    expect((await get('/api/front/customModule/goods')).status).toBe(400);
    expect((await get('/api/front/customModule/goods?id=1&limit=0')).status).toBe(400);
  });

  it('shows a zone with its goods on sale, and 404 for an unknown one', async () => {
    const { body } = await get('/api/front/zone/detail?id=1');
    expect(body.data).toMatchObject({ id: 1, name: '新游', subtitle: '专区', banner: '/i/zone.svg' });
    expect(ids(body.data.goods)).toEqual([2, 1]);
    expect((await get('/api/front/zone/detail?id=2')).body).toEqual({
      code: 404,
      msg: '专区不存在',
      data: null,
    });
    expect((await get('/api/front/zone/detail?id=x')).status).toBe(400);
  });

  it('lists the zones that are shown', async () => {
    expect((await get('/api/front/zone/list', en)).body.data).toEqual([
      { id: 1, name: 'New', subtitle: 'Zone', banner: '/i/zone.svg' },
    ]);
    await t.db.updateTable('zones').set({ is_show: 0 }).where('id', '=', 1).execute();
    expect((await get('/api/front/zone/list')).body.data).toEqual([]);
    expect((await get('/api/front/zone/detail?id=1')).status).toBe(404);
    await t.db.updateTable('zones').set({ is_show: 1 }).where('id', '=', 1).execute();
  });

  it('pages articles, filters them by type, and shows one', async () => {
    const all = (await get('/api/front/article/list?limit=2')).body.data;
    expect(all).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(all.list.map((a: { title: string }) => a.title)).toEqual(['关于我们', '帮助']);
    const news = (await get('/api/front/article/list?type=news', en)).body.data;
    expect(news.list).toEqual([
      { id: 3, type: 'news', title: 'News', summary: 'News', created_at: expect.any(Number) },
    ]);
    const one = (await get('/api/front/article/detail?id=1', en)).body.data;
    expect(one).toMatchObject({ id: 1, title: 'About us', content: 'One\n\nTwo', type: 'help' });
    expect((await get('/api/front/article/detail?id=42', en)).body).toEqual({
      code: 404,
      msg: 'This article does not exist',
      data: null,
    });
    for (const query of ['type=blog', 'page=0', 'limit=101']) {
      expect((await get(`/api/front/article/list?${query}`)).status, query).toBe(400);
    }
  });

  it('gives regions as a province → city → district tree', async () => {
    expect((await get('/api/front/region/list', en)).body.data).toEqual([
      {
        id: 1,
        name: 'Guangdong',
        children: [
          {
            id: 2,
            name: 'Shenzhen',
            children: [
              { id: 3, name: 'Nanshan', children: [] },
              { id: 4, name: 'Futian', children: [] },
            ],
          },
        ],
      },
    ]);
  });
});
