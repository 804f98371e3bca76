// The checkout of one order once it has loaded (routes/user-order-checkout.tsx): a chunk of its
// own (lib/lazy-part.ts), not part of the page's first load; the server renders it with the order.
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { OrderAmounts } from './order-amounts';
import { CheckoutCoupon } from './checkout-coupon';
import { OrderItems } from './order-items';
import { PayPanel } from '../payment';
import { CancelOrderButton } from './cancel-order';
import { CheckoutAddress, needsAddress, orderShips } from '../address';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { ORDER_DETAIL_PATH, type Order } from '../../lib/order';
import type { Loaded } from '../../lib/signed-in-data';
import { useOrderPage } from './order-page';
import { CheckoutSkeleton } from './order-skeletons';

export default function CheckoutContent({ loaded }: { loaded?: Loaded<Order> }) {
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
          <CheckoutCoupon order={order} />
        </div>
        <div className="mt-4 border-t border-stone-100 pt-4">
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
          cancel={<CancelOrderButton className="btn-ghost h-9 text-stone-600" />}
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
