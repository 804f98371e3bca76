import type { Channel, Executor } from '../../db/database.ts';

/** Unsent messages of the given channels that are due, oldest first. */
export function dueMessages(db: Executor, channels: Channel[], now: number, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'attempts'])
    .where('sent_at', 'is', null)
    .where('channel', 'in', channels)
    .where('next_attempt_at', '<=', now)
    .where('claimed_until', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Claims a message for `leaseMs`; only one of several processes gets it. */
export async function claimMessage(db: Executor, id: number, now: number, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ claimed_until: now + leaseMs })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('claimed_until', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function markSent(db: Executor, id: number, now: number) {
  return db
    .updateTable('outbox')
    .set((eb) => ({ sent_at: now, attempts: eb('attempts', '+', 1), claimed_until: 0, last_error: null }))
    .where('id', '=', id)
    .execute();
}

export function markFailed(db: Executor, id: number, retryAt: number, error: string) {
  return db
    .updateTable('outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: retryAt,
      claimed_until: 0,
      last_error: error.slice(0, 500),
    }))
    .where('id', '=', id)
    .execute();
}

export function insertOutbox(
  db: Executor,
  message: { channel: Channel; recipient: string; subject: string; body: string; created_at: number },
) {
  return db.insertInto('outbox').values(message).execute();
}

export function listOutbox(db: Executor, limit: number) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/** Where a buyer can be reached (read from the accounts' table). */
export function findContact(db: Executor, userId: number) {
  return db.selectFrom('users').select(['email', 'phone']).where('id', '=', userId).executeTakeFirst();
}
