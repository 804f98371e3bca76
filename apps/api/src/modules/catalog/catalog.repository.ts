import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type GoodsSort = 'default' | 'price_asc' | 'price_desc' | 'sales' | 'newest';

export function listVisibleCategories(db: Executor) {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('is_show', '=', 1)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

const CARD_COLUMNS = [
  'id',
  'category_id',
  'name_zh',
  'name_en',
  'subtitle_zh',
  'subtitle_en',
  'image',
  'spec_type',
  'recharge_type',
  'sales',
] as const;
export type GoodsCardRow = Awaited<ReturnType<typeof findGoodsCardsByIds>>[number];

export type GoodsFilter = { categoryIds?: number[]; keywords?: string[] };

/** Escapes LIKE wildcards so a keyword matches literally. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Executor, filter: GoodsFilter) {
  let query = db.selectFrom('goods').where('on_sale', '=', 1);
  if (filter.categoryIds)
    query = query.where('category_id', 'in', filter.categoryIds.length ? filter.categoryIds : [-1]);
  for (const keyword of filter.keywords ?? []) {
    query = query.where(sql<boolean>`search_text like ${likePattern(keyword)} escape '\\'`);
  }
  return query;
}

export async function countGoods(db: Executor, filter: GoodsFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

export function listGoodsCards(
  db: Executor,
  filter: GoodsFilter,
  sort: GoodsSort,
  offset: number,
  limit: number,
) {
  let query = filtered(db, filter).select(CARD_COLUMNS);
  switch (sort) {
    case 'price_asc':
      query = query.orderBy('min_price_cny', 'asc');
      break;
    case 'price_desc':
      query = query.orderBy('min_price_cny', 'desc');
      break;
    case 'sales':
      query = query.orderBy('sales', 'desc');
      break;
    case 'newest':
      query = query.orderBy('created_at', 'desc');
      break;
    default:
      query = query.orderBy('sort', 'asc');
  }
  return query
    .orderBy('id', sort === 'newest' ? 'desc' : 'asc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findGoodsCardsByIds(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom('goods')
    .select(CARD_COLUMNS)
    .where('on_sale', '=', 1)
    .where('id', 'in', ids.length ? [...ids] : [-1])
    .execute();
}

export function findGoods(db: Executor, id: number) {
  return db.selectFrom('goods').selectAll().where('id', '=', id).where('on_sale', '=', 1).executeTakeFirst();
}

export function listSkus(db: Executor, goodsIds: readonly number[]) {
  return db
    .selectFrom('goods_skus')
    .selectAll()
    .where('goods_id', 'in', goodsIds.length ? [...goodsIds] : [-1])
    .where('on_sale', '=', 1)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function listFaceValues(db: Executor, goodsIds: readonly number[]) {
  return db
    .selectFrom('goods_face_values')
    .selectAll()
    .where('goods_id', 'in', goodsIds.length ? [...goodsIds] : [-1])
    .where('on_sale', '=', 1)
    .orderBy('sort', 'asc')
    .orderBy('face_value', 'asc')
    .execute();
}

export function listServers(db: Executor, goodsId: number) {
  return db
    .selectFrom('game_servers')
    .selectAll()
    .where('goods_id', '=', goodsId)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** What a goods option is: the option's ids, whichever is asked for. */
export type OptionAsk = {
  goodsId: number;
  skuId: number | null;
  faceValue: number | null;
  serverId: number | null;
};

/**
 * A goods with the SKU, face value and server asked for, in one read (each of the three null
 * when the goods has no such one): see catalog.service.ts lookupOption.
 */
export function findOption(db: Executor, ask: OptionAsk) {
  return db
    .selectFrom('goods as g')
    .leftJoin('goods_skus as s', (j) => j.onRef('s.goods_id', '=', 'g.id').on('s.id', '=', ask.skuId ?? -1))
    .leftJoin('goods_face_values as f', (j) =>
      j.onRef('f.goods_id', '=', 'g.id').on('f.face_value', '=', ask.faceValue ?? -1),
    )
    .leftJoin('game_servers as v', (j) =>
      j.onRef('v.goods_id', '=', 'g.id').on('v.id', '=', ask.serverId ?? -1),
    )
    .select([
      'g.id',
      'g.spec_type',
      'g.recharge_type',
      'g.on_sale',
      'g.ships',
      'g.name_zh',
      'g.name_en',
      'g.image',
      's.id as sku_id',
      's.on_sale as sku_on_sale',
      's.stock as sku_stock',
      's.spec_zh',
      's.spec_en',
      's.price_cny as sku_cny',
      's.price_usd as sku_usd',
      'f.face_value',
      'f.on_sale as face_on_sale',
      'f.stock as face_stock',
      'f.label_zh',
      'f.label_en',
      'f.price_cny as face_cny',
      'f.price_usd as face_usd',
      'v.id as server_id',
      'v.name_zh as server_zh',
      'v.name_en as server_en',
    ])
    .where('g.id', '=', ask.goodsId)
    .executeTakeFirst();
}

export function findCategoryName(db: Executor, id: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name_zh', 'name_en'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Recomputes the columns derived from a goods' options and texts (price sort, search). */
export async function refreshDerived(db: Executor, goodsId: number): Promise<void> {
  const goods = await db
    .selectFrom('goods')
    .innerJoin('categories', 'categories.id', 'goods.category_id')
    .select([
      'goods.name_zh',
      'goods.name_en',
      'goods.subtitle_zh',
      'goods.subtitle_en',
      'categories.name_zh as category_zh',
      'categories.name_en as category_en',
    ])
    .where('goods.id', '=', goodsId)
    .executeTakeFirstOrThrow();
  const [skus, faces] = await Promise.all([listSkus(db, [goodsId]), listFaceValues(db, [goodsId])]);
  const prices = [...skus, ...faces].map((o) => o.price_cny);
  const searchText = [
    goods.name_zh,
    goods.name_en,
    goods.subtitle_zh,
    goods.subtitle_en,
    goods.category_zh,
    goods.category_en,
  ]
    .join(' \u0001 ')
    .toLowerCase();
  await db
    .updateTable('goods')
    .set({ min_price_cny: prices.length ? Math.min(...prices) : 0, search_text: searchText })
    .where('id', '=', goodsId)
    .execute();
}
