import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardCipher } from '../fulfilment/card-cipher.ts';
import { createTestApp, type TestApp, testEngines, withDatabaseBefore } from '../../../test/helpers.ts';
import type { Executor } from '../../db/database.ts';
import { seedDemo } from '../../db/seed/seed-demo.ts';
import { searchTextOf } from './search.ts';

// Migration 0027, decision 054: the goods on sale per category, kept by triggers, are what a
// category page's `total` reads. They must equal a count of the goods after any writer's changes.

/** Per category: [direct, under] as the triggers keep them, and as counted from the goods. */
async function bothCounts(db: Executor) {
  const kept = await db
    .selectFrom('category_goods_counts')
    .select(['category_id', 'direct', 'under'])
    .execute();
  const counted = await db
    .selectFrom('categories as c')
    .select((eb) => [
      'c.id',
      eb
        .selectFrom('goods as g')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('g.category_id', '=', 'c.id')
        .where('g.on_sale', '=', 1)
        .as('direct'),
      eb
        .selectFrom('goods as g')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('g.top_category_id', '=', 'c.id')
        .where('g.on_sale', '=', 1)
        .as('under'),
    ])
    .execute();
  const byId = (rows: { id: number; direct: unknown; under: unknown }[]) =>
    Object.fromEntries(rows.map((r) => [r.id, [Number(r.direct), Number(r.under)]]));
  return {
    kept: byId(kept.map((r) => ({ id: r.category_id, direct: r.direct, under: r.under }))),
    counted: byId(counted.map((r) => ({ id: r.id, direct: r.direct, under: r.under }))),
  };
}

function goodsValues(categoryId: number, name: string, onSale: 0 | 1) {
  const now = Date.now();
  const parts = { name_zh: name, name_en: name, subtitle_zh: '', subtitle_en: '' };
  return {
    category_id: categoryId,
    ...parts,
    description_zh: '',
    description_en: '',
    instructions_zh: '',
    instructions_en: '',
    image: '/i/x.svg',
    spec_type: 1 as const,
    recharge_type: 1 as const,
    on_sale: onSale,
    created_at: now,
    updated_at: now,
    search_text: searchTextOf({ ...parts, category_zh: '', category_en: '' }),
  };
}

async function newCategory(db: Executor, name: string, parentId: number | null) {
  const { id } = await db
    .insertInto('categories')
    .values({ name_zh: name, name_en: name, parent_id: parentId, icon: '', sort: 0, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe.each(testEngines())('goods on sale per category, kept by triggers (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedDemo(t.db, createCardCipher(Buffer.alloc(32, 7)));
  });
  afterAll(() => t.close());

  it('agree with a count after inserts, sales stopped and started, moves, a category moved and deletes', async () => {
    const first = await bothCounts(t.db);
    expect(first.kept).toEqual(first.counted);
    expect(Object.values(first.kept).some(([direct]) => direct! > 0)).toBe(true);

    const topA = await newCategory(t.db, 'A', null);
    const topB = await newCategory(t.db, 'B', null);
    const subA = await newCategory(t.db, 'A1', topA);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { id } = await t.db
        .insertInto('goods')
        .values(goodsValues(i % 3 === 0 ? topA : subA, `g${i}`, i % 4 === 0 ? 0 : 1))
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    // A bulk insert, as the seeds write.
    await t.db
      .insertInto('goods')
      .values([1, 2, 3].map((i) => goodsValues(topB, `bulk${i}`, 1)))
      .execute();
    let now = await bothCounts(t.db);
    expect(now.kept).toEqual(now.counted);
    // topA: 4 goods of its own (one off sale); under it all 12, 3 of them off sale.
    expect(now.kept[topA]).toEqual([3, 9]);

    await t.db.updateTable('goods').set({ on_sale: 0 }).where('id', 'in', ids.slice(0, 6)).execute();
    await t.db.updateTable('goods').set({ on_sale: 1 }).where('id', '=', ids[4]!).execute();
    await t.db.updateTable('goods').set({ category_id: topB }).where('id', 'in', ids.slice(6, 9)).execute();
    // An update that names the columns without changing them.
    await t.db.updateTable('goods').set({ on_sale: 1 }).where('id', '=', ids[9]!).execute();
    now = await bothCounts(t.db);
    expect(now.kept).toEqual(now.counted);

    // A subcategory moved under another top-level category: its goods' top_category_id follows (0025).
    await t.db.updateTable('categories').set({ parent_id: topB }).where('id', '=', subA).execute();
    now = await bothCounts(t.db);
    expect(now.kept).toEqual(now.counted);
    expect(now.kept[topA]![1]).toBe(now.kept[topA]![0]);

    await t.db.deleteFrom('goods').where('id', 'in', ids.slice(8)).execute();
    now = await bothCounts(t.db);
    expect(now.kept).toEqual(now.counted);

    // A category without goods deleted: its row goes with it.
    const empty = await newCategory(t.db, 'E', null);
    expect((await bothCounts(t.db)).kept[empty]).toEqual([0, 0]);
    await t.db.deleteFrom('categories').where('id', '=', empty).execute();
    expect((await bothCounts(t.db)).kept[empty]).toBeUndefined();
  });

  it('agree after writers adding goods to one category at once', async () => {
    const top = await newCategory(t.db, 'Busy', null);
    const sub = await newCategory(t.db, 'Busy 1', top);
    await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        t.db.transaction().execute(async (trx) => {
          for (let i = 0; i < 5; i++)
            await trx
              .insertInto('goods')
              .values(goodsValues(i % 2 ? top : sub, `w${w}-${i}`, 1))
              .execute();
        }),
      ),
    );
    const now = await bothCounts(t.db);
    expect(now.kept).toEqual(now.counted);
    expect(now.kept[top]).toEqual([16, 40]);
    expect(now.kept[sub]).toEqual([24, 0]);
  });

  it('give the category pages their total', async () => {
    const tree = (await t.app.inject({ url: '/api/front/category/list' })).json().data as {
      id: number;
      children?: { id: number }[];
    }[];
    for (const node of tree.slice(0, 3)) {
      for (const id of [node.id, ...(node.children ?? []).map((c) => c.id)]) {
        const page = (
          await t.app.inject({ url: `/api/front/category/goods?id=${id}&page=1&limit=50` })
        ).json().data as { total: number; list: unknown[] };
        const all = (
          await t.app.inject({ url: `/api/front/category/goods?id=${id}&page=1&limit=100` })
        ).json().data as { list: unknown[] };
        expect(page.total).toBe(all.list.length);
      }
    }
    const search = (await t.app.inject({ url: '/api/front/goods/search?keyword=&page=1&limit=1' })).json()
      .data;
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from goods where on_sale = 1`.execute(t.db);
    expect(search.total).toBe(Number(rows[0]!.n));
  });
});

describe.each(testEngines())('migration 0027 (%s)', (engine) => {
  it('counts the goods already there; goes down and up again', () =>
    withDatabaseBefore(engine, '0026_search_words', async (db, migrator) => {
      await seedDemo(db, createCardCipher(Buffer.alloc(32, 7)));
      expect((await migrator.migrateUp()).error).toBeUndefined();
      const up = await bothCounts(db);
      expect(up.kept).toEqual(up.counted);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      expect((await migrator.migrateUp()).error).toBeUndefined();
      const again = await bothCounts(db);
      expect(again.kept).toEqual(again.counted);
    }));
});
