// The cart's promotion code (issue 31), apart from its quote: Check out reads it (it goes with
// order/create only while it takes something off), so it stays out of the promotions chunks the
// cart panel loads after it has opened (ARCHITECTURE.md §7 budget: the shell lists what the panel
// needs first).
import { create } from 'zustand';
import type { Quote } from '@shop/contract/promotions';
import type { CouponState } from '../promotions';
import { onSession } from '../../stores/user';

export interface CartCouponState {
  /** The code the buyer applied, as typed; '' for none. */
  code: string;
  /** The newest quote said the code takes something off these lines (only then is it ordered with). */
  applied: boolean;
  /** The newest quote's words when the code gives nothing yet. */
  message: string;
  /** The newest quote and what it was asked for (lines, quantities, prices, code): the panel and the page share it. */
  quoted: { key: string; quote: Quote } | null;
  set(code: string, applied: boolean, message: string): void;
  remember(key: string, quote: Quote): void;
  clear(): void;
}

export const useCartCoupon = create<CartCouponState>()((set) => ({
  code: '',
  applied: false,
  message: '',
  quoted: null,
  set: (code, applied, message) => set({ code, applied, message }),
  remember: (key, quote) => set({ quoted: { key, quote } }),
  clear: () => set({ code: '', applied: false, message: '', quoted: null }),
}));

// A code belongs to the session's cart: gone on logout.
onSession((event) => {
  if (event === 'logout') useCartCoupon.getState().clear();
});

/** The coupon field's state from the store. */
export function couponState(s: Pick<CartCouponState, 'code' | 'applied' | 'message'>): CouponState {
  if (!s.code) return { kind: 'none' };
  return s.applied ? { kind: 'applied', code: s.code } : { kind: 'idle', code: s.code, message: s.message };
}
