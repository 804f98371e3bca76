import type { Currency } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import { isPositive, type Discounts } from './promotions';

/**
 * The discount lines of an order, a quote or a cart (issue 31), as rows of a <dl> under the row of
 * the goods at list price (the caller's): each discount that took something off (quantity tier,
 * member level, the code) with a minus sign; nothing when nothing was. Every figure is the server's.
 */
export function DiscountRows({
  discounts,
  currency,
  levelName,
  couponCode,
}: {
  discounts: Omit<Discounts, 'list'>;
  currency: Currency;
  levelName?: string | null;
  couponCode?: string | null;
}) {
  const { t } = useTranslation();
  const rows: { key: string; label: string; amount: string }[] = [];
  if (isPositive(discounts.tier, currency))
    rows.push({ key: 'tier', label: t('promotions.tierDiscount'), amount: discounts.tier });
  if (isPositive(discounts.level, currency))
    rows.push({
      key: 'level',
      label: levelName
        ? t('promotions.levelDiscountOf', { level: levelName })
        : t('promotions.levelDiscount'),
      amount: discounts.level,
    });
  if (isPositive(discounts.coupon, currency))
    rows.push({
      key: 'coupon',
      label: couponCode
        ? t('promotions.couponDiscountOf', { code: couponCode })
        : t('promotions.couponDiscount'),
      amount: discounts.coupon,
    });
  if (!rows.length) return null;
  return (
    <>
      {rows.map((row) => (
        <div
          key={row.key}
          className="flex items-baseline justify-between gap-4 text-emerald-800"
          data-testid={`discount-${row.key}`}
        >
          <dt className="min-w-0 break-words">{row.label}</dt>
          <dd className="shrink-0 font-medium tabular-nums">
            {'\u2212'}
            {formatMoney(row.amount, currency)}
          </dd>
        </div>
      ))}
    </>
  );
}
