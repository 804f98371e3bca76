// The order detail's stepper (issue 12, decision 032): the state machine of ARCHITECTURE.md §5 as
// far as this order went, told per kind of goods. An order in `delivering` is not delivered: its
// delivery step is the current one, named after what is still open — a top-up still topping up,
// goods waiting to be shipped — and only done once every line is. Pure, so it can be tested.
import { RECHARGE_TYPE } from '@shop/domain/catalog';
import type { OrderStatus } from '@shop/domain/order';
import type { Order } from '../../lib/order';
import type { TranslationKey } from '../../i18n/instance';

/**
 * What the order holds: card keys (recharge_type 1), direct top-ups (2), goods shipped to an address
 * (3 that ships), or goods the shop hands over otherwise (3).
 */
export type GoodsKind = 'cards' | 'topup' | 'ship' | 'manual' | 'mixed';
type Item = StepOrder['items'][number];

function kindOf(item: Pick<Item, 'recharge_type' | 'ships'>): Exclude<GoodsKind, 'mixed'> {
  if (item.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP) return 'topup';
  if (item.recharge_type === RECHARGE_TYPE.MANUAL) return item.ships ? 'ship' : 'manual';
  return 'cards';
}

export type StepState = 'done' | 'current' | 'upcoming';

/**
 * One step; `label` is an i18n key. `active`: the shop (or the supplier) is working on it right
 * now — the buyer only waits (the page's headline and the line's chip say more).
 */
export interface OrderStep {
  key: 'created' | 'paid' | 'delivery' | 'completed' | 'cancelled' | 'failed' | 'refunded';
  label: TranslationKey;
  state: StepState;
  active: boolean;
  /** When it happened, if the order records it. */
  at: number | null;
}

type StepOrder = Pick<Order, 'status' | 'created_at' | 'paid_at' | 'cancelled_at' | 'items'>;

export function goodsKind(items: StepOrder['items']): GoodsKind {
  const kinds = new Set(items.map(kindOf));
  if (kinds.size !== 1) return 'mixed';
  return [...kinds][0] as GoodsKind;
}

/** What the open deliveries of a paid order are waiting for, if any: a top-up first. */
function openWork(items: StepOrder['items']): 'topup' | 'ship' | 'manual' | null {
  if (items.some((i) => i.delivery?.status === 'processing')) return 'topup';
  const waiting = items.filter((i) => i.delivery?.status === 'waiting');
  if (waiting.length === 0) return null;
  return waiting.some((i) => kindOf(i) === 'ship') ? 'ship' : 'manual';
}

/** The latest change of the order's deliveries (when the last one ended), if any. */
function lastDelivery(items: StepOrder['items']): number | null {
  const times = items.map((i) => i.delivery?.updated_at ?? 0).filter((t) => t > 0);
  return times.length ? Math.max(...times) : null;
}

const UNDER_WAY: ReadonlySet<OrderStatus> = new Set(['paid', 'delivering']);

export function orderSteps(order: StepOrder): OrderStep[] {
  const kind = goodsKind(order.items);
  const step = (
    key: OrderStep['key'],
    label: TranslationKey,
    state: StepState,
    at: number | null = null,
    extra: Partial<Pick<OrderStep, 'active'>> = {},
  ): OrderStep => ({
    key,
    label,
    state,
    at: state === 'done' ? at : null,
    active: false,
    ...extra,
  });

  const created = step('created', 'order.timeline.created', 'done', order.created_at);
  const paidDone = step('paid', 'order.timeline.paid', 'done', order.paid_at);
  const delivered = lastDelivery(order.items) ?? order.paid_at;
  const partly = order.items.some((i) => i.delivery?.status === 'refunded');

  /** The delivery failed (refunded or about to be): said per kind of goods. */
  const failedDone = () =>
    step('failed', `orderSteps.failed.${kind === 'topup' ? 'topup' : 'other'}` as const, 'done', delivered);
  switch (order.status) {
    case 'pending_payment':
      return [
        created,
        step('paid', 'order.timeline.paid', 'current'),
        step('delivery', `orderSteps.delivery.${kind}` as const, 'upcoming'),
        step('completed', 'order.timeline.completed', 'upcoming'),
      ];
    case 'cancelled':
      return [created, step('cancelled', 'order.timeline.cancelled', 'done', order.cancelled_at)];
    case 'failed':
      return [
        created,
        paidDone,
        failedDone(),
        step('refunded', 'order.timeline.refunded', 'current', null, { active: true }),
      ];
    case 'refunded':
      return [
        created,
        paidDone,
        failedDone(),
        step('refunded', 'order.timeline.refunded', 'done', delivered),
      ];
    case 'completed':
      return [
        created,
        paidDone,
        step(
          'delivery',
          partly ? 'orderSteps.done.partly' : (`orderSteps.done.${kind}` as const),
          'done',
          delivered,
        ),
        step('completed', 'order.timeline.completed', 'done', delivered),
      ];
    default: {
      // paid or delivering: something is still under way, whatever the order's word for it.
      if (!UNDER_WAY.has(order.status)) return [created];
      const work = openWork(order.items);
      const label = work
        ? (`orderSteps.open.${work}` as const)
        : (`orderSteps.open.${kind === 'mixed' ? 'other' : kind}` as const);
      return [
        created,
        paidDone,
        step('delivery', label, 'current', null, { active: true }),
        step('completed', 'order.timeline.completed', 'upcoming'),
      ];
    }
  }
}

/**
 * The order's state in words at the top of its page: the order's status, except while it is under
 * way, where it says what is still open — "Topping up" is not "Being shipped" (issue 12).
 */
export function orderHeadline(order: Pick<Order, 'status' | 'items'>): {
  title: TranslationKey;
  text: TranslationKey;
} {
  const work = UNDER_WAY.has(order.status) ? openWork(order.items) : null;
  if (work) return { title: `orderSteps.title.${work}` as const, text: `orderSteps.text.${work}` as const };
  return {
    title: `order.statusTitle.${order.status}` as const,
    text: `order.statusText.${order.status}` as const,
  };
}
