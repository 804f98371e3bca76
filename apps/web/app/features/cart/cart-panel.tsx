import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useCartStore } from '../../stores/cart';
import { useUiStore } from '../../stores/ui';
import { CartCoupon, CartTotals } from './cart-totals';
import { EmptyState } from '../../components/ui/empty-state';
import { CartIcon } from '../../components/ui/icons';
import { Sheet } from '../../components/ui/modal';
import { CartLines, CartLinesSkeleton } from './cart-lines';
import { CheckoutButton } from './checkout-button';

/** SPEC §2: the cart panel (mini cart), opened after adding to the cart, closed on every navigation. */
export default function CartPanel() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.cartPanelVisible);
  const openPanel = useUiStore((s) => s.openCartPanel);
  const closePanel = useUiStore((s) => s.closeCartPanel);
  const items = useCartStore((s) => s.items);
  const count = useCartStore((s) => s.count);
  const total = useCartStore((s) => s.total_pay_price);
  const currency = useCartStore((s) => s.currency);
  const totalCny = useCartStore((s) => s.total_cny);
  const rate = useCartStore((s) => s.exchange_rate);
  const pending = useCartStore((s) => !s.loaded && s.loading);

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => (next ? openPanel() : closePanel())}
      title={items.length ? `${t('cart.panelTitle')} (${count})` : t('cart.panelTitle')}
      testId="cart-panel"
      footer={
        <div className="space-y-3">
          {items.length > 0 ? (
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
          ) : null}
          <div className="flex gap-3">
            <Link
              to="/cart"
              className={`${items.length ? 'btn-outline' : 'btn-primary'} h-11 flex-1 text-base`}
              data-testid="cart-panel-go"
            >
              {t('cart.goToCart')}
            </Link>
            {items.length > 0 ? (
              <CheckoutButton className="h-11 flex-1 text-base" testId="cart-panel-checkout" />
            ) : null}
          </div>
        </div>
      }
    >
      {pending ? (
        <CartLinesSkeleton compact />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<CartIcon size={28} />}
          title={t('cart.emptyTitle')}
          description={t('cart.emptyText')}
        />
      ) : (
        <CartLines items={items} compact />
      )}
    </Sheet>
  );
}
