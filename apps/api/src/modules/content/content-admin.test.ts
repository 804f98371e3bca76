import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/catalog-fixture.ts';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { insertCatalog } from '../../seed/seed-catalog.ts';
import { restockWith } from '../../seed/seed-demo.ts';

// Issue 14: what an operator changes in the console's content is what buyers get from the
// storefront's endpoints (this process clears its read cache at once), every change is in the
// audit log with before → after, and a refused value is told in the operator's language, naming
// the field.

describe.each(testEngines())('console content (%s)', (engine) => {
  let t: TestApp;
  let owner: TestOperator;
  const en = { locale: 'en' };

  const admin = async (path: string, body?: unknown, locale: 'zh-CN' | 'en' = 'en') => {
    const res = await t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/api/admin${path}`,
      headers: as(owner, locale),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const front = async (url: string, headers: Record<string, string> = en) => {
    const res = await t.app.inject({ url: `/api/front${url}`, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const audit = async (objectType: string, objectId: number) =>
    (await admin(`/audit/list?object_type=${objectType}&object_id=${objectId}&order=asc`)).body.data.list as {
      action: string;
      actor: string;
      before: unknown;
      after: unknown;
    }[];

  beforeAll(async () => {
    // With the read cache on: a change must clear it, or buyers would see the old content.
    t = await createTestApp(engine, { CACHE_TTL_MS: '60000' });
    await t.db
      .transaction()
      .execute((trx) => insertCatalog(trx, fixture, restockWith(trx, t.app.cardCipher)));
    owner = await addOperator(t.db, 'owner@content.test', 'owner');
  });
  afterAll(() => t.close());

  it('banners: created, changed, reordered, hidden and removed as buyers see them', async () => {
    const before = (await front('/swiper/list')).body.data as { id: number }[];
    expect(before.map((b) => b.id)).toEqual([1, 2]);

    const created = await admin('/content/banner/create', {
      title_zh: '夏日特惠',
      title_en: 'Summer sale',
      subtitle_zh: '',
      subtitle_en: '',
      image: '/uploads/summer.png',
      link: 'https://example.com/sale',
      sort: 100,
    });
    expect(created.status).toBe(200);
    const banner = created.body.data;
    expect(banner).toMatchObject({ position: 'home', is_show: 1, title_en: 'Summer sale' });
    let list = (await front('/swiper/list')).body.data as { id: number; title: string; link: string }[];
    expect(list.map((b) => b.id)).toEqual([1, 2, banner.id]);
    expect(list[2]).toMatchObject({ title: 'Summer sale', link: 'https://example.com/sale' });
    const zh = (await front('/swiper/list', { locale: 'zh-CN' })).body.data;
    expect(zh[2].title).toBe('夏日特惠');

    const reordered = await admin('/content/banner/reorder', { ids: [banner.id, 2, 1] });
    expect(reordered.body.data).toEqual({ updated: 3 });
    list = (await front('/swiper/list')).body.data;
    expect(list.map((b) => b.id)).toEqual([banner.id, 2, 1]);

    const changed = await admin('/content/banner/update', { id: banner.id, title_en: 'Winter sale' });
    expect(changed.body.data.title_en).toBe('Winter sale');
    expect((await front('/swiper/list')).body.data[0].title).toBe('Winter sale');

    await admin('/content/banner/update', { id: banner.id, is_show: 0 });
    list = (await front('/swiper/list')).body.data;
    expect(list.map((b) => b.id)).toEqual([2, 1]);
    // The console still lists it, hidden; filtered by is_show it is the only hidden one.
    const hidden = (await admin('/content/banner/list?is_show=0')).body.data;
    expect(hidden.list.map((b: { id: number }) => b.id)).toEqual([banner.id]);
    expect(hidden.cache_ttl_seconds).toBe(60);

    expect((await admin('/content/banner/delete', { id: banner.id })).status).toBe(200);
    expect((await admin('/content/banner/update', { id: banner.id, is_show: 1 })).status).toBe(404);

    const entries = await audit('banner', banner.id);
    expect(entries.map((e) => e.action)).toEqual([
      'banner.create',
      'banner.update',
      'banner.update',
      'banner.update',
      'banner.delete',
    ]);
    expect(entries[0]).toMatchObject({ actor: 'owner@content.test', before: null });
    expect(entries[0]!.after).toMatchObject({ title_en: 'Summer sale', image: '/uploads/summer.png' });
    expect(entries[1]).toMatchObject({ before: { sort: 100 }, after: { sort: 10 } });
    // Only what changed: the title, not the rest of the banner.
    expect(entries[2]).toMatchObject({
      before: { title_en: 'Summer sale' },
      after: { title_en: 'Winter sale' },
    });
    expect(Object.keys(entries[2]!.after as object)).toEqual(['title_en']);
    expect(entries[3]).toMatchObject({ before: { is_show: 1 }, after: { is_show: 0 } });
    expect(entries[4]).toMatchObject({ after: null, before: { id: banner.id, title_en: 'Winter sale' } });
  });

  it('an update that changes nothing writes nothing', async () => {
    const res = await admin('/content/banner/update', { id: 1, title_en: 'Banner one' });
    expect(res.body.data.title_en).toBe('Banner one');
    expect(await audit('banner', 1)).toEqual([
      expect.objectContaining({ action: 'banner.update', after: { sort: 30 } }),
    ]);
  });

  it('home sections: their goods in the order chosen, hidden sections gone for buyers', async () => {
    const created = await admin('/content/module/create', {
      title_zh: '推荐',
      title_en: 'Picks',
      subtitle_zh: '精选',
      subtitle_en: 'Chosen',
      style: 'row',
    });
    expect(created.status).toBe(200);
    const section = created.body.data;
    expect(section).toMatchObject({ goods_count: 0, style: 'row', position: 'home' });

    // Goods 4 is the retired one: taken off sale, kept in the list, never shown to buyers.
    await t.db.updateTable('goods').set({ on_sale: 0 }).where('id', '=', 4).execute();
    const set = await admin('/content/module/goods/set', { id: section.id, goods_ids: [2, 4, 1, 2] });
    expect(set.status).toBe(200);
    expect(set.body.data.map((g: { id: number; on_sale: number }) => [g.id, g.on_sale])).toEqual([
      [2, 1],
      [4, 0],
      [1, 1],
    ]);

    const sections = (await front('/customModule/list?position=home')).body.data as { id: number }[];
    expect(sections.map((s) => s.id)).toContain(section.id);
    const goods = (await front(`/customModule/goods?id=${section.id}`)).body.data;
    expect(goods.list.map((g: { id: number }) => g.id)).toEqual([2, 1]);

    const listed = (await admin('/content/module/list?keyword=pick')).body.data.list;
    expect(listed).toEqual([expect.objectContaining({ id: section.id, goods_count: 3 })]);

    await admin('/content/module/update', { id: section.id, is_show: 0 });
    expect((await front(`/customModule/goods?id=${section.id}`)).status).toBe(404);
    expect(
      ((await front('/customModule/list')).body.data as { id: number }[]).map((s) => s.id),
    ).not.toContain(section.id);

    const unknown = await admin(
      '/content/module/goods/set',
      { id: section.id, goods_ids: [1, 9999] },
      'zh-CN',
    );
    expect(unknown).toMatchObject({ status: 400, body: { msg: '商品列表中有不存在的商品：9999' } });

    const entries = await audit('module', section.id);
    expect(entries.map((e) => e.action)).toEqual(['module.create', 'module.goods', 'module.update']);
    expect(entries[1]).toMatchObject({ before: { goods_ids: [] }, after: { goods_ids: [2, 4, 1] } });

    expect((await admin('/content/module/delete', { id: section.id })).status).toBe(200);
    const left = await t.db
      .selectFrom('custom_module_goods')
      .select('goods_id')
      .where('module_id', '=', section.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('zones: a new zone and its goods show on the zone page; hidden, it is gone', async () => {
    const zone = (
      await admin('/content/zone/create', {
        name_zh: '周末专区',
        name_en: 'Weekend',
        subtitle_zh: '',
        subtitle_en: 'Deals',
        banner: '/uploads/weekend.png',
      })
    ).body.data;
    await admin('/content/zone/goods/set', { id: zone.id, goods_ids: [3, 1] });
    const page = await front(`/zone/detail?id=${zone.id}`);
    expect(page.body.data).toMatchObject({
      name: 'Weekend',
      subtitle: 'Deals',
      banner: '/uploads/weekend.png',
    });
    expect(page.body.data.goods.map((g: { id: number }) => g.id)).toEqual([3, 1]);
    expect(((await front('/zone/list')).body.data as { id: number }[]).map((z) => z.id)).toContain(zone.id);

    expect(
      (await admin(`/content/zone/goods?id=${zone.id}`)).body.data.map((g: { id: number }) => g.id),
    ).toEqual([3, 1]);
    await admin('/content/zone/update', { id: zone.id, is_show: 0 });
    expect((await front(`/zone/detail?id=${zone.id}`)).status).toBe(404);
    expect((await admin('/content/zone/list')).body.data.list).toContainEqual(
      expect.objectContaining({ id: zone.id, is_show: 0, goods_count: 2 }),
    );
  });

  it('articles: both languages, paged, filtered and sorted in the console; hidden ones gone for buyers', async () => {
    const created = await admin('/content/article/create', {
      type: 'news',
      title_zh: '停机维护公告',
      title_en: 'Maintenance notice',
      summary_zh: '周日凌晨',
      summary_en: 'Sunday night',
      content_zh: '第一段\n\n第二段',
      content_en: 'First\n\nSecond',
      sort: 5,
    });
    expect(created.status).toBe(200);
    const article = created.body.data;
    expect(article).toMatchObject({ is_show: 1, content_en: 'First\n\nSecond' });

    const detail = await front(`/article/detail?id=${article.id}`);
    expect(detail.body.data).toMatchObject({ title: 'Maintenance notice', content: 'First\n\nSecond' });
    const zh = await front(`/article/detail?id=${article.id}`, { locale: 'zh-CN' });
    expect(zh.body.data.content).toBe('第一段\n\n第二段');
    const news = (await front('/article/list?type=news')).body.data.list as { id: number }[];
    expect(news.map((a) => a.id)).toContain(article.id);

    // The console: 4 articles; news only; a keyword; sorted by id descending, two per page.
    const all = (await admin('/content/article/list?sort=id&order=desc&limit=2')).body.data;
    expect(all).toMatchObject({ total: 4, page: 1, limit: 2 });
    expect(all.list.map((a: { id: number }) => a.id)).toEqual([article.id, 3]);
    expect(all.list[0]).not.toHaveProperty('content_zh');
    const page2 = (await admin('/content/article/list?sort=id&order=desc&limit=2&page=2')).body.data;
    expect(page2.list.map((a: { id: number }) => a.id)).toEqual([2, 1]);
    const onlyNews = (await admin('/content/article/list?type=news')).body.data;
    expect(onlyNews.total).toBe(2);
    const found = (await admin(`/content/article/list?keyword=${encodeURIComponent('维护')}`)).body.data;
    expect(found.list.map((a: { id: number }) => a.id)).toEqual([article.id]);
    expect((await admin(`/content/article/detail?id=${article.id}`)).body.data.content_zh).toBe(
      '第一段\n\n第二段',
    );

    const updated = await admin('/content/article/update', { id: article.id, content_en: 'Changed' });
    expect(updated.body.data.updated_at).toBeGreaterThanOrEqual(article.updated_at);
    expect((await front(`/article/detail?id=${article.id}`)).body.data.content).toBe('Changed');

    await admin('/content/article/update', { id: article.id, is_show: 0 });
    expect((await front(`/article/detail?id=${article.id}`)).status).toBe(404);
    const entries = await audit('article', article.id);
    expect(entries[1]).toMatchObject({
      before: { content_en: 'First\n\nSecond' },
      after: { content_en: 'Changed' },
    });
  });

  it('footer links: added, renamed, hidden', async () => {
    const link = (
      await admin('/content/link/create', { name_zh: '隐私政策', name_en: 'Privacy', url: '/article/2' })
    ).body.data;
    let links = (await front('/link/list')).body.data as { id: number; name: string; url: string }[];
    expect(links.at(-1)).toEqual({ id: link.id, name: 'Privacy', url: '/article/2' });
    await admin('/content/link/update', { id: link.id, name_en: 'Privacy policy' });
    links = (await front('/link/list')).body.data;
    expect(links.at(-1)?.name).toBe('Privacy policy');
    await admin('/content/link/update', { id: link.id, is_show: 0 });
    links = (await front('/link/list')).body.data;
    expect(links.map((l) => l.id)).not.toContain(link.id);
    expect((await audit('link', link.id)).length).toBe(3);
  });

  it('the goods picker finds goods by name in either language or by id, on sale or not', async () => {
    const byName = (await admin(`/content/goods/search?keyword=${encodeURIComponent('点卡')}`)).body.data;
    expect(byName.list.map((g: { name_en: string }) => g.name_en)).toEqual(['Arena Gift Card']);
    const byEnglish = (await admin('/content/goods/search?keyword=retired')).body.data;
    expect(byEnglish.list).toEqual([
      { id: 4, name_zh: '停售商品', name_en: 'Retired goods', image: '/i/retired.svg', on_sale: 0 },
    ]);
    expect(
      (await admin('/content/goods/search?keyword=3')).body.data.list.map((g: { id: number }) => g.id),
    ).toEqual([3]);
    expect((await admin('/content/goods/search?limit=2&order=asc')).body.data).toMatchObject({ total: 4 });
  });

  it('refuses a link that would leave the shop, wherever a link is stored, naming the field (issue 29)', async () => {
    const banner = {
      title_zh: 'x',
      title_en: 'x',
      subtitle_zh: '',
      subtitle_en: '',
      image: '/uploads/a.png',
    };
    const res = await admin('/content/banner/create', { ...banner, link: '/\\evil.example/x' }, 'zh-CN');
    expect(res).toMatchObject({
      status: 400,
      body: {
        code: 400,
        msg: '跳转链接须为本站路径（以一个 / 开头，如 /goods/1）或 http(s) 网址，不能含空格或反斜杠',
        data: null,
      },
    });
    expect((await admin('/content/banner/create', { ...banner, link: '/\\evil.example/x' })).body.msg).toBe(
      'Link must be a path of this shop (one / first, like /goods/1) or an http(s) address, without spaces or backslashes',
    );
    const bad = [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/%5Cevil.example',
      '/%2F%2Fevil.example',
    ];
    const stored = async () =>
      JSON.stringify((await admin('/content/banner/list?page=1&limit=100')).body.data.list);
    const before = await stored();
    for (const link of bad) {
      expect((await admin('/content/banner/create', { ...banner, link })).status, link).toBe(400);
      expect((await admin('/content/banner/create', { ...banner, image: link })).status, link).toBe(400);
      expect((await admin('/content/banner/update', { id: 1, link })).status, link).toBe(400);
      expect((await admin('/content/zone/update', { id: 1, banner: link })).status, link).toBe(400);
      expect((await admin('/content/link/update', { id: 1, url: link })).status, link).toBe(400);
    }
    expect(await stored()).toBe(before);
    // The paths the shop's own links use still go through.
    const ok = await admin('/content/banner/create', { ...banner, link: '/goods/1?from=banner' });
    expect(ok.status).toBe(200);
  });

  it('refuses bad values in the operator language, naming the field', async () => {
    const cases: [string, unknown, string, string][] = [
      [
        '/content/banner/create',
        { title_zh: '', title_en: '', subtitle_zh: '', subtitle_en: '', image: 'javascript:alert(1)' },
        '图片须为本站路径（以一个 / 开头，如 /goods/1）或 http(s) 网址，不能含空格或反斜杠',
        'Picture must be a path of this shop (one / first, like /goods/1) or an http(s) address, without spaces or backslashes',
      ],
      [
        '/content/article/create',
        {
          type: 'news',
          title_zh: ' ',
          title_en: 'x',
          summary_zh: '',
          summary_en: '',
          content_zh: '',
          content_en: '',
        },
        '文章标题（中文）不能为空',
        'Article title (Chinese) must not be empty',
      ],
      [
        '/content/article/create',
        {
          type: 'blog',
          title_zh: 'x',
          title_en: 'x',
          summary_zh: '',
          summary_en: '',
          content_zh: '',
          content_en: '',
        },
        '文章类型只能是 help、news',
        'Article type must be one of: help, news',
      ],
      [
        '/content/link/update',
        { id: 1, url: '//evil.example' },
        '链接地址须为本站路径（以一个 / 开头，如 /goods/1）或 http(s) 网址，不能含空格或反斜杠',
        'Link address must be a path of this shop (one / first, like /goods/1) or an http(s) address, without spaces or backslashes',
      ],
      [
        '/content/module/update',
        { id: 1, style: 'list' },
        '展示样式只能是 grid、row',
        'Layout must be one of: grid, row',
      ],
      ['/content/zone/reorder', { ids: [] }, '专区顺序不能为空', 'Order of the zones must not be empty'],
    ];
    for (const [path, body, zh, enMsg] of cases) {
      const inZh = await admin(path, body, 'zh-CN');
      expect(inZh, path).toMatchObject({ status: 400, body: { code: 400, msg: zh } });
      expect((await admin(path, body, 'en')).body.msg, path).toBe(enMsg);
    }
    expect((await admin('/content/banner/delete', { id: 999 }, 'zh-CN')).body).toMatchObject({
      code: 404,
      msg: '轮播图不存在',
    });
  });
});
