import type { Executor } from './db/database.ts';
import type { Actor } from './modules/audit/audit.service.ts';

// Module events (decision 036): a lower module says what happened inside its transaction and the
// module above it reacts in that same transaction, so a money rule stays one atomic change while
// the lower module never imports the higher one. Each event has one listener, set where the
// process starts (boot.ts); an event nobody listens to is a wiring mistake and throws, rather
// than leaving an order half done.

export type ModuleEvents = {
  /**
   * fulfilment: the last open delivery of an order ended. `nothingDelivered`: every item of the
   * order was refunded.
   */
  deliveriesEnded: {
    event: { orderId: number; nothingDelivered: boolean; now: number };
    answer: void;
  };
  /**
   * fulfilment: a delivery was refunded to the balance (a supplier's definite failure, or an
   * operator's word; `actor` null: the system). payment records it in this transaction: counted
   * against what the order and item were paid, its refunds row, ledger entry and audit entry
   * (issue 15, decision 040); it throws when the item's share was refunded already.
   */
  deliveryRefunded: {
    event: { orderItemId: number; amount: number; reason: string; actor: Actor | null; now: number };
    answer: void;
  };
  /**
   * payment: an online payment for an order was claimed. The answer says whether the order took
   * it (`paid: false`: it was cancelled or paid another way meanwhile, and payment refunds).
   */
  orderPaymentClaimed: {
    event: { orderId: number; method: 'alipay' | 'wechat'; now: number };
    answer: { paid: boolean; oid: string };
  };
};

type Name = keyof ModuleEvents;
type Listener<K extends Name> = (
  trx: Executor,
  event: ModuleEvents[K]['event'],
) => Promise<ModuleEvents[K]['answer']>;

// Each name holds its own event's listener: `listen` lets in nothing else.
const listeners = new Map<Name, unknown>();

/** Sets the event's listener; setting it again replaces it (an app may be built many times). */
export function listen<K extends Name>(name: K, listener: Listener<K>): void {
  listeners.set(name, listener);
}

/** Runs the event's listener inside the caller's transaction and returns its answer. */
export function emit<K extends Name>(
  trx: Executor,
  name: K,
  event: ModuleEvents[K]['event'],
): Promise<ModuleEvents[K]['answer']> {
  const listener = listeners.get(name) as Listener<K> | undefined;
  if (!listener) throw new Error(`nothing listens to the module event ${name} (boot.ts)`);
  return listener(trx, event);
}
