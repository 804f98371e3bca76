import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ASSET_LOG_PATH, deliveryLabel, deliveryTone } from '../../lib/delivery';
import type { OrderItem } from '../../lib/order';
import { Price } from '../goods/price';
import { TONE } from './status-badge';

/**
 * How a paid top-up or manual line is being delivered (decision 021): a chip with its state, what
 * happens next or the shop's note, and for a refunded line the amount back in the balance with the
 * way to the asset log. Nothing for card keys (their page is /user/order/card) or unpaid lines.
 */
export function ItemDelivery({ item, className = '' }: { item: OrderItem; className?: string }) {
  const { t } = useTranslation();
  const delivery = item.delivery;
  const label = deliveryLabel(item);
  if (!delivery || !label) return null;
  const { status, note } = delivery;
  const hint = status === 'waiting' || status === 'processing' ? t(`delivery.hint.${status}`) : null;
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
          {t(`delivery.status.${label}`)}
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
      {note ? (
        <p className="mt-2 break-words whitespace-pre-line text-stone-700" data-testid="delivery-note">
          {t(status === 'refunded' ? 'delivery.reason' : 'delivery.note', { note })}
        </p>
      ) : null}
    </div>
  );
}
