// The machines of orders, payments, deliveries and card keys (ARCHITECTURE.md §5). Every status
// change in the API goes through one transition function (apps/api/src/db/transition.ts) that
// derives the allowed `from` states from these declarations and performs a conditional update on
// them, inside the transaction that makes the change: zero rows changed means someone else won.
import { defineMachine, isFinalIn, sourcesOf } from './state-machine.ts';

export { IllegalTransition } from './state-machine.ts';

/**
 *   pending_payment → paid → delivering → completed
 *   pending_payment → cancelled            (buyer, or the unpaid timeout)
 *   delivering → failed → refunded
 *   paid → completed                       (card keys are delivered at once)
 *   completed → refunded                   (an operator refunded all of it, issue 15)
 */
export const ORDER_MACHINE = defineMachine('order', {
  pending_payment: ['paid', 'cancelled'],
  paid: ['delivering', 'completed'],
  delivering: ['completed', 'failed'],
  completed: ['refunded'],
  cancelled: [],
  failed: ['refunded'],
  refunded: [],
});
export const ORDER_STATUSES = ORDER_MACHINE.states;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export { ORDER_NUMBER_PATTERN } from './order-number.ts';
/** An Idempotency-Key header of order/create (`orders.idempotency_key`: varchar(100)). */
export const IDEMPOTENCY_KEY = { min: 8, max: 100, characters: /^[\w.:-]+$/ } as const;

/**
 * One attempt to pay through a provider (our out_trade_no). It turns paid once: the first
 * successful notice claims it; any later one, with the same or another provider trade number, is
 * a duplicate. What the money then did (paid the order, credited the wallet, was refunded because
 * the order was no longer payable) is the payment's outcome, not another state.
 */
export const PAYMENT_MACHINE = defineMachine('payment', {
  pending: ['paid'],
  paid: [],
});
export type PaymentStatus = (typeof PAYMENT_MACHINE.states)[number];

/**
 * The delivery of a paid item that is not a card key (decision 021).
 * Direct top-ups: queued → submitted (the supplier is asked) → succeeded, with `unknown` while the
 * supplier's answer is not known and it is polled again (submitted/unknown move to themselves to
 * count polls); a definite failure → refunded. Manual goods: waiting → delivered | refunded. An
 * operator may settle any open delivery: delivered or refunded.
 */
export const DELIVERY_MACHINE = defineMachine('delivery', {
  queued: ['submitted', 'delivered', 'refunded'],
  submitted: ['submitted', 'unknown', 'succeeded', 'delivered', 'refunded'],
  unknown: ['submitted', 'unknown', 'succeeded', 'delivered', 'refunded'],
  waiting: ['delivered', 'refunded'],
  succeeded: [],
  delivered: [],
  refunded: [],
});
export type DeliveryStatus = (typeof DELIVERY_MACHINE.states)[number];
export const OPEN_DELIVERY_STATUSES = DELIVERY_MACHINE.states.filter((s) => !isFinalIn(DELIVERY_MACHINE, s));

/**
 * A card key (decision 020): reserved for one order item when the order is created, back to
 * available if it is cancelled, sold when it is paid. A sold key never changes owner. An operator
 * may void an unsold, unreserved key (issue 14): it leaves the stock for good.
 */
export const CARD_KEY_MACHINE = defineMachine('card key', {
  available: ['reserved', 'void'],
  reserved: ['available', 'sold'],
  sold: [],
  void: [],
});
export type CardKeyStatus = (typeof CARD_KEY_MACHINE.states)[number];

/**
 * A refund of an order's money (issue 15, decision 040). To the balance it is recorded succeeded;
 * to the original payment it is pending until the provider answers: succeeded, or failed (a
 * definite refusal), which gives the amount back to what may still be refunded.
 */
export const REFUND_MACHINE = defineMachine('refund', {
  pending: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
});
export type RefundStatus = (typeof REFUND_MACHINE.states)[number];

/**
 * States in which nothing more will happen to the order by itself: a completed order changes only
 * if an operator refunds all of it.
 */
export function isFinal(status: OrderStatus): boolean {
  return status === 'completed' || isFinalIn(ORDER_MACHINE, status);
}

/** The states an order may be in just before `to`. */
export function predecessors(to: OrderStatus): OrderStatus[] {
  return sourcesOf(ORDER_MACHINE, to);
}

/** Unpaid orders are cancelled after this long unless configured otherwise (issue 6). */
export const DEFAULT_ORDER_TIMEOUT_MS = 15 * 60_000;
