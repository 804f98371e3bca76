import type { Executor, OrderItemsTable, OrdersTable, OrderStatusColumn } from '../../db/database.ts';
import { type Insertable, sql, type Updateable } from 'kysely';
import { engineOf } from '../../db/dialect.ts';
import { transition } from '../../db/transition.ts';

export function insertOrder(db: Executor, order: Insertable<OrdersTable>) {
  return db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
}

export async function insertItem(db: Executor, item: Insertable<OrderItemsTable>): Promise<number> {
  const row = await db.insertInto('order_items').values(item).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findByIdempotencyKey(db: Executor, userId: number, key: string) {
  return db
    .selectFrom('orders')
    .select(['oid', 'request_hash'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findOwnOrder(db: Executor, userId: number, oid: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('oid', '=', oid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findOrderById(db: Executor, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The items of these orders, each with its delivery when it has one (top-ups, manual goods). */
export function listItems(db: Executor, orderIds: number[]) {
  return db
    .selectFrom('order_items as i')
    .leftJoin('deliveries as d', 'd.order_item_id', 'i.id')
    .selectAll('i')
    .select([
      'd.status as delivery_status',
      'd.note as delivery_note',
      'd.reason_code as delivery_reason_code',
      'd.refund_cny as delivery_refund_cny',
      'd.tracking_no as delivery_tracking_no',
      'd.updated_at as delivery_updated_at',
    ])
    .where('i.order_id', 'in', orderIds.length ? orderIds : [-1])
    .orderBy('i.id')
    .execute();
}

export function listOrders(
  db: Executor,
  userId: number,
  status: OrderStatusColumn | undefined,
  offset: number,
  limit: number,
) {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countOrders(db: Executor, userId: number, status: OrderStatusColumn | undefined) {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  if (status) query = query.where('status', '=', status);
  return (await query.executeTakeFirstOrThrow()).n;
}

/**
 * Moves an order to `to` through the declared machine (db/transition.ts), if it is still in an
 * allowed state (and, when given, still unexpired). Returns whether this call made the change.
 */
export async function moveOrder(
  db: Executor,
  id: number,
  to: OrderStatusColumn,
  options: {
    from?: OrderStatusColumn[];
    unexpiredAt?: number;
    set?: Partial<
      Pick<
        OrdersTable,
        'pay_method' | 'paid_at' | 'cancelled_at' | 'cancel_reason' | 'completed_at' | 'updated_at'
      >
    >;
  } = {},
): Promise<boolean> {
  const { unexpiredAt } = options;
  const moved = await transition(db, 'orders', {
    where: { id: [id] },
    to,
    ...(options.from ? { from: options.from } : {}),
    set: { updated_at: Date.now(), ...options.set },
    ...(unexpiredAt !== undefined ? { also: (eb) => eb('expires_at', '>', unexpiredAt) } : {}),
  });
  return moved === 1;
}

/** How many unpaid orders the buyer has (each holds stock until paid, cancelled or timed out). */
export async function countUnpaid(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Units of one stocked option the buyer holds in unpaid orders. */
export async function heldQuantity(
  db: Executor,
  userId: number,
  option: { skuId: number | null; goodsId: number; faceValue: number | null },
): Promise<number> {
  let query = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('i.num'), eb.lit(0)).as('n'))
    .where('o.user_id', '=', userId)
    .where('o.status', '=', 'pending_payment')
    .where('i.stock_reserved', '=', 1);
  query = option.skuId
    ? query.where('i.goods_sku_id', '=', option.skuId)
    : query.where('i.goods_id', '=', option.goodsId).where('i.face_value', '=', option.faceValue ?? -1);
  return (await query.executeTakeFirstOrThrow()).n;
}

/** Unpaid orders past their time, oldest first. */
export function listExpired(db: Executor, now: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'oid'])
    .where('status', '=', 'pending_payment')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** One order, its row locked until the transaction ends (PostgreSQL; SQLite writes one at a time). */
export async function findOrderForUpdate(db: Executor, id: number) {
  if (engineOf(db) === 'postgres') await sql`select id from orders where id = ${id} for update`.execute(db);
  return findOrderById(db, id);
}

/** Whether a gateway payment of this order was started (its amount is then fixed). */
export async function paymentStarted(db: Executor, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The goods' category and its parent, per goods (what a code's category scope is matched against). */
export function goodsCategories(db: Executor, goodsIds: number[]) {
  return db
    .selectFrom('goods')
    .select(['id', 'category_id', 'top_category_id'])
    .where('id', 'in', goodsIds.length ? goodsIds : [-1])
    .execute();
}

/** An unpaid order priced again (order/coupon): the order's figures and each item's. */
export async function setOrderPricing(
  db: Executor,
  orderId: number,
  order: Updateable<OrdersTable>,
  items: { id: number; values: Updateable<OrderItemsTable> }[],
) {
  await db.updateTable('orders').set(order).where('id', '=', orderId).execute();
  for (const item of items)
    await db.updateTable('order_items').set(item.values).where('id', '=', item.id).execute();
}
