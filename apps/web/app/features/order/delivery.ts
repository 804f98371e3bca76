// Delivery of paid top-ups and manual goods (issue 7, decision 021) as the order pages show it: the
// pure decisions (what a line's delivery says, whether the page keeps asking, what was refunded),
// kept apart from React so they can be tested. Card keys have no delivery here (/user/order/card).
import type { DeliveryState } from '@shop/contract/order';
import { formatMinor, parseDecimal } from '@shop/domain/money';
import { isFinal } from '@shop/domain/order';
import { DIRECT_TOP_UP } from '../../lib/catalog';
import type { Order, OrderItem } from '../../lib/order';
import type { StatusTone } from '../../lib/order-status';
import type { PollOutcome, PollSchedule } from '../payment';

export type { DeliveryState };
export type Delivery = NonNullable<OrderItem['delivery']>;

/** The shop still has to act: a top-up under way, or goods waiting to be sent by hand. */
export function isDeliveryOpen(delivery: Pick<Delivery, 'status'> | null): boolean {
  return delivery?.status === 'waiting' || delivery?.status === 'processing';
}

/** The colour family of a delivery chip, the same families as the order badges. */
export function deliveryTone(status: DeliveryState): StatusTone {
  switch (status) {
    case 'waiting':
      return 'warning';
    case 'processing':
      return 'info';
    case 'delivered':
      return 'success';
    case 'refunded':
      return 'muted';
  }
}

export type DeliveryLabel = DeliveryState | 'credited';

/** The chip's words: a delivered top-up was credited to the character; manual goods were sent. */
export function deliveryLabel(item: Pick<OrderItem, 'recharge_type' | 'delivery'>): DeliveryLabel | null {
  const status = item.delivery?.status;
  if (!status) return null;
  return status === 'delivered' && item.recharge_type === DIRECT_TOP_UP ? 'credited' : status;
}

/**
 * What the order detail waits for, if anything: `topup` while a top-up is under way (asked about
 * every few seconds: the supplier usually answers within seconds), `manual` while only goods wait
 * for the shop (asked about rarely: that takes hours), null once nothing is open or the order is
 * over.
 */
export type DeliveryWatch = 'topup' | 'manual';

export function deliveryWatch(order: Pick<Order, 'status' | 'items'>): DeliveryWatch | null {
  if (isFinal(order.status) || order.status === 'pending_payment') return null;
  const open = order.items.filter((item) => isDeliveryOpen(item.delivery));
  if (open.some((item) => item.delivery?.status === 'processing')) return 'topup';
  return open.length ? 'manual' : null;
}

export const DELIVERY_POLL: Record<DeliveryWatch, PollSchedule> = {
  /** Every 3 s for 10 minutes; then the page offers to ask again. */
  topup: { intervalMs: 3_000, maxMs: 10 * 60_000, maxBackoffMs: 30_000 },
  /** Every 30 s for half an hour: an open page sees the shop's answer without being reloaded. */
  manual: { intervalMs: 30_000, maxMs: 30 * 60_000, maxBackoffMs: 120_000 },
};

/**
 * What the buyer can see change about an order's delivery: its status and each line's delivery
 * state, note and refund (not `updated_at`, which moves with every question put to the supplier).
 */
export function deliveryDigest(order: Pick<Order, 'status' | 'items'>): string {
  const lines = order.items.map((item) => {
    const d = item.delivery;
    return d ? `${item.id}:${d.status}:${d.refund_amount ?? ''}:${d.note}` : `${item.id}:-`;
  });
  return JSON.stringify([order.status, lines]);
}

/**
 * A check of the order while its delivery is watched: 'waiting' while it looks the same as
 * `digest`, else 'paid' (the poller's word for "moved on": the page then loads it again).
 */
export function deliveryPollOutcome(digest: string, fresh: Pick<Order, 'status' | 'items'>): PollOutcome {
  return deliveryDigest(fresh) === digest ? 'waiting' : 'paid';
}

/** The CNY given back to the balance for the order's refunded lines ("66.00"), or null if none. */
export function refundedTotal(order: Pick<Order, 'items'>): string | null {
  let total = 0;
  let any = false;
  for (const item of order.items) {
    const amount = item.delivery?.status === 'refunded' ? item.delivery.refund_amount : null;
    const minor = amount === null ? undefined : parseDecimal(amount, 'CNY');
    if (minor === undefined) continue;
    total += minor;
    any = true;
  }
  return any ? formatMinor(total, 'CNY') : null;
}

/** A completed order of which some lines could not be delivered (and were refunded). */
export function partlyRefunded(order: Pick<Order, 'status' | 'items'>): boolean {
  return order.status === 'completed' && order.items.some((item) => item.delivery?.status === 'refunded');
}

/** Where the refund entries of the balance are listed (SPEC §2). */
export const ASSET_LOG_PATH = '/user/asset/log';
const CARD_RECHARGE_TYPE = 1;

/** The order sells card keys (recharge_type 1) on at least one line. */
export function hasCardItems(order: Pick<Order, 'items'>): boolean {
  return order.items.some((item) => item.recharge_type === CARD_RECHARGE_TYPE);
}

/**
 * Whether the order's card keys have been delivered: keys are delivered in the payment's
 * transaction (decision 020), so any paid order with card lines has them, whatever its other
 * lines are doing (a mixed order stays `paid`/`delivering` while its top-ups run).
 */
export function cardsDelivered(order: Pick<Order, 'items' | 'status' | 'paid_at'>): boolean {
  return (
    hasCardItems(order) &&
    order.paid_at !== null &&
    order.status !== 'pending_payment' &&
    order.status !== 'cancelled'
  );
}
