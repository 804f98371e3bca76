import type { Database, Executor } from '../../db/database.ts';
import { shipToLine, shipToText } from '../address/address.service.ts';
import { cardKeysBody, cardKeysOrder, noticeBuyer } from '../messaging/buyer-notice.ts';
import { bilingualMail } from '../messaging/mail-templates.service.ts';
import type { CardCipher } from './card-cipher.ts';
import { findMailOrder, listOrderSoldKeys } from './card-keys.repository.ts';

// The keys of a paid order also go to the buyer by email (issue 7, decision 021). The payment's
// transaction queues one outbox message whose body is only a reference to the order; the outbox
// job writes the keys into it on the way to the mail server. Accounts without an email address
// read their keys on /user/order/card only.

export const cardMailSubject = (oid: string) => `订单 ${oid} 的卡密 / Card keys of order ${oid}`;

/** In the payment's transaction: the mail of the order's keys, if the buyer has an email address. */
export async function queueCardMail(
  trx: Executor,
  order: { id: number; oid: string; userId: number },
  now: number,
) {
  // The operator's templates (issue 32) give the subject here and the text when it is sent.
  const mail = await bilingualMail(trx, 'keys_delivered', {
    'zh-CN': { oid: order.oid },
    en: { oid: order.oid },
  });
  return noticeBuyer(trx, order.userId, {
    subject: mail?.subject ?? cardMailSubject(order.oid),
    body: cardKeysBody(order.id),
    now,
    emailOnly: true,
  });
}

/** The text of a card-keys mail (decrypting the order's sold keys); other bodies as they are. */
export async function renderMessage(
  db: Database,
  cipher: CardCipher,
  body: string,
  publicUrl: string,
): Promise<string> {
  const orderId = cardKeysOrder(body);
  if (orderId === undefined) return body;
  const order = await findMailOrder(db, orderId);
  const keys = await listOrderSoldKeys(db, orderId);
  if (!order || keys.length === 0) throw new Error(`order ${orderId} has no delivered keys to mail`);
  const link = `${publicUrl.replace(/\/$/, '')}/user/order/card?oid=${order.oid}`;
  const secrets = keys.map((k) => cipher.decrypt(k.secret_enc));
  const mail = await bilingualMail(db, 'keys_delivered', {
    'zh-CN': {
      oid: order.oid,
      keys: keys.map((k, i) => `${k.goods_name_zh} ${k.spec_zh}: ${secrets[i]}`).join('\n'),
      link,
      ship_to: shipToLine(order.ship_address, 'zh-CN', { maskPhone: true }) ?? '',
    },
    en: {
      oid: order.oid,
      keys: keys.map((k, i) => `${k.goods_name_en} ${k.spec_en}: ${secrets[i]}`).join('\n'),
      link,
      ship_to: shipToLine(order.ship_address, 'en', { maskPhone: true }) ?? '',
    },
  });
  if (mail) return mail.body;
  const text = [
    `您的订单 ${order.oid} 已发货，卡密如下 / Your order ${order.oid} is delivered; your card keys:`,
    '',
    ...keys.map(
      (k) => `${k.goods_name_zh} ${k.spec_zh} / ${k.goods_name_en} ${k.spec_en}: ${secrets[keys.indexOf(k)]}`,
    ),
    '',
    `使用说明与卡密也可在此查看 / Instructions, and the keys again: ${link}`,
  ].join('\n');
  // The same order's goods that ship (decision 030): where they go.
  return text + shipToText(order.ship_address);
}
