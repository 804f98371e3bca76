import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import zhCN from '../../i18n/zh-CN.json';
import { goodsKind, orderHeadline, orderSteps } from './order-steps';
import type { Order, OrderItem } from '../../lib/order';

type Delivery = NonNullable<OrderItem['delivery']>;

const item = (
  recharge_type: number,
  delivery: Partial<Delivery> | null = null,
  ships = recharge_type === 3,
) =>
  ({
    recharge_type,
    ships,
    delivery: delivery
      ? {
          status: 'processing',
          note: '',
          reason_code: null,
          reason: null,
          refund_amount: null,
          updated_at: 5_000,
          ...delivery,
        }
      : null,
  }) as OrderItem;

const order = (status: Order['status'], items: OrderItem[]) => ({
  status,
  created_at: 1_000,
  paid_at: status === 'pending_payment' || status === 'cancelled' ? null : 2_000,
  cancelled_at: status === 'cancelled' ? 3_000 : null,
  items,
});

/** "key:label:state" per step, with "*" when active. */
const view = (o: ReturnType<typeof order>) =>
  orderSteps(o).map((s) => `${s.key}:${s.label}:${s.state}${s.active ? '*' : ''}`);

describe('goodsKind', () => {
  it('names what an order holds', () => {
    expect(goodsKind([item(1), item(1)])).toBe('cards');
    expect(goodsKind([item(2)])).toBe('topup');
    expect(goodsKind([item(3)])).toBe('ship');
    expect(goodsKind([item(3, null, false)])).toBe('manual');
    expect(goodsKind([item(2), item(3)])).toBe('mixed');
  });
});

describe('orderSteps: the stepper tells the truth per kind of goods', () => {
  it('a top-up still topping up is the current step, not a delivered one', () => {
    const steps = orderSteps(order('delivering', [item(2, { status: 'processing' })]));
    expect(steps.map((s) => `${s.key}:${s.state}`)).toEqual([
      'created:done',
      'paid:done',
      'delivery:current',
      'completed:upcoming',
    ]);
    expect(steps[2]).toMatchObject({ label: 'orderSteps.open.topup', active: true, at: null });
  });

  it('merchandise waiting to ship is "waiting to ship", not delivered', () => {
    expect(view(order('delivering', [item(3, { status: 'waiting' })]))).toEqual([
      'created:order.timeline.created:done',
      'paid:order.timeline.paid:done',
      'delivery:orderSteps.open.ship:current*',
      'completed:order.timeline.completed:upcoming',
    ]);
    expect(view(order('delivering', [item(3, { status: 'waiting' }, false)]))[2]).toBe(
      'delivery:orderSteps.open.manual:current*',
    );
  });

  it('a mixed order names what is still open: the top-up first, then the parcel', () => {
    const both = [item(2, { status: 'processing' }), item(3, { status: 'waiting' })];
    expect(view(order('delivering', both))[2]).toBe('delivery:orderSteps.open.topup:current*');
    const credited = [item(2, { status: 'delivered' }), item(3, { status: 'waiting' })];
    expect(view(order('delivering', credited))[2]).toBe('delivery:orderSteps.open.ship:current*');
  });

  it('only a completed order has its delivery done, named per kind, at the last delivery', () => {
    const topup = orderSteps(order('completed', [item(2, { status: 'delivered', updated_at: 9_000 })]));
    expect(topup.every((s) => s.state === 'done')).toBe(true);
    expect(topup[2]).toMatchObject({ label: 'orderSteps.done.topup', at: 9_000 });
    expect(view(order('completed', [item(1)]))[2]).toBe('delivery:orderSteps.done.cards:done');
    expect(orderSteps(order('completed', [item(1)]))[2]!.at).toBe(2_000);
    expect(view(order('completed', [item(3, { status: 'delivered' })]))[2]).toBe(
      'delivery:orderSteps.done.ship:done',
    );
    expect(
      view(order('completed', [item(2, { status: 'refunded' }), item(2, { status: 'delivered' })]))[2],
    ).toBe('delivery:orderSteps.done.partly:done');
  });

  it('unpaid, cancelled, failed and refunded orders', () => {
    expect(view(order('pending_payment', [item(2)]))).toEqual([
      'created:order.timeline.created:done',
      'paid:order.timeline.paid:current',
      'delivery:orderSteps.delivery.topup:upcoming',
      'completed:order.timeline.completed:upcoming',
    ]);
    expect(view(order('cancelled', [item(1)]))).toEqual([
      'created:order.timeline.created:done',
      'cancelled:order.timeline.cancelled:done',
    ]);
    expect(orderSteps(order('cancelled', [item(1)]))[1]!.at).toBe(3_000);
    expect(view(order('refunded', [item(2, { status: 'refunded' })]))).toEqual([
      'created:order.timeline.created:done',
      'paid:order.timeline.paid:done',
      'failed:orderSteps.failed.topup:done',
      'refunded:order.timeline.refunded:done',
    ]);
    expect(view(order('failed', [item(3, { status: 'refunded' })])).slice(2)).toEqual([
      'failed:orderSteps.failed.other:done',
      'refunded:order.timeline.refunded:current*',
    ]);
  });

  it('every label it can name exists in both languages', () => {
    const kinds = [
      [item(1)],
      [item(2, { status: 'processing' })],
      [item(3, { status: 'waiting' })],
      [item(3, { status: 'waiting' }, false)],
      [item(2, { status: 'delivered' }), item(3, { status: 'delivered' })],
      [item(2, { status: 'refunded' }), item(1)],
      [item(1), item(3, { status: 'waiting' })],
    ];
    const statuses: Order['status'][] = [
      'pending_payment',
      'paid',
      'delivering',
      'completed',
      'cancelled',
      'failed',
      'refunded',
    ];
    const lookup = (dict: unknown, key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
    for (const items of kinds)
      for (const status of statuses)
        for (const s of orderSteps(order(status, items)))
          for (const dict of [en, zhCN])
            expect(typeof lookup(dict, s.label), `${status} ${s.label}`).toBe('string');
  });
});

describe('orderHeadline', () => {
  it('says what is still open while the order is under way, else its status', () => {
    expect(orderHeadline(order('delivering', [item(2, { status: 'processing' })]))).toEqual({
      title: 'orderSteps.title.topup',
      text: 'orderSteps.text.topup',
    });
    expect(orderHeadline(order('delivering', [item(3, { status: 'waiting' })])).title).toBe(
      'orderSteps.title.ship',
    );
    expect(orderHeadline(order('delivering', [item(3, { status: 'waiting' }, false)])).title).toBe(
      'orderSteps.title.manual',
    );
    expect(orderHeadline(order('completed', [item(2, { status: 'delivered' })]))).toEqual({
      title: 'order.statusTitle.completed',
      text: 'order.statusText.completed',
    });
    expect(orderHeadline(order('pending_payment', [item(2)])).title).toBe(
      'order.statusTitle.pending_payment',
    );
    for (const dict of [en, zhCN])
      for (const work of ['topup', 'ship', 'manual'] as const) {
        expect(typeof dict.orderSteps.title[work]).toBe('string');
        expect(typeof dict.orderSteps.text[work]).toBe('string');
      }
  });
});
