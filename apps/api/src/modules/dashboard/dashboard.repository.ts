import { OPEN_DELIVERY_STATUSES } from '@shop/domain/order';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// The dashboard's reads (issue 15, decision 040). Every figure of a time range is
// bucketed by the time its event happened (created, paid, requested, finished), so a closed day's
// figures never change and are kept in dashboard_days. Each query walks one index over the range:
// orders_created, orders_paid (+ order_items_order), refunds_created, deliveries_finished.

export type Range = { from: number; to: number };

export function countCreatedOrders(db: Executor, r: Range) {
  return db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', r.from)
    .where('created_at', '<', r.to)
    .executeTakeFirstOrThrow();
}

/** Orders paid in the range, by payment method: how many and their total_cny. */
export function paidByMethod(db: Executor, r: Range) {
  return db
    .selectFrom('orders')
    .select([
      'pay_method',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('total_cny').as('cny'),
    ])
    .where('paid_at', '>=', r.from)
    .where('paid_at', '<', r.to)
    .groupBy('pay_method')
    .execute();
}

/** Units and paid CNY per goods over the orders paid in the range. */
export function paidByGoods(db: Executor, r: Range) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .select([
      'i.goods_id',
      (eb) => eb.fn.sum<number>('i.num').as('qty'),
      (eb) => eb.fn.sum<number>('i.charged_cny').as('cny'),
    ])
    .where('o.paid_at', '>=', r.from)
    .where('o.paid_at', '<', r.to)
    .groupBy('i.goods_id')
    .execute();
}

/** Refunds requested in the range, by status: how many and how much. */
export function refundsByStatus(db: Executor, r: Range) {
  return db
    .selectFrom('refunds')
    .select([
      'status',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('amount_cny').as('cny'),
    ])
    .where('created_at', '>=', r.from)
    .where('created_at', '<', r.to)
    .groupBy('status')
    .execute();
}

/** Top-up deliveries finished in the range, by final status. */
export function finishedTopups(db: Executor, r: Range) {
  return db
    .selectFrom('deliveries')
    .select(['status', 'kind', (eb) => eb.fn.countAll<number>().as('n')])
    .where('finished_at', '>=', r.from)
    .where('finished_at', '<', r.to)
    .groupBy(['status', 'kind'])
    .execute();
}

export function readDays(db: Executor, days: string[]) {
  return db
    .selectFrom('dashboard_days')
    .select(['day', 'figures'])
    .where('day', 'in', days.length ? days : [''])
    .execute();
}

/**
 * Keeps a closed day's figures; a day another request stored first stays as it was, unless
 * `replace` (the kept row is of an older version of the figures).
 */
export async function storeDay(
  db: Executor,
  day: string,
  figures: string,
  now: number,
  replace = false,
): Promise<void> {
  await db
    .insertInto('dashboard_days')
    .values({ day, figures, computed_at: now })
    .onConflict((oc) =>
      replace ? oc.column('day').doUpdateSet({ figures, computed_at: now }) : oc.column('day').doNothing(),
    )
    .execute();
}

export function goodsNames(db: Executor, ids: number[]) {
  return db
    .selectFrom('goods')
    .select(['id', 'name_zh', 'name_en'])
    .where('id', 'in', ids.length ? ids : [0])
    .execute();
}

/**
 * Deliveries an operator must settle (topup.service operatorSettle): open top-ups whose job is no
 * longer queued (the supplier's poll budget is spent), and manual deliveries waiting. Oldest first.
 */
function waiting(db: Executor) {
  const open = OPEN_DELIVERY_STATUSES.filter((s) => s !== 'waiting');
  return db.selectFrom('deliveries as d').where((eb) =>
    eb.or([
      eb.and([
        eb('d.kind', '=', 'topup'),
        eb('d.status', 'in', open),
        eb.not(
          eb.exists(
            eb
              .selectFrom('jobs as j')
              .select(sql`1`.as('one'))
              .where(
                'j.job_key',
                '=',
                sql<string>`${sql.lit('topup:')} || cast(d.order_item_id as varchar(20))`,
              )
              .where('j.status', '=', 'queued'),
          ),
        ),
      ]),
      eb.and([eb('d.kind', '=', 'manual'), eb('d.status', '=', 'waiting')]),
    ]),
  );
}

export function listWaiting(db: Executor, limit: number) {
  return waiting(db)
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .innerJoin('order_items as i', 'i.id', 'd.order_item_id')
    .select([
      'o.oid',
      'd.kind',
      'd.status',
      'i.goods_name_zh',
      'i.goods_name_en',
      'i.player_id',
      'd.updated_at',
    ])
    .orderBy('d.updated_at')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

export async function countWaiting(db: Executor): Promise<number> {
  const row = await waiting(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Top-ups refunded since `from` (deliveries_finished), so an operator sees what failed. */
function refundedTopups(db: Executor, from: number) {
  return db
    .selectFrom('deliveries as d')
    .where('d.finished_at', '>=', from)
    .where('d.kind', '=', 'topup')
    .where('d.status', '=', 'refunded');
}

export function listRefundedTopups(db: Executor, from: number, limit: number) {
  return refundedTopups(db, from)
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .innerJoin('order_items as i', 'i.id', 'd.order_item_id')
    .select([
      'o.oid',
      'i.goods_name_zh',
      'i.goods_name_en',
      'i.player_id',
      'd.reason_code',
      'd.refund_cny',
      'd.finished_at',
    ])
    .orderBy('d.finished_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countRefundedTopups(db: Executor, from: number): Promise<number> {
  const row = await refundedTopups(db, from)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Tickets waiting for an operator's answer, the longest waiting first. */
export function listOpenTickets(db: Executor, limit: number) {
  return db
    .selectFrom('support_tickets as t')
    .leftJoin('orders as o', 'o.id', 't.order_id')
    .select(['t.id', 't.subject', 'o.oid', 't.updated_at'])
    .where('t.status', '=', 'open')
    .orderBy('t.updated_at')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

export async function countOpenTickets(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An amount of an order's currency in CNY fen: as is, or a USD amount at the order's frozen rate. */
const inCny = (column: string) =>
  sql<number>`case when o.currency = 'USD' then (${sql.ref(column)} * 1000000 + o.exchange_rate_ppm / 2) / o.exchange_rate_ppm else ${sql.ref(column)} end`;

/** Issue 31: the discounts frozen on the orders paid in the range, in CNY fen. */
export function paidDiscounts(db: Executor, r: Range) {
  return db
    .selectFrom('orders as o')
    .select((eb) => [
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>(sql`case when o.coupon_code is null then 0 else 1 end`).as('with_code'),
      eb.fn.sum<number>('o.total_cny').as('revenue'),
      eb.fn.sum<number>(inCny('o.tier_discount')).as('tier'),
      eb.fn.sum<number>(inCny('o.level_discount')).as('level'),
      eb.fn.sum<number>(inCny('o.coupon_discount')).as('coupon'),
    ])
    .where('o.paid_at', '>=', r.from)
    .where('o.paid_at', '<', r.to)
    .executeTakeFirstOrThrow();
}

/** The codes on the most orders paid in the range, with their discount and revenue (CNY fen). */
export function topCodes(db: Executor, r: Range, limit: number) {
  return db
    .selectFrom('coupon_redemptions as cr')
    .innerJoin('orders as o', 'o.id', 'cr.order_id')
    .innerJoin('coupons as c', 'c.id', 'cr.coupon_id')
    .select((eb) => [
      'c.code',
      eb.fn.countAll<number>().as('uses'),
      eb.fn.sum<number>('cr.discount_cny').as('discount'),
      eb.fn.sum<number>('o.total_cny').as('revenue'),
    ])
    .where('o.paid_at', '>=', r.from)
    .where('o.paid_at', '<', r.to)
    .where('cr.status', 'in', ['used', 'returned'])
    .groupBy('c.code')
    .orderBy('uses', 'desc')
    .orderBy('discount', 'desc')
    .orderBy('c.code')
    .limit(limit)
    .execute();
}
