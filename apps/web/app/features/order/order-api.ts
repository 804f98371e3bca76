// The order and wallet calls of issue 6 through the shared client (SPEC §7): every failure has
// already shown its pop-up (SPEC §8) when these reject. Browser only: they need the stored token.
import { endpoints } from '@shop/contract/endpoints';
import type { EndpointInput } from '@shop/contract/endpoint-schemas';
import { api } from '../../lib/api';
import type { PayMethod } from '../../lib/checkout';
import type { LedgerFilter } from '../wallet/ledger';
import type { OrderStatus } from '../../lib/order';

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

  list(query: { page: number; limit: number; status?: OrderStatus }) {
    return api.call(endpoints.orderList, query);
  },

  cancel(oid: string) {
    return api.call(endpoints.orderCancel, { oid });
  },

  /**
   * balance: paid at once ({ status: 'paid' }). alipay: { pay_url } to send the buyer to; wechat:
   * { code_url, qr_image } to show. Those two turn paid when the provider's notification arrives
   * (lib/payment-api.ts polls). Without `device` the server reads the User-Agent.
   */
  pay(oid: string, method: PayMethod) {
    return api.call(endpoints.orderPay, { oid, method });
  },

  /** The delivered card keys of one of the buyer's orders, without secrets (decision 020). */
  cards(query: { oid: string; page: number; limit: number }) {
    return api.call(endpoints.orderCards, query);
  },

  /** One key's secret; the server records every reveal and allows 60 a minute. */
  revealCard(id: number) {
    return api.call(endpoints.cardReveal, { id });
  },
};

/** The ledger the payments write, newest first (SPEC §7). */
export function fetchBalanceLog(query: LedgerFilter & { page: number; limit: number }) {
  return api.call(endpoints.balanceLog, query);
}
