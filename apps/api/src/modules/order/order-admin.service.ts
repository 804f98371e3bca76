import {
  type AdminOrderDetail,
  type AdminOrderRow,
  ORDER_COUNT_CAP,
} from '@shop/contract/admin/orders.schemas';
import { maskSecret } from '@shop/domain/card-keys';
import { isDeliveryFailureCode } from '@shop/domain/delivery-reason';
import type { Locale } from '@shop/domain/locale';
import { formatMinor } from '@shop/domain/money';
import { OPEN_DELIVERY_STATUSES, type OrderStatus } from '@shop/domain/order';
import type { PayMethod } from '@shop/domain/payment';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { orderAddressOf } from '../address/address.service.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import type { CardCipher } from '../fulfilment/card-cipher.ts';
import {
  finishDelivery,
  refundByOperator,
  retryTopup,
  topupJobKey,
  topupRunning,
} from '../fulfilment/topup.service.ts';
import { dayRange } from '../wallet/wallet.service.ts';
import {
  countOrderRows,
  findBuyer,
  findBuyerIds,
  findBuyerIdsByPrefix,
  findOrderIdsByOid,
  findOrderIdsByPlayer,
  findItemForAction,
  findOrderByOid,
  findUsers,
  firstItems,
  jobStates,
  listInboxOf,
  listItemCardKeys,
  listItemsWithDelivery,
  listOrderLedger,
  listOrderPayments,
  listOrderRefunds,
  findOrderRedemption,
  findLevelNames,
  listOrderRows,
  type OrderFilter,
  type OrderSort,
} from './order-admin.repository.ts';
import { cancelInTrx } from './order.service.ts';

// Orders in the console (issue 15): the search, one order's whole story, and what an operator may
// do to it. Every action is a declared transition (db/transition.ts, through the order and
// fulfilment services), audited under the order's number, and idempotent: the same request again
// answers `changed: false` and changes nothing.

const cny = (fen: number | null | undefined) => formatMinor(Number(fen ?? 0), 'CNY');
const num = (v: number | null) => (v === null ? null : Number(v));

/** A filter's time: a day (YYYY-MM-DD, UTC+8; `to` inclusive) or epoch ms (`to` exclusive). */
export function timeBound(value: string | undefined, end: 'from' | 'to'): number | undefined {
  if (value === undefined) return undefined;
  if (!value.includes('-')) return Number(value);
  const range = end === 'from' ? dayRange(value, undefined) : dayRange(undefined, value);
  return end === 'from' ? range.from : range.to;
}

export type OrderQuery = {
  page: number;
  limit: number;
  sort?: OrderSort | undefined;
  order: 'asc' | 'desc';
  oid?: string | undefined;
  buyer?: string | undefined;
  goods_id?: number | undefined;
  player_id?: string | undefined;
  status?: OrderStatus | undefined;
  pay_method?: PayMethod | undefined;
  from?: string | undefined;
  to?: string | undefined;
  oid_prefix?: string | undefined;
  buyer_prefix?: string | undefined;
  player_prefix?: string | undefined;
};

/** Buyers a prefix may name before it is filtered as a range instead of a list of ids. */
const PREFIX_BUYERS = 500;

/** Ids in both lists (undefined: no list yet). */
const both = (a: number[] | undefined, b: number[]) => {
  if (a === undefined) return b;
  const keep = new Set(b);
  return a.filter((id) => keep.has(id));
};

/**
 * The filter of the console's order search (`/api/admin/orders/list`; the order export reads the
 * same), or null when nothing can match. A prefix (decision 080) is first resolved to the ids it
 * matches, read from its index and capped: up to the count's cap of orders (or 500 buyers) the
 * search reads those rows by id; a prefix matching more is filtered as a range in the query, where
 * matches are dense enough for the newest-first walk to find a page at once.
 */
export async function orderFilterOf(db: Executor, q: Omit<OrderQuery, 'page' | 'limit' | 'order' | 'sort'>) {
  const buyer = q.buyer?.trim();
  const filter: OrderFilter = {
    oid: q.oid,
    userIds: buyer ? await findBuyerIds(db, buyer) : undefined,
    goodsId: q.goods_id,
    playerId: q.player_id,
    status: q.status,
    payMethod: q.pay_method,
    from: timeBound(q.from, 'from'),
    to: timeBound(q.to, 'to'),
  };
  if (q.oid_prefix) {
    const ids = await findOrderIdsByOid(db, q.oid_prefix, ORDER_COUNT_CAP + 1);
    if (ids.length > ORDER_COUNT_CAP) filter.oidPrefix = q.oid_prefix;
    else filter.orderIds = both(filter.orderIds, ids);
  }
  if (q.player_prefix) {
    const ids = await findOrderIdsByPlayer(db, q.player_prefix, ORDER_COUNT_CAP + 1);
    if (ids.length > ORDER_COUNT_CAP) filter.playerPrefix = q.player_prefix;
    else filter.orderIds = both(filter.orderIds, ids);
  }
  const buyerPrefix = q.buyer_prefix?.trim();
  if (buyerPrefix) {
    const ids = await findBuyerIdsByPrefix(db, buyerPrefix, PREFIX_BUYERS + 1);
    if (ids.length > PREFIX_BUYERS) filter.buyerPrefix = buyerPrefix;
    else filter.userIds = both(filter.userIds, ids);
  }
  if (filter.userIds?.length === 0 || filter.orderIds?.length === 0) return null;
  return filter;
}

/**
 * One page of the search. The count stops at ORDER_COUNT_CAP: `more` says there are more rows than
 * `total` (decision 040); every page up to the cap can be opened.
 */
export async function ordersPage(db: Database, q: OrderQuery) {
  const sort = q.sort ?? 'created_at';
  const filter = await orderFilterOf(db, q);
  const empty = { list: [] as AdminOrderRow[], total: 0, page: q.page, limit: q.limit, more: false };
  if (filter === null) return empty;
  const [rows, counted] = await Promise.all([
    listOrderRows(db, filter, sort, q.order, (q.page - 1) * q.limit, q.limit),
    countOrderRows(db, filter, sort, ORDER_COUNT_CAP),
  ]);
  const [items, users] = await Promise.all([
    firstItems(
      db,
      rows.map((r) => Number(r.id)),
    ),
    findUsers(db, [...new Set(rows.map((r) => Number(r.user_id)))]),
  ]);
  const names = new Map(items.map((i) => [Number(i.order_id), i]));
  const buyers = new Map(users.map((u) => [Number(u.id), u]));
  const list: AdminOrderRow[] = rows.map((r) => {
    const first = names.get(Number(r.id));
    return {
      oid: r.oid,
      user_id: Number(r.user_id),
      buyer_email: buyers.get(Number(r.user_id))?.email ?? null,
      buyer_phone: buyers.get(Number(r.user_id))?.phone ?? null,
      item_count: Number(r.item_count),
      first_goods_zh: first?.goods_name_zh ?? '',
      first_goods_en: first?.goods_name_en ?? '',
      currency: r.currency,
      total_amount: formatMinor(Number(r.total_amount), r.currency),
      total_cny: cny(r.total_cny),
      refunded_cny: cny(r.refunded_cny),
      status: r.status,
      pay_method: r.pay_method as PayMethod | null,
      created_at: Number(r.created_at),
      paid_at: num(r.paid_at),
    };
  });
  return {
    list,
    total: Math.min(counted, ORDER_COUNT_CAP),
    page: q.page,
    limit: q.limit,
    more: counted > ORDER_COUNT_CAP,
  };
}

const isOpen = (status: string) => (OPEN_DELIVERY_STATUSES as readonly string[]).includes(status);

/** One order as the console's detail page shows it; card keys masked, never revealed here. */
export async function orderDetailOf(
  db: Database,
  cipher: CardCipher,
  oid: string,
  locale: Locale,
): Promise<AdminOrderDetail> {
  const order = await findOrderByOid(db, oid);
  if (!order) throw new AppError(404, 'order_not_found');
  const orderId = Number(order.id);
  const userId = Number(order.user_id);
  const [buyer, items, payments, ledger, refunds, redemption, level] = await Promise.all([
    findBuyer(db, userId),
    listItemsWithDelivery(db, orderId),
    listOrderPayments(db, orderId),
    listOrderLedger(db, userId, order.oid),
    listOrderRefunds(db, orderId),
    findOrderRedemption(db, orderId),
    order.level_id === null ? undefined : findLevelNames(db, Number(order.level_id)),
  ]);
  const itemIds = items.map((i) => Number(i.id));
  const [keys, jobs, notices] = await Promise.all([
    listItemCardKeys(db, itemIds),
    jobStates(
      db,
      items.filter((i) => i.d_kind === 'topup').map((i) => topupJobKey(Number(i.id))),
    ),
    listInboxOf(
      db,
      payments.map((p) => p.no),
    ),
  ]);
  const jobOf = new Map(jobs.map((j) => [j.job_key, j.status]));
  const masked = (secret: string) => {
    try {
      return maskSecret(cipher.decrypt(secret));
    } catch {
      return '••••'; // sealed with another secret (a restored backup): listed, never shown
    }
  };
  const money = (minor: number) => formatMinor(Number(minor), order.currency);
  return {
    order: {
      oid: order.oid,
      status: order.status,
      currency: order.currency,
      total_amount: money(order.total_amount),
      list_amount: money(order.list_amount),
      tier_discount: money(order.tier_discount),
      level_discount: money(order.level_discount),
      coupon_discount: money(order.coupon_discount),
      coupon_code: order.coupon_code,
      coupon_id: redemption ? Number(redemption.coupon_id) : null,
      coupon_use: redemption?.status ?? null,
      level_name_zh: level?.name_zh ?? null,
      level_name_en: level?.name_en ?? null,
      total_cny: cny(order.total_cny),
      refunded_cny: cny(order.refunded_cny),
      exchange_rate: (Number(order.exchange_rate_ppm) / 1_000_000).toFixed(6),
      item_count: Number(order.item_count),
      pay_method: order.pay_method as PayMethod | null,
      cancel_reason: order.cancel_reason,
      created_at: Number(order.created_at),
      expires_at: Number(order.expires_at),
      paid_at: num(order.paid_at),
      cancelled_at: num(order.cancelled_at),
      completed_at: num(order.completed_at),
      address: orderAddressOf(order.ship_address, locale),
    },
    buyer: { id: Number(buyer.id), email: buyer.email, phone: buyer.phone, nickname: buyer.nickname },
    items: items.map((i) => {
      const id = Number(i.id);
      const job = i.d_kind === 'topup' ? (jobOf.get(topupJobKey(id)) ?? null) : null;
      return {
        id,
        goods_id: Number(i.goods_id),
        goods_sku_id: num(i.goods_sku_id),
        face_value: num(i.face_value),
        recharge_type: Number(i.recharge_type),
        goods_name_zh: i.goods_name_zh,
        goods_name_en: i.goods_name_en,
        spec_zh: i.spec_zh,
        spec_en: i.spec_en,
        num: Number(i.num),
        unit_price: money(i.unit_price),
        list_price: money(i.list_unit_price),
        tier_discount: money(i.tier_discount),
        level_discount: money(i.level_discount),
        coupon_discount: money(i.coupon_discount),
        paid_amount: money(Number(i.unit_price) * Number(i.num) - Number(i.coupon_discount)),
        unit_price_cny: cny(i.unit_price_cny),
        charged_cny: cny(i.charged_cny),
        refunded_cny: cny(i.refunded_cny),
        player_id: i.player_id,
        server_zh: i.server_zh,
        server_en: i.server_en,
        player_nickname: i.player_nickname,
        ships: Number(i.ships) ? 1 : 0,
        card_keys: keys
          .filter((k) => Number(k.order_item_id) === id)
          .map((k) => ({ id: Number(k.id), secret_masked: masked(k.secret_enc), status: k.status })),
        delivery:
          i.d_kind === null || i.d_status === null
            ? null
            : {
                kind: i.d_kind,
                status: i.d_status,
                supplier_ref: i.d_supplier_ref,
                polls: Number(i.d_polls ?? 0),
                note: i.d_note ?? '',
                reason_code: isDeliveryFailureCode(i.d_reason_code) ? i.d_reason_code : null,
                refund_cny: cny(i.d_refund_cny),
                tracking_no: i.d_tracking_no ?? '',
                job,
                awaiting_operator: isOpen(i.d_status) && job !== 'queued',
                created_at: Number(i.d_created_at),
                updated_at: Number(i.d_updated_at),
                finished_at: num(i.d_finished_at),
              },
      };
    }),
    payments: payments.map((p) => ({
      no: p.no,
      method: p.method,
      amount_cny: cny(p.amount_cny),
      status: p.status,
      provider_trade_no: p.provider_trade_no,
      outcome: p.outcome,
      created_at: Number(p.created_at),
      paid_at: num(p.paid_at),
      notices: notices
        .filter((n) => n.payment_no === p.no)
        .map((n) => ({
          id: Number(n.id),
          trade_no: n.trade_no,
          outcome: n.outcome,
          received_at: Number(n.received_at),
          body: n.body,
        })),
    })),
    ledger: ledger.map((l) => ({
      id: Number(l.id),
      type: l.type,
      amount: cny(l.amount),
      balance_after: cny(l.balance_after),
      idempotency_key: l.idempotency_key,
      memo: l.memo,
      created_at: Number(l.created_at),
    })),
    refunds: refunds.map((r) => ({
      no: r.no,
      order_item_id: num(r.order_item_id),
      amount_cny: cny(r.amount_cny),
      destination: r.destination,
      status: r.status,
      provider_refund_no: r.provider_refund_no,
      reason: r.reason,
      actor: r.actor,
      failure: r.failure,
      created_at: Number(r.created_at),
      finished_at: num(r.finished_at),
    })),
  };
}

type ActionResult = { oid: string; changed: boolean };

async function itemForAction(db: Executor, orderItemId: number) {
  const item = await findItemForAction(db, orderItemId);
  if (!item) throw new AppError(404, 'order_item_not_found');
  if (item.kind === null || item.status === null) throw new AppError(409, 'item_not_deliverable');
  return { ...item, kind: item.kind, status: item.status };
}

/**
 * Manual delivery of one item with a note and, for goods that ship, the carrier's tracking number
 * (the buyer sees both). The same request again changes nothing; another one for an item already
 * settled is refused.
 */
export async function deliverItem(
  db: Database,
  actor: Actor,
  input: { order_item_id: number; note: string; tracking_no?: string | undefined },
): Promise<ActionResult> {
  const item = await itemForAction(db, input.order_item_id);
  if (item.kind !== 'manual') throw new AppError(409, 'delivery_is_topup');
  const tracking = input.tracking_no ?? '';
  if (Number(item.ships) && !tracking) throw new AppError(400, 'tracking_required');
  const same = (d: { status: string; note: string | null; tracking_no: string | null }) =>
    d.status === 'delivered' && d.note === input.note && (d.tracking_no ?? '') === tracking;
  if (!isOpen(item.status)) {
    if (same(item)) return { oid: item.oid, changed: false };
    throw new AppError(409, 'delivery_settled');
  }
  const done = await finishDelivery(db, input.order_item_id, {
    status: 'delivered',
    note: input.note,
    trackingNo: tracking || undefined,
    by: { actor },
  });
  if (done) return { oid: item.oid, changed: true };
  // Another request settled it meanwhile: the same one is a repeat, anything else a conflict.
  const now = await itemForAction(db, input.order_item_id);
  if (same(now)) return { oid: item.oid, changed: false };
  throw new AppError(409, 'delivery_settled');
}

/**
 * Settles a top-up left to an operator (no job runs for it any more): delivered (the operator
 * checked with the supplier) or refunded to the balance through refundDelivery.
 */
export async function settleItem(
  db: Database,
  actor: Actor,
  input: { order_item_id: number; outcome: 'delivered' | 'refunded'; note: string },
): Promise<ActionResult> {
  const item = await itemForAction(db, input.order_item_id);
  if (item.kind !== 'topup') throw new AppError(409, 'delivery_not_topup');
  const reached = (status: string) =>
    input.outcome === 'refunded' ? status === 'refunded' : status === 'delivered' || status === 'succeeded';
  if (!isOpen(item.status)) {
    if (reached(item.status)) return { oid: item.oid, changed: false };
    throw new AppError(409, 'delivery_settled');
  }
  if (await topupRunning(db, input.order_item_id)) throw new AppError(409, 'topup_running');
  const done =
    input.outcome === 'delivered'
      ? await finishDelivery(db, input.order_item_id, {
          status: 'delivered',
          note: input.note,
          by: { actor },
        })
      : await refundByOperator(db, actor, input.order_item_id, input.note);
  if (done) return { oid: item.oid, changed: true };
  const now = await itemForAction(db, input.order_item_id);
  if (reached(now.status)) return { oid: item.oid, changed: false };
  throw new AppError(409, 'delivery_settled');
}

/** Asks the supplier again about a top-up left to an operator (fulfilment's retryTopup). */
export async function retryItem(db: Database, actor: Actor, orderItemId: number): Promise<ActionResult> {
  const item = await itemForAction(db, orderItemId);
  return { oid: item.oid, changed: await retryTopup(db, actor, orderItemId) };
}

/** Cancels an unpaid order through the order service's cancel (stock and keys go back). */
export async function cancelByOperator(
  db: Database,
  actor: Actor,
  input: { oid: string; reason: string },
): Promise<ActionResult> {
  const order = await findOrderByOid(db, input.oid);
  if (!order) throw new AppError(404, 'order_not_found');
  const changed = await db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (!(await cancelInTrx(trx, { id: Number(order.id) }, 'operator', now))) return false;
    await recordAudit(trx, actor, {
      action: 'order.cancel',
      objectType: 'order',
      objectId: order.oid,
      before: { status: 'pending_payment' },
      after: { status: 'cancelled', cancel_reason: 'operator', reason: input.reason },
    });
    return true;
  });
  if (changed) return { oid: order.oid, changed };
  const current = await findOrderByOid(db, input.oid);
  if (current?.status === 'cancelled') return { oid: order.oid, changed: false };
  throw new AppError(409, 'order_not_cancellable');
}
