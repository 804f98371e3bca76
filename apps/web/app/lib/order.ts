// Orders in the browser (issue 6): the order as the API sends it and the pages' addresses. Types
// only from the contract (its zod schemas stay out of the bundle); the state list comes from the
// domain. The pages' decisions live by feature: order-status.ts (list tabs, badge tones),
// checkout.ts, order-format.ts (times, rates, countdowns), card-keys.ts.
import type { OrderSummary } from '@shop/contract/order';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain/order';

export type Order = OrderSummary;
export type OrderItem = Order['items'][number];
export type { OrderStatus };

export const CHECKOUT_PATH = (oid: string) => `/user/order/checkout/${oid}`;
export const ORDER_DETAIL_PATH = (oid: string) => `/user/order/detail/${oid}`;
export const ORDER_CARDS_PATH = (oid: string) => `/user/order/card?oid=${encodeURIComponent(oid)}`;

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}
