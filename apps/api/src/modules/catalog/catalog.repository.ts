import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type { Executor } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { byLength, preparedRead } from '../../db/prepared.ts';
import { searchTextOf } from './search.ts';

export type GoodsSort = 'default' | 'price_asc' | 'price_desc' | 'sales' | 'newest';

/** How many subcategories of a category buyers do not see (their goods are left out of its page). */
export const countHiddenChildren = preparedRead((db, parentId: number) =>
  db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', parentId)
    .where('is_show', '=', 0),
);

export const listVisibleCategories = preparedRead((db) =>
  db
    .selectFrom('categories')
    .selectAll()
    .where('is_show', '=', 1)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc'),
);

export const CARD_COLUMNS = [
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

/** Keyword search is search.repository.ts (decision 041). */
/**
 * Goods of a top-level category and all its subcategories (`topCategoryId`, one index range:
 * migration 0025), or of a list of categories.
 */
export type GoodsFilter = { categoryIds?: number[]; topCategoryId?: number };

function filtered(db: Executor, filter: GoodsFilter) {
  let query = db.selectFrom('goods').where('on_sale', '=', 1);
  if (filter.topCategoryId !== undefined) query = query.where('top_category_id', '=', filter.topCategoryId);
  else if (filter.categoryIds)
    query = query.where('category_id', 'in', filter.categoryIds.length ? filter.categoryIds : [-1]);
  return query;
}

/**
 * How many goods on sale the filter lists, from the counts the goods' triggers keep per category
 * (migration 0027, decision 054): one row for a top-level category, a sum over a subtree's rows,
 * the sum over every category without a filter (each goods has one category).
 */
export async function countGoods(db: Executor, filter: GoodsFilter): Promise<number> {
  if (filter.topCategoryId !== undefined) {
    const [row] = await underCount(db, filter.topCategoryId);
    return Number(row?.under ?? 0);
  }
  const [row] = filter.categoryIds ? await directSum(db, filter.categoryIds) : await allSum(db);
  return Number(row?.n ?? 0);
}
const underCount = preparedRead((db, id: number) =>
  db.selectFrom('category_goods_counts').select('under').where('category_id', '=', id),
);
const directSums = (db: Executor) =>
  db.selectFrom('category_goods_counts').select((eb) => eb.fn.sum<number>('direct').as('n'));
/** An empty subtree reads nothing (byLength): its count is 0. */
const directSum = byLength((db, ...ids) => directSums(db).where('category_id', 'in', ids));
const allSum = preparedRead((db) => directSums(db));

/**
 * One page of a category's goods. The page's ids are read first, from the sort's index alone
 * (migration 0024: the index holds every column the order needs), then their cards: a deep page
 * skips index entries, not table rows (decision 042).
 */
export async function listGoodsCards(
  db: Executor,
  filter: GoodsFilter,
  sort: GoodsSort,
  offset: number,
  limit: number,
): Promise<GoodsCardRow[]> {
  let query = filtered(db, filter).select('id');
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
  const ids = (
    await query
      .orderBy('id', sort === 'newest' ? 'desc' : 'asc')
      .offset(offset)
      .limit(limit)
      .execute()
  ).map((r) => r.id);
  const byId = new Map((await findGoodsCardsByIds(db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const findGoodsCardsByIds = byLength((db, ...ids) =>
  db.selectFrom('goods').select(CARD_COLUMNS).where('on_sale', '=', 1).where('id', 'in', ids),
);

const OFFER_COLUMNS = ['price_cny', 'price_usd', 'original_cny', 'stock'] as const;

/**
 * What a goods page shows of a goods on sale, in one statement: its columns, its category's names,
 * and as JSON arrays, in the operator's order, its SKUs and face values on sale and its servers.
 * One statement instead of three: a page read with the read cache off (a crawler's) spent a third
 * of its time in SQLite, each statement with its own overhead (decision 048).
 */
export async function findGoodsDetail(db: Executor, id: number) {
  const row = (await goodsDetailRead(db, id))[0];
  if (!row) return undefined;
  return {
    ...row,
    skus: jsonRows(row.skus),
    faces: jsonRows(row.faces),
    servers: jsonRows(row.servers),
  };
}

/** A JSON array column: parsed by `pg` on PostgreSQL, text on SQLite. */
function jsonRows<T>(value: T[] | string): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

const goodsDetailRead = preparedRead((db, id: number) => {
  const array = engineOf(db) === 'postgres' ? pgJsonArrayFrom : sqliteJsonArrayFrom;
  return db
    .selectFrom('goods as g')
    .leftJoin('categories as c', 'c.id', 'g.category_id')
    .select((eb) => [
      'g.id',
      'g.category_id',
      'g.name_zh',
      'g.name_en',
      'g.subtitle_zh',
      'g.subtitle_en',
      'g.description_zh',
      'g.description_en',
      'g.instructions_zh',
      'g.instructions_en',
      'g.image',
      'g.images',
      'g.spec_type',
      'g.recharge_type',
      'g.ships',
      'g.sales',
      'g.topup_multiple',
      'g.player_hint_zh',
      'g.player_hint_en',
      'g.player_hint_image',
      'c.name_zh as category_zh',
      'c.name_en as category_en',
      array(
        eb
          .selectFrom('goods_skus as s')
          .select(['s.id', 's.spec_zh', 's.spec_en', ...OFFER_COLUMNS.map((c) => `s.${c}` as const)])
          .whereRef('s.goods_id', '=', 'g.id')
          .where('s.on_sale', '=', 1)
          .orderBy('s.sort', 'asc')
          .orderBy('s.id', 'asc'),
      ).as('skus'),
      array(
        eb
          .selectFrom('goods_face_values as f')
          .select([
            'f.face_value',
            'f.label_zh',
            'f.label_en',
            ...OFFER_COLUMNS.map((c) => `f.${c}` as const),
          ])
          .whereRef('f.goods_id', '=', 'g.id')
          .where('f.on_sale', '=', 1)
          .orderBy('f.sort', 'asc')
          .orderBy('f.face_value', 'asc'),
      ).as('faces'),
      array(
        eb
          .selectFrom('game_servers as v')
          .select(['v.id', 'v.name_zh', 'v.name_en'])
          .whereRef('v.goods_id', '=', 'g.id')
          .orderBy('v.sort', 'asc')
          .orderBy('v.id', 'asc'),
      ).as('servers'),
    ])
    .where('g.id', '=', id)
    .where('g.on_sale', '=', 1);
});

/**
 * What a card shows of its goods' options on sale (SKUs and face values), one row per goods that
 * has any, in no order: the lowest CNY price; the lowest explicit USD price, and the lowest CNY
 * price among the options without one (a USD price converts from it, and conversion never lowers
 * a larger amount: convertMinor); and whether any option is in stock. Grouped by the database, a
 * page of cards reads one row per goods instead of one per option.
 */
const OPTION_COLUMNS = ['goods_id', 'price_cny', 'price_usd', 'stock'] as const;
export const listCardOffers = byLength((db, ...ids) =>
  db
    .selectFrom(
      db
        .selectFrom('goods_skus')
        .select(OPTION_COLUMNS)
        .where('goods_id', 'in', ids)
        .where('on_sale', '=', 1)
        .unionAll(
          db
            .selectFrom('goods_face_values')
            .select(OPTION_COLUMNS)
            .where('goods_id', 'in', ids)
            .where('on_sale', '=', 1),
        )
        .as('o'),
    )
    .select((eb) => [
      'o.goods_id',
      eb.fn.min('o.price_cny').as('min_cny'),
      eb.fn.min('o.price_usd').as('min_usd'),
      eb.fn
        .min(eb.case().when('o.price_usd', 'is', null).then(eb.ref('o.price_cny')).end())
        .as('min_cny_unpriced'),
      eb.fn
        .max(
          eb
            .case()
            .when(eb.or([eb('o.stock', 'is', null), eb('o.stock', '>', 0)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('in_stock'),
    ])
    .groupBy('o.goods_id'),
);

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

export const listServers = preparedRead((db, goodsId: number) =>
  db
    .selectFrom('game_servers')
    .selectAll()
    .where('goods_id', '=', goodsId)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc'),
);

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
      'g.category_id',
      'g.top_category_id',
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
  const searchText = searchTextOf(goods);
  await db
    .updateTable('goods')
    .set({ min_price_cny: prices.length ? Math.min(...prices) : 0, search_text: searchText })
    .where('id', '=', goodsId)
    .execute();
}
