import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardCipher } from '../fulfilment/card-cipher.ts';
import { createTestApp, type TestApp, testEngines, withDatabaseBefore } from '../../../test/helpers.ts';
import type { Executor } from '../../db/database.ts';
import { goodsRow, newCategory } from '../../../test/goods-rows.ts';
import { seedDemo } from '../../seed/seed-demo.ts';

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

    const topA = await newCategory(t.db, 'A', 'A');
    const topB = await newCategory(t.db, 'B', 'B');
    const subA = await newCategory(t.db, 'A1', 'A1', topA.id);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { id } = await t.db
        .insertInto('goods')
        .values(goodsRow(i % 3 === 0 ? topA : subA, [`g${i}`, `g${i}`], { on_sale: i % 4 === 0 ? 0 : 1 }))
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    // A bulk insert, as the seeds write.
    await t.db
      .insertInto('goods')
      .values([1, 2, 3].map((i) => goodsRow(topB, [`bulk${i}`, `bulk${i}`])))
      .execute();
    let now = await bothCounts(t.db);
    expect(now.kept).toEqual(now.counted);
    // topA: 4 goods of its own (one off sale); under it all 12, 3 of them off sale.
    expect(now.kept[topA.id]).toEqual([3, 9]);

    await t.db.updateTable('goods').set({ on_sale: 0 }).where('id', 'in', ids.slice(0, 6)).execute();
    await t.db.updateTable('goods').set({ on_sale: 1 }).where('id', '=', ids[4]!).execute();
    await t.db
      .updateTable('goods')
      .set({ category_id: topB.id })
      .where('id', 'in', ids.slice(6, 9))
      .execute();
    // An update that names the columns without changing them.
    await t.db.updateTable('goods').set({ on_sale: 1 }).where('id', '=', ids[9]!).execute();
    now = await bothCounts(t.db);
    expect(now.kept).toEqual(now.counted);

    // A subcategory moved under another top-level category: its goods' top_category_id follows (0025).
    await t.db.updateTable('categories').set({ parent_id: topB.id }).where('id', '=', subA.id).execute();
    now = await bothCounts(t.db);
    expect(now.kept).toEqual(now.counted);
    expect(now.kept[topA.id]![1]).toBe(now.kept[topA.id]![0]);

    await t.db.deleteFrom('goods').where('id', 'in', ids.slice(8)).execute();
    now = await bothCounts(t.db);
    expect(now.kept).toEqual(now.counted);

    // A category without goods deleted: its row goes with it.
    const { id: empty } = await newCategory(t.db, 'E', 'E');
    expect((await bothCounts(t.db)).kept[empty]).toEqual([0, 0]);
    await t.db.deleteFrom('categories').where('id', '=', empty).execute();
    expect((await bothCounts(t.db)).kept[empty]).toBeUndefined();
  });

  it('agree after writers adding goods to one category at once', async () => {
    const top = await newCategory(t.db, 'Busy', 'Busy');
    const sub = await newCategory(t.db, 'Busy 1', 'Busy 1', top.id);
    await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        t.db.transaction().execute(async (trx) => {
          for (let i = 0; i < 5; i++)
            await trx
              .insertInto('goods')
              .values(goodsRow(i % 2 ? top : sub, [`w${w}-${i}`, `w${w}-${i}`]))
              .execute();
        }),
      ),
    );
    const now = await bothCounts(t.db);
    expect(now.kept).toEqual(now.counted);
    expect(now.kept[top.id]).toEqual([16, 40]);
    expect(now.kept[sub.id]).toEqual([24, 0]);
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
