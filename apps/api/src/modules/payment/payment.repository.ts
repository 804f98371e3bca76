import type { Insertable } from 'kysely';
import type { Executor, PaymentInboxTable, PaymentsTable } from '../../db/database.ts';
import { transition } from '../../db/transition.ts';

export function insertPayment(db: Executor, payment: Insertable<PaymentsTable>) {
  return db.insertInto('payments').values(payment).execute();
}

/** The buyer's recharges still waiting for their payment, started since `since`. */
export async function countPendingRecharges(db: Executor, userId: number, since: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'recharge')
    .where('status', '=', 'pending')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

export function findPayment(db: Executor, no: string) {
  return db.selectFrom('payments').selectAll().where('no', '=', no).executeTakeFirst();
}

export function findOwnPayment(db: Executor, userId: number, no: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('no', '=', no)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Claims a pending payment for the notice that says it was paid: the declared move pending → paid,
 * as a conditional update. Only one notice can claim it (false: another did, this is a duplicate).
 */
export async function claimPayment(
  db: Executor,
  no: string,
  set: { provider_trade_no: string; paid_at: number },
): Promise<boolean> {
  return (await transition(db, 'payments', { where: { no: [no] }, to: 'paid', set })) === 1;
}

/** What the claimed payment's money did: paid the order, credited the wallet, or was refunded. */
export function setPaymentOutcome(db: Executor, no: string, outcome: string) {
  return db.updateTable('payments').set({ outcome }).where('no', '=', no).execute();
}

export async function insertInbox(db: Executor, row: Insertable<PaymentInboxTable>): Promise<number> {
  const { id } = await db.insertInto('payment_inbox').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function setInboxOutcome(db: Executor, id: number, outcome: string) {
  return db.updateTable('payment_inbox').set({ outcome }).where('id', '=', id).execute();
}
