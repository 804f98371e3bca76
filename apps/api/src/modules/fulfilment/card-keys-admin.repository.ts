import { RECHARGE_TYPE } from '@shop/domain/catalog';
import type { CardKeyStatus } from '@shop/domain/order';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { containsText } from '../../db/like.ts';

// The console's card key queries (issue 14). Secrets are read here only for reveal and to mask
// them in a page of the list; the service never lets one out otherwise.

/** An option of a goods with what the import checks: the goods' delivery kind. */
export type OptionRow = {
  goods_id: number;
  recharge_type: number;
  goods_sku_id: number | null;
  face_value: number | null;
};

/** A SKU of this goods, or null. */
export function findSku(db: Executor, goodsId: number, skuId: number): Promise<OptionRow | undefined> {
  return db
    .selectFrom('goods_skus as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['g.id as goods_id', 'g.recharge_type', 's.id as goods_sku_id', sql<null>`null`.as('face_value')])
    .where('s.id', '=', skuId)
    .where('s.goods_id', '=', goodsId)
    .executeTakeFirst();
}

/** A face value of this goods, or null. */
export function findFace(db: Executor, goodsId: number, face: number): Promise<OptionRow | undefined> {
  return db
    .selectFrom('goods_face_values as f')
    .innerJoin('goods as g', 'g.id', 'f.goods_id')
    .select(['g.id as goods_id', 'g.recharge_type', sql<null>`null`.as('goods_sku_id'), 'f.face_value'])
    .where('f.goods_id', '=', goodsId)
    .where('f.face_value', '=', face)
    .executeTakeFirst();
}

// ---- import batches ----

/**
 * Claims (import_id, batch) for this transaction: true when it is new. When another transaction
 * holds it, PostgreSQL waits for that one to finish, then answers false, so the caller reads the
 * first answer rather than importing the batch again.
 */
export async function claimBatch(
  db: Executor,
  row: {
    import_id: string;
    batch: number;
    goods_id: number;
    option_key: string;
    operator_id: number | null;
    actor: string;
    created_at: number;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('card_key_import_batches')
    .values({ ...row, report: '' })
    .onConflict((oc) => oc.columns(['import_id', 'batch']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findBatch(db: Executor, importId: string, batch: number) {
  return db
    .selectFrom('card_key_import_batches')
    .select(['option_key', 'report'])
    .where('import_id', '=', importId)
    .where('batch', '=', batch)
    .executeTakeFirst();
}

export async function saveBatchReport(db: Executor, importId: string, batch: number, report: string) {
  await db
    .updateTable('card_key_import_batches')
    .set({ report })
    .where('import_id', '=', importId)
    .where('batch', '=', batch)
    .execute();
}

// ---- goods and stock ----

function cardGoods(db: Executor, keyword: string | undefined) {
  let q = db.selectFrom('goods').where('recharge_type', '=', RECHARGE_TYPE.CARD_KEY);
  const k = keyword?.trim();
  if (k) {
    const id = /^\d{1,15}$/.test(k) ? Number(k) : null;
    q = q.where((eb) =>
      eb.or([
        containsText('name_zh', k),
        containsText('name_en', k),
        ...(id === null ? [] : [eb('id', '=', id)]),
      ]),
    );
  }
  return q;
}

export function listCardGoods(db: Executor, keyword: string | undefined, offset: number, limit: number) {
  return cardGoods(db, keyword)
    .select(['id', 'name_zh', 'name_en', 'spec_type', 'on_sale', 'stock_alert'])
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countCardGoods(db: Executor, keyword: string | undefined) {
  const row = await cardGoods(db, keyword)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type StockFilter = { goodsId?: number | undefined; low?: boolean | undefined };

export type StockOptionRow = {
  goods_id: number;
  goods_name_zh: string;
  goods_name_en: string;
  goods_on_sale: number;
  stock_alert: number;
  goods_sku_id: number | null;
  face_value: number | null;
  option_name_zh: string;
  option_name_en: string;
  option_on_sale: number;
  stock: number | null;
};

/**
 * The options of card-key goods (SKUs and face values alike): one goods', or all; `low` keeps those
 * whose stock count is below their goods' alert level. Newest goods first, options in shop order.
 */
function stockOptions(filter: StockFilter) {
  const goods = filter.goodsId === undefined ? sql`` : sql` and g.id = ${filter.goodsId}`;
  const low = filter.low ? sql` where o.stock_alert > 0 and coalesce(o.stock, 0) < o.stock_alert` : sql``;
  return sql`(
    select * from (
      select g.id as goods_id, g.name_zh as goods_name_zh, g.name_en as goods_name_en,
        g.on_sale as goods_on_sale, g.stock_alert, s.id as goods_sku_id, null as face_value,
        s.spec_zh as option_name_zh, s.spec_en as option_name_en, s.on_sale as option_on_sale,
        s.stock, s.sort as option_sort, s.id as option_id
      from goods_skus s join goods g on g.id = s.goods_id
      where g.recharge_type = ${sql.lit(RECHARGE_TYPE.CARD_KEY)}${goods}
      union all
      select g.id, g.name_zh, g.name_en, g.on_sale, g.stock_alert, null, f.face_value,
        f.label_zh, f.label_en, f.on_sale, f.stock, f.sort, f.id
      from goods_face_values f join goods g on g.id = f.goods_id
      where g.recharge_type = ${sql.lit(RECHARGE_TYPE.CARD_KEY)}${goods}
    ) o${low}
  )`;
}

export async function listStockOptions(
  db: Executor,
  filter: StockFilter,
  offset: number,
  limit: number,
): Promise<StockOptionRow[]> {
  const { rows } = await sql<StockOptionRow>`
    select * from ${stockOptions(filter)} p
    order by goods_id desc, option_sort, option_id
    limit ${limit} offset ${offset}`.execute(db);
  return rows;
}

export async function countStockOptions(db: Executor, filter: StockFilter): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${stockOptions(filter)} p`.execute(db);
  return Number(rows[0]!.n);
}

/** How many keys each option has in each status. */
export function countByStatus(db: Executor, optionKeys: string[]) {
  return db
    .selectFrom('card_keys')
    .select(['option_key', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('option_key', 'in', optionKeys.length ? optionKeys : [''])
    .groupBy(['option_key', 'status'])
    .execute();
}

// ---- keys ----

export type KeyFilter = {
  goodsId?: number | undefined;
  optionKey?: string | undefined;
  status?: CardKeyStatus | undefined;
  oid?: string | undefined;
};

function keys(db: Executor, filter: KeyFilter) {
  let q = db
    .selectFrom('card_keys as k')
    .leftJoin('order_items as i', 'i.id', 'k.order_item_id')
    .leftJoin('orders as o', 'o.id', 'i.order_id');
  if (filter.optionKey !== undefined) q = q.where('k.option_key', '=', filter.optionKey);
  else if (filter.goodsId !== undefined) q = q.where('k.goods_id', '=', filter.goodsId);
  if (filter.status !== undefined) q = q.where('k.status', '=', filter.status);
  if (filter.oid !== undefined) q = q.where('o.oid', '=', filter.oid);
  return q;
}

/** A key's columns as the console shows them (the secret still encrypted, for masking). */
function withNames<Q extends ReturnType<typeof keys>>(q: Q) {
  return q
    .innerJoin('goods as g', 'g.id', 'k.goods_id')
    .leftJoin('goods_skus as s', 's.id', 'k.goods_sku_id')
    .leftJoin('goods_face_values as f', (join) =>
      join.onRef('f.goods_id', '=', 'k.goods_id').onRef('f.face_value', '=', 'k.face_value'),
    )
    .select([
      'k.id',
      'k.goods_id',
      'g.name_zh as goods_name_zh',
      'g.name_en as goods_name_en',
      'k.goods_sku_id',
      'k.face_value',
      'k.option_key',
      sql<string>`coalesce(s.spec_zh, f.label_zh, '')`.as('option_name_zh'),
      sql<string>`coalesce(s.spec_en, f.label_en, '')`.as('option_name_en'),
      'k.secret_enc',
      'k.status',
      'o.oid',
      'k.created_at',
      'k.reserved_at',
      'k.sold_at',
      'k.voided_at',
    ]);
}

export function listKeys(
  db: Executor,
  filter: KeyFilter,
  order: 'asc' | 'desc',
  offset: number,
  limit: number,
) {
  return withNames(keys(db, filter)).orderBy('k.id', order).offset(offset).limit(limit).execute();
}

export async function countKeys(db: Executor, filter: KeyFilter) {
  const row = await keys(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type KeyRow = Awaited<ReturnType<typeof listKeys>>[number];

/** One key as the console shows it, or undefined. */
export function findKey(db: Executor, id: number): Promise<KeyRow | undefined> {
  return withNames(keys(db, {})).where('k.id', '=', id).executeTakeFirst();
}
