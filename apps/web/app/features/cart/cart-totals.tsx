import type { Currency } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import type { CartItem } from '../../lib/cart-data';
import { Price } from '../../components/ui/price';
import { ChargedCny } from '../../components/ui/charged-cny';
import { CouponField, DiscountRows, hasDiscounts } from '../promotions';
import { applyCartCode, useCartQuote } from './cart-coupon';
import { couponState, useCartCoupon } from './cart-coupon-store';

/**
 * The cart's total (panel and page). With a code, or a line priced by a tier or the member level,
 * the quote of these lines (order/quote: the server's price function) gives the list price, each
 * discount and the total; otherwise cart/show's total. For a USD buyer, the CNY it will charge.
 */
export function CartTotals({
  items,
  currency,
  total,
  totalCny,
  rate,
  large = false,
  testId,
}: {
  items: readonly CartItem[];
  currency: Currency;
  total: string;
  totalCny: string;
  rate: string;
  large?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { quote, pending } = useCartQuote(items);
  const shown = quote
    ? { currency: quote.currency, total: quote.total, totalCny: quote.total_cny, rate: quote.exchange_rate }
    : { currency, total, totalCny, rate };
  const discounts = quote && {
    list: quote.list_total,
    tier: quote.tier_discount,
    level: quote.level_discount,
    coupon: quote.coupon_discount,
  };
  return (
    <dl
      className="space-y-2 text-sm text-stone-700"
      aria-busy={pending || undefined}
      data-testid={testId && `${testId}-amounts`}
    >
      {discounts && hasDiscounts(discounts, shown.currency) ? (
        <>
          <div className="flex items-baseline justify-between gap-4">
            <dt>{t('promotions.listTotal')}</dt>
            <dd className="tabular-nums" data-testid={testId && `${testId}-list`}>
              <Price value={discounts.list} currency={shown.currency} />
            </dd>
          </div>
          <DiscountRows
            discounts={discounts}
            currency={shown.currency}
            levelName={quote?.level?.name}
            couponCode={quote?.coupon?.applied ? quote.coupon.code : null}
          />
        </>
      ) : null}
      <div className="flex items-baseline justify-between gap-4">
        <dt>{t('cart.total')}</dt>
        <dd>
          <Price
            value={shown.total}
            currency={shown.currency}
            className={`font-bold text-brand-700 ${large ? 'text-2xl' : 'text-xl'}`}
            testId={testId}
          />
        </dd>
      </div>
      {shown.currency !== 'CNY' && shown.totalCny ? (
        // What ordering these lines will charge in CNY, by the order's own rule (decision 031).
        <ChargedCny
          currency={shown.currency}
          totalCny={shown.totalCny}
          rate={shown.rate}
          frozen={false}
          testId={testId && `${testId}-cny`}
        />
      ) : null}
    </dl>
  );
}

/** The cart's code field: checked against these lines, kept for the order (issue 31). */
export function CartCoupon({ items, testId }: { items: readonly CartItem[]; testId?: string }) {
  const code = useCartCoupon((s) => s.code);
  const applied = useCartCoupon((s) => s.applied);
  const message = useCartCoupon((s) => s.message);
  const state = couponState({ code, applied, message });
  return (
    <CouponField
      state={state}
      onApply={(code) => applyCartCode(items, code)}
      onRemove={async () => useCartCoupon.getState().clear()}
      testId={testId}
    />
  );
}
