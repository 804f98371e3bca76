// The page of routes/user-orders.tsx, fetched by its clientLoader next to its data (lib/deferred.ts):
// not part of the page's first load (issue 16).
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { parseLocale } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { OrderNumber } from './order-number';
import type { Route } from '../../routes/+types/user-orders';
import { OrderImage } from './order-items';
import { LoadFailed } from '../../components/ui/order-states';
import { OrderStatusBadge, TONE } from '../../components/ui/order-status-badge';
import { Price } from '../../components/ui/price';
import { hasDiscounts } from '../promotions';
import { UserShell } from '../../components/ui/user-shell';
import { EmptyState } from '../../components/ui/empty-state';
import { ReceiptIcon } from '../../components/ui/icons';
import { Pagination } from '../../components/ui/pagination';
import { StatusTabs } from '../../components/ui/status-tabs';
import { Skeleton, ListSkeleton } from '../../components/ui/skeleton';
import { partlyRefunded } from './delivery';
import { pageCount } from '../../lib/pagination';
import { CHECKOUT_PATH, ORDER_DETAIL_PATH, type Order } from '../../lib/order';
import { formatDateTime, itemsSummary } from '../../lib/order-format';
import { ORDER_TABS, ORDERS_PER_PAGE, parseOrderListParams } from '../../lib/order-status';
import { loadedData, loadFailed, useReloading } from '../../lib/signed-in-data';

/** The buyer's orders, newest first, one tab per state (issue 6), behind the login guard (SPEC §2). */
export default function OrdersPage({ loaderData: loaded }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { revalidate } = useRevalidator();
  const reloading = useReloading();
  const { tab, page } = parseOrderListParams(params);
  const result = loadedData(loaded);

  let body;
  if (loadFailed(loaded)) body = <LoadFailed onRetry={() => void revalidate()} />;
  else if (!result) body = <OrdersSkeleton />;
  else if (result.list.length === 0)
    body = (
      <EmptyState
        icon={<ReceiptIcon size={28} />}
        title={t('orders.emptyTitle')}
        description={t(tab === 'all' ? 'orders.emptyText' : 'orders.emptyTab')}
        action={
          <Link to="/" className="btn-primary">
            {t('common.browseHome')}
          </Link>
        }
      />
    );
  else
    body = (
      <ul
        className={`space-y-4 p-3 transition-opacity sm:p-4 ${reloading ? 'opacity-60' : ''}`}
        aria-busy={reloading || undefined}
        aria-label={t('orders.list')}
      >
        {result.list.map((order) => (
          <OrderCard key={order.oid} order={order} />
        ))}
      </ul>
    );

  return (
    <UserShell title={t('pages.orders.heading')}>
      <div className="card">
        <StatusTabs
          label={t('orders.filter')}
          tabs={ORDER_TABS}
          current={tab}
          text={(item) => t(`orders.status.${item}`)}
        />
        {body}
      </div>
      {result && result.total > 0 ? (
        <Pagination page={page} pages={pageCount(result.total, result.limit || ORDERS_PER_PAGE)} />
      ) : null}
    </UserShell>
  );
}

function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const locale = parseLocale(i18n.language);
  const { first, more } = itemsSummary(order.items);
  const item = order.items[0];
  return (
    <li className="rounded-xl border border-stone-200 bg-white" data-testid="order-card" data-oid={order.oid}>
      <div className="flex items-start justify-between gap-3 border-b border-stone-100 px-4 py-2.5 text-xs text-stone-600 sm:items-center">
        <p className="flex min-w-0 flex-wrap gap-x-4 gap-y-0.5 leading-5">
          <OrderNumber oid={order.oid} />
          <time dateTime={new Date(order.created_at).toISOString()} className="tabular-nums">
            {formatDateTime(order.created_at, locale)}
          </time>
        </p>
        <span className="flex shrink-0 flex-wrap justify-end gap-1.5">
          {/* Completed, but a top-up or parcel of it was refunded to the balance (decision 021). */}
          {partlyRefunded(order) ? (
            <span
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONE.muted}`}
              data-testid="order-partly-refunded"
            >
              {t('orders.partlyRefunded')}
            </span>
          ) : null}
          <OrderStatusBadge status={order.status} />
        </span>
      </div>
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
        <Link to={ORDER_DETAIL_PATH(order.oid)} className="flex min-w-0 flex-1 gap-3 hover:text-brand-700">
          <OrderImage src={item?.image ?? ''} />
          <span className="min-w-0">
            <span className="line-clamp-2 text-sm font-medium text-stone-900">{first}</span>
            {item?.spec ? <span className="mt-0.5 block text-xs text-stone-600">{item.spec}</span> : null}
            <span className="mt-0.5 block text-xs text-stone-500">
              {more ? t('orders.moreItems', { count: more }) + ' · ' : ''}
              {t('orders.quantity', { count: order.item_count })}
            </span>
          </span>
        </Link>
        <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end sm:justify-center">
          <p className="text-sm text-stone-600 sm:text-right">
            {t('order.total')}{' '}
            {hasDiscounts(discountsOf(order), order.currency) ? (
              // Issue 31: the list price it was bought below, and the code it was bought with.
              <>
                <span className="sr-only">{t('promotions.listPrice')} </span>
                <Price value={order.list_amount} currency={order.currency} strike className="text-xs" />{' '}
              </>
            ) : null}
            <Price
              value={order.total_amount}
              currency={order.currency}
              className="text-base font-bold text-stone-900"
            />
            {order.coupon_code ? (
              <span className="mt-0.5 block text-xs text-emerald-800" data-testid="order-card-coupon">
                {t('promotions.withCode', { code: order.coupon_code })}
              </span>
            ) : null}
          </p>
          <div className="flex gap-2">
            <Link to={ORDER_DETAIL_PATH(order.oid)} className="btn-outline h-9 px-3.5">
              {t('orders.detail')}
            </Link>
            {order.status === 'pending_payment' ? (
              <Link to={CHECKOUT_PATH(order.oid)} className="btn-primary h-9 px-3.5">
                {t('orders.pay')}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </li>
  );
}

function OrdersSkeleton() {
  return (
    <ListSkeleton
      rows={3}
      className="space-y-4 p-3 sm:p-4"
      testId="orders-loading"
      rowClassName="rounded-xl border border-stone-200"
    >
      <div className="flex justify-between border-b border-stone-100 px-4 py-3">
        <Skeleton className="h-3.5 w-48" />
        <Skeleton className="h-4 w-14 rounded-full" />
      </div>
      <div className="flex gap-3 p-4">
        <Skeleton className="size-16 rounded-lg" />
        <div className="flex-1 space-y-2 pt-1">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-1/4" />
        </div>
        <Skeleton className="h-9 w-20 self-center rounded-lg" />
      </div>
    </ListSkeleton>
  );
}

/** An order's frozen discounts, as the promotions feature reads them. */
function discountsOf(order: Order) {
  return {
    list: order.list_amount,
    tier: order.tier_discount,
    level: order.level_discount,
    coupon: order.coupon_discount,
  };
}
