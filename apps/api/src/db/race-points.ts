// Named points inside money transactions, between a read and the write that depends on it, where a
// test can pause one transaction while a competing one runs (Saleor's deterministic race tests,
// issue 11). Nothing is registered outside tests: a point is then one Map lookup.

export type RacePoint =
  /** applyNotice: the payment was read, nothing claimed yet. */
  | 'notice:read'
  /** payOrder (balance): the order was read, its transaction not begun. */
  | 'pay:read'
  /** cancelOrder: the order was read, its transaction not begun. */
  | 'cancel:read'
  /** expireOrders: the expired orders were listed, none cancelled yet. */
  | 'expire:listed'
  /** claimKeys: available keys were picked, not yet reserved. */
  | 'reserve:picked'
  /** endIfAllRefunded: the order's pending refunds were counted, its status not yet changed. */
  | 'refund:counted';

const hooks = new Map<RacePoint, () => Promise<void>>();

export async function racePoint(point: RacePoint): Promise<void> {
  const hook = hooks.get(point);
  if (hook) await hook();
}

/** Tests only: runs `hook` (once) the next time `point` is reached; returns a remover. */
export function pauseAt(point: RacePoint, hook: () => Promise<void>): () => void {
  const once = async () => {
    hooks.delete(point);
    await hook();
  };
  hooks.set(point, once);
  return () => {
    if (hooks.get(point) === once) hooks.delete(point);
  };
}
