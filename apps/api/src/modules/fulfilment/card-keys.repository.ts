import { sql } from 'kysely';
import { optionKey } from '@shop/domain/cart';
import type { CardRevealVia, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { racePoint } from '../../db/race-points.ts';
import { transition } from '../../db/transition.ts';

export type CardOption = { goodsId: number; skuId: number | null; faceValue: number | null };

export { optionKey };

/** Inserts keys, skipping secrets this option already has; returns the hashes that went in. */
export async function insertKeys(
  db: Executor,
  option: CardOption,
  rows: { secret_enc: string; secret_hash: string }[],
  now: number,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const key = optionKey(option);
  const inserted = await db
    .insertInto('card_keys')
    .values(
      rows.map((r) => ({
        ...r,
        goods_id: option.goodsId,
        goods_sku_id: option.skuId,
        face_value: option.faceValue,
        option_key: key,
        status: 'available' as const,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['option_key', 'secret_hash']).doNothing())
    .returning('secret_hash')
    .execute();
  return inserted.map((r) => r.secret_hash);
}

/**
 * Reserves `num` available keys of an option for one order item; returns how many it got. On
 * PostgreSQL the pick skips rows another transaction holds.
 */
export async function claimKeys(
  db: Executor,
  option: CardOption,
  orderItemId: number,
  num: number,
  now: number,
) {
  const lock = engineOf(db) === 'postgres' ? sql` for update skip locked` : sql``;
  const picked = await sql<{ id: number }>`
    select id from card_keys where option_key = ${optionKey(option)} and status = 'available'
    order by id limit ${num}${lock}`.execute(db);
  const ids = picked.rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  await racePoint('reserve:picked');
  return transition(db, 'card_keys', {
    where: { id: ids },
    to: 'reserved',
    set: { order_item_id: orderItemId, reserved_at: now },
  });
}

/** Gives an unpaid order's keys back to stock; returns how many per option key. */
export async function releaseKeys(db: Executor, orderItemIds: number[]) {
  return transition(db, 'card_keys', {
    where: { order_item_id: orderItemIds },
    to: 'available',
    set: { order_item_id: null, reserved_at: null },
  });
}

/** Marks the reserved keys of paid items sold. */
export async function sellKeys(db: Executor, orderItemIds: number[], now: number) {
  return transition(db, 'card_keys', {
    where: { order_item_id: orderItemIds },
    to: 'sold',
    set: { sold_at: now },
  });
}

/**
 * A sold key is withdrawn from its buyer once all its item was refunded, or all its order
 * (decision 058): the same rule as keysWithdrawn in card-keys.service.ts, over the item's and the
 * order's aliases. Counted refunds include pending provider refunds; one refused gives them back.
 */
export function keysWithdrawnSql(item: string, order: string) {
  const i = (c: string) => sql.ref(`${item}.${c}`);
  const o = (c: string) => sql.ref(`${order}.${c}`);
  return sql<boolean>`((${i('refunded_cny')} > 0 and ${i('refunded_cny')} >= ${i('charged_cny')})
    or (${o('refunded_cny')} > 0 and ${o('refunded_cny')} >= ${o('total_cny')}))`;
}

/**
 * Which of a user's sold keys a list reads: one order's (`oid`), or all of them, narrowed by a
 * keyword (decision 034).
 */
export type SoldKeyFilter = { oid?: string | undefined; keyword?: string | undefined };

/**
 * A user's sold keys (no secrets), with whether each was revealed and how many keys its order has.
 * One order's keys come in delivery order; all keys come newest first, an order's keys together.
 */
export function listSoldKeys(
  db: Executor,
  userId: number,
  filter: SoldKeyFilter,
  offset: number,
  limit: number,
) {
  let query = baseSold(db, userId, filter).select([
    'k.id',
    'o.oid',
    'i.goods_id',
    'i.goods_name_zh',
    'i.goods_name_en',
    'i.spec_zh',
    'i.spec_en',
    'k.sold_at',
    'o.currency',
    'i.num',
    'i.list_unit_price',
    'i.unit_price',
    'i.coupon_discount',
    (eb) =>
      eb
        .exists(eb.selectFrom('card_key_reveals as r').select('r.id').whereRef('r.card_key_id', '=', 'k.id'))
        .as('revealed'),
    (eb) =>
      eb
        .selectFrom('card_keys as sk')
        .innerJoin('order_items as si', 'si.id', 'sk.order_item_id')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('si.order_id', '=', 'o.id')
        .where('sk.status', '=', 'sold')
        .where(sql<boolean>`not ${keysWithdrawnSql('si', 'o')}`)
        .as('order_keys'),
  ]);
  // Keys of one payment share sold_at: the order id keeps each order's keys together.
  if (filter.oid === undefined) query = query.orderBy('k.sold_at', 'desc').orderBy('o.id', 'desc');
  return query.orderBy('k.id').offset(offset).limit(limit).execute();
}

export async function countSoldKeys(db: Executor, userId: number, filter: SoldKeyFilter) {
  const row = await baseSold(db, userId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Escapes LIKE wildcards so a keyword matches literally (the query holds it as a bound value). */
const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The user's sold keys not withdrawn by a refund. Every query starts from the user's own orders
 * (orders_user index), then follows order_items_order and card_keys_item, so a keyword only ever
 * filters that user's rows: a substring match there costs what the buyer owns, not what the shop
 * sold.
 */
function baseSold(db: Executor, userId: number, filter: SoldKeyFilter) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .innerJoin('card_keys as k', 'k.order_item_id', 'i.id')
    .where('o.user_id', '=', userId)
    .where('k.status', '=', 'sold')
    .where(sql<boolean>`not ${keysWithdrawnSql('i', 'o')}`);
  if (filter.oid !== undefined) query = query.where('o.oid', '=', filter.oid);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const name = contains(keyword.toLowerCase());
    const number = contains(keyword.toUpperCase());
    query = query.where(
      (eb) =>
        sql<boolean>`(lower(${eb.ref('i.goods_name_zh')}) like ${name} escape '\\'
          or lower(${eb.ref('i.goods_name_en')}) like ${name} escape '\\'
          or ${eb.ref('o.oid')} like ${number} escape '\\')`,
    );
  }
  return query;
}

/** Whether this user has an order numbered `oid` (another buyer's is "not found" alike). */
export async function ownsOrder(db: Executor, userId: number, oid: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('oid', '=', oid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many sold keys of one of this user's orders a refund withdrew. */
export async function countWithdrawnKeys(db: Executor, userId: number, oid: string): Promise<number> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .innerJoin('card_keys as k', 'k.order_item_id', 'i.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('o.user_id', '=', userId)
    .where('o.oid', '=', oid)
    .where('k.status', '=', 'sold')
    .where(keysWithdrawnSql('i', 'o'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every sold key of one of this user's orders (not withdrawn), with its secret (reveal all), in delivery order. */
export function findOwnOrderKeys(db: Executor, userId: number, oid: string) {
  return baseSold(db, userId, { oid }).select(['k.id', 'k.secret_enc']).orderBy('k.id').execute();
}

/**
 * The user's revealed keys with their secrets (CSV export), newest first like the list, at most
 * `limit`.
 */
export function listRevealedKeys(db: Executor, userId: number, limit: number) {
  return baseSold(db, userId, {})
    .where((eb) =>
      eb.exists(eb.selectFrom('card_key_reveals as r').select('r.id').whereRef('r.card_key_id', '=', 'k.id')),
    )
    .select([
      'k.id',
      'k.secret_enc',
      'o.oid',
      'i.goods_name_zh',
      'i.goods_name_en',
      'i.spec_zh',
      'i.spec_en',
      'k.sold_at',
    ])
    .orderBy('k.sold_at', 'desc')
    .orderBy('o.id', 'desc')
    .orderBy('k.id')
    .limit(limit)
    .execute();
}

/** One sold key of this user's, with its secret (for reveal) and whether a refund withdrew it. */
export function findOwnSoldKey(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('card_keys as k')
    .innerJoin('order_items as i', 'i.id', 'k.order_item_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['k.id', 'k.secret_enc', 'o.oid', keysWithdrawnSql('i', 'o').as('withdrawn')])
    .where('k.id', '=', id)
    .where('o.user_id', '=', userId)
    .where('k.status', '=', 'sold')
    .executeTakeFirst();
}

export type RevealRow = {
  card_key_id: number;
  user_id: number;
  ip: string;
  created_at: number;
  via: CardRevealVia;
};

/** Records reveals, many rows per statement. */
export async function insertReveals(db: Executor, rows: RevealRow[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('card_key_reveals')
      .values(rows.slice(i, i + 500))
      .execute();
}

export function instructionsOf(db: Executor, goodsIds: number[]) {
  return db
    .selectFrom('goods')
    .select(['id', 'instructions_zh', 'instructions_en'])
    .where('id', 'in', goodsIds.length ? goodsIds : [-1])
    .execute();
}

/** The order a card-keys mail is about: its number and the address its shipped goods go to. */
export function findMailOrder(db: Executor, orderId: number) {
  return db.selectFrom('orders').select(['oid', 'ship_address']).where('id', '=', orderId).executeTakeFirst();
}

/** The sold keys of an order with their items' names, for its mail, in delivery order. */
export function listOrderSoldKeys(db: Executor, orderId: number) {
  return db
    .selectFrom('card_keys as k')
    .innerJoin('order_items as i', 'i.id', 'k.order_item_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['k.secret_enc', 'i.goods_name_zh', 'i.goods_name_en', 'i.spec_zh', 'i.spec_en'])
    .where('i.order_id', '=', orderId)
    .where('k.status', '=', 'sold')
    .where(sql<boolean>`not ${keysWithdrawnSql('i', 'o')}`)
    .orderBy('k.id')
    .execute();
}

/** A SKU with its goods' delivery kind, for the key import. */
export function findSkuOption(db: Executor, skuId: number) {
  return db
    .selectFrom('goods_skus as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.goods_id', 'g.recharge_type'])
    .where('s.id', '=', skuId)
    .executeTakeFirst();
}

/** A face value with its goods' delivery kind, for the key import. */
export function findFaceOption(db: Executor, goodsId: number, faceValue: number) {
  return db
    .selectFrom('goods_face_values as f')
    .innerJoin('goods as g', 'g.id', 'f.goods_id')
    .select(['f.goods_id', 'f.face_value', 'g.recharge_type'])
    .where('f.goods_id', '=', goodsId)
    .where('f.face_value', '=', faceValue)
    .executeTakeFirst();
}

/** An option's stock count (its available keys). */
export function optionStock(db: Executor, option: CardOption) {
  return option.skuId
    ? db.selectFrom('goods_skus').select('stock').where('id', '=', option.skuId).executeTakeFirstOrThrow()
    : db
        .selectFrom('goods_face_values')
        .select('stock')
        .where('goods_id', '=', option.goodsId)
        .where('face_value', '=', option.faceValue!)
        .executeTakeFirstOrThrow();
}
