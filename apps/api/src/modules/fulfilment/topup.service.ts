import { RECHARGE_TYPE } from '@shop/domain/catalog';
import type { Locale } from '@shop/domain/locale';
import { formatMinor, formatMoney } from '@shop/domain/money';
import { type DeliveryFailureCode, deliveryFailureText } from '@shop/domain/delivery-reason';
import { type DeliveryStatus, OPEN_DELIVERY_STATUSES } from '@shop/domain/order';
import type { Database, Executor } from '../../db/database.ts';
import { emit } from '../../events.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAlert } from '../alerts/alert-events.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { shipToLine, shipToText } from '../address/address.service.ts';
import { enqueueJob, type JobOutcome, requeueJob, unfinishedJobs } from '../jobs/queue.ts';
import { noticeBuyer } from '../messaging/buyer-notice.ts';
import { bilingualMail } from '../messaging/mail-templates.service.ts';
import type { Supplier, TopupAnswer } from '../supplier/supplier.ts';
import {
  countOrderItems,
  findDelivery,
  findOrderId,
  insertDeliveries,
  listOpenDeliveries,
  listOrderDeliveries,
  moveDelivery,
} from './topup.repository.ts';

// Delivery of paid items that are not card keys (issue 7, decision 021):
// - direct top-ups (recharge_type 2) go through the supplier adapter from a job keyed by the order
//   item: queued → submitted → succeeded, or refunded after a definite failure; while the
//   supplier's answer is not known the job polls `query` with back-off, within a budget;
// - manual deliveries (recharge_type 3) wait for an operator, who marks them delivered with a
//   note or refunds them (commands/deliver.ts).
// Every change is a declared move of the delivery machine (packages/domain), a conditional update
// on the delivery's old status, so a failure reported twice
// (two workers, a retried job, an operator at the same moment) refunds once; the refund's ledger
// entry is keyed by the order item as a second guard. When the last delivery of an order ends,
// the order module hears of it (deliveriesEnded, decision 036) and ends the order in the same
// transaction: completed, or failed → refunded if nothing was delivered.

export const TOPUP_JOB = 'topup';
export const topupJobKey = (orderItemId: number) => `topup:${orderItemId}`;
/** Polls of a pending top-up before it is left to an operator (about 1.5 h with the delays below). */
export const TOPUP_POLL_BUDGET = 24;
/** Wait before poll n+1: 5 s, 10 s, 20 s, … up to 5 min. */
export const topupPollDelay = (polls: number) => Math.min(300_000, 5_000 * 2 ** polls);

const isOpen = (status: DeliveryStatus) => OPEN_DELIVERY_STATUSES.includes(status);

type PaidItem = {
  id: number;
  recharge_type: number;
  num: number;
};

/**
 * In the payment's transaction: one delivery per top-up or manual item, and a job per top-up.
 * Returns how many items wait for delivery (0: the order is complete now).
 */
export async function startDeliveries(
  trx: Executor,
  order: { id: number; userId: number; oid: string },
  items: PaidItem[],
  now: number,
): Promise<number> {
  const waiting = items.filter(
    (i) => i.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP || i.recharge_type === RECHARGE_TYPE.MANUAL,
  );
  if (waiting.length === 0) return 0;
  await insertDeliveries(
    trx,
    waiting.map((i) => ({
      order_item_id: i.id,
      order_id: order.id,
      user_id: order.userId,
      kind: i.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP ? ('topup' as const) : ('manual' as const),
      status: i.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP ? ('queued' as const) : ('waiting' as const),
      created_at: now,
      updated_at: now,
    })),
  );
  for (const item of waiting.filter((i) => i.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP))
    await enqueueJob(trx, { name: TOPUP_JOB, key: topupJobKey(item.id), runAt: now });
  // Operators' alert (issue 32): items an operator must deliver, in the payment's transaction.
  const manual = waiting.filter((i) => i.recharge_type === RECHARGE_TYPE.MANUAL);
  if (manual.length > 0)
    await recordAlert(trx, 'order_manual', String(order.id), { oid: order.oid, count: manual.length }, now);
  return waiting.length;
}

/** The job: submits a queued top-up, or asks the supplier how a submitted one went. */
export async function runTopup(
  db: Database,
  supplier: Supplier,
  orderItemId: number,
  onSupplierError: (error: unknown) => void = () => {},
): Promise<JobOutcome> {
  const delivery = await findDelivery(db, orderItemId);
  if (!delivery || delivery.kind !== 'topup' || !isOpen(delivery.status)) return { done: true };
  const request = {
    ref: `item-${delivery.order_item_id}`,
    goodsId: delivery.goods_id,
    skuId: delivery.goods_sku_id,
    faceValue: delivery.face_value,
    serverId: delivery.server_id ?? 0,
    playerId: delivery.player_id,
    num: delivery.num,
  };
  // A call that throws leaves the answer unknown: it is asked again, never taken as a failure.
  const unknown = (error: unknown) => (onSupplierError(error), { state: 'unknown' as const });
  let answer: TopupAnswer;
  if (delivery.status === 'queued') {
    // Marked before the call: if the process dies during it, the next run asks before resubmitting.
    if (!(await moveDelivery(db, orderItemId, 'submitted', {}, ['queued']))) return { done: true };
    answer = await supplier.topup(request).catch(unknown);
  } else {
    answer = await supplier.query(request.ref).catch(unknown);
    // The supplier never got it (lost on the way): send it again under the same reference.
    if (answer.state === 'not_found') answer = await supplier.topup(request).catch(unknown);
  }

  if (answer.state === 'succeeded') {
    await finishDelivery(db, orderItemId, { status: 'succeeded', supplierRef: answer.supplierRef });
    return { done: true };
  }
  if (answer.state === 'failed') {
    await refundDelivery(db, orderItemId, answer.reason, answer.code);
    return { done: true };
  }
  // pending, unknown, or still not found: poll again later, within the budget.
  const polls = delivery.polls + 1;
  const status = answer.state === 'pending' ? 'submitted' : 'unknown';
  await db.transaction().execute(async (trx) => {
    const moved = await moveDelivery(
      trx,
      orderItemId,
      status,
      {
        polls,
        ...(answer.state === 'pending' && answer.supplierRef ? { supplier_ref: answer.supplierRef } : {}),
      },
      ['submitted', 'unknown'],
    );
    // The polls ran out: an operator's alert (issue 32) in the transaction that leaves it to them.
    if (moved && polls >= TOPUP_POLL_BUDGET)
      await recordAlert(trx, 'topup_failed', `${orderItemId}:${delivery.updated_at}`, {
        oid: delivery.oid,
        goods_zh: delivery.goods_name_zh,
        goods_en: delivery.goods_name_en,
      });
  });
  if (polls >= TOPUP_POLL_BUDGET) return { done: true }; // left to an operator: npm run deliver
  return { runAt: Date.now() + topupPollDelay(polls - 1) };
}

/** How an operator delivered an item (console or `npm run deliver`): who, for the audit log. */
export type DeliveredBy = { actor: Actor };

/**
 * A delivery succeeded (the supplier said so, or an operator did); ends the order if it was the
 * last. An operator's delivery carries a note and, for goods that ship, the carrier's tracking
 * number (issue 15), both shown to the buyer, and is audited in the same transaction.
 */
export async function finishDelivery(
  db: Database,
  orderItemId: number,
  result: {
    status: 'succeeded' | 'delivered';
    supplierRef?: string | undefined;
    note?: string;
    trackingNo?: string | undefined;
    by?: DeliveredBy | undefined;
  },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const before = result.by ? await findDelivery(trx, orderItemId) : undefined;
    const moved = await moveDelivery(trx, orderItemId, result.status, {
      finished_at: now,
      ...(result.supplierRef ? { supplier_ref: result.supplierRef } : {}),
      ...(result.note ? { note: result.note } : {}),
      ...(result.trackingNo ? { tracking_no: result.trackingNo } : {}),
    });
    if (!moved) return false;
    if (result.note) {
      const delivery = (await findDelivery(trx, orderItemId))!;
      const tracking = result.trackingNo ? `\n物流单号 / Tracking number: ${result.trackingNo}` : '';
      const part = (goods: string, lang: Locale) => ({
        oid: delivery.oid,
        goods,
        note: result.note ?? '',
        tracking_no: result.trackingNo ?? '',
        ship_to: (delivery.ships ? shipToLine(delivery.ship_address, lang, { maskPhone: true }) : null) ?? '',
      });
      // The operator's templates (issue 32), else the built-in text.
      const mail = await bilingualMail(trx, 'shipped', {
        'zh-CN': part(delivery.goods_name_zh, 'zh-CN'),
        en: part(delivery.goods_name_en, 'en'),
      });
      await noticeBuyer(trx, delivery.user_id, {
        subject: mail?.subject ?? `订单 ${delivery.oid} 已发货 / Order ${delivery.oid} delivered`,
        body:
          mail?.body ??
          `「${delivery.goods_name_zh}」已发货：${result.note}\n` +
            `"${delivery.goods_name_en}" was delivered: ${result.note}` +
            tracking +
            (delivery.ships ? shipToText(delivery.ship_address) : ''),
        now,
      });
    }
    if (result.by && before)
      await recordAudit(trx, result.by.actor, {
        action: 'delivery.deliver',
        objectType: 'order',
        objectId: before.oid,
        before: { order_item_id: orderItemId, status: before.status },
        after: {
          order_item_id: orderItemId,
          status: result.status,
          note: result.note ?? '',
          ...(result.trackingNo ? { tracking_no: result.trackingNo } : {}),
        },
      });
    await settleOrder(trx, orderItemId, now);
    return true;
  });
}

/**
 * A definite failure (or an operator's refund): the item's price goes back to the buyer's balance,
 * once, with a ledger entry and a notice; ends the order if it was the last delivery. A supplier's
 * failure comes with its code (decision 032): the buyer reads the reason in their language, with
 * the supplier's words as the detail; an operator's reason is the buyer's text already.
 * The money is recorded by payment (the deliveryRefunded event, issue 15): a refunds row counted
 * against what the item was paid, so an item is never refunded twice, whichever way.
 */
export async function refundDelivery(
  db: Database,
  orderItemId: number,
  reason: string,
  code: DeliveryFailureCode | null = null,
  by?: DeliveredBy,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const delivery = await findDelivery(trx, orderItemId);
    if (!delivery) return false;
    // The item's share of what the order charged (decision 031): all shares sum to the charge.
    const amount = delivery.charged_cny;
    const moved = await moveDelivery(trx, orderItemId, 'refunded', {
      refund_cny: amount,
      note: reason.slice(0, 500),
      reason_code: code,
      finished_at: now,
    });
    if (!moved) return false;
    await emit(trx, 'deliveryRefunded', { orderItemId, amount, reason, actor: by?.actor ?? null, now });
    const price = formatMoney(amount, 'CNY');
    // A supplier's definite failure refunded by the shop itself: an operators' alert (issue 32).
    if (!by && delivery.kind === 'topup')
      await recordAlert(
        trx,
        'topup_refunded',
        String(orderItemId),
        {
          oid: delivery.oid,
          goods_zh: delivery.goods_name_zh,
          goods_en: delivery.goods_name_en,
          amount_cny: formatMinor(amount, 'CNY'),
          reason: code ? `${deliveryFailureText(code, 'en')} (${reason})` : reason,
        },
        now,
      );
    const part = (lang: Locale) => ({
      oid: delivery.oid,
      amount: price,
      destination: lang === 'en' ? 'your balance' : '您的余额',
      reason: code ? deliveryFailureText(code, lang) : reason,
    });
    // The operator's templates (issue 32), else the built-in text.
    const mail = await bilingualMail(trx, 'refund', { 'zh-CN': part('zh-CN'), en: part('en') });
    await noticeBuyer(trx, delivery.user_id, {
      subject: mail?.subject ?? `订单 ${delivery.oid} 已退款 / Order ${delivery.oid} refunded`,
      body:
        mail?.body ??
        `「${delivery.goods_name_zh}」未能送达，${price} 已退回您的余额。原因：${code ? deliveryFailureText(code, 'zh-CN') : reason}\n` +
          `"${delivery.goods_name_en}" could not be delivered; ${price} is back in your balance. Reason: ${code ? deliveryFailureText(code, 'en') : reason}` +
          (code ? `\n详情 / Details: ${reason}` : ''),
      now,
    });
    await settleOrder(trx, orderItemId, now);
    return true;
  });
}

/**
 * An operator's refund of an item (issue 15) whose delivery is still open closes it as refunded,
 * in the refund's transaction (which counted the money), and ends the order if it was the last:
 * - 'none': the item has no open delivery; nothing to do;
 * - 'running': a top-up still with the supplier (its job runs): only the supplier's answer settles
 *   it, as for operatorSettle;
 * - 'partial': an open delivery closes only with the whole of what is left of the item.
 */
export async function closeDeliveryForRefund(
  trx: Executor,
  orderItemId: number,
  refund: { amount: number; whole: boolean; note: string; now: number },
): Promise<'none' | 'closed' | 'running' | 'partial'> {
  const delivery = await findDelivery(trx, orderItemId);
  if (!delivery || !isOpen(delivery.status)) return 'none';
  if ((await unfinishedJobs(trx, [topupJobKey(orderItemId)])).length > 0) return 'running';
  if (!refund.whole) return 'partial';
  const moved = await moveDelivery(trx, orderItemId, 'refunded', {
    refund_cny: refund.amount,
    note: refund.note.slice(0, 500),
    finished_at: refund.now,
  });
  // It ended meanwhile (delivered, or refunded by its own failure): an item like any other now,
  // whose refund the amounts decide.
  if (!moved) return 'none';
  await settleOrder(trx, orderItemId, refund.now);
  return 'closed';
}

/** When no delivery of the item's order is open any more, the order ends. */
async function settleOrder(trx: Executor, orderItemId: number, now: number): Promise<void> {
  const delivery = await findDelivery(trx, orderItemId);
  if (!delivery) return;
  const all = await listOrderDeliveries(trx, delivery.order_id);
  if (all.some((d) => isOpen(d.status))) return;
  const refunded = all.filter((d) => d.status === 'refunded').length;
  // An order delivered in part (a card key, or one of two top-ups) is completed, with the
  // refunded items shown on it; an order of which nothing was delivered is refunded.
  const nothingDelivered =
    refunded === all.length && all.length === (await countOrderItems(trx, delivery.order_id));
  await emit(trx, 'deliveriesEnded', { orderId: delivery.order_id, nothingDelivered, now });
}

/** Operator (`npm run deliver -- list`): the open deliveries, oldest first, at most `limit`. */
export const openDeliveries = (db: Executor, limit: number) => listOpenDeliveries(db, limit);

/**
 * Operator (`npm run deliver`): marks every open delivery of an order delivered (with a note the
 * buyer sees) or refunds it; each change audited under `actor` (issue 15).
 */
export async function operatorSettle(
  db: Database,
  oid: string,
  action: 'deliver' | 'refund',
  note: string,
  actor: Actor,
): Promise<{ changed: number; withSupplier: number }> {
  const orderId = await findOrderId(db, oid);
  if (orderId === undefined) throw new AppError(404, 'order_not_found');
  // A top-up whose job still runs is the supplier's to settle: an operator's word now could
  // refund what is about to be credited. Only those left after the poll budget are operators'.
  const deliveries = await listOrderDeliveries(db, orderId);
  const running = new Set(
    await unfinishedJobs(
      db,
      deliveries.map((d) => topupJobKey(d.order_item_id)),
    ),
  );
  const open = deliveries.filter((d) => isOpen(d.status) && !running.has(topupJobKey(d.order_item_id)));
  let changed = 0;
  for (const d of open) {
    const done =
      action === 'deliver'
        ? await finishDelivery(db, d.order_item_id, { status: 'delivered', note, by: { actor } })
        : await refundByOperator(db, actor, d.order_item_id, note);
    if (done) changed += 1;
  }
  return { changed, withSupplier: running.size };
}

/**
 * An operator's refund of one open delivery: refundDelivery with the operator as its actor, which
 * records the refund (and its audit entry) in the delivery's transaction.
 */
export async function refundByOperator(
  db: Database,
  actor: Actor,
  orderItemId: number,
  reason: string,
): Promise<boolean> {
  return refundDelivery(db, orderItemId, reason, null, { actor });
}

/**
 * Operator: asks the supplier again about a top-up left to an operator (its polls ran out, or its
 * job was set aside after failures). The job is queued afresh with a new poll budget; it queries
 * first and resubmits under the same reference only if the supplier never got it (runTopup), so a
 * retry can never top up twice. Audited in the same transaction. false: its job is running
 * already (nothing to do); 409 when the top-up has ended.
 */
export async function retryTopup(db: Database, actor: Actor, orderItemId: number): Promise<boolean> {
  const key = topupJobKey(orderItemId);
  return db.transaction().execute(async (trx) => {
    const delivery = await findDelivery(trx, orderItemId);
    if (!delivery || delivery.kind !== 'topup') throw new AppError(409, 'delivery_not_topup');
    if (!isOpen(delivery.status)) throw new AppError(409, 'delivery_settled');
    if ((await unfinishedJobs(trx, [key])).length > 0) return false;
    // A new poll budget: the same status, polls back to 0 (queued has none to clear).
    if (delivery.status !== 'queued') {
      const moved = await moveDelivery(trx, orderItemId, delivery.status, { polls: 0 }, [delivery.status]);
      if (!moved) throw new AppError(409, 'conflict');
    }
    const now = Date.now();
    await requeueJob(trx, { name: TOPUP_JOB, key, now });
    await recordAudit(trx, actor, {
      action: 'delivery.retry',
      objectType: 'order',
      objectId: delivery.oid,
      before: { order_item_id: orderItemId, status: delivery.status, polls: delivery.polls },
      after: { order_item_id: orderItemId, status: delivery.status, polls: 0, job: 'queued' },
    });
    return true;
  });
}

/** Whether an open top-up's job still runs (then the supplier, not an operator, settles it). */
export async function topupRunning(db: Executor, orderItemId: number): Promise<boolean> {
  return (await unfinishedJobs(db, [topupJobKey(orderItemId)])).length > 0;
}
