import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardCipher } from '../fulfilment/card-cipher.ts';
import { createTestApp, type TestApp, testEngines, withDatabaseBefore } from '../../../test/helpers.ts';
import { goodsRow, insertGoods, newCategory } from '../../../test/goods-rows.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { searchGoods } from './catalog.service.ts';
import { seedDemo } from '../../seed/seed-demo.ts';
import { refreshDerived } from './catalog.repository.ts';
import {
  bySound,
  FIELD,
  GRAMS,
  KEY,
  parseSearch,
  pinyinKeys,
  searchTextOf,
  soundPatterns,
} from './search.ts';
import {
  keywordRuns,
  MEMBERSHIP_CAP,
  mergeSearchIndexes,
  optimizeSearchIndexes,
  SEARCH_CAP,
  TYPO_WORDS,
} from './search.repository.ts';

// Decision 041 on the demo catalog (apps/api/src/seed/demo-catalog.ts; goods id n is the n-th
// goods there): 1 星穹旅人 · 星辉石 / Starbound Voyager · Starlight Gems (sales 36420),
// 2 潮汐纪元 · 潮汐贝 / Tidebound (3460), 13 星穹旅人 领航员艾拉 1/7 手办 / ... Figure (128).

const ids = async (t: TestApp, keyword: string, extra = '') => {
  const res = await t.app.inject({
    url: `/api/front/goods/search?limit=50&keyword=${encodeURIComponent(keyword)}${extra}`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data.list as { id: number }[]).map((g) => g.id);
};

/** Queries both engines must answer alike (order included). */
const QUERIES = [
  'xingqiong',
  'xing qiong',
  'xqlr',
  'XQLR',
  'starbond',
  'Starbound',
  'starbound voyager · starlight gems',
  'tidebond',
  'chaoxi',
  'cxjy',
  '星穹',
  '领航员',
  '卡',
  '点卡',
  '会员',
  'np',
  'gift card',
  'playnest gift card',
  'neon',
  'neon strik',
  'moon shard',
  'evernigth',
  '永夜',
  'yongye',
  '%',
  '_',
  'zzzz',
  'a',
  'card',
  'mushroom town',
  '"star"',
  'star*',
  "o'neil (x)",
  'NEAR st',
  'qqzzxx无此商品',
  '星琼',
  '穷旅',
  '奥西',
  '记元',
  '鼋鼍',
  '星琼 starbound',
];

describe('search keys', () => {
  it('gives the pinyin of a zh-CN name: full, spaced, initials; ü typed as u', () => {
    expect(pinyinKeys('星穹旅人')).toEqual({
      full: 'xingqiongluren',
      spaced: 'xing qiong lu ren',
      initials: 'xqlr',
    });
    expect(pinyinKeys('霓虹突击 · NP点数')).toEqual({
      full: 'nihongtujinpdianshu',
      spaced: 'ni hong tu ji np dian shu',
      initials: 'nhtjnpds',
    });
    expect(pinyinKeys('Pixel Harbor')).toEqual({ full: '', spaced: '', initials: '' });
  });

  it('puts names and pinyin first, as keys, in one lower-cased document', () => {
    const text = searchTextOf({
      name_zh: '星穹旅人',
      name_en: 'Starbound  Voyager',
      subtitle_zh: '官方',
      subtitle_en: 'Official',
      category_zh: '角色扮演',
      category_en: 'RPG',
    });
    expect(text).toBe(
      ' \u01c2星穹旅人 \u01c2starbound voyager \u01c2xingqiongluren \u01c2xing qiong lu ren \u01c2xqlr \u01c2 \u0001 官方 \u0001 official \u0001 角色扮演 \u0001 rpg ' +
        '\u0003 星 星穹 穹 穹旅 旅 旅人 人 s st v vo x xi q qi l lu r re xq 官 官方 方 o of 角 角色 色 色扮 扮 扮演 演 rp ',
    );
  });

  it('splits keywords and takes the trigrams of longer ones', () => {
    expect(parseSearch('  Star   BOND ')).toMatchObject({ phrase: 'star bond' });
    const [k] = parseSearch('starbond').keywords;
    expect(k!.trigrams).toEqual([' st', 'sta', 'tar', 'arb', 'rbo', 'bon', 'ond', 'nd ']);
    expect(k!.need).toBe(3);
    const typos = (s: string) => parseSearch(s).keywords[0]!.typos.map((t) => t.pattern);
    expect(typos('abcd')).toContain('%abc_d%');
    // Every typo keeps a run of 3 letters as typed: 'ab_cd' has none.
    expect(typos('abcd')).not.toContain('%ab_cd%');
    expect(typos('a%cd')).toContain('%\\%acd%');
    expect(parseSearch('starbond').keywords[0]!.typos).toContainEqual({
      pattern: '%starbo_nd%',
      runs: ['starbo'],
    });
    expect(parseSearch('星穹').keywords[0]!.trigrams).toEqual([]);
  });

  it('turns Chinese keywords into their syllables to be found by sound, others as typed', () => {
    expect(bySound(parseSearch('星琼 Figure'))).toEqual({
      phrase: 'xing qiong figure',
      keywords: [
        { text: `${KEY}xing qiong `, trigrams: [], need: 0, typos: [], sound: 'xing qiong' },
        expect.objectContaining({ text: 'figure', need: 0, typos: [] }),
      ],
    });
    expect(soundPatterns('xing qiong')).toEqual([`%${KEY}xing qiong %`, `% xing qiong %${KEY}%`]);
    expect(bySound(parseSearch('starbond'))).toBeNull();
  });

  it('looks a keyword up by the fewest runs that find the same goods', () => {
    const [k] = parseSearch('starbond').keywords;
    const all = [[k!.text], ...k!.typos.map((t) => t.runs)];
    const kept = keywordRuns(k!.text, k!.typos);
    // "rbond" (from st_rbond) is in every run that holds it: "starbond", "arbond", NEAR(sta rbond)…
    expect(kept).toContainEqual(['rbond']);
    expect(kept).not.toContainEqual(['starbond']);
    expect(kept).not.toContainEqual(['sta', 'rbond']);
    expect(kept.length).toBeLessThan(all.length / 3);
    // Nothing is lost: every run left out holds a single run that is kept.
    const singles = kept.filter((r) => r.length === 1).map((r) => r[0]!);
    for (const runs of all)
      expect(
        kept.some((r) => r.join() === runs.join()) || runs.some((r) => singles.some((q) => r.includes(q))),
        runs.join(' '),
      ).toBe(true);
    // No run is kept twice, and a keyword without typos is itself.
    expect(new Set(kept.map((r) => r.join())).size).toBe(kept.length);
    expect(keywordRuns('card', [])).toEqual([['card']]);
  });
});

describe.each(testEngines())('goods search on the demo catalog (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    expect(await seedDemo(t.db, t.app.cardCipher)).toBe(true);
  });
  afterAll(() => t.close());

  it('finds by pinyin, initials, a one-letter typo and a CJK substring, the expected goods first', async () => {
    // Both 星穹旅人 goods start with xingqiong: the better seller first.
    expect((await ids(t, 'xingqiong')).slice(0, 2)).toEqual([1, 13]);
    expect((await ids(t, 'xing qiong')).slice(0, 2)).toEqual([1, 13]);
    expect((await ids(t, 'xqlr')).slice(0, 2)).toEqual([1, 13]);
    expect((await ids(t, 'chaoxi'))[0]).toBe(2);
    expect((await ids(t, 'cxjy'))[0]).toBe(2);
    // One letter missing, one swapped: trigram overlap.
    expect((await ids(t, 'starbond')).slice(0, 2)).toEqual([1, 13]);
    expect((await ids(t, 'tidebond'))[0]).toBe(2);
    expect((await ids(t, 'evernigth')).slice(0, 2).sort()).toEqual([6, 9]);
    // A CJK substring in the middle of a name.
    expect(await ids(t, '领航员')).toEqual([13]);
    expect((await ids(t, '穹旅'))[0]).toBe(1);
  });

  it('ranks an exact name, then a prefix, then a substring, then a typo; sales break ties', async () => {
    // "gift card": two substrings, the better seller first (7: 15720 sold, 8: 4310).
    expect(await ids(t, 'gift card')).toEqual([7, 8]);
    // The exact name wins over a better seller.
    expect((await ids(t, 'PlayNest Gift Card'))[0]).toBe(8);
    expect((await ids(t, 'Arcway Wallet Gift Card'))[0]).toBe(7);
    // A name prefix (13 sold 128) before a substring elsewhere (1 sold 36420).
    expect((await ids(t, 'starbound voyager: nav'))[0]).toBe(13);
    const starbound = await ids(t, 'starbound');
    expect(starbound.slice(0, 2)).toEqual([1, 13]);
    // Typo matches come after every substring match.
    expect(await ids(t, 'neon strike')).toEqual(expect.arrayContaining([5, 10, 15]));
  });

  it('matches keywords shorter than a trigram as substrings', async () => {
    expect(await ids(t, 'np')).toEqual([5]);
    expect((await ids(t, '卡')).length).toBeGreaterThan(3);
    // LIKE wildcards are literal: '%' finds what holds a '%' (by sales), '_' nothing.
    const percent = await t.db
      .selectFrom('goods')
      .select('id')
      .where(sql<SqlBool>`search_text like '%\\%%' escape '\\'`)
      .orderBy('sales', 'desc')
      .execute();
    expect(percent.length).toBeGreaterThan(0);
    expect(await ids(t, '%')).toEqual(percent.map((r) => r.id));
    expect(await ids(t, '_')).toEqual([]);
    expect(await ids(t, 'zzzz')).toEqual([]);
    // The e2e's nonsense keyword (apps/web/tests/e2e/catalog.e2e.test.ts).
    expect(await ids(t, 'qqzzxx无此商品')).toEqual([]);
  });

  it('finds a Chinese keyword that finds nothing by its sound, from syllable to syllable', async () => {
    // Issue 29, finding 3 (decision 059): 琼 sounds like 穹 (qiong).
    expect(await ids(t, '星穹')).toEqual([1, 13]);
    expect(await ids(t, '星琼')).toEqual([1, 13]);
    expect(await ids(t, '星琼旅人')).toEqual([1, 13]);
    // Within a name (qiong lu), and with a keyword as typed.
    expect(await ids(t, '穷旅')).toEqual([1, 13]);
    expect(await ids(t, '星琼 figure')).toEqual([13]);
    // 潮汐纪元: "ji yuan"; not "ao xi" inside "chao xi", nor "ji yu" at the start of "ji yuan".
    expect((await ids(t, '记元'))[0]).toBe(2);
    expect(await ids(t, '奥西')).toEqual([]);
    expect(await ids(t, '纪雨')).toEqual([]);
    // Nonsense in Chinese still finds nothing; the category filter still applies.
    expect(await ids(t, '鼋鼍')).toEqual([]);
    const voyager = (
      await t.db.selectFrom('goods').select('category_id').where('id', '=', 1).executeTakeFirstOrThrow()
    ).category_id;
    const other = await t.db
      .selectFrom('categories')
      .select('id')
      .where('id', '!=', voyager)
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(await ids(t, '星琼', `&category_id=${voyager}`)).toEqual([1]);
    expect(await ids(t, '星琼', `&category_id=${other.id}`)).toEqual([]);
    // The total counts what was found by sound.
    const res = await t.app.inject({
      url: `/api/front/goods/search?limit=1&keyword=${encodeURIComponent('星琼')}`,
    });
    expect(res.json().data.total).toBe(2);
  });

  it('keeps the index in step when a goods is renamed', async () => {
    await t.db
      .updateTable('goods')
      .set({ name_zh: '银河漫游者', name_en: 'Galaxy Rover' })
      .where('id', '=', 2)
      .execute();
    await refreshDerived(t.db, 2);
    try {
      expect(await ids(t, 'yinhe')).toEqual([2]);
      expect(await ids(t, 'galaxy rovr')).toEqual([2]);
      // 游乐巢礼品卡 (youlechaolipinka) is one letter from chaoxi: no longer 2.
      expect(await ids(t, 'chaoxi')).toEqual([8]);
      expect(await ids(t, 'tidebound')).toEqual([]);
    } finally {
      await t.db
        .updateTable('goods')
        .set({ name_zh: '潮汐纪元 · 潮汐贝', name_en: 'Tidebound · Tide Pearls' })
        .where('id', '=', 2)
        .execute();
      await refreshDerived(t.db, 2);
    }
    expect((await ids(t, 'chaoxi'))[0]).toBe(2);
  });

  it('pages and counts the matches, filters by category', async () => {
    const all = await ids(t, '卡');
    const res = await t.app.inject({
      url: `/api/front/goods/search?limit=2&page=2&keyword=${encodeURIComponent('卡')}`,
    });
    expect(res.json().data).toMatchObject({ total: all.length, page: 2, limit: 2 });
    expect(res.json().data.list.map((g: { id: number }) => g.id)).toEqual(all.slice(2, 4));
    const category = await t.db
      .selectFrom('goods')
      .select('category_id')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(await ids(t, 'xingqiong', `&category_id=${category.category_id}`)).toContain(1);
    expect(await ids(t, 'chaoxi', `&category_id=${category.category_id}`)).not.toContain(13);
  });
});

describe.each(testEngines())('a search that matches more than SEARCH_CAP goods (%s)', (engine) => {
  // Decision 042: "card" matches 1,102 goods here. The 1,000 best sellers among them and the goods
  // named by the keyword are ranked; the exact name (sold least) still comes first.
  let t: TestApp;
  const MANY = SEARCH_CAP + 100;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const gifts = await newCategory(t.db, '礼品卡', 'Gift cards');
    const goods = (id: number, zh: string, en: string, sales: number) =>
      goodsRow(gifts, [zh, en], { id, sales });
    const rows = [goods(1, '卡', 'Card', 0), goods(2, '卡 加强版', 'Card Plus', 1)];
    for (let n = 3; n < MANY + 2; n++) rows.push(goods(n, `礼品卡 ${n} 号`, `Gift card no. ${n}`, 10 + n));
    await insertGoods(t.db, rows);
  });
  afterAll(() => t.close());

  const page = async (n: number) =>
    (await t.app.inject({ url: `/api/front/goods/search?keyword=card&limit=50&page=${n}` })).json().data;

  it('ranks the names first, then the best sellers, and counts up to the cap', async () => {
    const first = await page(1);
    expect(first.total).toBe(SEARCH_CAP);
    const best = Array.from({ length: 48 }, (_, i) => MANY + 1 - i);
    expect(first.list.map((g: { id: number }) => g.id)).toEqual([1, 2, ...best]);
    // The last page of the cap is full, the one after it empty.
    expect((await page(SEARCH_CAP / 50)).list).toHaveLength(50);
    expect((await page(SEARCH_CAP / 50 + 1)).list).toEqual([]);
    // Below the cap every match is counted: 77 by its exact name, then 770–779 (a short keyword
    // is a word's start).
    const few = (
      await t.app.inject({
        url: `/api/front/goods/search?limit=50&keyword=${encodeURIComponent('礼品卡 77 号')}`,
      })
    ).json().data;
    expect(few.total).toBe(11);
    expect(few.list.map((g: { id: number }) => g.id)).toEqual([
      77,
      ...Array.from({ length: 10 }, (_, i) => 779 - i),
    ]);
  });
});

describe.each(testEngines())(
  'a two-character name that more than SEARCH_CAP goods start with (%s)',
  (engine) => {
    // Decision 053: on SQLite the name tier of "星穹" tests the best sellers' ids against the goods
    // FTS5 finds for it (one trigram), up to MEMBERSHIP_CAP of them. 1,500 goods are named 星穹 …, 300
    // hold it further in their names, 2,000 others sell more: the page is the named goods, best
    // sellers first, the same on both engines.
    let t: TestApp;
    const NAMED = SEARCH_CAP + 500;
    const sales = (n: number) => (n * 7919) % 10_007;
    beforeAll(async () => {
      t = await createTestApp(engine);
      const games = await newCategory(t.db, '手游', 'Games');
      const rows = [];
      for (let n = 1; n <= NAMED; n++)
        rows.push(goodsRow(games, [`星穹 ${n} 号`, `Nebula ${n}`], { id: n, sales: sales(n) }));
      for (let n = NAMED + 1; n <= NAMED + 300; n++)
        rows.push(goodsRow(games, [`限定 星穹 ${n}`, `Limited ${n}`], { id: n, sales: 20_000 + n }));
      for (let n = NAMED + 301; n <= NAMED + 2_300; n++)
        rows.push(goodsRow(games, [`潮汐 ${n}`, `Tide ${n}`], { id: n, sales: 30_000 + n }));
      await insertGoods(t.db, rows);
    });
    afterAll(() => t.close());

    it('lists the goods named by it, best sellers first, past those that sell more', async () => {
      // More than SEARCH_CAP named goods and no more than MEMBERSHIP_CAP: the path of decision 053.
      expect(NAMED).toBeGreaterThan(SEARCH_CAP);
      expect(NAMED).toBeLessThanOrEqual(MEMBERSHIP_CAP);
      const named = Array.from({ length: NAMED }, (_, i) => i + 1).sort(
        (a, b) => sales(b) - sales(a) || b - a,
      );
      const page = async (n: number) =>
        (
          await t.app.inject({
            url: `/api/front/goods/search?keyword=${encodeURIComponent('星穹')}&limit=50&page=${n}`,
          })
        ).json().data as { total: number; list: { id: number }[] };
      const first = await page(1);
      expect(first.total).toBe(SEARCH_CAP);
      expect(first.list.map((g) => g.id)).toEqual(named.slice(0, 50));
      expect((await page(SEARCH_CAP / 50)).list.map((g) => g.id)).toEqual(
        named.slice(SEARCH_CAP - 50, SEARCH_CAP),
      );
    });

    it('lists the same goods for a keyword that sounds like it (星琼, decision 059)', async () => {
      const page = async (keyword: string) =>
        (
          await t.app.inject({
            url: `/api/front/goods/search?keyword=${encodeURIComponent(keyword)}&limit=50&page=2`,
          })
        ).json().data as { total: number; list: { id: number }[] };
      const [typed, bySound] = [await page('星穹'), await page('星琼')];
      expect(bySound.total).toBe(SEARCH_CAP);
      expect(bySound.list.map((g) => g.id)).toEqual(typed.list.map((g) => g.id));
    });
  },
);

describe.each(testEngines())('migration 0023 (%s)', (engine) => {
  it('rewrites the search text of goods already there and indexes them; goes down and up again', () =>
    withDatabaseBefore(engine, '0022_console_orders', async (db, migrator) => {
      await seedDemo(db, createCardCipher(Buffer.alloc(32, 7)));
      // The layout of before 0023.
      await db.updateTable('goods').set({ search_text: 'old text' }).execute();
      expect(await migrateToLatest(db)).toContain('0023_goods_search');
      const ctx = { locale: 'zh-CN', currency: 'CNY' } as const;
      const found = async (keyword: string) =>
        (await searchGoods(db, { keyword, page: 1, limit: 50 }, ctx)).list.map((g) => g.id);
      expect((await found('xingqiong')).slice(0, 2)).toEqual([1, 13]);
      expect((await found('starbond')).slice(0, 2)).toEqual([1, 13]);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect((await migrator.migrateUp()).error).toBeUndefined();
      expect(await found('领航员')).toEqual([13]);
    }));
});

describe.runIf(testEngines().length === 2)('goods search: both engines alike', () => {
  let lite: TestApp;
  let pg: TestApp;
  beforeAll(async () => {
    [lite, pg] = await Promise.all([createTestApp('sqlite'), createTestApp('postgres')]);
    await seedDemo(lite.db, lite.app.cardCipher);
    await seedDemo(pg.db, pg.app.cardCipher);
  });
  afterAll(async () => {
    await lite?.close();
    await pg?.close();
  });

  it('returns the same ordered ids for the same queries', async () => {
    const answers: Record<string, number[]> = {};
    for (const q of QUERIES) {
      const [a, b] = [await ids(lite, q), await ids(pg, q)];
      expect(b, q).toEqual(a);
      answers[q] = a;
    }
    // Not all empty: the comparison compares something.
    expect(Object.values(answers).filter((a) => a.length > 0).length).toBeGreaterThan(20);
    if (process.env.SEARCH_DUMP) console.log(answers);
  });
});

describe.each(testEngines())('the words of the search documents, migration 0026 (%s)', (engine) => {
  it('keeps every word of every document written, and a typo is matched to them', () =>
    withDatabaseBefore(engine, '0025_goods_top_category', async (db, migrator) => {
      await seedDemo(db, createCardCipher(Buffer.alloc(32, 7)));
      expect(await migrateToLatest(db)).toContain('0026_search_words');
      const words = async () =>
        new Set((await db.selectFrom('search_words').select('word').execute()).map((r) => r.word));
      const ctx = { locale: 'en', currency: 'CNY' } as const;
      const found = async (keyword: string) =>
        (await searchGoods(db, { keyword, page: 1, limit: 50 }, ctx)).list.map((g) => g.id);
      // The goods already there: names, pinyin, subtitles' and categories' words; not the marks,
      // not the grams, nothing under 3 characters.
      const before = await words();
      for (const w of ['starbound', 'voyager', 'xingqionglurenxinghuishi', 'xing'])
        expect(before.has(w), w).toBe(true);
      for (const w of ['ǂstarbound', 'st', '星穹', 'xq']) expect(before.has(w), w).toBe(false);
      const marks = [FIELD, GRAMS, KEY, ' '];
      expect([...before].every((w) => [...w].length >= 3 && !marks.some((m) => w.includes(m)))).toBe(true);
      expect((await found('starbond')).slice(0, 2)).toEqual([1, 13]);

      // A goods written later, by any writer: its words are added, quotes and backslashes too.
      const first = await db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
      const category = { id: first.id, zh: '', en: '' };
      const texts = (en: string) => ({ name_zh: en, name_en: en, subtitle_zh: '', subtitle_en: '' });
      const { id } = await db
        .insertInto('goods')
        .values(goodsRow(category, ['Quartzwing "Deluxe" Back\\Slash', 'Quartzwing "Deluxe" Back\\Slash']))
        .returning('id')
        .executeTakeFirstOrThrow();
      await refreshDerived(db, id);
      const added = await words();
      for (const w of ['quartzwing', '"deluxe"', 'back\\slash']) expect(added.has(w), w).toBe(true);
      expect(await found('quartzwnig')).toEqual([id]);
      // Renamed: the new name's words too (the old ones stay; they only find nothing).
      await db.updateTable('goods').set(texts('Emberfall Lantern')).where('id', '=', id).execute();
      await refreshDerived(db, id);
      expect((await words()).has('emberfall')).toBe(true);
      expect(await found('emberfal')).toEqual([id]);
      expect(await found('quartzwnig')).toEqual([]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect((await migrator.migrateUp()).error).toBeUndefined();
      expect((await words()).has('emberfall')).toBe(true);
      expect(await found('emberfal')).toEqual([id]);
    }));

  it('adds the same new words from writers at once: each kept once, every goods written', async () => {
    const t = await createTestApp(engine);
    try {
      const now = Date.now();
      const { id } = await t.db
        .insertInto('categories')
        .values({ name_zh: '杂项', name_en: 'Misc', parent_id: null, icon: '', sort: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const misc = { id, zh: '杂项', en: 'Misc' };
      // Eight writers at once, each a transaction that writes one goods and holds its new words a
      // moment: the same five words in eight orders, and one word of each writer's own.
      const pool = ['vexamber', 'quillmoss', 'thornlace', 'duskmere', 'brightfen'];
      const writers = 8;
      let begun = 0;
      const allBegun = () =>
        new Promise<void>((resolve) => {
          const wait = () => (begun >= writers ? resolve() : setTimeout(wait, 5));
          wait();
        });
      await Promise.all(
        Array.from({ length: writers }, (_, w) =>
          t.db.transaction().execute(async (trx) => {
            const turned = [...pool.slice(w % pool.length), ...pool.slice(0, w % pool.length)];
            const name = `${(w % 2 ? turned.reverse() : turned).join(' ')} solo${w}word`;
            // PostgreSQL: every writer's transaction is open before any writes. SQLite runs one
            // transaction at a time: the others wait for this one's commit.
            if (engine === 'postgres') {
              await sql`select 1`.execute(trx);
              begun++;
              await allBegun();
            }
            await trx
              .insertInto('goods')
              .values(goodsRow(misc, [name, name], { sales: w }))
              .execute();
            await new Promise((resolve) => setTimeout(resolve, 20));
          }),
        ),
      );
      const words = (await t.db.selectFrom('search_words').select('word').execute()).map((r) => r.word);
      for (const word of [...pool, ...Array.from({ length: writers }, (_, w) => `solo${w}word`)])
        expect(
          words.filter((x) => x === word),
          word,
        ).toHaveLength(1);
      expect(await ids(t, 'quilmoss')).toHaveLength(writers);
    } finally {
      await t.close();
    }
  });

  it('looks a typo up by its variants when they are in more than TYPO_WORDS words', async () => {
    const t = await createTestApp(engine);
    try {
      const now = Date.now();
      const { id: category } = await t.db
        .insertInto('categories')
        .values({ name_zh: '杂项', name_en: 'Misc', parent_id: null, icon: '', sort: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      // "zorbax" less one letter is "zorbx": in TYPO_WORDS + 4 words, each a goods of its own.
      const n = TYPO_WORDS + 4;
      const misc = { id: category, zh: '杂项', en: 'Misc' };
      const rows = Array.from({ length: n }, (_, i) => {
        const name = `Zorbx${String(i).padStart(2, '0')} Widget`;
        return goodsRow(misc, [name, name], { id: i + 1, sales: i });
      });
      const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
      // Up to the limit, the words stand in for the variants…
      await t.db.insertInto('goods').values(rows.slice(0, TYPO_WORDS)).execute();
      expect(sorted(await ids(t, 'zorbax'))).toEqual(rows.slice(0, TYPO_WORDS).map((r) => r.id));
      // …past it, the variants are looked up: the same goods found.
      await t.db.insertInto('goods').values(rows.slice(TYPO_WORDS)).execute();
      expect(sorted(await ids(t, 'zorbax'))).toEqual(rows.map((r) => r.id));
    } finally {
      await t.close();
    }
  });
});

describe.each(testEngines())('the upkeep of the search indexes (%s)', (engine) => {
  it('merges SQLite’s text indexes into one segment each, a step at a time; PostgreSQL has none', async () => {
    const t = await createTestApp(engine);
    try {
      if (engine === 'postgres') {
        expect(await mergeSearchIndexes(t.db)).toBe(false);
        return;
      }
      await seedDemo(t.db, t.app.cardCipher);
      // Goods written one at a time, as the console does: each leaves segments of its own.
      const { id: category } = await t.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
      const misc = { id: category, zh: '杂项', en: 'Misc' };
      const writeOneByOne = async (from: number) => {
        for (let i = from; i < from + 12; i++) {
          const name = `Glimmerhorn ${i} Lantern${i}x`;
          await t.db
            .insertInto('goods')
            .values(goodsRow(misc, [name, name], { sales: i }))
            .execute();
        }
      };
      await writeOneByOne(0);
      const segments = async (index: string) =>
        Number(
          (
            await sql<{
              n: number;
            }>`select count(distinct segid) as n from ${sql.table(`${index}_idx`)}`.execute(t.db)
          ).rows[0]!.n,
        );
      expect(await segments('goods_search')).toBeGreaterThan(1);
      expect(await segments('search_words_idx')).toBeGreaterThan(1);
      const before = await ids(t, 'glimerhorn');
      expect(before).toHaveLength(12);

      await t.app.jobs.kick('search-merge');
      expect(await segments('goods_search')).toBe(1);
      expect(await segments('search_words_idx')).toBe(1);
      // Nothing left to merge: the next step says so, and the index answers as before.
      expect(await mergeSearchIndexes(t.db)).toBe(false);
      expect(await ids(t, 'glimerhorn')).toEqual(before);
      expect((await ids(t, 'starbond')).slice(0, 2)).toEqual([1, 13]);

      // After a bulk load (the scale seed), all at once.
      await writeOneByOne(12);
      expect(await segments('goods_search')).toBeGreaterThan(1);
      await optimizeSearchIndexes(t.db);
      expect(await segments('goods_search')).toBe(1);
      expect(await segments('search_words_idx')).toBe(1);
      expect(await ids(t, 'glimerhorn')).toHaveLength(24);
    } finally {
      await t.close();
    }
  });
});
