import type { Executor } from '../../db/database.ts';
import { insertOutbox } from '../verification/verification.repository.ts';

/**
 * Queues a notice to a buyer in the caller's transaction: by email when the account has one,
 * else by SMS. The outbox job sends it (or keeps it local when no transport is configured).
 * Returns whether the buyer has an address at all.
 */
export async function notifyUser(
  trx: Executor,
  userId: number,
  message: { subject: string; body: string; now: number; emailOnly?: boolean },
): Promise<boolean> {
  const user = await trx
    .selectFrom('users')
    .select(['email', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const email = user?.email ?? null;
  const phone = message.emailOnly ? null : (user?.phone ?? null);
  if (!email && !phone) return false;
  await insertOutbox(trx, {
    channel: email ? 'email' : 'sms',
    recipient: (email ?? phone)!,
    subject: message.subject,
    body: message.body,
    created_at: message.now,
  });
  return true;
}

/**
 * A message body that holds secrets (card keys) is stored sealed — encrypted with the card-key
 * cipher — and opened only by the sender on its way to the mail server. Lists of the outbox show
 * that it is sealed, never what it says.
 */
export const SEALED_PREFIX = 'sealed:';
export const isSealed = (body: string) => body.startsWith(SEALED_PREFIX);
export const SEALED_PLACEHOLDER =
  '[sealed: this message holds card keys; the buyer sees them at /user/order/card]';
