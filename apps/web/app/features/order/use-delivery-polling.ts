import { deliveryApi } from './delivery-api';
import {
  DELIVERY_POLL,
  deliveryDigest,
  deliveryPollOutcome,
  deliveryWatch,
  type DeliveryWatch,
} from './delivery';
import type { Order } from '../../lib/order';
import { usePaymentPolling, type PollingPhase } from '../payment';

export interface DeliveryPolling {
  /** What is being waited for (null: nothing open, or the order is over). */
  watch: DeliveryWatch | null;
  /** waiting: checks are being made; expired: the schedule ran out (checkNow asks again). */
  phase: PollingPhase;
  checkNow(): void;
}

/**
 * While a paid order has a top-up under way or goods waiting for the shop (decision 021), asks for
 * the order quietly on the lib/delivery.ts schedule; when what the buyer sees has changed, `reload`
 * loads it again, and the new state starts a new round if something is still open. `loading`
 * pauses the checks while the page's own load runs (a reload that fails starts them again).
 */
export function useDeliveryPolling(
  order: Order | undefined,
  reload: () => void,
  loading: boolean,
): DeliveryPolling {
  const watch = order ? deliveryWatch(order) : null;
  const digest = order ? deliveryDigest(order) : '';
  const oid = order?.oid ?? '';
  const polling = usePaymentPolling(
    watch && !loading ? `${oid}|${digest}` : null,
    async (signal) => deliveryPollOutcome(digest, await deliveryApi.detail(oid, signal)),
    reload,
    { schedule: DELIVERY_POLL[watch ?? 'topup'] },
  );
  return { watch, phase: polling.phase, checkNow: polling.checkNow };
}
