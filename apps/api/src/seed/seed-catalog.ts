import { parseDecimal } from '@shop/domain/money';
import { refreshDerived } from '../modules/catalog/catalog.repository.ts';
import type { CardOption } from '../modules/fulfilment/card-keys.service.ts';
import type { Executor } from '../db/database.ts';
import type { DemoCatalog, DemoRegion, DemoSku } from './demo-catalog.types.ts';

function cny(text: string): number {
  const minor = parseDecimal(text, 'CNY');
  if (minor === undefined || minor < 0) throw new Error(`bad CNY price in the catalog: ${text}`);
  return minor;
}

function usd(text: string | undefined): number | null {
  if (text === undefined) return null;
  const minor = parseDecimal(text, 'USD');
  if (minor === undefined || minor < 0) throw new Error(`bad USD price in the catalog: ${text}`);
  return minor;
}

const optionMoney = (o: Omit<DemoSku, 'spec'>, sort: number) => ({
  price_cny: cny(o.price_cny),
  price_usd: usd(o.price_usd),
  original_cny: o.original_cny === undefined ? null : cny(o.original_cny),
  stock: o.stock ?? null,
  sort,
});

/** Runs an insert and gives the new row's id (RETURNING works on SQLite ≥ 3.35 and PostgreSQL). */
async function insertId(query: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's insert builder
  returning(column: 'id'): any;
}): Promise<number> {
  const row = (await query.returning('id').executeTakeFirstOrThrow()) as { id: number };
  return row.id;
}

export type Restock = (option: CardOption, count: number) => Promise<unknown>;

/**
 * Inserts a catalog (the demo one, or a test's fixture) in array order, so ids follow the arrays on
 * a fresh database. Card-key options (recharge_type 1) start at stock 0 and get their stock from
 * `restock`, which imports that many keys (their stock is the count of available keys).
 */
export async function insertCatalog(
  db: Executor,
  catalog: DemoCatalog,
  restock: Restock,
  now = Date.now(),
): Promise<void> {
  const categoryIds = new Map<string, number>();
  // Parents first, whatever the order of the array.
  const pending = [...catalog.categories];
  for (let guard = 0; pending.length > 0; guard++) {
    if (guard > catalog.categories.length) throw new Error('category parents form a cycle or are missing');
    for (const [i, c] of [...pending.entries()].reverse()) {
      if (c.parent && !categoryIds.has(c.parent)) continue;
      pending.splice(i, 1);
    }
    for (const c of catalog.categories.filter(
      (c) => !categoryIds.has(c.key) && (!c.parent || categoryIds.has(c.parent)),
    )) {
      const id = await insertId(
        db.insertInto('categories').values({
          name_zh: c.name.zh,
          name_en: c.name.en,
          parent_id: c.parent ? categoryIds.get(c.parent)! : null,
          icon: c.icon,
          sort: catalog.categories.indexOf(c),
          created_at: now,
        }),
      );
      categoryIds.set(c.key, id);
    }
  }

  const goodsIds = new Map<string, number>();
  for (const [index, g] of catalog.goods.entries()) {
    const categoryId = categoryIds.get(g.category);
    if (categoryId === undefined) throw new Error(`goods ${g.key}: unknown category ${g.category}`);
    if (Boolean(g.skus?.length) === Boolean(g.face_values?.length)) {
      throw new Error(`goods ${g.key}: give exactly one of skus or face_values`);
    }
    const id = await insertId(
      db.insertInto('goods').values({
        category_id: categoryId,
        name_zh: g.name.zh,
        name_en: g.name.en,
        subtitle_zh: g.subtitle.zh,
        subtitle_en: g.subtitle.en,
        description_zh: g.description.zh,
        description_en: g.description.en,
        instructions_zh: g.instructions.zh,
        instructions_en: g.instructions.en,
        image: g.image,
        images: JSON.stringify(g.images?.length ? g.images : [g.image]),
        spec_type: g.skus?.length ? 1 : 2,
        recharge_type: g.recharge_type,
        ships: g.ships ? 1 : 0,
        player_hint_zh: g.player_hint?.zh ?? '',
        player_hint_en: g.player_hint?.en ?? '',
        player_hint_image: g.player_hint?.image ?? '',
        sort: index,
        sales: g.sales,
        // Newer goods first under "newest": later entries are a minute younger.
        created_at: now - (catalog.goods.length - index) * 60_000,
        updated_at: now,
      }),
    );
    goodsIds.set(g.key, id);
    const cards = g.recharge_type === 1;
    for (const [i, s] of (g.skus ?? []).entries()) {
      const skuId = await insertId(
        db.insertInto('goods_skus').values({
          goods_id: id,
          spec_zh: s.spec.zh,
          spec_en: s.spec.en,
          ...optionMoney(s, i),
          ...(cards ? { stock: 0 } : {}),
        }),
      );
      if (cards) await restock({ goodsId: id, skuId, faceValue: null }, s.stock ?? 0);
    }
    for (const [i, f] of (g.face_values ?? []).entries()) {
      await db
        .insertInto('goods_face_values')
        .values({
          goods_id: id,
          face_value: f.face_value,
          label_zh: f.label.zh,
          label_en: f.label.en,
          ...optionMoney(f, i),
          ...(cards ? { stock: 0 } : {}),
        })
        .execute();
      if (cards) await restock({ goodsId: id, skuId: null, faceValue: f.face_value }, f.stock ?? 0);
    }
    for (const [i, s] of (g.servers ?? []).entries()) {
      await db
        .insertInto('game_servers')
        .values({ goods_id: id, name_zh: s.zh, name_en: s.en, sort: i })
        .execute();
    }
    await refreshDerived(db, id);
  }
  const goodsId = (key: string) => {
    const id = goodsIds.get(key);
    if (id === undefined) throw new Error(`unknown goods key ${key}`);
    return id;
  };

  for (const [index, z] of catalog.zones.entries()) {
    const id = await insertId(
      db.insertInto('zones').values({
        name_zh: z.name.zh,
        name_en: z.name.en,
        subtitle_zh: z.subtitle.zh,
        subtitle_en: z.subtitle.en,
        banner: z.banner,
        sort: index,
        created_at: now,
      }),
    );
    for (const [i, key] of z.goods.entries()) {
      await db
        .insertInto('zone_goods')
        .values({ zone_id: id, goods_id: goodsId(key), sort: i })
        .execute();
    }
  }

  for (const [index, a] of catalog.articles.entries()) {
    await db
      .insertInto('articles')
      .values({
        type: a.type,
        title_zh: a.title.zh,
        title_en: a.title.en,
        summary_zh: a.summary.zh,
        summary_en: a.summary.en,
        content_zh: a.content.zh,
        content_en: a.content.en,
        sort: index,
        created_at: now - (catalog.articles.length - index) * 86_400_000,
        updated_at: now,
      })
      .execute();
  }

  for (const [index, s] of catalog.swipers.entries()) {
    await db
      .insertInto('swipers')
      .values({
        title_zh: s.title.zh,
        title_en: s.title.en,
        subtitle_zh: s.subtitle.zh,
        subtitle_en: s.subtitle.en,
        image: s.image,
        link: s.link,
        sort: index,
      })
      .execute();
  }

  for (const [index, m] of catalog.modules.entries()) {
    const id = await insertId(
      db.insertInto('custom_modules').values({
        title_zh: m.title.zh,
        title_en: m.title.en,
        subtitle_zh: m.subtitle.zh,
        subtitle_en: m.subtitle.en,
        style: m.style,
        sort: index,
      }),
    );
    for (const [i, key] of m.goods.entries()) {
      await db
        .insertInto('custom_module_goods')
        .values({ module_id: id, goods_id: goodsId(key), sort: i })
        .execute();
    }
  }

  const insertRegions = async (regions: DemoRegion[], parentId: number | null, level: 1 | 2 | 3) => {
    for (const [i, r] of regions.entries()) {
      const id = await insertId(
        db
          .insertInto('regions')
          .values({ name_zh: r.name.zh, name_en: r.name.en, parent_id: parentId, level, sort: i }),
      );
      if (r.children?.length) {
        if (level === 3) throw new Error('regions go three levels deep at most');
        await insertRegions(r.children, id, (level + 1) as 2 | 3);
      }
    }
  };
  await insertRegions(catalog.regions, null, 1);
}
