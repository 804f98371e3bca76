import type { Executor } from '../../db/database.ts';
import { findContact, insertOutbox } from './messaging.repository.ts';

/**
 * Queues a notice to a buyer in the caller's transaction: by email when the account has one,
 * else by SMS. The outbox job sends it (or keeps it local when no transport is configured).
 * Returns whether the buyer has an address at all.
 */
export async function noticeBuyer(
  trx: Executor,
  userId: number,
  message: { subject: string; body: string; now: number; emailOnly?: boolean },
): Promise<boolean> {
  const user = await findContact(trx, userId);
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
 * A message whose text holds secrets (the card keys of an order) is stored as a reference,
 * `card-keys:<order id>`, and written out only by the sender on its way to the mail server
 * (decision 021): no copy of a key ever sits in the outbox, and lists of it show a placeholder.
 */
export const CARD_KEYS_PREFIX = 'card-keys:';
export const cardKeysBody = (orderId: number) => `${CARD_KEYS_PREFIX}${orderId}`;
export const cardKeysOrder = (body: string): number | undefined =>
  body.startsWith(CARD_KEYS_PREFIX) ? Number(body.slice(CARD_KEYS_PREFIX.length)) : undefined;
export const CARD_KEYS_PLACEHOLDER =
  '[card keys: written out only when the mail is sent; the buyer sees them at /user/order/card]';
