import { sql } from 'kysely';
import type { Executor } from './database.ts';
import { engineOf } from './dialect.ts';

/**
 * Serialises a buyer's own checkouts inside the caller's transaction, so that a count of their
 * unpaid orders or pending recharges stays true until the transaction's insert commits (issue 11,
 * per-buyer caps). PostgreSQL locks the user row; SQLite runs one write transaction at a time.
 */
export async function lockBuyer(trx: Executor, userId: number): Promise<void> {
  if (engineOf(trx) === 'postgres')
    await sql`select id from users where id = ${userId} for update`.execute(trx);
}

/**
 * Locks codes' rows in id order inside the caller's transaction (PostgreSQL; SQLite runs one write
 * transaction at a time): a change of an order's code gives one code's use back and takes
 * another's, and two orders swapping the same two codes the other way round would otherwise each
 * hold one row and wait for the other's.
 */
export async function lockCoupons(trx: Executor, couponIds: readonly number[]): Promise<void> {
  const ids = [...new Set(couponIds)].sort((x, y) => x - y);
  if (ids.length === 0 || engineOf(trx) !== 'postgres') return;
  await sql`select id from coupons where id in (${sql.join(ids)}) order by id for update`.execute(trx);
}
