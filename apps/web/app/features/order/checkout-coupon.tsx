import { useRevalidator } from 'react-router';
import type { Order } from '../../lib/order';
import { CouponField, promotionsApi } from '../promotions';

/**
 * The code field of an unpaid order's checkout (issue 31): order/coupon prices the order again with
 * the code (or without it, on remove) and the page loads the order again, whose frozen amounts show
 * the discount. A code that gives nothing is refused with the server's words, shown under the field.
 */
export function CheckoutCoupon({ order }: { order: Order }) {
  const { revalidate } = useRevalidator();
  const apply = async (code: string) => {
    await promotionsApi.applyToOrder(order.oid, code);
    await revalidate();
  };
  return (
    <CouponField
      state={order.coupon_code ? { kind: 'applied', code: order.coupon_code } : { kind: 'none' }}
      onApply={apply}
      onRemove={() => apply('')}
      testId="checkout-coupon"
    />
  );
}
