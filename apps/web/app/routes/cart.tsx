import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/cart';
import { CartLines } from '../components/cart/cart-lines';
import { EmptyState } from '../components/ui/empty-state';
import { CartIcon } from '../components/ui/icons';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Skeleton } from '../components/ui/skeleton';
import { pageMeta, type PageHandle } from '../lib/meta';
import { useSiteConfig } from '../lib/root-data';
import { useCartStore } from '../stores/cart';

export const handle = { page: 'cart' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'cart');

export default function CartPage() {
  const { t } = useTranslation();
  const { items, loaded, loading, count, total_pay_price: total } = useCartStore();
  const { currency_symbol: symbol } = useSiteConfig();

  return (
    <PageContainer>
      <PageHeader
        title={t('pages.cart.heading')}
        subtitle={items.length ? t('cart.count', { count }) : undefined}
      />
      {!loaded && loading ? (
        <div role="status" aria-busy="true" aria-label={t('common.loading')} className="card space-y-4 p-5">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} aria-hidden="true" className="flex gap-3">
              <Skeleton className="size-16 rounded-lg" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="card">
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
        <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
          <div className="card px-5">
            <CartLines items={items} symbol={symbol} />
          </div>
          <aside className="card h-fit p-5">
            <h2 className="text-base font-semibold text-stone-900">{t('cart.summary')}</h2>
            <p className="mt-4 flex items-baseline justify-between text-sm text-stone-700">
              {t('cart.total')}
              <span className="text-2xl font-bold text-brand-700">
                {symbol}
                {total}
              </span>
            </p>
            <button type="button" disabled className="btn-primary mt-5 h-11 w-full text-base">
              {t('cart.checkout')}
            </button>
            <p className="mt-2 text-center text-xs text-stone-600">{t('cart.checkoutSoon')}</p>
          </aside>
        </div>
      )}
    </PageContainer>
  );
}
