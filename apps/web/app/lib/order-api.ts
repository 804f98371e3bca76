// The order and wallet calls of issue 6 through the shared client (SPEC §7): every failure has
// already shown its pop-up (SPEC §8) when these reject. Browser only: they need the stored token.
import type { CartAddItem } from './goods-options';
import type { LedgerFilter, LedgerPage } from '../components/wallet/ledger';
import { api } from './api';
import type { CardPage, Order, OrderPage, OrderStatus, PayMethod, RevealedCard } from './order';
import type { StartedPayment } from './payment';

export type PayResult = StartedPayment & { status: OrderStatus };

export type CreateOrderBody = { cart_ids: number[] } | { items: CartAddItem[] };

export const orderApi = {
  /**
   * Creates an order from cart lines or from items (buy now). `idempotencyKey` is one per
   * checkout attempt: sent again with the same body, the server returns the same order.
   */
  create(body: CreateOrderBody, idempotencyKey: string): Promise<{ oid: string }> {
    return api.post<{ oid: string }>('/api/front/order/create', body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    });
  },

  detail(oid: string): Promise<Order> {
    return api.get<Order>('/api/front/order/detail', { oid });
  },

  list(query: { page: number; limit: number; status?: OrderStatus }): Promise<OrderPage> {
    return api.get<OrderPage>('/api/front/order/list', query);
  },

  cancel(oid: string): Promise<{ status: 'cancelled' }> {
    return api.post<{ status: 'cancelled' }>('/api/front/order/cancel', { oid });
  },

  /**
   * balance: paid at once ({ status: 'paid' }). alipay: { pay_url } to send the buyer to; wechat:
   * { code_url, qr_image } to show. Those two turn paid when the provider's notification arrives
   * (lib/payment-api.ts polls). Without `device` the server reads the User-Agent.
   */
  pay(oid: string, method: PayMethod): Promise<PayResult> {
    return api.post<PayResult>('/api/front/order/pay', { oid, method });
  },

  /** The delivered card keys of one of the buyer's orders, without secrets (decision 020). */
  cards(query: { oid: string; page: number; limit: number }): Promise<CardPage> {
    return api.get<CardPage>('/api/front/order/card', query);
  },

  /** One key's secret; the server records every reveal and allows 60 a minute. */
  revealCard(id: number): Promise<RevealedCard> {
    return api.post<RevealedCard>('/api/front/order/card/reveal', { id });
  },
};

/** GET /api/front/user/balanceLog (SPEC §7): the ledger the payments write, newest first. */
export function fetchBalanceLog(query: LedgerFilter & { page: number; limit: number }): Promise<LedgerPage> {
  return api.get<LedgerPage>('/api/front/user/balanceLog', { ...query });
}
