import { RECHARGE_TYPE } from '@shop/domain/catalog';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ASSET_LOG_PATH, deliveryLabel, deliveryTone } from './delivery';
import type { OrderItem } from '../../lib/order';
import { Price } from '../../components/ui/price';
import { TONE } from '../../components/ui/order-status-badge';

/**
 * How a paid top-up or manual line is being delivered (decision 021): a chip with its state, what
 * happens next or the shop's note, and for a refunded line the amount back in the balance with the
 * way to the asset log and why (a supplier's reason in the buyer's language, its own words as the
 * detail: decision 032). Nothing for card keys (their page is /user/order/card) or unpaid lines.
 */
export function ItemDelivery({ item, className = '' }: { item: OrderItem; className?: string }) {
  const { t } = useTranslation();
  const delivery = item.delivery;
  const label = deliveryLabel(item);
  if (!delivery || !label) return null;
  const { status, note } = delivery;
  // Goods that ship wait to be shipped and then are shipped: said so, not "delivered" (issue 12).
  const ships = item.recharge_type === RECHARGE_TYPE.MANUAL && item.ships;
  const hint =
    status === 'waiting' && ships
      ? t('orderSteps.hint.ship')
      : status === 'waiting' || status === 'processing'
        ? t(`delivery.hint.${status}`)
        : null;
  const chip =
    ships && status === 'waiting'
      ? t('orderSteps.open.ship')
      : ships && status === 'delivered'
        ? t('orderSteps.done.ship')
        : t(`delivery.status.${label}`);
  return (
    <div
      className={`rounded-lg bg-stone-50 px-3 py-2.5 text-xs text-stone-600 ${className}`}
      data-testid="item-delivery"
      data-status={status}
    >
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <span
          className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold whitespace-nowrap ring-1 ring-inset ${TONE[deliveryTone(status)]}`}
          data-testid="delivery-chip"
        >
          {status === 'processing' ? (
            <span
              aria-hidden="true"
              className="size-1.5 animate-pulse rounded-full bg-current motion-reduce:animate-none"
            />
          ) : null}
          <span className="sr-only">{t('delivery.label')} </span>
          {chip}
        </span>
        {hint ? <span>{hint}</span> : null}
      </p>
      {status === 'refunded' && delivery.refund_amount ? (
        <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="item-refund">
          <span className="font-medium text-stone-900">
            <Price value={delivery.refund_amount} currency="CNY" className="tabular-nums" />{' '}
            {t('delivery.refunded')}
          </span>
          <Link
            to={ASSET_LOG_PATH}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
            data-testid="item-refund-log"
          >
            {t('delivery.viewBalance')}
          </Link>
        </p>
      ) : null}
      {delivery.reason ? (
        // A supplier's failure in the buyer's language; its own words (often another language, or
        // a code) as the detail (decision 032).
        <div className="mt-2" data-testid="delivery-reason" data-code={delivery.reason_code}>
          <p className="font-medium break-words text-stone-800">
            {t('delivery.reason', { note: delivery.reason })}
          </p>
          {note ? (
            <p className="mt-0.5 break-words whitespace-pre-line text-stone-500" data-testid="delivery-note">
              {t('payFlow.reasonDetail', { note })}
            </p>
          ) : null}
        </div>
      ) : note ? (
        <p className="mt-2 break-words whitespace-pre-line text-stone-700" data-testid="delivery-note">
          {t(status === 'refunded' ? 'delivery.reason' : 'delivery.note', { note })}
        </p>
      ) : null}
      {delivery.tracking_no ? (
        // The carrier's number of a shipped item (issue 15), beside the shop's note.
        <p className="mt-1 font-medium break-all text-stone-800" data-testid="delivery-tracking">
          {t('delivery.tracking', { number: delivery.tracking_no })}
        </p>
      ) : null}
    </div>
  );
}
