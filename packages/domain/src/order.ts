// The order state machine of ARCHITECTURE.md §5. Every status change in the API goes through
// `assertTransition`, inside the transaction that makes it, as a conditional update on the old
// status (so two concurrent changes cannot both win).
//
//   pending_payment → paid → delivering → completed
//   pending_payment → cancelled            (buyer, or the unpaid timeout)
//   delivering → failed → refunded
//   paid → completed                       (card keys are delivered at once)

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'delivering',
  'completed',
  'cancelled',
  'failed',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['delivering', 'completed'],
  delivering: ['completed', 'failed'],
  failed: ['refunded'],
  completed: [],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export class IllegalTransition extends Error {
  override readonly name = 'IllegalTransition';
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`order cannot go from ${from} to ${to}`);
  }
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new IllegalTransition(from, to);
}

/** States in which nothing more will happen to the order. */
export function isFinal(status: OrderStatus): boolean {
  return NEXT[status].length === 0;
}

/** The states an order may be in just before `to` (for conditional updates). */
export function predecessors(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => NEXT[from].includes(to));
}

/** Unpaid orders are cancelled after this long unless configured otherwise (issue 6). */
export const DEFAULT_ORDER_TIMEOUT_MS = 15 * 60_000;
