// SPEC §3 "Cart": the cart/show data may be an array or an object keyed by id; it becomes a list of
// lines. Everything else of the answer is as the contract types it (types only: the zod schemas
// stay out of the bundle).
import type { CartLine } from '@shop/contract/cart';
import type { endpoints } from '@shop/contract/endpoints';
import type { EndpointResponse } from '@shop/contract/endpoint-schemas';

export type CartItem = CartLine;

/** The whole cart/show body, whose `data` SPEC §3 also allows as an object keyed by id. */
export type CartShowBody = Omit<EndpointResponse<typeof endpoints.cartShow>, 'data'> & {
  data: CartLine[] | Record<string, CartLine>;
};

export type CartSnapshot = Pick<
  CartShowBody,
  'count' | 'total_pay_price' | 'total_cny' | 'exchange_rate' | 'currency'
> & { items: CartItem[] };

/** The lines of the answer (SPEC §3), with `count` and `total_pay_price` read beside `data` (SPEC §7). */
export function normaliseCartResponse({
  data,
  count,
  total_pay_price,
  total_cny,
  exchange_rate,
  currency,
}: CartShowBody): CartSnapshot {
  const items = Array.isArray(data) ? data : Object.values(data);
  return { items, count, total_pay_price, total_cny, exchange_rate, currency };
}
