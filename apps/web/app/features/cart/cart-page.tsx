// The page of routes/cart.tsx, fetched by its clientLoader next to its data (lib/deferred.ts):
// not part of the page's first load (issue 16).
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { CartLines, CartLinesSkeleton } from './cart-lines';
import { CheckoutButton } from './checkout-button';
import { CartCoupon, CartTotals } from './cart-totals';
import { EmptyState } from '../../components/ui/empty-state';
import { CartIcon } from '../../components/ui/icons';
import { PageContainer, PageHeader } from '../../components/ui/page-header';
import { useCartStore } from '../../stores/cart';
import { useUserStore } from '../../stores/user';

const ignore = () => undefined; // failures already showed their pop-up (lib/http.ts)

/** Cart mode PAGE (SPEC §9): the cart's own page, behind the login guard (SPEC §2). */
export default function CartPage() {
  const { t } = useTranslation();
  const {
    items,
    loaded,
    loading,
    count,
    currency,
    total_pay_price: total,
    total_cny,
    exchange_rate,
  } = useCartStore();
  const userLoaded = useUserStore((s) => s.loaded);
  const unavailable = items.filter((item) => !item.available).length;

  // Another tab may have changed the cart: ask again on every visit, once the user is known (a
  // login asks only for the badge's count; refresh() joins a load already under way).
  useEffect(() => {
    if (userLoaded) void useCartStore.getState().refresh().catch(ignore);
  }, [userLoaded]);

  return (
    <PageContainer>
      <PageHeader
        title={t('pages.cart.heading')}
        subtitle={items.length ? t('cart.count', { count }) : undefined}
      />
      {!loaded && (loading || !userLoaded) ? (
        <div className="card">
          <CartLinesSkeleton />
        </div>
      ) : !loaded ? (
        // The load failed (its pop-up said why): offer to try again.
        <div className="card flex justify-center p-10">
          <button
            type="button"
            className="btn-outline"
            onClick={() => void useCartStore.getState().load().catch(ignore)}
          >
            {t('errors.retry')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="card" data-testid="cart-empty">
          <EmptyState
            icon={<CartIcon size={28} />}
            title={t('cart.emptyTitle')}
            description={t('cart.emptyText')}
            action={
              <Link to="/" className="btn-primary">
                {t('common.browseHome')}
              </Link>
            }
          />
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_320px]">
          <section className="card" aria-label={t('pages.cart.heading')}>
            <CartLines items={items} />
          </section>
          <aside className="card p-5 lg:sticky lg:top-24" aria-busy={loading || undefined}>
            <h2 className="text-base font-semibold text-stone-900">{t('cart.summary')}</h2>
            <p className="mt-3 flex justify-between text-sm text-stone-600">
              {t('goods.quantity')}
              <span data-testid="cart-count">{t('cart.lineCount', { count })}</span>
            </p>
            <div className="mt-3 border-t border-stone-100 pt-3">
              <CartCoupon items={items} testId="cart-coupon" />
            </div>
            <div className="mt-3 border-t border-stone-100 pt-3">
              <CartTotals
                items={items}
                currency={currency}
                total={total}
                totalCny={total_cny}
                rate={exchange_rate}
                large
                testId="cart-total"
              />
            </div>
            {unavailable ? (
              <p className="mt-2 text-xs text-amber-800">
                {t('cart.unavailableCount', { count: unavailable })}
              </p>
            ) : null}
            <CheckoutButton className="mt-5 h-11 w-full text-base" testId="cart-checkout" />
          </aside>
        </div>
      )}
    </PageContainer>
  );
}
