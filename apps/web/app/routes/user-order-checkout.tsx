import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-checkout';
import { OrderAmounts } from '../components/order/order-amounts';
import { OrderItems, OrderItemsSkeleton } from '../components/order/order-items';
import { PayPanel } from '../components/order/pay-panel';
import { CheckoutAddress } from '../components/address/checkout-address';
import { needsAddress, orderShips } from '../lib/address';
import { OrderStatusBadge } from '../components/order/status-badge';
import { errorMeta } from '../components/error/route-error-boundary';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Skeleton, SkeletonText, LoadingRegion } from '../components/ui/skeleton';
import { pageMeta, type PageHandle } from '../lib/meta';
import { ORDER_DETAIL_PATH, type Order } from '../lib/order';
import { orderAction, type Loaded } from '../lib/signed-in-data';
import { useOrderPage } from '../components/order/order-page';

export const handle = { page: 'checkout' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'checkout');
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';

export { orderLoader as loader, orderClientLoader as clientLoader } from '../components/order/order-page';

/** Cancel (in the pay panel); a payment or an address is sent by its own component. */
export const clientAction = orderAction;

/**
 * Checkout of one order (issue 6). SPEC §2 lists no guard, but the order is the buyer's: logged
 * out, the page shows the "please log in" card; the order itself loads in the browser.
 */
export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return <Checkout key={loaderData.oid} oid={loaderData.oid} loaded={loaderData.order} />;
}

/** What the server renders, and the browser until the order has loaded: the page's skeleton. */
export function HydrateFallback({ params }: Route.HydrateFallbackProps) {
  return <Checkout oid={params.oid} />;
}

function Checkout({ oid, loaded }: { oid: string; loaded?: Loaded<Order> }) {
  const { t } = useTranslation();
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title={t('pages.checkout.heading')}
        subtitle={t('order.number', { oid })}
        crumbs={[{ label: t('nav.orders'), to: '/user/order' }]}
      />
      <CheckoutContent loaded={loaded} />
    </PageContainer>
  );
}

function CheckoutContent({ loaded }: { loaded?: Loaded<Order> }) {
  const { t } = useTranslation();
  const { order, reload, refreshing, stand } = useOrderPage(loaded);

  if (stand) return stand;
  if (!order) return <CheckoutSkeleton />;
  if (order.status !== 'pending_payment') return <NotPayable order={order} />;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_360px]" aria-busy={refreshing || undefined}>
      <section aria-labelledby="checkout-summary" className="card p-5 sm:p-6">
        <h2 id="checkout-summary" className="text-base font-semibold text-stone-900">
          {t('checkout.summary')}
        </h2>
        <div className="mt-4">
          <OrderItems items={order.items} currency={order.currency} />
        </div>
        <div className="mt-5 border-t border-stone-100 pt-4">
          <OrderAmounts order={order} large />
        </div>
      </section>
      {/* Goods that ship: the address first, and Pay waits for one (decision 030). */}
      <div className="space-y-6">
        {orderShips(order) ? <CheckoutAddress order={order} onChanged={reload} /> : null}
        <PayPanel
          order={order}
          onChanged={reload}
          blocked={needsAddress(order) ? t('address.checkout.payBlocked') : undefined}
        />
      </div>
    </div>
  );
}

/** An order that is no longer waiting for payment: its state and the way to its details. */
function NotPayable({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <section className="card mx-auto max-w-xl p-6 text-center sm:p-8" data-testid="checkout-closed">
      <OrderStatusBadge status={order.status} className="text-sm" />
      <h2 className="mt-3 text-lg font-semibold text-stone-900">{t(`order.statusTitle.${order.status}`)}</h2>
      <p className="mt-1.5 text-sm text-stone-600">{t(`order.statusText.${order.status}`)}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={ORDER_DETAIL_PATH(order.oid)} className="btn-primary h-11 px-6">
          {t('order.viewDetail')}
        </Link>
        <Link to="/user/order" className="btn-outline h-11 px-6">
          {t('nav.orders')}
        </Link>
      </div>
    </section>
  );
}

function CheckoutSkeleton() {
  return (
    <LoadingRegion className="grid items-start gap-6 lg:grid-cols-[1fr_360px]" testId="checkout-loading">
      <div className="card p-5 sm:p-6">
        <Skeleton className="h-5 w-24" />
        <div className="mt-5">
          <OrderItemsSkeleton />
        </div>
        <div className="mt-6 border-t border-stone-100 pt-4">
          <SkeletonText lines={2} />
        </div>
      </div>
      <div className="card space-y-3 p-5 sm:p-6" aria-hidden="true">
        <Skeleton className="h-9 w-full rounded-lg" />
        <Skeleton className="h-5 w-24" />
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full rounded-lg" />
        ))}
        <Skeleton className="h-11 w-full rounded-lg" />
      </div>
    </LoadingRegion>
  );
}
