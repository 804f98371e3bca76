// The buyer's promotion calls (issue 31) through the shared client (SPEC §7): what lines cost now
// with a code (order/quote), and a code on an unpaid order (order/coupon). A refusal has already
// shown its pop-up (SPEC §8) when these reject; a quote's code that gives nothing is not a refusal:
// the answer's `coupon` says why, in words.
import { endpoints } from '@shop/contract/endpoints';
import type { EndpointInput } from '@shop/contract/endpoint-schemas';
import { api } from '../../lib/api';

export type QuoteBody = EndpointInput<typeof endpoints.orderQuote>;

export const promotionsApi = {
  /** `quiet`: a quote is asked again as the cart changes; its failure leaves the cart's own total. */
  quote(body: QuoteBody, signal?: AbortSignal) {
    return api.call(endpoints.orderQuote, body, { quiet: true, signal });
  },

  /** Applies `code` to the unpaid order `oid` ('' removes it); answers the order, priced again. */
  applyToOrder(oid: string, code: string) {
    return api.call(endpoints.orderCoupon, { oid, code });
  },
};
