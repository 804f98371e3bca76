import { sql } from 'kysely';
import type { Executor, LedgerType } from '../../db/database.ts';

/**
 * Moves a user's balance by `amount` (signed CNY fen) in one conditional statement: a debit only
 * happens while the balance covers it (and the database's CHECK refuses a negative balance anyway).
 * Returns the balance after, or undefined when the balance was short.
 */
export async function moveBalance(db: Executor, userId: number, amount: number, now: number) {
  const row = await db
    .updateTable('users')
    .set({ balance: sql<number>`balance + ${amount}`, updated_at: now })
    .where('id', '=', userId)
    .where(sql<number>`balance + ${amount}`, '>=', 0)
    .returning('balance')
    .executeTakeFirst();
  return row ? row.balance : undefined;
}

export function findLedgerEntry(db: Executor, key: string) {
  return db.selectFrom('wallet_ledger').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export function insertLedgerEntry(
  db: Executor,
  entry: {
    user_id: number;
    type: LedgerType;
    amount: number;
    balance_before: number;
    balance_after: number;
    ref: string;
    idempotency_key: string;
    created_at: number;
    memo?: string;
  },
) {
  return db.insertInto('wallet_ledger').values(entry).returning('id').executeTakeFirstOrThrow();
}

export type LedgerFilter = {
  type?: LedgerType | undefined;
  from?: number | undefined;
  to?: number | undefined;
};

function filtered(db: Executor, userId: number, filter: LedgerFilter) {
  let query = db.selectFrom('wallet_ledger').where('user_id', '=', userId);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  return query;
}

export function listLedger(
  db: Executor,
  userId: number,
  filter: LedgerFilter,
  offset: number,
  limit: number,
) {
  return filtered(db, userId, filter).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countLedger(db: Executor, userId: number, filter: LedgerFilter): Promise<number> {
  const row = await filtered(db, userId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * The buyer's orders among `oids` that are not in CNY: what an order payment in CNY paid for, in
 * the order's own currency (decision 031). One indexed lookup for a page of the ledger.
 */
/** The orders paid by these entries: the foreign-currency ones, and those with a discount (issue 31). */
export function findPaidOrders(db: Executor, userId: number, oids: readonly string[]) {
  if (oids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders')
    .select([
      'oid',
      'currency',
      'total_amount',
      'exchange_rate_ppm',
      'tier_discount',
      'level_discount',
      'coupon_discount',
      'coupon_code',
    ])
    .where('user_id', '=', userId)
    .where('oid', 'in', [...oids])
    .where((eb) =>
      eb.or([
        eb('currency', '<>', 'CNY'),
        eb('tier_discount', '>', 0),
        eb('level_discount', '>', 0),
        eb('coupon_discount', '>', 0),
      ]),
    )
    .execute();
}
