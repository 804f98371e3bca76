import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useSiteConfig } from '../../lib/root-data';
import { useCartStore } from '../../stores/cart';
import { useUiStore } from '../../stores/ui';
import { EmptyState } from '../ui/empty-state';
import { CartIcon } from '../ui/icons';
import { Sheet } from '../ui/sheet';
import { CartLines } from './cart-lines';

/** SPEC §2: the cart panel, opened after adding to the cart, closed on every navigation. */
export default function CartPanel() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.cartPanelVisible);
  const openPanel = useUiStore((s) => s.openCartPanel);
  const closePanel = useUiStore((s) => s.closeCartPanel);
  const items = useCartStore((s) => s.items);
  const total = useCartStore((s) => s.total_pay_price);
  const { currency_symbol: symbol } = useSiteConfig();

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => (next ? openPanel() : closePanel())}
      title={t('cart.panelTitle')}
      testId="cart-panel"
      footer={
        <div className="space-y-3">
          {items.length > 0 ? (
            <p className="flex items-baseline justify-between text-sm text-stone-700">
              {t('cart.total')}
              <span className="text-xl font-bold text-brand-700">
                {symbol}
                {total}
              </span>
            </p>
          ) : null}
          <Link to="/cart" className="btn-primary h-11 w-full text-base">
            {t('cart.goToCart')}
          </Link>
        </div>
      }
    >
      {items.length === 0 ? (
        <EmptyState
          icon={<CartIcon size={28} />}
          title={t('cart.emptyTitle')}
          description={t('cart.emptyText')}
        />
      ) : (
        <CartLines items={items} symbol={symbol} compact />
      )}
    </Sheet>
  );
}
