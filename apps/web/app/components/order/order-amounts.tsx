import { CURRENCY_SYMBOL } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatRate, type Order } from '../../lib/order';
import { Price } from '../goods/price';

/**
 * The order's frozen amounts: the total in the order's currency and, for a USD order, the CNY
 * that is charged (decision 018: settlement is in CNY) with the rate it was frozen at.
 */
export function OrderAmounts({ order, large = false }: { order: Order; large?: boolean }) {
  const { t } = useTranslation();
  const foreign = order.currency !== 'CNY';
  return (
    <dl className="space-y-2 text-sm text-stone-700">
      <div className="flex items-baseline justify-between gap-4">
        <dt>{t('order.itemCount', { count: order.item_count })}</dt>
        <dd>
          <Price value={order.total_amount} currency={order.currency} />
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-4 border-t border-stone-100 pt-2">
        <dt className="font-medium text-stone-900">{t('order.total')}</dt>
        <dd data-testid="order-total">
          <Price
            value={order.total_amount}
            currency={order.currency}
            className={`font-bold text-brand-700 ${large ? 'text-2xl' : 'text-lg'}`}
          />
        </dd>
      </div>
      {foreign ? (
        <div className="flex items-baseline justify-between gap-4">
          <dt>
            {t('order.charged')}
            <span className="mt-0.5 block text-xs text-stone-500">
              {t('order.rate', { rate: formatRate(order.exchange_rate), currency: order.currency })}
            </span>
          </dt>
          <dd className="font-semibold text-stone-900" data-testid="order-total-cny">
            {CURRENCY_SYMBOL.CNY}
            {order.total_cny}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
