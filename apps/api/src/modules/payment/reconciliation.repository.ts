import type { Executor } from '../../db/database.ts';

// The reconciliation's queries (issue 15): reconciliation.service.ts says what they look for.

/** Paid notices (a paid notice takes the inbox's dedupe key) received in [from, to), by id. */
export function paidNotices(db: Executor, from: number, to: number, afterId: number, limit: number) {
  return db
    .selectFrom('payment_inbox as n')
    .leftJoin('payments as p', 'p.no', 'n.payment_no')
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      'n.id',
      'n.provider',
      'n.trade_no',
      'n.payment_no',
      'n.body',
      'n.outcome as notice_outcome',
      'n.received_at',
      'p.id as payment_id',
      'p.kind',
      'p.status as payment_status',
      'p.amount_cny',
      'p.outcome as payment_outcome',
      'p.user_id',
      'p.order_id',
      'o.oid',
      'o.status as order_status',
      'o.pay_method',
    ])
    .where('n.dedupe_key', 'is not', null)
    .where('n.received_at', '>=', from)
    .where('n.received_at', '<', to)
    .where('n.id', '>', afterId)
    .orderBy('n.id')
    .limit(limit)
    .execute();
}

/** Ledger entries by their idempotency keys (unique). */
export function ledgerByKeys(db: Executor, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('wallet_ledger')
    .select(['idempotency_key', 'amount', 'user_id', 'ref', 'type'])
    .where('idempotency_key', 'in', keys)
    .execute();
}

/** Ledger entries of these users with these refs and type (to find a second credit of one payment). */
export function ledgerByRefs(
  db: Executor,
  userIds: number[],
  refs: string[],
  types: ('recharge' | 'order_payment')[],
) {
  if (refs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('wallet_ledger')
    .select(['user_id', 'ref', 'type', 'idempotency_key'])
    .where('user_id', 'in', userIds)
    .where('ref', 'in', refs)
    .where('type', 'in', types)
    .execute();
}

/** The paid payments of these orders that paid them (outcome order_paid). */
export function orderPaidPayments(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payments')
    .select(['no', 'order_id'])
    .where('order_id', 'in', orderIds)
    .where('status', '=', 'paid')
    .where('outcome', '=', 'order_paid')
    .execute();
}

/** Other paid notices of these payments that were applied too (not marked duplicate). */
export function appliedNoticesOf(db: Executor, paymentNos: string[]) {
  if (paymentNos.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('payment_inbox')
    .select(['id', 'payment_no'])
    .where('payment_no', 'in', paymentNos)
    .where('dedupe_key', 'is not', null)
    .where('outcome', 'in', ['order_paid', 'recharged', 'refunded'])
    .execute();
}
