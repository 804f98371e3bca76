import { useTranslation } from '../../i18n/use-translation';
import type { Order } from '../../lib/order';
import { Price } from '../../components/ui/price';
import { ChargedCny } from '../../components/ui/charged-cny';

/**
 * The order's frozen amounts: the items' subtotal and the total in the order's currency and, for
 * a USD order, the CNY that is charged (decision 018: settlement is in CNY) with the rate it was
 * converted at. They add up (decision 031): the lines above sum to the subtotal, and the charged
 * CNY converted back at the rate shown is the total.
 */
export function OrderAmounts({ order, large = false }: { order: Order; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <dl className="space-y-2 text-sm text-stone-700">
      <div className="flex items-baseline justify-between gap-4">
        <dt>{t('order.itemCount', { count: order.item_count })}</dt>
        <dd data-testid="order-subtotal">
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
      <ChargedCny
        currency={order.currency}
        totalCny={order.total_cny}
        rate={order.exchange_rate}
        frozen
        testId="order-total-cny"
      />
    </dl>
  );
}
