import { useTranslation } from '../../i18n/use-translation';
import type { Order } from '../../lib/order';
import { Price } from '../../components/ui/price';
import { ChargedCny } from '../../components/ui/charged-cny';
import { DiscountRows, hasDiscounts } from '../promotions';

/**
 * The order's frozen amounts: the goods at list price, each discount the order was given (issue 31:
 * quantity tier, member level, the code), the total in the order's currency and, for a USD order,
 * the CNY that is charged (decision 018: settlement is in CNY) with the rate it was converted at.
 * They add up (decision 031): list − discounts = total, and the charged CNY converted back at the
 * rate shown is the total. Every figure is one the order froze (the price function's).
 */
export function OrderAmounts({ order, large = false }: { order: Order; large?: boolean }) {
  const { t } = useTranslation();
  const discounts = {
    list: order.list_amount,
    tier: order.tier_discount,
    level: order.level_discount,
    coupon: order.coupon_discount,
  };
  const discounted = hasDiscounts(discounts, order.currency);
  return (
    <dl className="space-y-2 text-sm text-stone-700">
      <div className="flex items-baseline justify-between gap-4">
        <dt>{t('order.itemCount', { count: order.item_count })}</dt>
        <dd data-testid="order-subtotal">
          <Price value={discounted ? order.list_amount : order.total_amount} currency={order.currency} />
        </dd>
      </div>
      <DiscountRows
        discounts={discounts}
        currency={order.currency}
        levelName={order.level_name}
        couponCode={order.coupon_code}
      />
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
