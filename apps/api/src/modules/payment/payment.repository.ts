import type { Insertable } from 'kysely';
import type { Executor, PaymentInboxTable, PaymentsTable } from '../../db/database.ts';

export function insertPayment(db: Executor, payment: Insertable<PaymentsTable>) {
  return db.insertInto('payments').values(payment).execute();
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

/** Marks a pending payment paid; false if it was not pending (only one notification can). */
export async function markPaymentPaid(
  db: Executor,
  no: string,
  set: { provider_trade_no: string; paid_at: number; outcome: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ ...set, status: 'paid' })
    .where('no', '=', no)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function insertInbox(db: Executor, row: Insertable<PaymentInboxTable>) {
  return db.insertInto('payment_inbox').values(row).execute();
}

export function setInboxOutcome(db: Executor, provider: string, tradeNo: string, outcome: string) {
  return db
    .updateTable('payment_inbox')
    .set({ outcome })
    .where('provider', '=', provider as 'alipay')
    .where('trade_no', '=', tradeNo)
    .execute();
}
