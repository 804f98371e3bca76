import { randomInt } from 'node:crypto';
import { formatMinor, formatMoney } from '@shop/domain/money';
import type { OrderStatus } from '@shop/domain/order';
import type { Database, Executor, RefundDestination } from '../../db/database.ts';
import { racePoint } from '../../db/race-points.ts';
import type { ModuleEvents } from '../../events.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAlert } from '../alerts/alert-events.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { closeDeliveryForRefund } from '../fulfilment/topup.service.ts';
import { enqueueJob, type JobOutcome } from '../jobs/queue.ts';
import { noticeBuyer } from '../messaging/buyer-notice.ts';
import { bilingualMail } from '../messaging/mail-templates.service.ts';
import { refundedSpend, returnCoupon } from '../promotions/promotions.service.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import type { RefundAnswer } from './alipay.ts';
import type { Gateways } from './gateways.ts';
import {
  countPendingRefunds,
  findOrderPayment,
  findProviderRefund,
  findRefund,
  findItemOrder,
  findRefundByKey,
  findRefundByNo,
  findRefundItem,
  findRefundOrder,
  findRefundOrderById,
  findSandboxTrade,
  insertRefund,
  listOrderRefunds,
  lockRefundOrder,
  markOrderRefunded,
  noteRefundAttempt,
  openDeliveryShare,
  paymentNoOf,
  type RefundRow,
  releaseRefund,
  reserveRefund,
  settleRefund,
} from './refund.repository.ts';

/** A trade as the sandbox provider knows it (its refunds check the shop's payment). */
export const sandboxTrade = (db: Executor, outTradeNo: string) => findSandboxTrade(db, outTradeNo);

// Refunds of an order's money (issue 15, decision 040), partial or whole, of one item or of the
// order, to the buyer's balance or to the provider payment that paid it:
// - the amount is counted as refunded (orders / order_items.refunded_cny) by conditional updates in
//   the transaction that records the refund, so refunds never exceed what was paid, however many
//   run at once; an order-wide refund leaves the share of items still being delivered, which a
//   failing top-up refunds on its own;
// - to the balance: a ledger entry in that transaction, succeeded at once;
// - to Alipay / WeChat Pay: pending and committed, then the provider is called outside the
//   transaction with the refund's number (idempotent at the provider). Success settles it; a
//   definite refusal fails it and frees the amount; anything else leaves it pending for the
//   `refund` job, which asks again with the same number;
// - a request_key makes the same request (a double click, a retry) find the first refund.

export const REFUND_JOB = 'refund';
export const refundJobKey = (no: string) => `refund:${no}`;
/** The job's first try comes after the immediate call had its chance (it normally settles it). */
const FIRST_RETRY_MS = 60_000;
/** Wait before asking the provider again after n tries: 1, 2, 4 … minutes, at most an hour. */
export const refundRetryDelay = (attempts: number) =>
  Math.min(3_600_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/** Orders whose money came in: they may be refunded. */
const PAID_STATUSES: ReadonlySet<OrderStatus> = new Set(['paid', 'delivering', 'completed', 'failed']);

const SYSTEM: Actor = { operatorId: null, name: 'system', requestId: '', ip: '' };

export type RefundInput = {
  oid: string;
  order_item_id?: number | undefined;
  /** CNY fen. */
  amount: number;
  destination: 'balance' | 'original';
  reason: string;
  request_key: string;
  /**
   * A refund that makes the order fully refunded gives its promotion code's use back (issue 31,
   * decision 071), when the operator chooses so.
   */
  return_coupon?: boolean | undefined;
};

export type RefundView = {
  id: number;
  no: string;
  oid: string;
  order_item_id: number | null;
  amount: string;
  destination: RefundDestination;
  status: RefundRow['status'];
  payment_no: string | null;
  provider_refund_no: string | null;
  reason: string;
  actor: string;
  failure: string | null;
  attempts: number;
  created_at: number;
  finished_at: number | null;
};

/** Our refund number (out_request_no / out_refund_no): "R", the UTC day, 14 random digits. */
function newRefundNo(now = new Date()): string {
  let random = '';
  for (let i = 0; i < 14; i++) random += String(randomInt(0, 10));
  return `R${now.toISOString().slice(0, 10).replace(/-/g, '')}${random}`;
}

const PROVIDER_NAME: Record<RefundDestination, { 'zh-CN': string; en: string }> = {
  balance: { 'zh-CN': '您的余额', en: 'your balance' },
  alipay: { 'zh-CN': '您的支付宝', en: 'your Alipay account' },
  wechat: { 'zh-CN': '您的微信支付', en: 'your WeChat Pay account' },
};

/** The buyer hears of money that came back, in both languages (as every buyer notice). */
async function noticeRefunded(
  trx: Executor,
  r: { userId: number; oid: string; amount: number; destination: RefundDestination; reason: string },
  now: number,
) {
  const price = formatMoney(r.amount, 'CNY');
  const to = PROVIDER_NAME[r.destination];
  const part = (lang: 'zh-CN' | 'en') => ({
    oid: r.oid,
    amount: price,
    destination: to[lang],
    reason: r.reason,
  });
  // The operator's templates (issue 32), else the built-in text.
  const mail = await bilingualMail(trx, 'refund', { 'zh-CN': part('zh-CN'), en: part('en') });
  return noticeBuyer(trx, r.userId, {
    subject: mail?.subject ?? `订单 ${r.oid} 已退款 / Order ${r.oid} refunded`,
    body:
      mail?.body ??
      `订单 ${r.oid} 的 ${price} 已退回${to['zh-CN']}。${r.reason ? `原因：${r.reason}` : ''}\n` +
        `${price} of order ${r.oid} went back to ${to.en}.${r.reason ? ` Reason: ${r.reason}` : ''}`,
    now,
  });
}

async function view(db: Executor, row: RefundRow): Promise<RefundView> {
  const order = await findRefundOrderById(db, row.order_id);
  const paymentNo = row.payment_id === null ? null : await paymentNoOf(db, row.payment_id);
  return {
    id: row.id,
    no: row.no,
    oid: order.oid,
    order_item_id: row.order_item_id,
    amount: formatMinor(Number(row.amount_cny), 'CNY'),
    destination: row.destination,
    status: row.status,
    payment_no: paymentNo,
    provider_refund_no: row.provider_refund_no,
    reason: row.reason,
    actor: row.actor,
    failure: row.failure,
    attempts: row.attempts,
    created_at: Number(row.created_at),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
  };
}

/**
 * An order all of whose money went back, with no provider refund still pending, is refunded. The
 * order's row is locked before the pending refunds are counted (decision 058): two provider
 * refunds settling at once each counted the other as pending under READ COMMITTED, so neither
 * moved a fully refunded order (PostgreSQL); now the second waits for the first's commit and
 * counts after it.
 */
async function endIfAllRefunded(trx: Executor, orderId: number, now: number): Promise<void> {
  await lockRefundOrder(trx, orderId);
  const pending = await countPendingRefunds(trx, orderId);
  await racePoint('refund:counted');
  if (pending === 0) await markOrderRefunded(trx, orderId, now);
}

/** The reason nothing more may be refunded: how much is left, in the operator's words. */
async function exceeds(trx: Executor, orderId: number, itemId: number | null): Promise<AppError> {
  const order = await findRefundOrderById(trx, orderId);
  let left = Number(order.total_cny) - Number(order.refunded_cny);
  if (itemId === null) left -= await openDeliveryShare(trx, orderId);
  else {
    const item = (await findRefundItem(trx, orderId, itemId))!;
    left = Math.min(left, Number(item.charged_cny) - Number(item.refunded_cny));
  }
  return new AppError(400, 'refund_exceeds_paid', { left: formatMinor(Math.max(0, left), 'CNY') });
}

/** Checks, counts and records the refund in one transaction; returns its row id. */
async function recordRefund(
  trx: Executor,
  gateways: Gateways,
  actor: Actor,
  input: RefundInput,
): Promise<number> {
  const now = Date.now();
  const order = await findRefundOrder(trx, input.oid);
  if (!order) throw new AppError(404, 'order_not_found');
  if (!PAID_STATUSES.has(order.status as OrderStatus))
    throw new AppError(400, order.status === 'refunded' ? 'refund_order_refunded' : 'refund_order_unpaid');
  if (!Number.isSafeInteger(input.amount) || input.amount < 1)
    throw new AppError(400, 'refund_amount_invalid');
  const item =
    input.order_item_id === undefined ? null : await findRefundItem(trx, order.id, input.order_item_id);
  if (input.order_item_id !== undefined && !item) throw new AppError(404, 'refund_item_not_found');

  // "original": the provider payment that paid the order; an order paid by balance goes back there.
  let destination: RefundDestination = 'balance';
  let paymentId: number | null = null;
  if (input.destination === 'original' && order.pay_method !== 'balance') {
    const payment = await findOrderPayment(trx, order.id);
    if (!payment) throw new AppError(400, 'refund_no_payment');
    const method = payment.method as 'alipay' | 'wechat';
    if (!gateways[method]) throw new AppError(400, 'refund_provider_off');
    destination = method;
    paymentId = payment.id;
  }

  const itemId = item?.id ?? null;
  if (item) {
    // First, as a delivery refund does (deliveries → order_items → orders): the same lock order
    // on PostgreSQL, so the two never deadlock. Rolled back with the rest if the amount is refused.
    const left = Number(item.charged_cny) - Number(item.refunded_cny);
    const closed = await closeDeliveryForRefund(trx, item.id, {
      amount: input.amount,
      whole: input.amount === left,
      note: input.reason,
      now,
    });
    if (closed === 'running') throw new AppError(409, 'refund_delivery_running');
    if (closed === 'partial')
      throw new AppError(400, 'refund_delivery_whole', { amount: formatMinor(left, 'CNY') });
  }
  const keep = item ? 0 : await openDeliveryShare(trx, order.id);
  if (!(await reserveRefund(trx, { orderId: order.id, itemId, amount: input.amount, keep })))
    throw await exceeds(trx, order.id, itemId);
  // What member levels are measured by goes down with the money (the level does not: decision 070).
  await refundedSpend(trx, order.user_id, input.amount);

  const no = newRefundNo();
  const toBalance = destination === 'balance';
  const id = await insertRefund(trx, {
    no,
    order_id: order.id,
    order_item_id: itemId,
    user_id: order.user_id,
    amount_cny: input.amount,
    destination,
    payment_id: paymentId,
    status: toBalance ? 'succeeded' : 'pending',
    provider_refund_no: null,
    reason: input.reason,
    actor: actor.name,
    request_key: input.request_key,
    failure: null,
    created_at: now,
    updated_at: now,
    finished_at: toBalance ? now : null,
  });
  if (toBalance) {
    await changeBalance(trx, {
      userId: order.user_id,
      amount: input.amount,
      type: 'refund',
      ref: order.oid,
      key: `refund:${no}`,
    });
    await noticeRefunded(
      trx,
      { userId: order.user_id, oid: order.oid, amount: input.amount, destination, reason: input.reason },
      now,
    );
    await endIfAllRefunded(trx, order.id, now);
  } else {
    // Should this process stop before the provider answers, the job asks with the same number.
    await enqueueJob(trx, { name: REFUND_JOB, key: refundJobKey(no), runAt: now + FIRST_RETRY_MS });
  }
  // As counted now (other refunds may have committed since the order was read).
  const counted = await findRefundOrderById(trx, order.id);
  // All of the order's money is going back: its code's use too, when the operator chose so.
  const couponReturned =
    input.return_coupon === true &&
    Number(counted.refunded_cny) >= Number(counted.total_cny) &&
    (await returnCoupon(trx, order.id, now));
  await recordAudit(trx, actor, {
    action: 'order.refund',
    objectType: 'order',
    objectId: order.oid,
    before: {
      status: order.status,
      refunded: formatMinor(Number(counted.refunded_cny) - input.amount, 'CNY'),
    },
    after: {
      refund: no,
      order_item_id: itemId,
      amount: formatMinor(input.amount, 'CNY'),
      destination,
      status: toBalance ? 'succeeded' : 'pending',
      reason: input.reason,
      order_status: counted.status,
      refunded: formatMinor(Number(counted.refunded_cny), 'CNY'),
      ...(couponReturned ? { coupon_returned: true } : {}),
    },
  });
  return id;
}

/**
 * An operator refunds (part of) an order or one item (POST /api/admin/orders/refund). The same
 * request_key answers the first refund, also when both requests arrive at once.
 */
export async function refundOrder(
  db: Database,
  gateways: Gateways,
  actor: Actor,
  input: RefundInput,
): Promise<RefundView> {
  // The console's keys have their own space: `delivery:<item>` stays the delivery refunds'.
  input = { ...input, request_key: `console:${input.request_key}` };
  const first = await findRefundByKey(db, input.request_key);
  if (first) return view(db, first);
  let id: number;
  try {
    id = await db.transaction().execute((trx) => recordRefund(trx, gateways, actor, input));
  } catch (error) {
    // The same request committed first: it is the answer, whether this one then hit the unique
    // request_key or found the amount taken by it (refund_exceeds_paid).
    const same = await findRefundByKey(db, input.request_key);
    if (same) return view(db, same);
    throw error;
  }
  const row = (await findRefund(db, id))!;
  if (row.status === 'pending') await sendRefund(db, gateways, id);
  return view(db, (await findRefund(db, id))!);
}

/**
 * Asks the provider for a pending refund (again: the same number refunds once) and settles it by
 * the answer. Returns the refund's status afterwards.
 */
export async function sendRefund(db: Database, gateways: Gateways, id: number): Promise<RefundRow['status']> {
  const r = await findProviderRefund(db, id);
  if (!r) return 'failed';
  if (r.status !== 'pending') return r.status;
  const gateway = r.destination === 'balance' ? undefined : gateways[r.destination];
  const answer: RefundAnswer = gateway
    ? await gateway
        .refund({
          tradeNo: r.payment_no,
          totalCny: Number(r.payment_cny),
          refundNo: r.no,
          amountCny: Number(r.amount_cny),
          reason: r.reason,
        })
        .catch((error: unknown) => ({ state: 'unknown' as const, reason: String((error as Error)?.message) }))
    : { state: 'unknown', reason: `${r.destination} is not set up` };
  const now = Date.now();
  if (answer.state === 'unknown') {
    await noteRefundAttempt(db, id, answer.reason.slice(0, 300), now);
    return 'pending';
  }
  return db.transaction().execute(async (trx) => {
    await noteRefundAttempt(trx, id, answer.state === 'failed' ? answer.reason.slice(0, 300) : null, now);
    if (answer.state === 'succeeded') {
      if (!(await settleRefund(trx, id, 'succeeded', { provider_refund_no: answer.providerRefundNo, now })))
        return (await findRefund(trx, id))!.status;
      await noticeRefunded(
        trx,
        {
          userId: r.user_id,
          oid: r.oid,
          amount: Number(r.amount_cny),
          destination: r.destination,
          reason: r.reason,
        },
        now,
      );
      await recordAudit(trx, SYSTEM, {
        action: 'refund.succeed',
        objectType: 'refund',
        objectId: r.no,
        before: { status: 'pending' },
        after: { status: 'succeeded', provider_refund_no: answer.providerRefundNo },
      });
      await endIfAllRefunded(trx, r.order_id, now);
      return 'succeeded';
    }
    if (!(await settleRefund(trx, id, 'failed', { failure: answer.reason.slice(0, 300), now })))
      return (await findRefund(trx, id))!.status;
    // Refused for good: nothing went back, so the amount may be refunded again (another way).
    await releaseRefund(trx, {
      orderId: r.order_id,
      itemId: r.order_item_id,
      amount: Number(r.amount_cny),
    });
    await refundedSpend(trx, r.user_id, -Number(r.amount_cny));
    // The provider refused for good: an operators' alert (issue 32), in the same transaction.
    await recordAlert(
      trx,
      'refund_failed',
      r.no,
      {
        refund_no: r.no,
        oid: r.oid,
        amount_cny: formatMinor(Number(r.amount_cny), 'CNY'),
        reason: answer.reason.slice(0, 300),
      },
      now,
    );
    await recordAudit(trx, SYSTEM, {
      action: 'refund.fail',
      objectType: 'refund',
      objectId: r.no,
      before: { status: 'pending' },
      after: { status: 'failed', failure: answer.reason.slice(0, 300) },
    });
    await endIfAllRefunded(trx, r.order_id, now);
    return 'failed';
  });
}

/** The `refund` job: asks about a pending provider refund until it is settled. */
export async function runRefundJob(db: Database, gateways: Gateways, no: string): Promise<JobOutcome> {
  const row = await findRefundByNo(db, no);
  if (!row) return { done: true };
  if ((await sendRefund(db, gateways, row.id)) !== 'pending') return { done: true };
  const attempts = (await findRefund(db, row.id))!.attempts;
  return { runAt: Date.now() + refundRetryDelay(attempts) };
}

/** An operator asks the provider again now about a pending refund (POST /api/admin/refunds/retry). */
export async function retryRefund(
  db: Database,
  gateways: Gateways,
  actor: Actor,
  id: number,
): Promise<RefundView> {
  const row = await findRefund(db, id);
  if (!row) throw new AppError(404, 'refund_not_found');
  if (row.status !== 'pending') throw new AppError(409, 'refund_not_pending');
  await db.transaction().execute((trx) =>
    recordAudit(trx, actor, {
      action: 'refund.retry',
      objectType: 'refund',
      objectId: row.no,
      before: { status: row.status, attempts: row.attempts },
    }),
  );
  await sendRefund(db, gateways, id);
  return view(db, (await findRefund(db, id))!);
}

/**
 * The money of a refunded delivery (the deliveryRefunded event, in fulfilment's transaction): the
 * item's share counted against what was paid (refused when any of it was refunded already), its
 * refunds row (request key `delivery:<item>`, as migration 0022 recorded earlier ones), the
 * ledger entry under the key delivery refunds always had, and the audit entry.
 */
export async function recordDeliveryRefund(
  trx: Executor,
  e: ModuleEvents['deliveryRefunded']['event'],
): Promise<void> {
  const item = await findItemOrder(trx, e.orderItemId);
  if (
    !(await reserveRefund(trx, { orderId: item.order_id, itemId: e.orderItemId, amount: e.amount, keep: 0 }))
  )
    throw await exceeds(trx, item.order_id, e.orderItemId);
  await refundedSpend(trx, item.user_id, e.amount);
  const actor = e.actor ?? SYSTEM;
  const no = `RD${e.orderItemId}`;
  await insertRefund(trx, {
    no,
    order_id: item.order_id,
    order_item_id: e.orderItemId,
    user_id: item.user_id,
    amount_cny: e.amount,
    destination: 'balance',
    payment_id: null,
    status: 'succeeded',
    provider_refund_no: null,
    reason: e.reason.slice(0, 500),
    actor: actor.name,
    request_key: `delivery:${e.orderItemId}`,
    failure: null,
    created_at: e.now,
    updated_at: e.now,
    finished_at: e.now,
  });
  await changeBalance(trx, {
    userId: item.user_id,
    amount: e.amount,
    type: 'refund',
    ref: item.oid,
    key: `refund:item:${e.orderItemId}`,
  });
  await recordAudit(trx, actor, {
    action: 'refund.delivery',
    objectType: 'order',
    objectId: item.oid,
    after: {
      refund: no,
      order_item_id: e.orderItemId,
      amount: formatMinor(e.amount, 'CNY'),
      destination: 'balance',
      reason: e.reason.slice(0, 200),
    },
  });
}

/** The refunds of an order for its detail page (another console area shows them). */
export async function orderRefunds(db: Executor, orderId: number): Promise<RefundView[]> {
  const rows = await listOrderRefunds(db, orderId);
  const order = await findRefundOrderById(db, orderId);
  return rows.map((r) => ({
    id: r.id,
    no: r.no,
    oid: order.oid,
    order_item_id: r.order_item_id,
    amount: formatMinor(Number(r.amount_cny), 'CNY'),
    destination: r.destination,
    status: r.status,
    payment_no: r.payment_no,
    provider_refund_no: r.provider_refund_no,
    reason: r.reason,
    actor: r.actor,
    failure: r.failure,
    attempts: r.attempts,
    created_at: Number(r.created_at),
    finished_at: r.finished_at === null ? null : Number(r.finished_at),
  }));
}

/**
 * What went back of an order, as its buyer sees it (GET /order/detail, decision 058): refunds
 * pending at the provider or done, oldest first; one the provider refused gave nothing back.
 */
export async function buyerRefunds(db: Executor, orderId: number) {
  return (await listOrderRefunds(db, orderId))
    .filter((r) => r.status !== 'failed')
    .map((r) => ({
      no: r.no,
      order_item_id: r.order_item_id === null ? null : Number(r.order_item_id),
      amount_cny: Number(r.amount_cny),
      destination: r.destination,
      status: r.status as 'pending' | 'succeeded',
      reason: r.reason,
      created_at: Number(r.created_at),
      finished_at: r.finished_at === null ? null : Number(r.finished_at),
    }));
}
