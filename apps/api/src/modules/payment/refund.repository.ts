import { OPEN_DELIVERY_STATUSES } from '@shop/domain/order';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Executor, RefundsTable } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { transition } from '../../db/transition.ts';

// Refunds (issue 15, decision 040). What has been given back of an order is counted on the order
// and its item (refunded_cny) by conditional updates: the database decides, whatever races, that
// the refunds of an order never add up to more than it was paid (its CHECKs are the last guard).

export type RefundRow = Selectable<RefundsTable>;

/** An order as a refund needs it. */
export function findRefundOrder(db: Executor, oid: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'oid', 'user_id', 'status', 'total_cny', 'refunded_cny', 'pay_method'])
    .where('oid', '=', oid)
    .executeTakeFirst();
}

export function findRefundOrderById(db: Executor, id: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'oid', 'user_id', 'status', 'total_cny', 'refunded_cny', 'pay_method'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export function findRefundItem(db: Executor, orderId: number, itemId: number) {
  return db
    .selectFrom('order_items')
    .select(['id', 'charged_cny', 'refunded_cny', 'goods_name_zh', 'goods_name_en'])
    .where('order_id', '=', orderId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

/**
 * What the items whose delivery is still open may yet give back (their charged share less what
 * was refunded of them): an order-wide refund leaves it, so a top-up failing later can always be
 * refunded in full.
 */
export async function openDeliveryShare(db: Executor, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('deliveries as d')
    .innerJoin('order_items as i', 'i.id', 'd.order_item_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(sql`i.charged_cny - i.refunded_cny`), eb.lit(0)).as('n'))
    .where('d.order_id', '=', orderId)
    .where('d.status', 'in', OPEN_DELIVERY_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The paid provider payment that paid this order (the one whose outcome is order_paid): what an
 * "original" refund goes back to. A payment that came too late and went to the balance is not it.
 */
export function findOrderPayment(db: Executor, orderId: number) {
  return db
    .selectFrom('payments')
    .select(['id', 'no', 'method', 'amount_cny', 'provider_trade_no'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'order')
    .where('status', '=', 'paid')
    .where('outcome', '=', 'order_paid')
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Counts `amount` as refunded of the order, and of the item when there is one: one conditional
 * UPDATE each (`refunded_cny + amount <= what was paid`, the order's also less `keep`, the open
 * deliveries' share). False: it would refund more than is left (nothing changed by this call).
 */
export async function reserveRefund(
  db: Executor,
  p: { orderId: number; itemId: number | null; amount: number; keep: number },
): Promise<boolean> {
  if (p.itemId !== null) {
    const item = await db
      .updateTable('order_items')
      .set((eb) => ({ refunded_cny: eb('refunded_cny', '+', p.amount) }))
      .where('id', '=', p.itemId)
      .where((eb) => eb(eb('refunded_cny', '+', p.amount), '<=', eb.ref('charged_cny')))
      .executeTakeFirst();
    if (Number(item.numUpdatedRows) !== 1) return false;
  }
  const order = await db
    .updateTable('orders')
    .set((eb) => ({ refunded_cny: eb('refunded_cny', '+', p.amount) }))
    .where('id', '=', p.orderId)
    .where((eb) => eb(eb('refunded_cny', '+', p.amount), '<=', eb(eb.ref('total_cny'), '-', p.keep)))
    .executeTakeFirst();
  return Number(order.numUpdatedRows) === 1;
}

/** Gives back to what may be refunded the amount of a refund the provider refused. */
export async function releaseRefund(
  db: Executor,
  p: { orderId: number; itemId: number | null; amount: number },
): Promise<void> {
  if (p.itemId !== null)
    await db
      .updateTable('order_items')
      .set((eb) => ({ refunded_cny: eb('refunded_cny', '-', p.amount) }))
      .where('id', '=', p.itemId)
      .where('refunded_cny', '>=', p.amount)
      .execute();
  await db
    .updateTable('orders')
    .set((eb) => ({ refunded_cny: eb('refunded_cny', '-', p.amount) }))
    .where('id', '=', p.orderId)
    .where('refunded_cny', '>=', p.amount)
    .execute();
}

export async function insertRefund(db: Executor, row: Insertable<RefundsTable>): Promise<number> {
  const { id } = await db.insertInto('refunds').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findRefundByKey(db: Executor, requestKey: string) {
  return db.selectFrom('refunds').selectAll().where('request_key', '=', requestKey).executeTakeFirst();
}

export function findRefund(db: Executor, id: number) {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A pending provider refund with what its provider call needs. */
export function findProviderRefund(db: Executor, id: number) {
  return db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.no',
      'r.status',
      'r.order_id',
      'r.order_item_id',
      'r.user_id',
      'r.amount_cny',
      'r.destination',
      'r.reason',
      'p.no as payment_no',
      'p.amount_cny as payment_cny',
      'o.oid',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/**
 * Holds the order's row until the caller's transaction ends (PostgreSQL; SQLite runs one write
 * transaction at a time): a refund that settles after it waits here, so what it then counts
 * includes this transaction's refunds, and the last of two refunds finishing at once sees both.
 * `no key update`, the lock an UPDATE of the order takes anyway: `for update` also waits for the
 * key-share locks of rows being inserted that refer to the order, and deadlocked (decision 058).
 */
export async function lockRefundOrder(db: Executor, orderId: number): Promise<void> {
  if (engineOf(db) === 'postgres')
    await sql`select id from orders where id = ${orderId} for no key update`.execute(db);
}

export function countPendingRefunds(db: Executor, orderId: number): Promise<number> {
  return db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** A try at the provider: counted, with what it said when it did not settle the refund. */
export function noteRefundAttempt(db: Executor, id: number, failure: string | null, now: number) {
  return db
    .updateTable('refunds')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), failure, updated_at: now }))
    .where('id', '=', id)
    .execute();
}

/** pending → succeeded / failed through the declared machine; false: another run settled it. */
export async function settleRefund(
  db: Executor,
  id: number,
  to: 'succeeded' | 'failed',
  set: { provider_refund_no?: string; failure?: string | null; now: number },
): Promise<boolean> {
  const { now, ...rest } = set;
  return (
    (await transition(db, 'refunds', {
      where: { id: [id] },
      to,
      set: { ...rest, updated_at: now, finished_at: now },
    })) === 1
  );
}

/** An order all of whose money went back moves completed (or failed) → refunded. */
export async function markOrderRefunded(db: Executor, orderId: number, now: number): Promise<boolean> {
  return (
    (await transition(db, 'orders', {
      where: { id: [orderId] },
      to: 'refunded',
      from: ['completed', 'failed'],
      set: { updated_at: now },
      also: (eb) => eb('refunded_cny', '=', eb.ref('total_cny')),
    })) === 1
  );
}

/** The refunds of an order, oldest first, for its detail page. */
export function listOrderRefunds(db: Executor, orderId: number) {
  return db
    .selectFrom('refunds as r')
    .leftJoin('payments as p', 'p.id', 'r.payment_id')
    .select([
      'r.id',
      'r.no',
      'r.order_item_id',
      'r.amount_cny',
      'r.destination',
      'r.status',
      'r.provider_refund_no',
      'r.reason',
      'r.actor',
      'r.failure',
      'r.attempts',
      'r.created_at',
      'r.finished_at',
      'p.no as payment_no',
    ])
    .where('r.order_id', '=', orderId)
    .orderBy('r.id')
    .execute();
}

/** The order an item belongs to, with its buyer. */
export function findItemOrder(db: Executor, itemId: number) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.order_id', 'o.user_id', 'o.oid'])
    .where('i.id', '=', itemId)
    .executeTakeFirstOrThrow();
}

export function findRefundByNo(db: Executor, no: string) {
  return db.selectFrom('refunds').selectAll().where('no', '=', no).executeTakeFirst();
}

export async function paymentNoOf(db: Executor, paymentId: number): Promise<string | null> {
  const row = await db.selectFrom('payments').select('no').where('id', '=', paymentId).executeTakeFirst();
  return row?.no ?? null;
}

/** A trade as the sandbox provider knows it: the shop's payment by our out_trade_no. */
export function findSandboxTrade(db: Executor, no: string) {
  return db
    .selectFrom('payments')
    .select(['amount_cny', 'provider_trade_no', 'status', 'method'])
    .where('no', '=', no)
    .executeTakeFirst();
}
