import type { OrderStatus } from '@shop/domain/order';
import type { PayMethod } from '@shop/domain/payment';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';

// The console's order queries (issue 15). The search must stay fast over a million orders on both
// engines (ARCHITECTURE.md §7), so every filter is one an index answers (decision 040):
// - order number: orders.oid (unique); buyer: users.email / users.phone (unique) or the id, then
//   orders_user (user_id, status, id);
// - goods and player id: the order ids from order_items_goods (goods_id, order_id) or
//   order_items_player_prefix (player_id, order_id), never a text scan of the items;
// - the start of an order number, player id, email or phone (issue 32, decision 080): a range of
//   the same indexes (startsWith), resolved to ids first when few enough match;
// - status: orders_status_id; dates: orders_created (created_at, id), which also gives the order;
// - the count stops at a cap (a LIMIT inside the count), so it never walks more than that.

export type OrderFilter = {
  oid?: string | undefined;
  userIds?: number[] | undefined;
  goodsId?: number | undefined;
  playerId?: string | undefined;
  status?: OrderStatus | undefined;
  payMethod?: PayMethod | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** Only these orders (prefixes resolved to ids: findOrderIdsBy*). */
  orderIds?: number[] | undefined;
  /** Prefixes matching too many rows to list their ids: filtered as ranges in the query. */
  oidPrefix?: string | undefined;
  playerPrefix?: string | undefined;
  buyerPrefix?: string | undefined;
};

/**
 * `column` starts with `prefix`, as a range an index answers (decision 080): `>= prefix` and
 * `< prefix || U+10FFFF`, compared byte by byte (UTF-8 orders like code points; no text holds
 * U+10FFFF). SQLite compares text that way; PostgreSQL through text_pattern_ops (`~>=~`, `~<~`),
 * whose indexes migration 0032 adds. No LIKE: `%` and `_` are letters like any other.
 */
export function startsWith(
  db: Executor,
  column: string,
  prefix: string,
  { index = true }: { index?: boolean } = {},
): Expression<SqlBool> {
  const end = `${prefix}\u{10FFFF}`;
  if (engineOf(db) === 'postgres')
    return sql<SqlBool>`(${sql.ref(column)} ~>=~ ${prefix} and ${sql.ref(column)} ~<~ ${end})`;
  // `+column` keeps SQLite off the column's index: with a prefix that matches most orders, its
  // planner otherwise read them all by number and sorted them (PostgreSQL's statistics see it).
  const ref = index ? sql.ref(column) : sql`+${sql.ref(column)}`;
  return sql<SqlBool>`(${ref} >= ${prefix} and ${ref} < ${end})`;
}

/** Ids of the orders whose number starts with `prefix`, at most `limit` (orders.oid's index). */
export async function findOrderIdsByOid(db: Executor, prefix: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where(startsWith(db, 'oid', prefix))
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Ids of the orders with a player id that starts with `prefix`, from at most `limit` items. Not
 * DISTINCT in SQL: PostgreSQL then walked the items by order id; the index (player_id, order_id)
 * gives the ids as they are, and an order's second matching item is dropped here.
 */
export async function findOrderIdsByPlayer(db: Executor, prefix: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('order_items')
    .select('order_id')
    .where(startsWith(db, 'player_id', prefix))
    .limit(limit)
    .execute();
  return [...new Set(rows.map((r) => Number(r.order_id)))];
}

/** Buyers whose email (lower-case, as stored) or phone starts with `prefix`, at most `limit`. */
export async function findBuyerIdsByPrefix(db: Executor, prefix: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([startsWith(db, 'email', prefix.toLowerCase()), startsWith(db, 'phone', prefix)]))
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

export type OrderSort = 'created_at' | 'paid_at';

/** The columns of an order row of the console's list, and of the orders export (issue 32). */
export const ORDER_ROW_COLUMNS = [
  'o.id',
  'o.oid',
  'o.user_id',
  'o.item_count',
  'o.currency',
  'o.total_amount',
  'o.total_cny',
  'o.refunded_cny',
  'o.status',
  'o.pay_method',
  'o.created_at',
  'o.paid_at',
] as const;

/** The users an operator's "buyer" search names: exact email or phone, or the user id. */
export async function findBuyerIds(db: Executor, buyer: string): Promise<number[]> {
  const id = /^\d{1,15}$/.test(buyer) ? Number(buyer) : null;
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('email', '=', buyer.toLowerCase()),
        eb('phone', '=', buyer),
        ...(id === null ? [] : [eb('id', '=', id)]),
      ]),
    )
    .limit(3)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The orders `f` names, as `o` (paid_at sort: only paid ones, which have the column set). */
export function matching(db: Executor, f: OrderFilter, sort: OrderSort) {
  let q = db.selectFrom('orders as o');
  if (f.oid !== undefined) q = q.where('o.oid', '=', f.oid);
  if (f.userIds !== undefined) q = q.where('o.user_id', 'in', f.userIds.length ? f.userIds : [0]);
  if (f.goodsId !== undefined) {
    const goodsId = f.goodsId;
    q = q.where('o.id', 'in', (eb) =>
      eb.selectFrom('order_items as gi').select('gi.order_id').where('gi.goods_id', '=', goodsId),
    );
  }
  if (f.playerId !== undefined) {
    const playerId = f.playerId;
    q = q.where('o.id', 'in', (eb) =>
      eb.selectFrom('order_items as pi').select('pi.order_id').where('pi.player_id', '=', playerId),
    );
  }
  if (f.orderIds !== undefined) q = q.where('o.id', 'in', f.orderIds.length ? f.orderIds : [0]);
  // Prefixes matching too many rows to list (decision 080): checked on each order the newest-first
  // walk reads, by its own row (an EXISTS by key), never by first collecting every match.
  if (f.oidPrefix !== undefined) q = q.where(startsWith(db, 'o.oid', f.oidPrefix, { index: false }));
  if (f.playerPrefix !== undefined) {
    const prefix = f.playerPrefix;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_items as pp')
          .select(sql`1`.as('one'))
          .whereRef('pp.order_id', '=', 'o.id')
          .where(startsWith(db, 'pp.player_id', prefix, { index: false })),
      ),
    );
  }
  if (f.buyerPrefix !== undefined) {
    const prefix = f.buyerPrefix;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('users as bu')
          .select(sql`1`.as('one'))
          .whereRef('bu.id', '=', 'o.user_id')
          .where((e) =>
            e.or([
              startsWith(db, 'bu.email', prefix.toLowerCase(), { index: false }),
              startsWith(db, 'bu.phone', prefix, { index: false }),
            ]),
          ),
      ),
    );
  }
  if (f.status !== undefined) q = q.where('o.status', '=', f.status);
  if (f.payMethod !== undefined) q = q.where('o.pay_method', '=', f.payMethod);
  if (f.from !== undefined) q = q.where('o.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('o.created_at', '<', f.to);
  if (sort === 'paid_at') q = q.where('o.paid_at', 'is not', null);
  return q;
}

/**
 * One page of orders in the chosen order (ties by id). Newest first is creation order, which is
 * also id order (both are set when the order is inserted): with a status filter it is sorted by
 * the id, so orders_status_id (status, id) gives the rows in order, and otherwise by (created_at,
 * id), which orders_created gives in order, date range or not. Bound as a parameter, a status made
 * SQLite sort every order of that status (120k cancelled: 0.5 s) and a join with the users made it
 * start from the users (3 s): the buyers are read for the page afterwards (findUsers).
 */
export function listOrderRows(
  db: Executor,
  f: OrderFilter,
  sort: OrderSort,
  order: 'asc' | 'desc',
  offset: number,
  limit: number,
) {
  return matching(db, f, sort)
    .select(ORDER_ROW_COLUMNS)
    .$if(sort === 'paid_at', (qb) => qb.orderBy('o.paid_at', order))
    .$if(sort === 'created_at' && f.status === undefined, (qb) => qb.orderBy('o.created_at', order))
    .orderBy('o.id', order)
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The email and phone of these users. */
export function findUsers(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email', 'phone']).where('id', 'in', ids).execute();
}

/** How many orders match, counted up to `cap` + 1 (more than `cap`: the caller says "more"). */
export async function countOrderRows(db: Executor, f: OrderFilter, sort: OrderSort, cap: number) {
  const capped = matching(db, f, sort)
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  const row = await db
    .selectFrom(capped.as('c'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first item (by id) of each of these orders: the name a list row shows. */
export function firstItems(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .select(['order_id', 'goods_name_zh', 'goods_name_en'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('order_items')
        .select((e) => e.fn.min('id').as('id'))
        .where('order_id', 'in', orderIds)
        .groupBy('order_id'),
    )
    .execute();
}

// ---- one order ----

export function findOrderByOid(db: Executor, oid: string) {
  return db.selectFrom('orders').selectAll().where('oid', '=', oid).executeTakeFirst();
}

export function findBuyer(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'nickname'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The items of an order with their deliveries (if any). */
export function listItemsWithDelivery(db: Executor, orderId: number) {
  return db
    .selectFrom('order_items as i')
    .leftJoin('deliveries as d', 'd.order_item_id', 'i.id')
    .selectAll('i')
    .select([
      'd.kind as d_kind',
      'd.status as d_status',
      'd.supplier_ref as d_supplier_ref',
      'd.polls as d_polls',
      'd.note as d_note',
      'd.reason_code as d_reason_code',
      'd.refund_cny as d_refund_cny',
      'd.tracking_no as d_tracking_no',
      'd.created_at as d_created_at',
      'd.updated_at as d_updated_at',
      'd.finished_at as d_finished_at',
    ])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
}

/** The states of these jobs by key (the top-up job of an item: `topup:<item id>`). */
export function jobStates(db: Executor, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom('jobs').select(['job_key', 'status']).where('job_key', 'in', keys).execute();
}

export function listItemCardKeys(db: Executor, itemIds: number[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('card_keys')
    .select(['id', 'order_item_id', 'secret_enc', 'status'])
    .where('order_item_id', 'in', itemIds)
    .orderBy('id')
    .execute();
}

export function listOrderPayments(db: Executor, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', 'order')
    .orderBy('id')
    .execute();
}

export function listInboxOf(db: Executor, paymentNos: string[]) {
  if (paymentNos.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payment_inbox')
    .selectAll()
    .where('payment_no', 'in', paymentNos)
    .orderBy('id')
    .execute();
}

/** The buyer's ledger entries about this order (ref = its number), through the user's index. */
export function listOrderLedger(db: Executor, userId: number, oid: string) {
  return db
    .selectFrom('wallet_ledger')
    .select(['id', 'type', 'amount', 'balance_after', 'idempotency_key', 'memo', 'created_at'])
    .where('user_id', '=', userId)
    .where('ref', '=', oid)
    .orderBy('id')
    .execute();
}

export function listOrderRefunds(db: Executor, orderId: number) {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** An order item with its order and delivery, for the console's actions on it. */
export function findItemForAction(db: Executor, orderItemId: number) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('deliveries as d', 'd.order_item_id', 'i.id')
    .select([
      'i.id',
      'i.ships',
      'i.recharge_type',
      'o.oid',
      'o.id as order_id',
      'd.kind',
      'd.status',
      'd.note',
      'd.tracking_no',
      'd.polls',
    ])
    .where('i.id', '=', orderItemId)
    .executeTakeFirst();
}

/** The code an order used and the state of that use (issue 31); undefined: none. */
export function findOrderRedemption(db: Executor, orderId: number) {
  return db
    .selectFrom('coupon_redemptions')
    .select(['coupon_id', 'status'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** A member level's names (the one an order was priced with). */
export function findLevelNames(db: Executor, levelId: number) {
  return db
    .selectFrom('member_levels')
    .select(['name_zh', 'name_en'])
    .where('id', '=', levelId)
    .executeTakeFirst();
}
