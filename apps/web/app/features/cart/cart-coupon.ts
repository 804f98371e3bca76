// The cart's promotion code (issue 31): typed in the cart panel or on the cart page, priced by
// order/quote as the lines change, and sent with order/create when it takes something off. The
// quote is the server's price function on these lines: its figures replace the cart's total.
import { useEffect } from 'react';
import type { Quote } from '@shop/contract/promotions';
import type { CartItem } from '../../lib/cart-data';
import { checkoutLineIds } from '../../lib/checkout';
import { differs, promotionsApi } from '../promotions';
import { useCartCoupon } from './cart-coupon-store';

/** Problems a change of the cart can cure: the code is kept and applies once the cart qualifies. */
const CURABLE = new Set(['coupon_min_spend', 'coupon_not_applicable']);

/** What a quote depends on: the available lines, their quantities and prices, and the code. */
function quoteKey(available: readonly CartItem[], code: string): string {
  return JSON.stringify([available.map((i) => [i.id, i.num, i.price]), code]);
}

function quoteBody(items: readonly CartItem[], code: string) {
  return { cart_ids: checkoutLineIds(items), ...(code ? { coupon_code: code } : {}) };
}

/**
 * Checks a code against the cart's lines before keeping it: a code this cart could still qualify
 * for (minimum spend, goods in scope) is kept with the reason; any other refusal rejects with it.
 */
export async function applyCartCode(items: readonly CartItem[], code: string): Promise<void> {
  const available = items.filter((item) => item.available);
  const quote = await promotionsApi.quote(quoteBody(available, code));
  const coupon = quote.coupon;
  if (coupon && !coupon.applied && !(coupon.problem && CURABLE.has(coupon.problem)))
    throw new CouponRefused(coupon.message ?? '');
  // The code as the shop wrote it (the server folds case and lookalikes), else as typed.
  const kept = coupon?.code || code;
  const store = useCartCoupon.getState();
  // The cart's summary shows this answer rather than asking again for the same lines and code.
  store.remember(quoteKey(available, kept), quote);
  store.set(kept, coupon?.applied ?? false, coupon?.message ?? '');
}

/** A code the server says gives nothing, with its words (shown under the field like a refusal). */
export class CouponRefused extends Error {
  readonly msg: string;
  constructor(msg: string) {
    super(msg);
    this.msg = msg;
  }
}

/**
 * The quote of the cart's available lines with the code, asked again whenever the lines, their
 * quantities or the code change; only when there is something to break down (a code, or a line
 * priced below list by a tier or the member level). The last quote stays while the next is asked.
 */
export function useCartQuote(items: readonly CartItem[]): { quote: Quote | undefined; pending: boolean } {
  const code = useCartCoupon((s) => s.code);
  const quoted = useCartCoupon((s) => s.quoted);
  const available = items.filter((item) => item.available);
  const needed =
    available.length > 0 &&
    (code !== '' || available.some((item) => differs(item.list_price, item.price, item.currency)));
  const key = needed ? quoteKey(available, code) : '';
  const fresh = Boolean(key) && quoted?.key === key;

  useEffect(() => {
    if (!key || fresh) return;
    const controller = new AbortController();
    promotionsApi.quote(quoteBody(available, code), controller.signal).then(
      (quote) => {
        if (controller.signal.aborted) return;
        const store = useCartCoupon.getState();
        store.remember(key, quote);
        if (code && store.code === code)
          store.set(code, quote.coupon?.applied ?? false, quote.coupon?.message ?? '');
      },
      () => undefined, // quiet: the cart's own total stands
    );
    return () => controller.abort();
    // `key` names everything the quote depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, fresh]);

  if (!key) return { quote: undefined, pending: false };
  // The last quote stays while the next is asked (a code's figures do not blink away).
  return { quote: quoted?.quote, pending: !fresh };
}
