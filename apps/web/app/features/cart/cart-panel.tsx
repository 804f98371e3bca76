import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Currency } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { useCartStore } from '../../stores/cart';
import { useUiStore } from '../../stores/ui';
import { Price } from '../../components/ui/price';
import { ChargedCny } from '../../components/ui/charged-cny';
import { EmptyState } from '../../components/ui/empty-state';
import { CartIcon } from '../../components/ui/icons';
import { Sheet } from '../../components/ui/modal';
import { CartLines, CartLinesSkeleton } from './cart-lines';
import { CheckoutButton } from './checkout-button';

const CartPanelSummary = lazy(() => import('./cart-panel-summary'));

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
            // The code field and the discount lines (issue 31) arrive as a chunk of their own once
            // the panel has opened; until then, the cart's own total.
            <Suspense
              fallback={<PlainTotal total={total} currency={currency} totalCny={totalCny} rate={rate} />}
            >
              <CartPanelSummary
                items={items}
                currency={currency}
                total={total}
                totalCny={totalCny}
                rate={rate}
              />
            </Suspense>
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

/** The cart's total as cart/show gives it, while the panel's summary loads. */
function PlainTotal({
  total,
  currency,
  totalCny,
  rate,
}: {
  total: string;
  currency: Currency;
  totalCny: string;
  rate: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="flex items-baseline justify-between text-sm text-stone-700">
        {t('cart.total')}
        <Price value={total} currency={currency} className="text-xl font-bold text-brand-700" />
      </p>
      {currency !== 'CNY' && totalCny ? (
        <dl className="text-sm text-stone-700">
          <ChargedCny currency={currency} totalCny={totalCny} rate={rate} frozen={false} />
        </dl>
      ) : null}
    </>
  );
}
