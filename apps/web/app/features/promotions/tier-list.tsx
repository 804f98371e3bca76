import type { Currency } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import type { PriceTier } from './promotions';

/**
 * An option's quantity tiers on the goods page (issue 31): "10+ 件 ¥5.40/件" / "10+ at ¥5.40 each",
 * fewest first, the one the chosen quantity reaches marked. The prices are the API's.
 */
export function TierList({
  tiers,
  currency,
  active,
}: {
  tiers: readonly PriceTier[];
  currency: Currency;
  /** min_num of the tier the quantity reaches, if any. */
  active: number | undefined;
}) {
  const { t } = useTranslation();
  if (!tiers.length) return null;
  return (
    <div data-testid="goods-tiers">
      <p className="mb-1.5 text-sm font-medium text-stone-800">{t('promotions.tiers')}</p>
      <ul className="flex flex-wrap gap-2">
        {tiers.map((tier) => {
          const on = tier.min_num === active;
          return (
            <li
              key={tier.min_num}
              className={`rounded-lg px-2.5 py-1 text-xs ring-1 ring-inset ${
                on
                  ? 'bg-brand-50 font-semibold text-brand-800 ring-brand-700'
                  : 'bg-white text-stone-700 ring-stone-300'
              }`}
              data-testid="goods-tier"
              data-active={on || undefined}
              aria-current={on || undefined}
            >
              {t('promotions.tierEach', { min: tier.min_num, price: formatMoney(tier.price, currency) })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
