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
