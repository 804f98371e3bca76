import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { CHECKOUT_PATH } from '../../lib/order';
import { checkoutLineIds, newIdempotencyKey } from '../../lib/checkout';
import { orderApi } from '../order';
import { useCartStore } from '../../stores/cart';
import { useCartCoupon } from './cart-coupon-store';

const ignore = () => undefined; // failures already showed their pop-up (lib/http.ts)

/**
 * Orders the cart's available lines and goes to their checkout. Each click is one attempt with
 * its own Idempotency-Key; the button is busy until the server answered, and the cart is loaded
 * again either way (the ordered lines have left it, or something changed).
 */
export function CheckoutButton({ className = '', testId }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = useCartStore((s) => s.items);
  const ids = checkoutLineIds(items);
  const [busy, setBusy] = useState(false);

  async function checkout() {
    if (busy || !ids.length) return;
    setBusy(true);
    try {
      // The cart's code goes with the order only while it takes something off (issue 31): a code
      // that gives nothing is refused by order/create, and nothing is written.
      const coupon = useCartCoupon.getState();
      const code = coupon.code && coupon.applied ? coupon.code : undefined;
      const { oid } = await orderApi.create(
        code ? { cart_ids: ids, coupon_code: code } : { cart_ids: ids },
        newIdempotencyKey(),
      );
      // The code is the order's now (its checkout can remove or change it).
      if (code) coupon.clear();
      void useCartStore.getState().load().catch(ignore);
      await navigate(CHECKOUT_PATH(oid));
    } catch {
      void useCartStore.getState().load().catch(ignore);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      disabled={busy || !ids.length}
      aria-busy={busy || undefined}
      onClick={() => void checkout()}
      className={`btn-primary ${className}`}
      data-testid={testId}
    >
      {busy ? t('cart.checkingOut') : t('cart.checkout')}
    </button>
  );
}
