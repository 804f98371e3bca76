import { describe, expect, it } from 'vitest';
import { DELIVERY_STATES } from '@shop/contract/order';
import { ORDER_STATUSES, isFinal } from '@shop/domain/order';
import {
  DELIVERY_POLL,
  deliveryDigest,
  deliveryLabel,
  deliveryPollOutcome,
  deliveryTone,
  deliveryWatch,
  isDeliveryOpen,
  partlyRefunded,
  refundedTotal,
  type Delivery,
} from './delivery';
import type { Order, OrderItem } from '../../lib/order';
import { nextPollDelay } from '../payment';

const delivery = (status: Delivery['status'], extra: Partial<Delivery> = {}): Delivery => ({
  status,
  note: '',
  reason_code: null,
  reason: null,
  refund_amount: null,
  tracking_no: '',
  updated_at: 1_700_000_000_000,
  ...extra,
});

let nextId = 1;
const item = (recharge_type: number, d: Delivery | null): OrderItem => ({
  id: nextId++,
  goods_id: 1,
  goods_sku_id: 0,
  face_value: 60,
  spec_type: 2,
  recharge_type,
  goods_name: 'Starbound Voyager · Starlight Gems',
  spec: '',
  image: '',
  player_id: '10086500',
  server_id: 1,
  server: 'Official',
  nickname: '',
  num: 1,
  price: '6.00',
  total_price: '6.00',
  list_price: '6.00',
  tier_discount: '0.00',
  level_discount: '0.00',
  coupon_discount: '0.00',
  paid_amount: '6.00',
  ships: recharge_type === 3,
  delivery: d,
});

const order = (status: Order['status'], items: OrderItem[]) => ({ status, items });

describe('a line’s delivery', () => {
  it('is open while waiting or processing', () => {
    expect(isDeliveryOpen(delivery('waiting'))).toBe(true);
    expect(isDeliveryOpen(delivery('processing'))).toBe(true);
    expect(isDeliveryOpen(delivery('delivered'))).toBe(false);
    expect(isDeliveryOpen(delivery('refunded'))).toBe(false);
    expect(isDeliveryOpen(null)).toBe(false);
  });

  it('has a tone for every state', () => {
    expect(DELIVERY_STATES.map(deliveryTone)).toEqual(['warning', 'info', 'success', 'muted']);
  });

  it('says "credited" for a delivered top-up and "delivered" for goods sent by hand', () => {
    expect(deliveryLabel(item(2, delivery('delivered')))).toBe('credited');
    expect(deliveryLabel(item(3, delivery('delivered')))).toBe('delivered');
    expect(deliveryLabel(item(2, delivery('refunded')))).toBe('refunded');
    expect(deliveryLabel(item(3, delivery('waiting')))).toBe('waiting');
    expect(deliveryLabel(item(2, delivery('processing')))).toBe('processing');
    // Card keys (and unpaid lines) have no delivery: no chip.
    expect(deliveryLabel(item(1, null))).toBeNull();
  });
});

describe('watching an order’s delivery', () => {
  it('watches a top-up under way closely, goods waiting for the shop loosely', () => {
    expect(deliveryWatch(order('delivering', [item(2, delivery('processing'))]))).toBe('topup');
    expect(deliveryWatch(order('delivering', [item(3, delivery('waiting'))]))).toBe('manual');
    // A top-up under way wins over a parcel that waits.
    expect(
      deliveryWatch(order('delivering', [item(3, delivery('waiting')), item(2, delivery('processing'))])),
    ).toBe('topup');
    // One line done, another still going.
    expect(
      deliveryWatch(order('delivering', [item(2, delivery('refunded')), item(2, delivery('processing'))])),
    ).toBe('topup');
  });

  it('stops once nothing is open, and never watches a final or unpaid order', () => {
    expect(deliveryWatch(order('completed', [item(2, delivery('delivered'))]))).toBeNull();
    expect(deliveryWatch(order('refunded', [item(2, delivery('refunded'))]))).toBeNull();
    expect(deliveryWatch(order('delivering', [item(2, delivery('delivered'))]))).toBeNull();
    expect(deliveryWatch(order('pending_payment', [item(2, null)]))).toBeNull();
    expect(deliveryWatch(order('completed', [item(1, null)]))).toBeNull();
    // Whatever a line says, a final order is not asked about again.
    for (const status of ORDER_STATUSES.filter(isFinal))
      expect(deliveryWatch(order(status, [item(2, delivery('processing'))]))).toBeNull();
  });

  it('asks every 3 s about a top-up, for a bounded time', () => {
    expect(nextPollDelay(DELIVERY_POLL.topup, 0, 0)).toBe(3_000);
    expect(nextPollDelay(DELIVERY_POLL.topup, 10 * 60_000, 0)).toBeNull();
    expect(nextPollDelay(DELIVERY_POLL.manual, 0, 0)).toBeGreaterThan(DELIVERY_POLL.topup.intervalMs);
    // Failed checks back off, but never past the cap.
    expect(nextPollDelay(DELIVERY_POLL.topup, 0, 10)).toBe(DELIVERY_POLL.topup.maxBackoffMs);
  });

  it('sees a change in a line’s state, note or refund, or the order’s status, and nothing else', () => {
    const line = item(2, delivery('processing'));
    const before = order('delivering', [line]);
    const digest = deliveryDigest(before);
    // The supplier was asked again: only updated_at moved.
    const asked = { ...line, delivery: delivery('processing', { updated_at: 1_700_000_005_000 }) };
    expect(deliveryPollOutcome(digest, order('delivering', [asked]))).toBe('waiting');
    expect(deliveryPollOutcome(digest, before)).toBe('waiting');

    const refunded = {
      ...line,
      delivery: delivery('refunded', { refund_amount: '6.00', note: 'The game refused the top-up' }),
    };
    expect(deliveryPollOutcome(digest, order('refunded', [refunded]))).toBe('paid');
    expect(deliveryPollOutcome(digest, order('completed', [line]))).toBe('paid');
    const noted = { ...line, delivery: delivery('processing', { note: 'queued at the supplier' }) };
    expect(deliveryPollOutcome(digest, order('delivering', [noted]))).toBe('paid');
  });
});

describe('refunds', () => {
  it('adds up the refunded lines in fen', () => {
    const o = order('completed', [
      item(2, delivery('refunded', { refund_amount: '60.00' })),
      item(2, delivery('delivered')),
      item(3, delivery('refunded', { refund_amount: '0.10' })),
      item(2, delivery('refunded', { refund_amount: '0.20' })),
    ]);
    // 0.1 + 0.2 in floats would not be 0.30.
    expect(refundedTotal(o)).toBe('60.30');
    expect(refundedTotal(order('completed', [item(2, delivery('delivered')), item(1, null)]))).toBeNull();
    // A refund without an amount adds nothing.
    expect(refundedTotal(order('refunded', [item(2, delivery('refunded'))]))).toBeNull();
  });

  it('calls a completed order with a refunded line partly refunded', () => {
    const mixed = [item(2, delivery('refunded', { refund_amount: '6.00' })), item(1, null)];
    expect(partlyRefunded(order('completed', mixed))).toBe(true);
    expect(partlyRefunded(order('completed', [item(2, delivery('delivered'))]))).toBe(false);
    // Refunded as a whole is said by the order's own status.
    expect(partlyRefunded(order('refunded', [item(2, delivery('refunded'))]))).toBe(false);
    expect(partlyRefunded(order('delivering', mixed))).toBe(false);
  });
});
