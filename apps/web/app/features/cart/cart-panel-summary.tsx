// The cart panel's code field and totals (issue 31): a chunk the panel fetches once it has opened,
// so the promotions code is not among what the shell lists for the panel (ARCHITECTURE.md §7).
import type { Currency } from '@shop/domain/locale';
import type { CartItem } from '../../lib/cart-data';
import { CartCoupon, CartTotals } from './cart-totals';

export default function CartPanelSummary({
  items,
  currency,
  total,
  totalCny,
  rate,
}: {
  items: readonly CartItem[];
  currency: Currency;
  total: string;
  totalCny: string;
  rate: string;
}) {
  return (
    <>
      <CartCoupon items={items} testId="cart-panel-coupon" />
      <CartTotals
        items={items}
        currency={currency}
        total={total}
        totalCny={totalCny}
        rate={rate}
        testId="cart-panel-total"
      />
    </>
  );
}
