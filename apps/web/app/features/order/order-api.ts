// The order calls of issue 6 through the shared client (SPEC §7): every failure has already shown
// its pop-up (SPEC §8) when these reject. Browser only: they need the stored token. Paying is the
// payment feature's (payment-api.ts), the card keys the card-keys feature's, the ledger the wallet's.
import { endpoints } from '@shop/contract/endpoints';
import type { EndpointInput } from '@shop/contract/endpoint-schemas';
import { api } from '../../lib/api';

export type CreateOrderBody = EndpointInput<typeof endpoints.orderCreate>;

export const orderApi = {
  /**
   * Creates an order from cart lines or from items (buy now). `idempotencyKey` is one per
   * checkout attempt: sent again with the same body, the server returns the same order.
   */
  create(body: CreateOrderBody, idempotencyKey: string) {
    return api.call(endpoints.orderCreate, body, { headers: { 'Idempotency-Key': idempotencyKey } });
  },

  detail(oid: string) {
    return api.call(endpoints.orderDetail, { oid });
  },

  cancel(oid: string) {
    return api.call(endpoints.orderCancel, { oid });
  },
};
