import type { Currency } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import { formatRate } from '../../lib/order-format';

/**
 * For a buyer paying in another currency than CNY: the CNY charged (wallet and gateways settle in
 * CNY) and the rate line that connects it to the total — charged × rate = total (decision 031).
 * `frozen`: the order's own rate; otherwise today's rate, which an order will freeze (cart and
 * goods page). Nothing for CNY, where the total is what is charged. A row of a <dl>.
 */
export function ChargedCny({
  currency,
  totalCny,
  rate,
  frozen,
  className = '',
  testId,
}: {
  currency: Currency;
  /** The CNY charged, a decimal string ("537.90"). */
  totalCny: string;
  /** CNY → currency, as the API sends it ("0.138000"). */
  rate: string;
  frozen: boolean;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (currency === 'CNY') return null;
  const line = t(frozen ? 'pricing.rateFrozen' : 'pricing.rateNow', { rate: formatRate(rate), currency });
  return (
    <div className={`flex items-baseline justify-between gap-4 ${className}`} data-testid={testId}>
      <dt className="min-w-0">
        {t('pricing.charged')}
        <span className="mt-0.5 block text-xs text-stone-500" data-testid="charged-rate">
          {line}
        </span>
      </dt>
      <dd className="shrink-0 font-semibold text-stone-900 tabular-nums" data-testid="charged-cny">
        {formatMoney(totalCny, 'CNY')}
      </dd>
    </div>
  );
}
