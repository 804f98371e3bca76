import { type RechargeType, SPEC_TYPE } from '@shop/domain/catalog';
import { type Insertable, sql, type Updateable } from 'kysely';
import type {
  CategoriesTable,
  Executor,
  GameServersTable,
  GoodsFaceValuesTable,
  GoodsSkusTable,
  GoodsTable,
} from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { containsText } from '../../db/like.ts';

// The console's catalog queries (issue 14). Unlike the buyers' reads (catalog.repository.ts) these
// see everything: hidden categories, goods and options off sale.

/** Runs an insert and gives the new row's id (RETURNING: SQLite ≥ 3.35 and PostgreSQL). */
async function insertId(query: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's insert builder
  returning(column: 'id'): any;
}): Promise<number> {
  const row = (await query.returning('id').executeTakeFirstOrThrow()) as { id: number };
  return Number(row.id);
}

// ---- categories ----

export function listAllCategories(db: Executor) {
  return db.selectFrom('categories').selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}

/** How many goods each category holds directly, on sale or not. */
export async function goodsCountByCategory(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('goods')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.category_id), Number(r.n)]));
}

export function findCategory(db: Executor, id: number) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countChildCategories(db: Executor, id: number): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countGoodsInCategory(db: Executor, id: number): Promise<number> {
  const row = await db
    .selectFrom('goods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function goodsIdsInCategory(db: Executor, id: number): Promise<number[]> {
  const rows = await db.selectFrom('goods').select('id').where('category_id', '=', id).execute();
  return rows.map((r) => Number(r.id));
}

export const insertCategory = (db: Executor, values: Insertable<CategoriesTable>) =>
  insertId(db.insertInto('categories').values(values));

export async function updateCategoryRow(db: Executor, id: number, values: Updateable<CategoriesTable>) {
  await db.updateTable('categories').set(values).where('id', '=', id).execute();
}

export async function deleteCategory(db: Executor, id: number) {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

// ---- goods: the list ----

export type GoodsListFilter = {
  keyword?: string | undefined;
  categoryIds?: number[] | undefined;
  onSale?: number | undefined;
  rechargeType?: number | undefined;
};

export type GoodsListSort = 'id' | 'sort' | 'sales' | 'min_price' | 'updated_at';

const SORT_COLUMNS = {
  id: 'g.id',
  sort: 'g.sort',
  sales: 'g.sales',
  min_price: 'g.min_price_cny',
  updated_at: 'g.updated_at',
} as const;

function filteredGoods(db: Executor, filter: GoodsListFilter) {
  let q = db.selectFrom('goods as g');
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const id = /^\d{1,15}$/.test(keyword) ? Number(keyword) : undefined;
    q = q.where((eb) =>
      eb.or([
        containsText('g.name_zh', keyword),
        containsText('g.name_en', keyword),
        ...(id === undefined ? [] : [eb('g.id', '=', id)]),
      ]),
    );
  }
  if (filter.categoryIds)
    q = q.where('g.category_id', 'in', filter.categoryIds.length ? filter.categoryIds : [-1]);
  if (filter.onSale !== undefined) q = q.where('g.on_sale', '=', filter.onSale);
  if (filter.rechargeType !== undefined)
    q = q.where('g.recharge_type', '=', filter.rechargeType as RechargeType);
  return q;
}

export async function countGoodsRows(db: Executor, filter: GoodsListFilter): Promise<number> {
  const row = await filteredGoods(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listGoodsRows(
  db: Executor,
  filter: GoodsListFilter,
  sort: GoodsListSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  return filteredGoods(db, filter)
    .innerJoin('categories as c', 'c.id', 'g.category_id')
    .select([
      'g.id',
      'g.name_zh',
      'g.name_en',
      'g.image',
      'g.category_id',
      'c.name_zh as category_zh',
      'c.name_en as category_en',
      'g.recharge_type',
      'g.spec_type',
      'g.on_sale',
      'g.sort',
      'g.sales',
      'g.min_price_cny',
      'g.stock_alert',
      'g.updated_at',
    ])
    .orderBy(SORT_COLUMNS[sort], order)
    .orderBy('g.id', order)
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The options of these goods of the goods' own kind (SKUs or face values), on sale or not. */
export async function optionStocks(db: Executor, goodsIds: number[]) {
  if (goodsIds.length === 0) return [];
  const [skus, faces] = await Promise.all([
    db
      .selectFrom('goods_skus as s')
      .innerJoin('goods as g', 'g.id', 's.goods_id')
      .select(['s.goods_id', 's.stock', 's.on_sale'])
      .where('s.goods_id', 'in', goodsIds)
      .where('g.spec_type', '=', SPEC_TYPE.SKU)
      .execute(),
    db
      .selectFrom('goods_face_values as f')
      .innerJoin('goods as g', 'g.id', 'f.goods_id')
      .select(['f.goods_id', 'f.stock', 'f.on_sale'])
      .where('f.goods_id', 'in', goodsIds)
      .where('g.spec_type', '=', SPEC_TYPE.FACE_VALUE)
      .execute(),
  ]);
  return [...skus, ...faces];
}

// ---- goods: one, whole ----

export function findGoodsRow(db: Executor, id: number) {
  return db.selectFrom('goods').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Holds a goods' row until the transaction ends, so two saves of one goods never interleave
 * (PostgreSQL; SQLite runs one write transaction at a time).
 */
export async function lockGoods(trx: Executor, id: number): Promise<void> {
  if (engineOf(trx) === 'postgres') await sql`select id from goods where id = ${id} for update`.execute(trx);
}

export function allSkus(db: Executor, goodsId: number) {
  return db
    .selectFrom('goods_skus')
    .selectAll()
    .where('goods_id', '=', goodsId)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function allFaceValues(db: Executor, goodsId: number) {
  return db
    .selectFrom('goods_face_values')
    .selectAll()
    .where('goods_id', '=', goodsId)
    .orderBy('sort', 'asc')
    .orderBy('face_value', 'asc')
    .execute();
}

export function allServers(db: Executor, goodsId: number) {
  return db
    .selectFrom('game_servers')
    .selectAll()
    .where('goods_id', '=', goodsId)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Available card keys of a goods per option: `s<sku id>` or `f<face value>`. */
export async function availableKeyCounts(db: Executor, goodsId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('card_keys')
    .select(['goods_sku_id', 'face_value', (eb) => eb.fn.countAll<number>().as('n')])
    .where('goods_id', '=', goodsId)
    .where('status', '=', 'available')
    .groupBy(['goods_sku_id', 'face_value'])
    .execute();
  return new Map(
    rows.map((r) => [r.goods_sku_id !== null ? `s${r.goods_sku_id}` : `f${r.face_value}`, Number(r.n)]),
  );
}

/** The SKUs of a goods that card keys, cart lines or order items refer to. */
export async function skuIdsInUse(db: Executor, goodsId: number): Promise<Set<number>> {
  const uses = await Promise.all(
    (['card_keys', 'cart_items', 'order_items'] as const).map((table) =>
      db
        .selectFrom(table)
        .select('goods_sku_id')
        .distinct()
        .where('goods_id', '=', goodsId)
        .where('goods_sku_id', 'is not', null)
        .execute(),
    ),
  );
  return new Set(uses.flat().map((r) => Number(r.goods_sku_id)));
}

/** The face values of a goods that card keys, cart lines or order items refer to. */
export async function faceValuesInUse(db: Executor, goodsId: number): Promise<Set<number>> {
  const uses = await Promise.all(
    (['card_keys', 'cart_items', 'order_items'] as const).map((table) =>
      db
        .selectFrom(table)
        .select('face_value')
        .distinct()
        .where('goods_id', '=', goodsId)
        .where('face_value', 'is not', null)
        .execute(),
    ),
  );
  return new Set(uses.flat().map((r) => Number(r.face_value)));
}

/** The servers of a goods that cart lines or order items refer to. */
export async function serverIdsInUse(db: Executor, goodsId: number): Promise<Set<number>> {
  const uses = await Promise.all(
    (['cart_items', 'order_items'] as const).map((table) =>
      db
        .selectFrom(table)
        .select('server_id')
        .distinct()
        .where('goods_id', '=', goodsId)
        .where('server_id', 'is not', null)
        .execute(),
    ),
  );
  return new Set(uses.flat().map((r) => Number(r.server_id)));
}

export const insertGoods = (db: Executor, values: Insertable<GoodsTable>) =>
  insertId(db.insertInto('goods').values(values));

/** A goods' own columns; its sales are the inventory's (addSales). */
export async function updateGoodsRow(
  db: Executor,
  id: number,
  values: Omit<Updateable<GoodsTable>, 'sales'>,
) {
  await db.updateTable('goods').set(values).where('id', '=', id).execute();
}

export const insertSku = (db: Executor, values: Insertable<GoodsSkusTable>) =>
  insertId(db.insertInto('goods_skus').values(values));

/** An option's texts, prices, order and sale flag; its stock is the inventory's (setStock). */
export async function updateSku(db: Executor, id: number, values: Omit<Updateable<GoodsSkusTable>, 'stock'>) {
  await db.updateTable('goods_skus').set(values).where('id', '=', id).execute();
}

export async function deleteSkus(db: Executor, ids: number[]) {
  if (ids.length) await db.deleteFrom('goods_skus').where('id', 'in', ids).execute();
}

export async function insertFaceValue(db: Executor, values: Insertable<GoodsFaceValuesTable>) {
  await db.insertInto('goods_face_values').values(values).execute();
}

export async function updateFaceValue(
  db: Executor,
  goodsId: number,
  faceValue: number,
  values: Omit<Updateable<GoodsFaceValuesTable>, 'stock'>,
) {
  await db
    .updateTable('goods_face_values')
    .set(values)
    .where('goods_id', '=', goodsId)
    .where('face_value', '=', faceValue)
    .execute();
}

export async function deleteFaceValues(db: Executor, goodsId: number, faceValues: number[]) {
  if (faceValues.length)
    await db
      .deleteFrom('goods_face_values')
      .where('goods_id', '=', goodsId)
      .where('face_value', 'in', faceValues)
      .execute();
}

export const insertServer = (db: Executor, values: Insertable<GameServersTable>) =>
  insertId(db.insertInto('game_servers').values(values));

export async function updateServer(db: Executor, id: number, values: Updateable<GameServersTable>) {
  await db.updateTable('game_servers').set(values).where('id', '=', id).execute();
}

export async function deleteServers(db: Executor, ids: number[]) {
  if (ids.length) await db.deleteFrom('game_servers').where('id', 'in', ids).execute();
}
