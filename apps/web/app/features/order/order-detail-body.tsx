// The detail of one order once it has loaded (routes/user-order-detail.tsx): a chunk of its
// own (lib/lazy-part.ts), not part of the page's first load; the server renders it with the order.
import { RECHARGE_TYPE } from '@shop/domain/catalog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { parseLocale } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { CancelOrderButton } from './cancel-order';
import { OrderAmounts } from './order-amounts';
import { OrderItems } from './order-items';
import { KeysWithdrawn, OrderRefunds, refundsOf } from './order-refunds';
import { OrderTimeline } from './order-timeline';
import { orderHeadline } from './order-steps';
import { OrderAddress } from '../address';
import { useDeliveryPolling, type DeliveryPolling } from './use-delivery-polling';
import { ClockIcon, HeadsetIcon, KeyIcon, WalletIcon } from '../../components/ui/icons';
import { ASSET_LOG_PATH, cardsDelivered, partlyRefunded, refundedTotal } from './delivery';
import { formatMoney } from '../../lib/format';
import { CHECKOUT_PATH, ORDER_CARDS_PATH, type Order } from '../../lib/order';
import { formatCountdown, formatDateTime } from '../../lib/order-format';
import { isPayMethod } from '../../lib/checkout';
import { message } from '../../lib/toast';
import { orderPollOutcome, paymentApi, RETURN_POLL, usePaymentPolling, useSecondsLeft } from '../payment';
import { NEW_TICKET_PATH } from '../support';
import { Spinner } from '../../components/ui/spinner';
import { TextButton } from '../../components/ui/text-button';
import type { Loaded } from '../../lib/signed-in-data';
import { useOrderPage } from './order-page';
import { DetailSkeleton } from './order-skeletons';

export default function OrderDetail({ loaded }: { loaded?: Loaded<Order> }) {
  const { t } = useTranslation();
  const { order, reload, refreshing, stand } = useOrderPage(loaded);
  // Top-ups run in the background after payment (decision 021): their outcome appears here by itself.
  const delivery = useDeliveryPolling(order, reload, refreshing);

  if (stand) return stand;
  if (!order) return <DetailSkeleton />;

  return (
    <div className="space-y-6" aria-busy={refreshing || undefined}>
      <StatusCard order={order} onChanged={reload} refreshing={refreshing} delivery={delivery} />
      <section aria-labelledby="order-items" className="card p-5 sm:p-6">
        <h2 id="order-items" className="text-base font-semibold text-stone-900">
          {t('order.items')}
        </h2>
        <div className="mt-4">
          <OrderItems items={order.items} currency={order.currency} />
        </div>
        <div className="mt-5 border-t border-stone-100 pt-4 sm:ml-auto sm:max-w-sm">
          <OrderAmounts order={order} />
        </div>
      </section>
      <OrderRefunds order={order} />
      <OrderAddress order={order} />
      <OrderInfo order={order} />
    </div>
  );
}

function StatusCard({
  order,
  onChanged,
  refreshing,
  delivery,
}: {
  order: Order;
  onChanged: () => void;
  refreshing: boolean;
  delivery: DeliveryPolling;
}) {
  const { t } = useTranslation();
  const pending = order.status === 'pending_payment';
  const left = useSecondsLeft(pending ? order.expires_at : null);
  const payable = pending && left !== null && left > 0;
  // Alipay sends the buyer back here; its notification (which alone marks the order paid) may come
  // a moment later. An unpaid order is asked about a few times, quietly; "Refresh" asks again.
  usePaymentPolling(
    pending ? `${order.oid}:${order.created_at}` : null,
    async (signal) => orderPollOutcome((await paymentApi.orderStatus(order.oid, signal)).status),
    (outcome) => {
      if (outcome === 'paid') message.success(t('checkout.paySuccess'));
      onChanged();
    },
    { schedule: RETURN_POLL },
  );
  const refunded = refundedTotal(order);
  // What is still open, per kind of goods (a top-up topping up is not "being shipped"): decision 032.
  const headline = orderHeadline(order);
  const refundText =
    refunded === null
      ? null
      : order.status === 'refunded'
        ? t('delivery.allRefunded', { amount: formatMoney(refunded, 'CNY') })
        : partlyRefunded(order)
          ? t('delivery.partlyRefunded', { amount: formatMoney(refunded, 'CNY') })
          : null;
  return (
    <section aria-labelledby="order-state" className="card p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          {/* The title says the state in words; a badge beside it would repeat it. */}
          <h2
            id="order-state"
            className="text-lg font-semibold text-stone-900"
            data-testid="order-status"
            data-status={order.status}
          >
            {t(headline.title)}
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {pending && !payable ? t('checkout.timedOutText') : (refundText ?? t(headline.text))}
          </p>
          {refundText ? (
            <p className="mt-2 text-sm">
              <Link
                to={ASSET_LOG_PATH}
                className="inline-flex items-center gap-1.5 font-medium text-brand-700 underline-offset-2 hover:underline"
                data-testid="order-refund-log"
              >
                <WalletIcon size={16} />
                {t('delivery.viewBalance')}
              </Link>
            </p>
          ) : null}
          {delivery.watch === 'topup' ? <TopUpProgress delivery={delivery} /> : null}
          {payable ? (
            <p className="mt-2 flex items-center gap-1.5 text-sm text-amber-900">
              <ClockIcon size={16} />
              {t('checkout.payWithin')}
              <span className="font-semibold tabular-nums">{formatCountdown(left)}</span>
            </p>
          ) : null}
          {pending ? (
            <p className="mt-2 text-xs text-stone-600">
              {t('payment.paidAlready')}{' '}
              <TextButton
                onClick={onChanged}
                disabled={refreshing}
                aria-busy={refreshing || undefined}
                data-testid="order-refresh"
              >
                {t('payment.refresh')}
              </TextButton>
            </p>
          ) : null}
        </div>
        {payable ? (
          <div className="flex shrink-0 gap-3">
            <CancelOrderButton className="btn-outline h-10 flex-1 px-5" />
            <Link to={CHECKOUT_PATH(order.oid)} className="btn-primary h-10 flex-1 px-5">
              {t('orders.pay')}
            </Link>
          </div>
        ) : null}
      </div>
      {cardsDelivered(order) ? (
        allKeysWithdrawn(order) ? (
          <KeysWithdrawn />
        ) : (
          <CardsReady oid={order.oid} />
        )
      ) : null}
      <div className="mt-6 border-t border-stone-100 pt-5">
        <OrderTimeline order={order} />
      </div>
    </section>
  );
}

/**
 * A top-up under way: a quiet line while the page keeps asking (use-delivery-polling.ts); once the
 * schedule ran out, a way to ask again.
 */
function TopUpProgress({ delivery }: { delivery: DeliveryPolling }) {
  const { t } = useTranslation();
  const expired = delivery.phase === 'expired';
  return (
    <p
      role="status"
      className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-sky-900"
      data-testid="delivery-progress"
      data-phase={delivery.phase}
    >
      {expired ? null : <Spinner tone="info" />}
      {expired ? t('delivery.stillProcessing') : t('delivery.inProgress')}
      {expired ? <TextButton onClick={delivery.checkNow}>{t('payment.checkAgain')}</TextButton> : null}
    </p>
  );
}

/** Every card-key line's keys were withdrawn by a refund (decision 058): nothing left to see. */
function allKeysWithdrawn(order: Order): boolean {
  const withdrawn = refundsOf(order).keys_withdrawn ?? [];
  const cards = order.items.filter((i) => i.recharge_type === RECHARGE_TYPE.CARD_KEY);
  return cards.length > 0 && cards.every((i) => withdrawn.includes(i.id));
}

/** Card keys are delivered with the payment (decision 020): the way to them, hard to miss. */
function CardsReady({ oid }: { oid: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="mt-5 flex flex-col gap-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200 sm:flex-row sm:items-center sm:justify-between"
      data-testid="order-cards"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 ring-1 ring-brand-200">
          <KeyIcon size={18} />
        </span>
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">{t('order.cardsReady')}</p>
          <p className="mt-0.5 text-sm text-stone-600">{t('order.cardsReadyText')}</p>
        </div>
      </div>
      <Link to={ORDER_CARDS_PATH(oid)} className="btn-primary h-10 shrink-0 px-5">
        {t('order.viewCards')}
      </Link>
    </div>
  );
}

function OrderInfo({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const locale = parseLocale(i18n.language);
  const time = (at: number) => (
    <time dateTime={new Date(at).toISOString()}>{formatDateTime(at, locale)}</time>
  );
  const method = order.pay_method;
  const rows: Array<[string, ReactNode]> = [
    [t('order.oid'), <span className="font-mono whitespace-nowrap">{order.oid}</span>],
    [t('order.createdAt'), time(order.created_at)],
    [t('order.payMethod'), isPayMethod(method) ? t(`payment.${method}`) : method || t('order.unpaid')],
  ];
  if (order.paid_at) rows.push([t('order.paidAt'), time(order.paid_at)]);
  if (order.cancelled_at) rows.push([t('order.cancelledAt'), time(order.cancelled_at)]);
  if (order.cancel_reason)
    rows.push([t('order.cancelReasonLabel'), t(`order.cancelReason.${order.cancel_reason}`)]);
  rows.push([t('order.currency'), order.currency]);

  return (
    <section aria-labelledby="order-info" className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="order-info" className="text-base font-semibold text-stone-900">
          {t('order.info')}
        </h2>
        {/* Any order, whatever its state: a ticket about it (issue 7, /user/support?oid=). */}
        <Link
          to={NEW_TICKET_PATH(order.oid)}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          data-testid="order-support"
        >
          <HeadsetIcon size={16} />
          {t('order.contactSupport')}
        </Link>
      </div>
      <dl className="mt-4 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 sm:block">
            <dt className="shrink-0 text-stone-500">{label}</dt>
            <dd className="text-right text-stone-900 tabular-nums sm:mt-0.5 sm:text-left">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
