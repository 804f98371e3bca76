import type { Database } from '../../db/database.ts';
import type { JobOutcome } from '../jobs/queue.ts';
import { notifyUser, SEALED_PREFIX } from '../messaging/notify.ts';
import type { CardCipher } from './card-cipher.ts';

// The keys of a paid order also go to the buyer by email (issue 7): a job queued in the payment's
// transaction writes one sealed message to the outbox (decision 021), which the outbox job sends
// through SMTP. Accounts without an email address read their keys on /user/order/card only.

export const CARD_MAIL_JOB = 'card-mail';
export const cardMailKey = (orderId: number) => `card-mail:${orderId}`;

export const cardMailSubject = (oid: string) => `订单 ${oid} 的卡密 / Card keys of order ${oid}`;

export async function sendCardMail(
  db: Database,
  cipher: CardCipher,
  orderId: number,
  publicUrl: string,
): Promise<JobOutcome> {
  const order = await db
    .selectFrom('orders')
    .select(['oid', 'user_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return { done: true };
  const keys = await db
    .selectFrom('card_keys as k')
    .innerJoin('order_items as i', 'i.id', 'k.order_item_id')
    .select(['k.secret_enc', 'i.goods_name_zh', 'i.goods_name_en', 'i.spec_zh', 'i.spec_en'])
    .where('i.order_id', '=', orderId)
    .where('k.status', '=', 'sold')
    .orderBy('k.id')
    .execute();
  if (keys.length === 0) return { done: true };
  const link = `${publicUrl.replace(/\/$/, '')}/user/order/card?oid=${order.oid}`;
  const lines = keys.map(
    (k) =>
      `${k.goods_name_zh} ${k.spec_zh} / ${k.goods_name_en} ${k.spec_en}: ${cipher.decrypt(k.secret_enc)}`,
  );
  const body = [
    `您的订单 ${order.oid} 已发货，卡密如下 / Your order ${order.oid} is delivered; your card keys:`,
    '',
    ...lines,
    '',
    `使用说明与卡密也可在此查看 / Instructions, and the keys again: ${link}`,
  ].join('\n');
  const subject = cardMailSubject(order.oid);
  await db.transaction().execute(async (trx) => {
    // A run repeated after a crash between writing and finishing the job sends no second mail.
    const written = await trx
      .selectFrom('outbox')
      .select('id')
      .where('subject', '=', subject)
      .executeTakeFirst();
    if (written) return;
    await notifyUser(trx, Number(order.user_id), {
      subject,
      body: SEALED_PREFIX + cipher.encrypt(body),
      now: Date.now(),
      emailOnly: true,
    });
  });
  return { done: true };
}
